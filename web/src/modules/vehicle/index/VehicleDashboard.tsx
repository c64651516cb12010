import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Row } from 'antd';
import type { ModuleDef } from '@kayuh/contract/menus/types';
import { useT } from '../../../lib/i18n';
import { DashboardSection } from '../../../shared/dashboard/DashboardSection';
import { useConfigStore } from '../../../stores/configStore';
import { FleetCharts } from './FleetCharts';
import { chosenCity, vehicleDashboardQuery } from './vehicleDashboardApi';
import { VehicleFigures } from './VehicleFigures';

/**
 * The e-bike centre Home's dashboard (DOMAIN §1.5) for the city chosen in the header: the fleet's figures, the fleet
 * by op_state, the batteries by state and the vehicles per model; a city with no vehicles says so.
 */
export default function VehicleDashboard({ module }: { module: ModuleDef }) {
  const t = useT();
  const tenantId = useConfigStore((s) => s.tenantId);
  const cityCode = useConfigStore((s) => s.HCityCode);
  const overview = useQuery(vehicleDashboardQuery(tenantId, cityCode));

  return (
    <DashboardSection
      label={t('page.vehicleDashboard.label', { module: t(module.title) })}
      query={overview}
      failed={t('page.vehicleDashboard.failed')}
      retry={t('page.vehicleDashboard.retry')}
    >
      {(data) =>
        data.vehicles === 0 ? (
          <Card size="small">
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t(chosenCity(cityCode) === null ? 'page.vehicleDashboard.allCitiesEmpty' : 'page.vehicleDashboard.empty')}
            />
          </Card>
        ) : (
          <>
            <VehicleFigures overview={data} />
            <Row gutter={[16, 16]}>
              <FleetCharts overview={data} />
            </Row>
          </>
        )
      }
    </DashboardSection>
  );
}
