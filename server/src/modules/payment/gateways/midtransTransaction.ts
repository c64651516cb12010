import { z } from 'zod';
import { AmountError, toMinorUnits } from './amounts.ts';
import { refundEventKey } from './refundRules.ts';
import { eventKey, type ChannelCode, type GatewayNotification, type NotificationCheck, type PaymentEvent } from './types.ts';
import { parseWib } from './wire.ts';

/**
 * A Midtrans transaction — as its charge and status answers and its HTTP notifications all write it — read into our
 * words (https://docs.midtrans.com/docs/transaction-status-cycle).
 */

const action = z.looseObject({ name: z.string(), method: z.string().optional(), url: z.string() });

/** One entry of `refunds`, as the status answer and the refund notifications list them. */
const refundEntry = z.looseObject({
  refund_chargeback_id: z.union([z.number(), z.string()]),
  refund_amount: z.string(),
  created_at: z.string().optional(),
  reason: z.string().nullish(),
  refund_key: z.string().nullish(),
  refund_method: z.string().optional(),
  bank_confirmed_at: z.string().nullish(),
});
export type MidtransRefundEntry = z.infer<typeof refundEntry>;

/** The transaction as Midtrans writes it in charge and status responses and in notifications. */
export const midtransTransaction = z.looseObject({
  status_code: z.string(),
  status_message: z.string().optional(),
  transaction_id: z.string().min(1),
  order_id: z.string().min(1),
  gross_amount: z.string(),
  currency: z.string().optional(),
  payment_type: z.string(),
  transaction_status: z.string(),
  fraud_status: z.string().optional(),
  transaction_time: z.string().optional(),
  settlement_time: z.string().optional(),
  expiry_time: z.string().optional(),
  actions: z.array(action).optional(),
  qr_string: z.string().optional(),
  va_numbers: z.array(z.looseObject({ bank: z.string(), va_number: z.string() })).optional(),
  bill_key: z.string().optional(),
  biller_code: z.string().optional(),
  issuer: z.string().optional(),
  acquirer: z.string().optional(),
  /** Everything refunded so far ("cumulative amount refunded" in the direct-refund reference). */
  refund_amount: z.string().optional(),
  refunds: z.array(refundEntry).optional(),
});
export type MidtransTransaction = z.infer<typeof midtransTransaction>;

function channelOf(tx: MidtransTransaction): ChannelCode | undefined {
  switch (tx.payment_type) {
    case 'qris':
      return 'QRIS';
    case 'gopay':
      return 'EW_GOPAY';
    case 'shopeepay':
      return 'EW_SHOPEEPAY';
    case 'echannel':
      return 'VA_MANDIRI';
    case 'credit_card':
      return 'CARD';
    case 'bank_transfer': {
      const bank = tx.va_numbers?.[0]?.bank;
      return bank === 'bca' ? 'VA_BCA' : bank === 'bni' ? 'VA_BNI' : bank === 'bri' ? 'VA_BRI' : undefined;
    }
    default:
      return undefined;
  }
}

/** Midtrans' transaction_status (and, for cards, fraud_status) in our words. */
function eventOf(tx: MidtransTransaction): PaymentEvent | undefined {
  switch (tx.transaction_status) {
    case 'settlement':
      return 'paid';
    case 'capture':
      return tx.fraud_status === 'challenge' ? 'pending' : tx.fraud_status === 'deny' ? 'failed' : 'paid';
    case 'pending':
    case 'authorize':
      return 'pending';
    case 'deny':
    case 'cancel':
    case 'failure':
      return 'failed';
    case 'expire':
      return 'expired';
    case 'refund':
    case 'partial_refund':
    case 'chargeback':
    case 'partial_chargeback':
      return 'refunded';
    default:
      return undefined;
  }
}

/**
 * The refund a notification is about. Midtrans lists every refund of the payment in each notification and sends one
 * when a refund is made and another when the bank confirms it, so the one that moved last is the one meant.
 */
export function latestRefund(tx: MidtransTransaction): MidtransRefundEntry | undefined {
  const movedAt = (entry: MidtransRefundEntry) => entry.bank_confirmed_at ?? entry.created_at ?? '';
  return (tx.refunds ?? []).reduce<MidtransRefundEntry | undefined>(
    (latest, entry) => (!latest || movedAt(entry) >= movedAt(latest) ? entry : latest),
    undefined,
  );
}

function refundFields(tx: MidtransTransaction, currency: string): Partial<GatewayNotification> {
  const entry = latestRefund(tx);
  return {
    refundAmount: entry ? toMinorUnits(entry.refund_amount, currency) : undefined,
    refundKey: entry?.refund_key || undefined,
    channelRefundId: entry ? String(entry.refund_chargeback_id) : undefined,
    refundedTotal: tx.refund_amount === undefined ? undefined : toMinorUnits(tx.refund_amount, currency),
  };
}

export function readMidtransTransaction(tx: MidtransTransaction): NotificationCheck {
  const channel = channelOf(tx);
  if (!channel) return { ok: false, reason: 'unsupported', detail: `payment_type ${tx.payment_type}` };
  const status = eventOf(tx);
  if (!status) return { ok: false, reason: 'unsupported', detail: `transaction_status ${tx.transaction_status}` };
  // The signature covers status_code but not transaction_status: a paid event must carry the success code it was signed with.
  if (status === 'paid' && tx.status_code !== '200')
    return { ok: false, reason: 'malformed', detail: `${tx.transaction_status} with status_code ${tx.status_code}` };
  const currency = tx.currency ?? 'IDR';
  let amount: number;
  let refund: Partial<GatewayNotification> = {};
  try {
    amount = toMinorUnits(tx.gross_amount, currency);
    if (status === 'refunded') refund = refundFields(tx, currency);
  } catch (error) {
    if (error instanceof AmountError) return { ok: false, reason: 'malformed', detail: error.message };
    throw error;
  }
  const notification: GatewayNotification = {
    provider: 'midtrans',
    channel,
    orderId: tx.order_id,
    channelTxnId: tx.transaction_id,
    status,
    providerStatus: tx.transaction_status,
    amount,
    currency,
    paidAt: status === 'paid' ? (parseWib(tx.settlement_time) ?? parseWib(tx.transaction_time)) : undefined,
    issuer: tx.issuer ?? tx.va_numbers?.[0]?.bank,
    eventKey:
      status === 'refunded' ? refundEventKey(channel, tx.transaction_id, status, refund.refundKey) : eventKey(channel, tx.transaction_id, status),
    ...Object.fromEntries(Object.entries(refund).filter(([, value]) => value !== undefined)),
  };
  return { ok: true, notification };
}
