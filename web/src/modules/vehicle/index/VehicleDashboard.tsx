import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Row, Skeleton } from 'antd';
import type { ModuleDef } from '@kayuh/contract/menus/types';
import { useT } from '../../../lib/i18n';
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

  let body;
  if (overview.data && overview.data.vehicles === 0) {
    body = (
      <Card size="small">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t(chosenCity(cityCode) === null ? 'page.vehicleDashboard.allCitiesEmpty' : 'page.vehicleDashboard.empty')}
        />
      </Card>
    );
  } else if (overview.data) {
    body = (
      <>
        <VehicleFigures overview={overview.data} />
        <Row gutter={[16, 16]}>
          <FleetCharts overview={overview.data} />
        </Row>
      </>
    );
  } else if (overview.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('page.vehicleDashboard.failed')}
        action={<Button onClick={() => overview.refetch()}>{t('page.vehicleDashboard.retry')}</Button>}
      />
    );
  } else {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  }
  return (
    <section aria-label={t('page.vehicleDashboard.label', { module: t(module.title) })} style={{ marginBottom: 24 }}>
      {body}
    </section>
  );
}
