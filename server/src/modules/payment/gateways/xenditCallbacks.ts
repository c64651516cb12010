import { z } from 'zod';
import { AmountError, toMinorUnits } from './amounts.ts';
import { refundEventKey } from './refundRules.ts';
import { xenditRefundObject } from './xenditRefund.ts';
import { eventKey, type ChannelCode, type GatewayNotification, type GatewaySecret, type NotificationCheck, type PaymentEvent } from './types.ts';
import { headerOf, parseIso, safeEqual } from './wire.ts';

/**
 * Xendit callbacks (QR Codes API 2022-07-31, Fixed Virtual Accounts, eWallets, Refunds). Xendit signs nothing in the
 * body: every callback carries the account's webhook verification token in `x-callback-token`, and that is the whole
 * check.
 */

export const XENDIT_VA_BANK = { VA_BCA: 'BCA', VA_BNI: 'BNI', VA_BRI: 'BRI', VA_MANDIRI: 'MANDIRI' } as const satisfies Partial<
  Record<ChannelCode, string>
>;
export const XENDIT_EWALLET = { EW_OVO: 'ID_OVO', EW_DANA: 'ID_DANA', EW_SHOPEEPAY: 'ID_SHOPEEPAY' } as const satisfies Partial<
  Record<ChannelCode, string>
>;

const keyOf = <T extends Record<string, string>>(map: T, value: string) =>
  (Object.keys(map) as (keyof T & ChannelCode)[]).find((key) => map[key] === value);

/** eWallet charge status (also the answer of GET /ewallets/charges/{id}) in our words. */
export function ewalletEvent(status: string): PaymentEvent | undefined {
  return { PENDING: 'pending', SUCCEEDED: 'paid', FAILED: 'failed', VOIDED: 'failed', REFUNDED: 'refunded' }[status] as PaymentEvent | undefined;
}

const qrPayment = z.looseObject({
  id: z.string(),
  qr_id: z.string().min(1),
  reference_id: z.string().min(1),
  currency: z.string(),
  amount: z.number(),
  status: z.string(),
  created: z.string().optional(),
  payment_detail: z.looseObject({ receipt_id: z.string().nullish(), source: z.string().nullish() }).nullish(),
});

const ewalletCharge = z.looseObject({
  id: z.string().min(1),
  reference_id: z.string().min(1),
  status: z.string(),
  currency: z.string(),
  charge_amount: z.number(),
  capture_amount: z.number().nullish(),
  channel_code: z.string(),
  updated: z.string().optional(),
});

const vaPayment = z.looseObject({
  payment_id: z.string().min(1),
  callback_virtual_account_id: z.string().min(1),
  external_id: z.string().min(1),
  bank_code: z.string(),
  amount: z.number(),
  currency: z.string().optional(),
  transaction_timestamp: z.string().optional(),
  payment_detail: z.looseObject({ reference: z.string().nullish(), sender_channel_code: z.string().nullish() }).nullish(),
});

type Read = Omit<GatewayNotification, 'provider' | 'amount' | 'eventKey'> & { rawAmount: number };

function finish(read: Read): NotificationCheck {
  const { rawAmount, ...rest } = read;
  try {
    const amount = toMinorUnits(rawAmount, read.currency);
    const { status } = read;
    const refund = status === 'refunded' || status === 'refund_failed';
    const key = refund ? refundEventKey(read.channel, read.channelTxnId, status, read.refundKey) : eventKey(read.channel, read.channelTxnId, status);
    return {
      ok: true,
      notification: { provider: 'xendit', ...rest, amount, ...(refund ? { refundAmount: amount } : {}), eventKey: key },
    };
  } catch (error) {
    if (error instanceof AmountError) return { ok: false, reason: 'malformed', detail: error.message };
    throw error;
  }
}

/** A QR code payment, from a callback or from GET /qr_codes/{id}/payments. */
export function readQrPayment(data: unknown): NotificationCheck {
  const payment = qrPayment.safeParse(data);
  if (!payment.success) return { ok: false, reason: 'malformed', detail: 'qr payment' };
  const p = payment.data;
  if (p.status !== 'SUCCEEDED') return { ok: false, reason: 'unsupported', detail: `qr payment status ${p.status}` };
  return finish({
    channel: 'QRIS',
    orderId: p.reference_id,
    channelTxnId: p.qr_id,
    status: 'paid',
    providerStatus: p.status,
    rawAmount: p.amount,
    currency: p.currency,
    paidAt: parseIso(p.created),
    issuer: p.payment_detail?.source ?? undefined,
    rrn: p.payment_detail?.receipt_id ?? undefined,
  });
}

/** An eWallet charge, from an `ewallet.capture` callback or from GET /ewallets/charges/{id}. */
export function readEwalletCharge(data: unknown): NotificationCheck {
  const charge = ewalletCharge.safeParse(data);
  if (!charge.success) return { ok: false, reason: 'malformed', detail: 'ewallet charge' };
  const c = charge.data;
  const channel = keyOf(XENDIT_EWALLET, c.channel_code);
  if (!channel) return { ok: false, reason: 'unsupported', detail: `channel_code ${c.channel_code}` };
  const status = ewalletEvent(c.status);
  if (!status) return { ok: false, reason: 'unsupported', detail: `ewallet status ${c.status}` };
  return finish({
    channel,
    orderId: c.reference_id,
    channelTxnId: c.id,
    status,
    providerStatus: c.status,
    rawAmount: c.capture_amount ?? c.charge_amount,
    currency: c.currency,
    paidAt: status === 'paid' ? parseIso(c.updated) : undefined,
    issuer: c.channel_code,
  });
}

function readVaPayment(data: unknown): NotificationCheck {
  const payment = vaPayment.safeParse(data);
  if (!payment.success) return { ok: false, reason: 'malformed', detail: 'fixed VA payment' };
  const p = payment.data;
  const channel = keyOf(XENDIT_VA_BANK, p.bank_code);
  if (!channel) return { ok: false, reason: 'unsupported', detail: `bank_code ${p.bank_code}` };
  return finish({
    channel,
    orderId: p.external_id,
    channelTxnId: p.callback_virtual_account_id,
    status: 'paid',
    providerStatus: 'PAID',
    rawAmount: p.amount,
    currency: p.currency ?? 'IDR',
    paidAt: parseIso(p.transaction_timestamp),
    issuer: p.payment_detail?.sender_channel_code ?? p.bank_code,
    rrn: p.payment_detail?.reference ?? undefined,
  });
}

/**
 * A refund's outcome: `refund.succeeded` / `refund.failed` from the Refunds API (eWallets), or the QR Codes API's
 * refund callback. Xendit's refund callbacks do not state the payment's amount: `amount` and `refundAmount` are both
 * the refund's. `orderId` is the `metadata.order_id` we sent with the refund, '' for a refund made elsewhere.
 */
function readRefund(data: unknown, qr: boolean): NotificationCheck {
  const parsed = xenditRefundObject.safeParse(data);
  if (!parsed.success) return { ok: false, reason: 'malformed', detail: 'refund' };
  const r = parsed.data;
  const channel = qr ? 'QRIS' : keyOf(XENDIT_EWALLET, r.channel_code ?? '');
  if (!channel) return { ok: false, reason: 'unsupported', detail: `refund of channel_code ${r.channel_code}` };
  const channelTxnId = qr ? r.qr_id : (r.payment_request_id ?? r.payment_id);
  if (!channelTxnId) return { ok: false, reason: 'malformed', detail: 'refund names no payment' };
  const status = r.status === 'SUCCEEDED' ? 'refunded' : r.status === 'FAILED' || r.status === 'CANCELLED' ? 'refund_failed' : undefined;
  if (!status) return { ok: false, reason: 'unsupported', detail: `refund status ${r.status}` };
  const orderId = r.metadata?.order_id;
  return finish({
    channel,
    orderId: typeof orderId === 'string' ? orderId : '',
    channelTxnId,
    status,
    providerStatus: r.status,
    rawAmount: r.amount,
    currency: r.currency ?? 'IDR',
    refundKey: r.reference_id ?? undefined,
    channelRefundId: r.id,
  });
}

export function verifyXenditCallback(
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  secret: GatewaySecret,
): NotificationCheck {
  const token = headerOf(headers, 'x-callback-token');
  if (!secret.callbackToken || !token || !safeEqual(token, secret.callbackToken)) return { ok: false, reason: 'signature' };
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return { ok: false, reason: 'malformed', detail: 'body is not JSON' };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, reason: 'malformed', detail: 'body is not an object' };
  const fields = body as Record<string, unknown>;
  if (fields.event === 'qr.payment') return readQrPayment(fields.data);
  if (fields.event === 'ewallet.capture') return readEwalletCharge(fields.data);
  if (fields.event === 'refund.succeeded' || fields.event === 'refund.failed') return readRefund(fields.data, false);
  if (fields.event === 'qr.refund') return readRefund(fields.data, true);
  // Fixed VA callbacks have no event name: a payment carries payment_id, a VA created/updated callback does not.
  if ('payment_id' in fields || 'callback_virtual_account_id' in fields) return readVaPayment(fields);
  return { ok: false, reason: 'unsupported', detail: typeof fields.event === 'string' ? `event ${fields.event}` : 'callback kind' };
}
