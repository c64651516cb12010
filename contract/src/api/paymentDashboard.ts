import { PaymentStatus, RefundStatus } from './wallet.ts';

/**
 * The payment centre Home (/payment_main index, DOMAIN §1.8) as a dashboard: what GET /payment/dashboard answers for
 * the caller's scope (their tenant, their cities), narrowed to the city asked for; no city, or 1, is all of them.
 *
 * "Today" is each city's business day (DOMAIN §0.4): a figure over several cities adds up their days as they are.
 * What has no city (the gateways' call journal, the ledger audit) is the tenant's, on the clock of `utcOffsetHours`.
 * Money is in the smallest unit of `currency` (DOMAIN §0.3); rows in another currency are left out.
 */
export const PAYMENT_DASHBOARD_PATH = '/payment/dashboard';
/** Who may see it: those who may open the module's Home. */
export const PAYMENT_DASHBOARD_PERM = 'payment:index:view';
/** How many business days the paid-volume series covers, today included. */
export const PAYMENT_DASHBOARD_DAYS = 7;

/** payment_orders.status that count as money received: paid, and paid then (partly) refunded (DOMAIN §3.7). */
export const PAID_STATUSES: readonly number[] = [PaymentStatus.paid, PaymentStatus.partiallyRefunded, PaymentStatus.refunded];
/** refunds.status of a refund on its way: approved, or at the channel (DOMAIN §3.8). */
export const REFUND_UNDER_WAY_STATUSES: readonly number[] = [RefundStatus.approved, RefundStatus.processing];
/** api_logs.direction of a gateway's notification to us. */
export const INBOUND_CALL = 2;
/** api_logs.outcome of a notification that was refused, parked for review or failed (modules/payment/notify.ts). */
export const FAILED_CALLBACK_OUTCOMES: readonly string[] = [
  'refused_signature',
  'refused_unknown_order',
  'refused_malformed',
  'unsupported',
  'parked_amount',
  'parked_late',
  'error',
];
/** The alarms finance answers for (DOMAIN §6.3): a payment parked for review, a book that does not add up. */
export const PAYMENT_ALARM_CODES: readonly string[] = ['LATE_PAYMENT', 'LEDGER_DRIFT'];

/** A number of rows and their money. */
export interface CountAndAmount {
  count: number;
  amount: number;
}

export interface PaymentDashboard {
  /** ISO 4217 code of every amount here: the tenant's currency. */
  currency: string;
  /** Paid orders of every purpose with paid_at today (status paid, partially refunded or refunded). */
  paidToday: CountAndAmount;
  /** Of those, the top-ups (purpose TOPUP). */
  topupsToday: CountAndAmount;
  /** Refunds waiting for approval (status 0), whenever asked for. */
  refundsPending: CountAndAmount;
  /** Refunds approved or at the channel (status 1, 2). */
  refundsUnderWay: CountAndAmount;
  /** Refunds the channel refused (status 4): finance retries or pays by bank transfer. */
  refundsFailed: CountAndAmount;
  /** Gateway notifications received today that were refused, parked or failed, by outcome (most first; none left out). */
  failedCallbacks: Array<{ outcome: string; count: number }>;
  /** Open or acknowledged alarms by PAYMENT_ALARM_CODES, in that order, zeros included. */
  openAlarms: Array<{ code: string; count: number }>;
  /** The newest nightly ledger audit: `drift` when any book in it did not agree; null before the first audit. */
  ledgerAudit: { result: 'ok' | 'drift'; statDate: string; auditedAt: string; books: number; driftBooks: number } | null;
  /** Today's paid volume by channel (payment_channels.channel_code; null = paid from the wallet), most first. */
  byChannel: Array<{ channelCode: string | null } & CountAndAmount>;
  /** Today's paid volume in each hour so far (0 … the latest current hour of the cities in scope), local hours. */
  today: Array<{ hour: number } & CountAndAmount>;
  /** Paid volume of each of the last PAYMENT_DASHBOARD_DAYS business days (YYYY-MM-DD on `utcOffsetHours`), oldest first. */
  days: Array<{ day: string } & CountAndAmount>;
  /** The clock of the tenant-wide figures and of the day names: the city asked for, else the caller's first city. */
  utcOffsetHours: number;
}
