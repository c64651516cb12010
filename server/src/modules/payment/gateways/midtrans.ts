import { createHash } from 'node:crypto';
import { z } from 'zod';
import { midtransTransaction, readMidtransTransaction, type MidtransTransaction } from './midtransTransaction.ts';
import {
  GatewayError,
  type ChannelCode,
  type ChargeRequest,
  type ChargeResult,
  type GatewayAdapter,
  type GatewayHttp,
  type GatewayNotification,
  type GatewaySecret,
  type NotificationCheck,
  type PaymentDisplay,
} from './types.ts';
import { midtransHeaders, raiseOnError } from './midtransApi.ts';
import { midtransRefund, midtransRefundSupport } from './midtransRefund.ts';
import { formatWib, parseWib, safeEqual } from './wire.ts';

/**
 * Midtrans Core API (https://docs.midtrans.com): `POST /v2/charge`, `GET /v2/{order_id}/status`, and the HTTP
 * notification it POSTs to us. Authentication is HTTP Basic with the server key; a notification is authenticated by
 * `signature_key = SHA512(order_id + status_code + gross_amount + server key)`. Refunds are in midtransRefund.ts.
 */

export const MIDTRANS_CHANNELS = [
  'QRIS',
  'VA_BCA',
  'VA_BNI',
  'VA_BRI',
  'VA_MANDIRI',
  'EW_GOPAY',
  'EW_SHOPEEPAY',
] as const satisfies readonly ChannelCode[];

export function midtransSignature(orderId: string, statusCode: string, grossAmount: string, serverKey: string): string {
  return createHash('sha512')
    .update(orderId + statusCode + grossAmount + serverKey, 'utf8')
    .digest('hex');
}

const VA_BANK: Partial<Record<ChannelCode, string>> = { VA_BCA: 'bca', VA_BNI: 'bni', VA_BRI: 'bri' };

function paymentMethod(req: ChargeRequest): Record<string, unknown> {
  switch (req.channelCode) {
    case 'QRIS':
      // GoPay is Midtrans' default QRIS acquirer; the payer may use any QRIS app.
      return { payment_type: 'qris', qris: { acquirer: 'gopay' } };
    case 'VA_BCA':
    case 'VA_BNI':
    case 'VA_BRI':
      return { payment_type: 'bank_transfer', bank_transfer: { bank: VA_BANK[req.channelCode] } };
    case 'VA_MANDIRI':
      // Mandiri's VA is a bill payment ("echannel"): the payer keys in biller code 70012 and the bill key.
      return { payment_type: 'echannel', echannel: { bill_info1: 'Payment:', bill_info2: 'Kayuh' } };
    case 'EW_GOPAY':
      return { payment_type: 'gopay', gopay: req.returnUrl ? { enable_callback: true, callback_url: req.returnUrl } : {} };
    case 'EW_SHOPEEPAY':
      return { payment_type: 'shopeepay', shopeepay: req.returnUrl ? { callback_url: req.returnUrl } : {} };
    default:
      throw new GatewayError('midtrans', 'unsupported_channel', `channel ${req.channelCode} is not charged through Midtrans Core API`);
  }
}

export function midtransChargeBody(req: ChargeRequest, now: Date): Record<string, unknown> {
  if (req.currency !== 'IDR') throw new GatewayError('midtrans', 'invalid_request', `currency ${req.currency} is not IDR`);
  if (!Number.isSafeInteger(req.amount) || req.amount <= 0)
    throw new GatewayError('midtrans', 'invalid_request', 'amount must be a positive integer');
  const minutes = Math.ceil((req.expiresAt.getTime() - now.getTime()) / 60_000);
  if (minutes < 1) throw new GatewayError('midtrans', 'invalid_request', 'expiresAt is not in the future');
  const { name, email, phone } = req.customer ?? {};
  return {
    ...paymentMethod(req),
    transaction_details: { order_id: req.orderId, gross_amount: req.amount },
    custom_expiry: { order_time: `${formatWib(now)} +0700`, expiry_duration: minutes, unit: 'minute' },
    ...(name || email || phone ? { customer_details: { first_name: name, email, phone } } : {}),
  };
}

function displayOf(req: ChargeRequest, tx: MidtransTransaction): PaymentDisplay {
  const url = (name: string) => tx.actions?.find((a) => a.name === name)?.url;
  switch (req.channelCode) {
    case 'QRIS':
      if (tx.qr_string) return { kind: 'qris', payload: tx.qr_string };
      break;
    case 'VA_MANDIRI':
      if (tx.bill_key && tx.biller_code) return { kind: 'va', bank: 'mandiri', vaNumber: tx.bill_key, billerCode: tx.biller_code };
      break;
    case 'EW_GOPAY':
    case 'EW_SHOPEEPAY': {
      const deeplink = url('deeplink-redirect');
      const web = url('generate-qr-code') ?? deeplink;
      if (web) return { kind: 'redirect', url: web, deeplink };
      break;
    }
    default: {
      const va = tx.va_numbers?.[0];
      if (va) return { kind: 'va', bank: va.bank, vaNumber: va.va_number };
    }
  }
  throw new GatewayError('midtrans', 'bad_response', `charge answer has nothing to show for ${req.channelCode}`, undefined, tx);
}

export interface MidtransAdapterOptions {
  now?: () => Date;
  /**
   * Refund QRIS, GoPay and ShopeePay through `/refund/online/direct` instead of `/refund`. Midtrans now takes every
   * refund on `/refund`; the direct endpoint remains for merchants who were set up with it.
   */
  directRefund?: boolean;
}

export function createMidtransAdapter({ now = () => new Date(), directRefund = false }: MidtransAdapterOptions = {}): GatewayAdapter {
  return {
    provider: 'midtrans',
    channels: MIDTRANS_CHANNELS,

    async charge(req: ChargeRequest, secret: GatewaySecret, http: GatewayHttp): Promise<ChargeResult> {
      const body = midtransChargeBody(req, now());
      const headers: Record<string, string> = midtransHeaders(secret);
      if (req.notifyUrl) headers['x-override-notification'] = req.notifyUrl;
      const res = await http.post('/v2/charge', body, headers);
      raiseOnError(res, ['200', '201']);
      const parsed = midtransTransaction.safeParse(res.body);
      if (!parsed.success) throw new GatewayError('midtrans', 'bad_response', 'charge answer is not a transaction', res.status, res.body);
      const tx = parsed.data;
      const read = readMidtransTransaction(tx);
      if (!read.ok || tx.order_id !== req.orderId || read.notification.amount !== req.amount || read.notification.channel !== req.channelCode)
        throw new GatewayError('midtrans', 'bad_response', 'charge answer does not match the request', res.status, res.body);
      const status = read.notification.status;
      return {
        channelTxnId: tx.transaction_id,
        status: status === 'paid' ? 'paid' : status === 'pending' ? 'pending' : 'failed',
        display: displayOf(req, tx),
        expiresAt: parseWib(tx.expiry_time),
        raw: res.body,
      };
    },

    async status(ref, secret, http): Promise<GatewayNotification> {
      const res = await http.get(`/v2/${encodeURIComponent(ref.orderId)}/status`, midtransHeaders(secret));
      // 407 is the status answer of an expired transaction, not an error.
      raiseOnError(res, ['200', '201', '202', '407']);
      const parsed = midtransTransaction.safeParse(res.body);
      if (!parsed.success) throw new GatewayError('midtrans', 'bad_response', 'status answer is not a transaction', res.status, res.body);
      const read = readMidtransTransaction(parsed.data);
      if (!read.ok)
        throw new GatewayError('midtrans', 'bad_response', `status answer unreadable: ${read.detail ?? read.reason}`, res.status, res.body);
      if (read.notification.channelTxnId !== ref.channelTxnId)
        throw new GatewayError('midtrans', 'bad_response', 'status answer is for another transaction', res.status, res.body);
      return read.notification;
    },

    verifyNotification(_headers, rawBody, secret): NotificationCheck {
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        return { ok: false, reason: 'malformed', detail: 'body is not JSON' };
      }
      const signed = z
        .looseObject({ order_id: z.string(), status_code: z.string(), gross_amount: z.string(), signature_key: z.string() })
        .safeParse(json);
      if (!signed.success) return { ok: false, reason: 'malformed', detail: 'no signed fields' };
      const { order_id, status_code, gross_amount, signature_key } = signed.data;
      if (!safeEqual(midtransSignature(order_id, status_code, gross_amount, secret.serverKey), signature_key.toLowerCase()))
        return { ok: false, reason: 'signature' };
      const tx = midtransTransaction.safeParse(json);
      if (!tx.success) return { ok: false, reason: 'malformed', detail: tx.error.issues[0]?.message };
      return readMidtransTransaction(tx.data);
    },

    refundSupported: (channelCode) => midtransRefundSupport(channelCode).supported,
    refundSupport: midtransRefundSupport,
    refund: (req, secret, http) => midtransRefund(req, secret, http, { direct: directRefund }),
  };
}

export const midtransAdapter = createMidtransAdapter();
