import { GatewayError, eventKey, type ChannelCode, type GatewayProvider, type RefundRequest, type RefundSupport } from './types.ts';

/** What both gateways accept as a refund's key: Midtrans allows letters, digits, `-` and `_` in refund_key. */
const REFUND_KEY = /^[A-Za-z0-9_-]{1,64}$/;

/** Refuses, before any call, a refund the gateway would refuse or could misread. */
export function checkRefundRequest(provider: GatewayProvider, req: RefundRequest, support: RefundSupport): void {
  if (!support.supported) throw new GatewayError(provider, 'unsupported_channel', `${req.channelCode}: ${support.reason}`);
  if (!REFUND_KEY.test(req.refundKey)) throw new GatewayError(provider, 'invalid_request', 'refundKey must be 1–64 letters, digits, "-" or "_"');
  if (!Number.isSafeInteger(req.amount) || req.amount <= 0) throw new GatewayError(provider, 'invalid_request', 'amount must be a positive integer');
  if ((req.currency ?? 'IDR') !== 'IDR') throw new GatewayError(provider, 'invalid_request', `currency ${req.currency} is not IDR`);
}

/** A refund event's posting key: one per refund, whichever of the gateway's notifications about it comes first. */
export const refundEventKey = (channel: ChannelCode, channelTxnId: string, event: 'refunded' | 'refund_failed', refundKey: string | undefined) =>
  eventKey(channel, channelTxnId, `${event}:${refundKey ?? '-'}`);

/** Money that leaves a VA only by a bank transfer to the payer's account: no gateway can push it back. */
export const VA_NOT_REFUNDABLE =
  'a virtual-account payment cannot be refunded through the gateway; the money goes back by bank transfer to the payer (refund destination 3)';
