import { useQuery } from '@tanstack/react-query';
import { Row } from 'antd';
import type { ModuleDef } from '@kayuh/contract/menus/types';
import { useT } from '../../../lib/i18n';
import { DashboardSection } from '../../../shared/dashboard/DashboardSection';
import { useConfigStore } from '../../../stores/configStore';
import { chosenCity } from '../../vehicle/index/vehicleDashboardApi';
import { PaymentCharts } from './PaymentCharts';
import { paymentDashboardQuery } from './paymentDashboardApi';
import { PaymentFigures } from './PaymentFigures';

/**
 * The payment centre Home's dashboard (DOMAIN §1.8) for the city chosen in the header: today's money, the refunds at
 * each step, what finance must look at, and today's paid volume by channel and hour beside the last days'.
 */
export default function PaymentDashboard({ module }: { module: ModuleDef }) {
  const t = useT();
  const tenantId = useConfigStore((s) => s.tenantId);
  const cityCode = useConfigStore((s) => s.HCityCode);
  const overview = useQuery(paymentDashboardQuery(tenantId, cityCode));
  return (
    <DashboardSection
      label={t('page.paymentDashboard.label', { module: t(module.title) })}
      query={overview}
      failed={t('page.paymentDashboard.failed')}
      retry={t('page.paymentDashboard.retry')}
    >
      {(data) => (
        <>
          <PaymentFigures overview={data} tenantWide={chosenCity(cityCode) !== null} />
          <Row gutter={[16, 16]}>
            <PaymentCharts overview={data} />
          </Row>
        </>
      )}
    </DashboardSection>
  );
}
