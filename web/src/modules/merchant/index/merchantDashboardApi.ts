import { MERCHANT_DASHBOARD_PATH, OPEN_APPLICATION_STATUSES, type MerchantDashboard } from '@kayuh/contract/api/merchants';
import { MerchantStatus } from '@kayuh/contract/resources/merchants';
import { get } from '../../../lib/http';
import type { CityCode } from '../../../stores/configStore';
import { chosenCity } from '../../vehicle/index/vehicleDashboardApi';

/** GET /merchant/dashboard for the tenant in the header (the super-admin's choice) and the selected city. */
export const merchantDashboardQuery = (tenantId: number | null, cityCode: CityCode) => ({
  queryKey: ['merchant', 'dashboard', tenantId, chosenCity(cityCode)] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => get<MerchantDashboard>(MERCHANT_DASHBOARD_PATH, { cityCode: chosenCity(cityCode) }, { signal }),
});

/** The lists the figures summarise, filtered as the figure counts. */
export const LIST_LINKS = {
  active: `/main/merchant?status=${MerchantStatus.active}`,
  waiting: `/main/application?status=${OPEN_APPLICATION_STATUSES.join(',')}`,
  sites: '/main/merchantoperation',
  swaps: '/payment_main/station_debit/stationDebitListPage',
} as const;
