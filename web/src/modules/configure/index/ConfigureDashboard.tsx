import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Row, Skeleton } from 'antd';
import type { ModuleDef } from '@kayuh/contract/menus/types';
import { useT } from '../../../lib/i18n';
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

  let body;
  if (overview.data) {
    body = (
      <>
        <DashboardFigures overview={overview.data} />
        <Row gutter={[16, 16]}>
          <ActivityCharts days={overview.data.days} />
          <Col xs={24} xl={12}>
            <TopPagesChart pages={overview.data.topPages} />
          </Col>
          <Col xs={24} xl={12}>
            <CityMapCard cities={overview.data.cities} />
          </Col>
        </Row>
      </>
    );
  } else if (overview.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('page.configureDashboard.failed')}
        action={<Button onClick={() => overview.refetch()}>{t('page.configureDashboard.retry')}</Button>}
      />
    );
  } else {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  }
  return (
    <section aria-label={t('page.configureDashboard.label', { module: t(module.title) })} style={{ marginBottom: 24 }}>
      {body}
    </section>
  );
}
