import { useQuery } from '@tanstack/react-query';
import { Col, Row } from 'antd';
import type { ModuleDef } from '@kayuh/contract/menus/types';
import { useT } from '../../../lib/i18n';
import { DashboardSection } from '../../../shared/dashboard/DashboardSection';
import { useConfigStore } from '../../../stores/configStore';
import { ActivityCharts } from './ActivityCharts';
import { CityMapCard } from './CityMapCard';
import { dashboardQuery } from './dashboardApi';
import { DashboardFigures } from './DashboardFigures';
import { TopPagesChart } from './TopPagesChart';

/** The System management Home's dashboard: today's figures, the last days' activity, the most-worked pages, the cities. */
export default function ConfigureDashboard({ module }: { module: ModuleDef }) {
  const t = useT();
  const tenantId = useConfigStore((s) => s.tenantId);
  const cityCode = useConfigStore((s) => s.HCityCode);
  const overview = useQuery(dashboardQuery(tenantId, cityCode));

  return (
    <DashboardSection
      label={t('page.configureDashboard.label', { module: t(module.title) })}
      query={overview}
      failed={t('page.configureDashboard.failed')}
      retry={t('page.configureDashboard.retry')}
    >
      {(data) => (
        <>
          <DashboardFigures overview={data} />
          <Row gutter={[16, 16]}>
            <ActivityCharts days={data.days} />
            <Col xs={24} xl={12}>
              <TopPagesChart pages={data.topPages} />
            </Col>
            <Col xs={24} xl={12}>
              <CityMapCard cities={data.cities} />
            </Col>
          </Row>
        </>
      )}
    </DashboardSection>
  );
}
