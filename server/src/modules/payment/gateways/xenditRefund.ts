import { z } from 'zod';
import { checkRefundRequest, VA_NOT_REFUNDABLE } from './refundRules.ts';
import {
  GatewayError,
  type ChannelCode,
  type GatewayHttp,
  type GatewayResponse,
  type GatewaySecret,
  type RefundRequest,
  type RefundResult,
  type RefundSupport,
} from './types.ts';
import { parse, raiseOnError, XENDIT_QR_API_VERSION, xenditHeaders } from './xenditApi.ts';

/**
 * Xendit refunds. An eWallet charge goes back through the Refunds API, `POST /refunds` with the charge as
 * `payment_request_id`, our refund_no as `reference_id` and as the `idempotency-key` header, and a `reason` from
 * Xendit's list; its outcome comes by `refund.succeeded` / `refund.failed` callback. A QRIS payment goes back through
 * the QR Codes API, `POST /qr_codes/payments/{qrpy_id}/refunds` (Xendit's help centre: only for some issuers — not
 * GoPay —, within 30 days), and its outcome comes by the QR callback. Both answer PENDING first.
 *
 * Our `metadata.order_id` rides along, because Xendit's refund callbacks name the refund and the payment, not the
 * reference our order was charged with.
 */

export const XENDIT_REFUND_REASONS = ['FRAUDULENT', 'DUPLICATE', 'REQUESTED_BY_CUSTOMER', 'CANCELLATION', 'OTHERS'] as const;
export type XenditRefundReason = (typeof XENDIT_REFUND_REASONS)[number];

/** Xendit takes one of its reasons; free text becomes OTHERS, and no reason the member's request. */
export function xenditReason(reason: string | undefined): XenditRefundReason {
  if (reason === undefined || reason === '') return 'REQUESTED_BY_CUSTOMER';
  return (XENDIT_REFUND_REASONS as readonly string[]).includes(reason) ? (reason as XenditRefundReason) : 'OTHERS';
}

export function xenditRefundSupport(channel: ChannelCode): RefundSupport {
  switch (channel) {
    case 'EW_DANA':
    case 'EW_SHOPEEPAY':
      return { supported: true, partial: true, note: 'the day after the payment at the earliest; partial refunds as the e-wallet allows' };
    case 'EW_OVO':
      return { supported: false, reason: 'Xendit cannot refund an OVO one-time payment; return it by bank transfer or to the wallet' };
    case 'QRIS':
      return {
        supported: true,
        partial: true,
        note: 'within 30 days, and only when the payer paid from an app Xendit can refund to (not GoPay); full within 24 hours voids the payment',
      };
    case 'VA_BCA':
    case 'VA_BNI':
    case 'VA_BRI':
    case 'VA_MANDIRI':
      return { supported: false, reason: VA_NOT_REFUNDABLE };
    default:
      return { supported: false, reason: 'not charged through Xendit' };
  }
}

/** A refund object, as `POST /refunds`, the QR refund endpoint and their callbacks write it. */
export const xenditRefundObject = z.looseObject({
  id: z.string().min(1),
  status: z.string(),
  amount: z.number(),
  currency: z.string().optional(),
  reference_id: z.string().nullish(),
  payment_request_id: z.string().nullish(),
  payment_id: z.string().nullish(),
  qr_id: z.string().nullish(),
  channel_code: z.string().nullish(),
  failure_code: z.string().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});
type XenditRefundObject = z.infer<typeof xenditRefundObject>;

function result(refund: XenditRefundObject, req: RefundRequest, res: GatewayResponse): RefundResult {
  if ((refund.reference_id && refund.reference_id !== req.refundKey) || refund.amount !== req.amount)
    throw new GatewayError('xendit', 'bad_response', 'refund answer is for another refund', res.status, res.body);
  const raw = res.body;
  switch (refund.status) {
    case 'SUCCEEDED':
      return { status: 'succeeded', channelRefundId: refund.id, raw };
    case 'PENDING':
      return { status: 'pending', channelRefundId: refund.id, raw };
    case 'FAILED':
    case 'CANCELLED':
      return { status: 'failed', channelRefundId: refund.id, failReason: refund.failure_code ?? refund.status, raw };
    default:
      throw new GatewayError('xendit', 'bad_response', `refund status ${refund.status}`, res.status, res.body);
  }
}

const list = z.looseObject({ data: z.array(xenditRefundObject) });

/** The QR code's successful payment: refunds name the payment (qrpy_…), our channel_txn_id is the QR code (qr_…). */
async function qrPaymentId(req: RefundRequest, headers: Record<string, string>, http: GatewayHttp): Promise<string> {
  const res = await http.get(`/qr_codes/${encodeURIComponent(req.channelTxnId)}/payments`, headers);
  raiseOnError(res);
  const payments = parse(z.looseObject({ data: z.array(z.looseObject({ id: z.string(), status: z.string() })) }), res, 'QR payments').data;
  const paid = payments.find((payment) => payment.status === 'SUCCEEDED');
  if (!paid)
    throw new GatewayError('xendit', 'invalid_request', `QR code ${req.channelTxnId} has no successful payment to refund`, res.status, res.body);
  return paid.id;
}

export async function xenditRefund(req: RefundRequest, secret: GatewaySecret, http: GatewayHttp): Promise<RefundResult> {
  checkRefundRequest('xendit', req, xenditRefundSupport(req.channelCode));
  const auth = xenditHeaders(secret);
  const body = { reference_id: req.refundKey, amount: req.amount, reason: xenditReason(req.reason), metadata: { order_id: req.orderId } };
  let post: () => Promise<GatewayResponse>;
  let listPath: string;
  let headers: Record<string, string>;
  if (req.channelCode === 'QRIS') {
    headers = { ...auth, 'api-version': XENDIT_QR_API_VERSION };
    const paymentId = encodeURIComponent(await qrPaymentId(req, headers, http));
    post = () => http.post(`/qr_codes/payments/${paymentId}/refunds`, body, { ...headers, 'idempotency-key': req.refundKey });
    listPath = `/qr_codes/payments/${paymentId}/refunds`;
  } else {
    headers = auth;
    const payload = { payment_request_id: req.channelTxnId, currency: req.currency ?? 'IDR', ...body };
    post = () => http.post('/refunds', payload, { ...headers, 'idempotency-key': req.refundKey });
    listPath = `/refunds?payment_request_id=${encodeURIComponent(req.channelTxnId)}`;
  }
  const res = await post();
  try {
    raiseOnError(res);
  } catch (error) {
    if (!(error instanceof GatewayError) || error.code !== 'duplicate') throw error;
    // The idempotency key was used with another request: what did that one come to?
    const listed = await http.get(listPath, headers);
    raiseOnError(listed);
    const earlier = parse(list, listed, 'refund list').data.find((refund) => refund.reference_id === req.refundKey);
    if (!earlier || earlier.amount !== req.amount) throw error;
    return result(earlier, req, listed);
  }
  return result(parse(xenditRefundObject, res, 'refund'), req, res);
}
