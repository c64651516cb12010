import { z } from 'zod';
import {
  eventKey,
  GatewayError,
  type ChannelCode,
  type ChargeRequest,
  type ChargeResult,
  type GatewayAdapter,
  type GatewayHttp,
  type GatewayNotification,
  type GatewayResponse,
  type PaymentRef,
} from './types.ts';
import { parse, raiseOnError, XENDIT_QR_API_VERSION, xenditHeaders } from './xenditApi.ts';
import { ewalletEvent, readEwalletCharge, readQrPayment, verifyXenditCallback, XENDIT_EWALLET, XENDIT_VA_BANK } from './xenditCallbacks.ts';
import { parseIso } from './wire.ts';
import { xenditRefund, xenditRefundSupport } from './xenditRefund.ts';

/**
 * Xendit (https://api.xendit.co), HTTP Basic with the secret API key:
 * - QRIS through the QR Codes API, `POST /qr_codes` with header `api-version: 2022-07-31` (reference_id, type DYNAMIC);
 * - bank VAs as single-use, closed-amount Fixed Virtual Accounts, `POST /callback_virtual_accounts`;
 * - OVO / DANA / ShopeePay as one-time eWallet charges, `POST /ewallets/charges`.
 * Errors come back as `{ error_code, message }` with a matching HTTP status (xenditApi.ts); refunds are in
 * xenditRefund.ts.
 */

export { XENDIT_QR_API_VERSION } from './xenditApi.ts';
export const XENDIT_CHANNELS = [
  'QRIS',
  'VA_BCA',
  'VA_BNI',
  'VA_BRI',
  'VA_MANDIRI',
  'EW_OVO',
  'EW_DANA',
  'EW_SHOPEEPAY',
] as const satisfies readonly ChannelCode[];

const qrCode = z.looseObject({
  id: z.string().min(1),
  reference_id: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  qr_string: z.string().min(1),
  expires_at: z.string().nullish(),
});

const fixedVa = z.looseObject({
  id: z.string().min(1),
  external_id: z.string(),
  bank_code: z.string(),
  account_number: z.string().min(1),
  status: z.string(),
  expected_amount: z.number().nullish(),
  currency: z.string().optional(),
  expiration_date: z.string().nullish(),
});

const ewallet = z.looseObject({
  id: z.string().min(1),
  reference_id: z.string(),
  status: z.string(),
  charge_amount: z.number(),
  actions: z
    .looseObject({
      desktop_web_checkout_url: z.string().nullish(),
      mobile_web_checkout_url: z.string().nullish(),
      mobile_deeplink_checkout_url: z.string().nullish(),
    })
    .nullish(),
});

/** OVO wants the payer's number in E.164 (+62…); members type it as 08…, 628… or +628…. */
export function e164Indonesia(phone: string | undefined): string {
  const digits = (phone ?? '').replace(/[^\d+]/g, '');
  const national = digits.replace(/^\+?62/, '').replace(/^0/, '');
  if (!/^8\d{7,12}$/.test(national)) throw new GatewayError('xendit', 'invalid_request', "OVO needs the payer's Indonesian mobile number");
  return `+62${national}`;
}

/** VA names may hold letters and spaces only (BCA: at least 3); the bank shows it on the ATM screen. */
const vaName = (name: string | undefined) => {
  const clean = (name ?? '')
    .replace(/[^A-Za-z ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean.length >= 3 ? clean.slice(0, 40) : 'Kayuh';
};

function check(req: ChargeRequest, answer: { reference: string; amount: number }, res: GatewayResponse) {
  if (answer.reference !== req.orderId || answer.amount !== req.amount)
    throw new GatewayError('xendit', 'bad_response', 'answer does not match the request', res.status, res.body);
}

async function chargeQr(req: ChargeRequest, headers: Record<string, string>, http: GatewayHttp): Promise<ChargeResult> {
  const body = { reference_id: req.orderId, type: 'DYNAMIC', currency: req.currency, amount: req.amount, expires_at: req.expiresAt.toISOString() };
  const res = await http.post('/qr_codes', body, { ...headers, 'api-version': XENDIT_QR_API_VERSION });
  raiseOnError(res);
  const qr = parse(qrCode, res, 'QR code');
  check(req, { reference: qr.reference_id, amount: qr.amount }, res);
  return {
    channelTxnId: qr.id,
    status: 'pending',
    display: { kind: 'qris', payload: qr.qr_string },
    expiresAt: parseIso(qr.expires_at),
    raw: res.body,
  };
}

async function chargeVa(req: ChargeRequest, bank: string, headers: Record<string, string>, http: GatewayHttp): Promise<ChargeResult> {
  const body = {
    external_id: req.orderId,
    bank_code: bank,
    name: vaName(req.customer?.name),
    currency: req.currency,
    expected_amount: req.amount,
    is_closed: true,
    is_single_use: true,
    expiration_date: req.expiresAt.toISOString(),
  };
  const res = await http.post('/callback_virtual_accounts', body, headers);
  raiseOnError(res);
  const va = parse(fixedVa, res, 'fixed VA');
  check(req, { reference: va.external_id, amount: va.expected_amount ?? -1 }, res);
  return {
    channelTxnId: va.id,
    status: 'pending',
    display: { kind: 'va', bank: va.bank_code, vaNumber: va.account_number },
    expiresAt: parseIso(va.expiration_date),
    raw: res.body,
  };
}

async function chargeEwallet(req: ChargeRequest, channelCode: string, headers: Record<string, string>, http: GatewayHttp): Promise<ChargeResult> {
  const ovo = channelCode === XENDIT_EWALLET.EW_OVO;
  if (!ovo && !req.returnUrl) throw new GatewayError('xendit', 'invalid_request', `${channelCode} needs a returnUrl to send the payer back to`);
  const phone = ovo ? e164Indonesia(req.customer?.phone) : undefined;
  const body = {
    reference_id: req.orderId,
    currency: req.currency,
    amount: req.amount,
    checkout_method: 'ONE_TIME_PAYMENT',
    channel_code: channelCode,
    channel_properties: ovo ? { mobile_number: phone } : { success_redirect_url: req.returnUrl },
  };
  const res = await http.post('/ewallets/charges', body, headers);
  raiseOnError(res);
  const charge = parse(ewallet, res, 'eWallet charge');
  check(req, { reference: charge.reference_id, amount: charge.charge_amount }, res);
  const status = ewalletEvent(charge.status);
  const actions = charge.actions ?? {};
  const url = actions.desktop_web_checkout_url ?? actions.mobile_web_checkout_url ?? actions.mobile_deeplink_checkout_url;
  const display = ovo
    ? { kind: 'push' as const, phone: phone! }
    : url
      ? { kind: 'redirect' as const, url, deeplink: actions.mobile_deeplink_checkout_url ?? undefined }
      : undefined;
  if (!display) throw new GatewayError('xendit', 'bad_response', 'eWallet charge has no checkout URL', res.status, res.body);
  return { channelTxnId: charge.id, status: status === 'paid' ? 'paid' : status === 'pending' ? 'pending' : 'failed', display, raw: res.body };
}

async function qrStatus(ref: PaymentRef, headers: Record<string, string>, http: GatewayHttp, now: Date): Promise<GatewayNotification> {
  const versioned = { ...headers, 'api-version': XENDIT_QR_API_VERSION };
  const paymentsRes = await http.get(`/qr_codes/${encodeURIComponent(ref.channelTxnId)}/payments`, versioned);
  raiseOnError(paymentsRes);
  const payments = parse(z.looseObject({ data: z.array(z.unknown()) }), paymentsRes, 'QR payments').data;
  for (const payment of payments) {
    const read = readQrPayment(payment);
    if (read.ok) return read.notification;
  }
  const res = await http.get(`/qr_codes/${encodeURIComponent(ref.channelTxnId)}`, versioned);
  raiseOnError(res);
  const qr = parse(qrCode, res, 'QR code');
  const expiresAt = parseIso(qr.expires_at);
  const expired = qr.status === 'INACTIVE' && expiresAt !== undefined && expiresAt <= now;
  if (qr.status === 'INACTIVE' && !expired)
    throw new GatewayError('xendit', 'indeterminate', 'QR code is inactive without a payment or an expiry', res.status, res.body);
  const status = expired ? 'expired' : 'pending';
  return pollNotification(ref, 'QRIS', status, qr.status, qr.amount, qr.currency);
}

async function vaStatus(ref: PaymentRef, headers: Record<string, string>, http: GatewayHttp, now: Date): Promise<GatewayNotification> {
  const res = await http.get(`/callback_virtual_accounts/${encodeURIComponent(ref.channelTxnId)}`, headers);
  raiseOnError(res);
  const va = parse(fixedVa, res, 'fixed VA');
  const expiresAt = parseIso(va.expiration_date);
  if (va.status === 'INACTIVE' && (expiresAt === undefined || expiresAt > now))
    // A single-use VA goes INACTIVE once paid; the VA object does not say so, only the payment callback does.
    throw new GatewayError(
      'xendit',
      'indeterminate',
      'fixed VA is inactive before its expiry: paid or closed; the payment callback decides',
      res.status,
      res.body,
    );
  return pollNotification(
    ref,
    ref.channelCode,
    va.status === 'INACTIVE' ? 'expired' : 'pending',
    va.status,
    va.expected_amount ?? 0,
    va.currency ?? 'IDR',
  );
}

function pollNotification(
  ref: PaymentRef,
  channel: ChannelCode,
  status: 'pending' | 'expired',
  providerStatus: string,
  amount: number,
  currency: string,
): GatewayNotification {
  return {
    provider: 'xendit',
    channel,
    orderId: ref.orderId,
    channelTxnId: ref.channelTxnId,
    status,
    providerStatus,
    amount,
    currency,
    eventKey: eventKey(channel, ref.channelTxnId, status),
  };
}

export function createXenditAdapter({ now = () => new Date() }: { now?: () => Date } = {}): GatewayAdapter {
  return {
    provider: 'xendit',
    channels: XENDIT_CHANNELS,

    async charge(req, secret, http) {
      if (req.currency !== 'IDR') throw new GatewayError('xendit', 'invalid_request', `currency ${req.currency} is not IDR`);
      if (!Number.isSafeInteger(req.amount) || req.amount <= 0)
        throw new GatewayError('xendit', 'invalid_request', 'amount must be a positive integer');
      if (req.expiresAt <= now()) throw new GatewayError('xendit', 'invalid_request', 'expiresAt is not in the future');
      const headers = xenditHeaders(secret);
      if (req.channelCode === 'QRIS') return chargeQr(req, headers, http);
      const bank = XENDIT_VA_BANK[req.channelCode as keyof typeof XENDIT_VA_BANK];
      if (bank) return chargeVa(req, bank, headers, http);
      const wallet = XENDIT_EWALLET[req.channelCode as keyof typeof XENDIT_EWALLET];
      if (wallet) return chargeEwallet(req, wallet, headers, http);
      throw new GatewayError('xendit', 'unsupported_channel', `channel ${req.channelCode} is not charged through Xendit`);
    },

    async status(ref, secret, http) {
      const headers = xenditHeaders(secret);
      if (ref.channelCode === 'QRIS') return qrStatus(ref, headers, http, now());
      if (ref.channelCode in XENDIT_VA_BANK) return vaStatus(ref, headers, http, now());
      if (!(ref.channelCode in XENDIT_EWALLET)) throw new GatewayError('xendit', 'unsupported_channel', `channel ${ref.channelCode}`);
      const res = await http.get(`/ewallets/charges/${encodeURIComponent(ref.channelTxnId)}`, headers);
      raiseOnError(res);
      const read = readEwalletCharge(res.body);
      if (!read.ok)
        throw new GatewayError('xendit', 'bad_response', `eWallet charge unreadable: ${read.detail ?? read.reason}`, res.status, res.body);
      return read.notification;
    },

    verifyNotification: verifyXenditCallback,
    refundSupported: (channelCode) => xenditRefundSupport(channelCode).supported,
    refundSupport: xenditRefundSupport,
    refund: xenditRefund,
  };
}

export const xenditAdapter = createXenditAdapter();
