import { z } from 'zod';
import { toMinorUnits } from './amounts.ts';
import { midtransHeaders, raiseOnError } from './midtransApi.ts';
import { midtransTransaction } from './midtransTransaction.ts';
import { checkRefundRequest, VA_NOT_REFUNDABLE } from './refundRules.ts';
import {
  GatewayError,
  type ChannelCode,
  type GatewayHttp,
  type GatewaySecret,
  type RefundRequest,
  type RefundResult,
  type RefundSupport,
} from './types.ts';

/**
 * Midtrans refunds (https://docs.midtrans.com/reference/refund-transaction): `POST /v2/{order_id}/refund` with
 * `{ refund_key, amount, reason }` for every refundable payment type, or `/refund/online/direct` (GoPay, QRIS,
 * ShopeePay, cards) for merchants set up with direct refunds. A 200 answer with transaction_status `refund` or
 * `partial_refund` means Midtrans took it: the money leaves our Midtrans balance. A direct refund the provider denies
 * answers 202 with the transaction still `settlement`. A refund_key used before answers 406, and the status answer's
 * `refunds` list tells what that first request came to.
 */

export function midtransRefundSupport(channel: ChannelCode): RefundSupport {
  switch (channel) {
    case 'QRIS':
      return { supported: true, partial: true, note: 'GoPay-acquired QRIS: within 45 days when paid with GoPay, 7 days with another app' };
    case 'EW_GOPAY':
      return { supported: true, partial: true };
    case 'EW_SHOPEEPAY':
      return { supported: true, partial: false, note: 'ShopeePay takes full refunds only' };
    case 'CARD':
      return { supported: true, partial: true };
    case 'VA_BCA':
    case 'VA_BNI':
    case 'VA_BRI':
    case 'VA_MANDIRI':
      return { supported: false, reason: VA_NOT_REFUNDABLE };
    default:
      return { supported: false, reason: 'not charged through Midtrans' };
  }
}

const DIRECT: readonly ChannelCode[] = ['QRIS', 'EW_GOPAY', 'EW_SHOPEEPAY', 'CARD'];

const refundAnswer = z.looseObject({
  status_code: z.string(),
  status_message: z.string().optional(),
  transaction_id: z.string().optional(),
  order_id: z.string().optional(),
  transaction_status: z.string().optional(),
  refund_chargeback_id: z.union([z.number(), z.string()]).optional(),
  refund_key: z.string().optional(),
});

/** A refund_key Midtrans has seen: the status answer's `refunds` list has what it came to. */
async function firstResult(req: RefundRequest, secret: GatewaySecret, http: GatewayHttp, duplicate: GatewayError): Promise<RefundResult> {
  const res = await http.get(`/v2/${encodeURIComponent(req.orderId)}/status`, midtransHeaders(secret));
  raiseOnError(res, ['200', '201', '202', '407']);
  const tx = midtransTransaction.safeParse(res.body);
  const entry = tx.success ? tx.data.refunds?.find((refund) => refund.refund_key === req.refundKey) : undefined;
  // Not listed: the key is not ours on this order (or Midtrans lost it); the caller must not assume it refunded.
  if (!entry) throw duplicate;
  if (toMinorUnits(entry.refund_amount, 'IDR') !== req.amount)
    throw new GatewayError('midtrans', 'duplicate', `refund_key ${req.refundKey} was used for ${entry.refund_amount}`, res.status, res.body);
  return { status: 'succeeded', channelRefundId: String(entry.refund_chargeback_id), raw: res.body };
}

export async function midtransRefund(
  req: RefundRequest,
  secret: GatewaySecret,
  http: GatewayHttp,
  { direct }: { direct: boolean },
): Promise<RefundResult> {
  checkRefundRequest('midtrans', req, midtransRefundSupport(req.channelCode));
  const path = `/v2/${encodeURIComponent(req.orderId)}/refund${direct && DIRECT.includes(req.channelCode) ? '/online/direct' : ''}`;
  const body = { refund_key: req.refundKey, amount: req.amount, ...(req.reason ? { reason: req.reason.slice(0, 255) } : {}) };
  const res = await http.post(path, body, midtransHeaders(secret));
  try {
    raiseOnError(res, ['200', '201', '202']);
  } catch (error) {
    if (error instanceof GatewayError && error.code === 'duplicate') return firstResult(req, secret, http, error);
    throw error;
  }
  const parsed = refundAnswer.safeParse(res.body);
  if (!parsed.success) throw new GatewayError('midtrans', 'bad_response', 'refund answer is not readable', res.status, res.body);
  const answer = parsed.data;
  if ((answer.order_id !== undefined && answer.order_id !== req.orderId) || (answer.refund_key !== undefined && answer.refund_key !== req.refundKey))
    throw new GatewayError('midtrans', 'bad_response', 'refund answer is for another refund', res.status, res.body);
  const channelRefundId = answer.refund_chargeback_id === undefined ? '' : String(answer.refund_chargeback_id);
  if (answer.status_code === '202') return { status: 'failed', channelRefundId, failReason: answer.status_message ?? 'refund denied', raw: res.body };
  const refunded = answer.transaction_status === 'refund' || answer.transaction_status === 'partial_refund';
  if (answer.status_code === '200' && refunded) return { status: 'succeeded', channelRefundId, raw: res.body };
  if (answer.status_code === '201') return { status: 'pending', channelRefundId, raw: res.body };
  throw new GatewayError('midtrans', 'bad_response', `refund answered ${answer.status_code} with ${answer.transaction_status}`, res.status, res.body);
}
