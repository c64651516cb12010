import {
  INBOUND_CALL,
  PAID_STATUSES,
  PAYMENT_DASHBOARD_PATH,
  REFUND_UNDER_WAY_STATUSES,
  type PaymentDashboard,
} from '@kayuh/contract/api/paymentDashboard';
import { RefundStatus } from '@kayuh/contract/api/wallet';
import { get } from '../../../lib/http';
import type { CityCode } from '../../../stores/configStore';
import { chosenCity } from '../../vehicle/index/vehicleDashboardApi';

/** GET /payment/dashboard for the tenant in the header (the super-admin's choice) and the selected city. */
export const paymentDashboardQuery = (tenantId: number | null, cityCode: CityCode) => ({
  queryKey: ['payment', 'dashboard', tenantId, chosenCity(cityCode)] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => get<PaymentDashboard>(PAYMENT_DASHBOARD_PATH, { cityCode: chosenCity(cityCode) }, { signal }),
});

/**
 * The list pages the figures summarise, filtered as the figure counts (the lists read their filters from the URL:
 * an `in` filter takes its values comma-separated).
 */
export const LIST_LINKS = {
  paidOrders: `/payment_main/transaction/orderListPage?status=${PAID_STATUSES.join(',')}`,
  paidTopups: `/payment_main/recharge/list?status=${PAID_STATUSES.join(',')}`,
  refundsPending: `/payment_main/refund/refundListPage?status=${RefundStatus.requested}`,
  refundsUnderWay: `/payment_main/refund/refundListPage?status=${REFUND_UNDER_WAY_STATUSES.join(',')}`,
  refundsFailed: `/payment_main/refund/refundListPage?status=${RefundStatus.failed}`,
  callbacks: `/log_main/interfaceLog?direction=${INBOUND_CALL}`,
  callbacksOf: (outcome: string) => `/log_main/interfaceLog?direction=${INBOUND_CALL}&outcome=${encodeURIComponent(outcome)}`,
  alarmsOf: (code: string) => `/alarm_main/alarm_list?alarmCode=${encodeURIComponent(code)}`,
  ledgerBooks: '/payment_main/accountBooks/list',
} as const;
