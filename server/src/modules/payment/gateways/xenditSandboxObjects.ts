import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { buildDynamicQris, toQrisText, type QrisCriteria } from '@kayuh/contract/rules/qris';
import { z } from 'zod';
import type { ChannelCode } from './types.ts';
import { XENDIT_QR_API_VERSION } from './xendit.ts';
import { XENDIT_EWALLET, XENDIT_VA_BANK } from './xenditCallbacks.ts';

/** The objects the Xendit sandbox holds — QR codes, fixed VAs, eWallet charges — as Xendit writes them, and how a payer changes them. */

export type XenditOutcome = 'paid' | 'failed' | 'expired';
export type Kind = 'qr' | 'va' | 'ewallet';

export interface Held {
  kind: Kind;
  channel: ChannelCode;
  object: Record<string, unknown>;
  /** A QR code's payment (GET /qr_codes/{id}/payments lists it) or a VA's payment callback, once paid. */
  payment?: Record<string, unknown>;
}

export interface SandboxAccount {
  businessId: string;
  now: () => Date;
  publicUrl: string;
  qris: {
    nmid: string;
    merchantName: string;
    merchantCity: string;
    postalCode?: string;
    mcc?: string;
    criteria?: QrisCriteria;
    merchantPan?: string;
  };
}

const hexId = () => randomBytes(12).toString('hex');
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const alnum = (n: number) => Array.from({ length: n }, () => ALNUM[randomInt(ALNUM.length)]).join('');
const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');
const iso = (at: Date) => at.toISOString();
/** Xendit VA numbers start with the merchant's code at the bank. */
const VA_MERCHANT_CODE: Record<string, string> = { BCA: '10766', BNI: '8808', BRI: '26215', MANDIRI: '88608' };

export const channelOf = <T extends Record<string, string>>(map: T, value: string) =>
  (Object.keys(map) as (keyof T)[]).find((key) => map[key] === value) as ChannelCode | undefined;

const amount = z.number().int().positive();
export const qrBody = z.looseObject({
  reference_id: z.string().min(1).max(255),
  type: z.literal('DYNAMIC'),
  currency: z.literal('IDR'),
  amount: amount.max(10_000_000),
  expires_at: z.iso.datetime({ offset: true }).optional(),
});
export const vaBody = z.looseObject({
  external_id: z.string().min(1).max(950),
  bank_code: z.enum(Object.values(XENDIT_VA_BANK) as [string, ...string[]]),
  name: z.string().regex(/^[A-Za-z ]{1,255}$/),
  expected_amount: amount.optional(),
  is_closed: z.boolean().optional(),
  is_single_use: z.boolean().optional(),
  expiration_date: z.iso.datetime({ offset: true }).optional(),
});
export const ewalletBody = z.looseObject({
  reference_id: z.string().min(1).max(255),
  currency: z.literal('IDR'),
  amount: amount.min(100),
  checkout_method: z.literal('ONE_TIME_PAYMENT'),
  channel_code: z.enum(Object.values(XENDIT_EWALLET) as [string, ...string[]]),
  channel_properties: z.looseObject({
    mobile_number: z
      .string()
      .regex(/^\+62\d{8,13}$/)
      .optional(),
    success_redirect_url: z.url().optional(),
  }),
});

export function newQrCode(account: SandboxAccount, body: z.infer<typeof qrBody>): Held {
  const at = account.now();
  const { nmid, merchantName, merchantCity, postalCode, mcc = '4121', criteria = 'UME', merchantPan = '936008480000005469' } = account.qris;
  const qr_string = buildDynamicQris({
    nmid,
    criteria,
    acquirerDomain: 'CO.XENDIT.WWW',
    merchantPan,
    merchantId: alnum(15),
    // The names an acquirer registers are what a QR can carry: ASCII, 25 and 15 characters.
    merchantName: toQrisText(merchantName, 25) || 'MERCHANT',
    merchantCity: toQrisText(merchantCity, 15) || 'JAKARTA',
    postalCode,
    mcc,
    amount: body.amount,
    reference: alnum(25),
  });
  const object = {
    id: `qr_${randomUUID()}`,
    reference_id: body.reference_id,
    business_id: account.businessId,
    type: 'DYNAMIC',
    currency: 'IDR',
    amount: body.amount,
    channel_code: 'ID_DANA',
    status: 'ACTIVE',
    qr_string,
    // A dynamic QR code without expires_at lives 48 hours.
    expires_at: body.expires_at ?? iso(new Date(at.getTime() + 48 * 3600_000)),
    created: iso(at),
    updated: iso(at),
    metadata: null,
  };
  return { kind: 'qr', channel: 'QRIS', object };
}

export function newFixedVa(account: SandboxAccount, body: z.infer<typeof vaBody>): Held {
  const code = VA_MERCHANT_CODE[body.bank_code];
  const object = {
    id: hexId(),
    owner_id: account.businessId,
    external_id: body.external_id,
    bank_code: body.bank_code,
    merchant_code: code,
    // BNI requires the "XDT-" prefix on every VA name.
    name: body.bank_code === 'BNI' ? `XDT-${body.name}` : body.name,
    account_number: code + digits(16 - code.length),
    is_closed: body.is_closed ?? false,
    expected_amount: body.expected_amount,
    is_single_use: body.is_single_use ?? false,
    expiration_date: body.expiration_date ?? iso(new Date(account.now().getTime() + 31 * 86400_000)),
    status: 'PENDING',
    currency: 'IDR',
    country: 'ID',
  };
  return { kind: 'va', channel: channelOf(XENDIT_VA_BANK, body.bank_code)!, object };
}

export function newEwalletCharge(account: SandboxAccount, body: z.infer<typeof ewalletBody>, callbackUrl: string): Held {
  const at = account.now();
  const id = `ewc_${randomUUID()}`;
  const ovo = body.channel_code === XENDIT_EWALLET.EW_OVO;
  const checkout = `${account.publicUrl}/v1/ewallet_connector/checkouts?token=${id}`;
  const object = {
    id,
    business_id: account.businessId,
    reference_id: body.reference_id,
    status: 'PENDING',
    currency: 'IDR',
    charge_amount: body.amount,
    capture_amount: body.amount,
    refunded_amount: null,
    checkout_method: 'ONE_TIME_PAYMENT',
    channel_code: body.channel_code,
    channel_properties: body.channel_properties,
    // OVO pushes the payment to the payer's app: there is no page to send them to.
    actions: ovo
      ? null
      : { desktop_web_checkout_url: checkout, mobile_web_checkout_url: checkout, mobile_deeplink_checkout_url: null, qr_checkout_string: null },
    is_redirect_required: !ovo,
    callback_url: callbackUrl,
    created: iso(at),
    updated: iso(at),
    voided_at: null,
    capture_now: true,
    customer_id: null,
    payment_method_id: null,
    failure_code: null,
    basket: null,
    metadata: null,
  };
  return { kind: 'ewallet', channel: channelOf(XENDIT_EWALLET, body.channel_code)!, object };
}

/** Applies a payer's outcome to a held object and builds the callback Xendit sends for it; undefined when it sends none. */
export function settleHeld(
  account: SandboxAccount,
  held: Held,
  outcome: XenditOutcome,
  issuer: string | undefined,
): Record<string, unknown> | undefined {
  const at = iso(account.now());
  const o = held.object;
  if (o.status === 'INACTIVE' || o.status === 'SUCCEEDED' || o.status === 'FAILED') throw new Error(`xendit sandbox: ${o.id} is already ${o.status}`);
  if (held.kind === 'ewallet') {
    const failure = outcome === 'failed' ? 'INSUFFICIENT_BALANCE' : 'USER_DID_NOT_AUTHORIZE_THE_PAYMENT';
    Object.assign(o, { status: outcome === 'paid' ? 'SUCCEEDED' : 'FAILED', updated: at, failure_code: outcome === 'paid' ? null : failure });
    return { event: 'ewallet.capture', business_id: account.businessId, created: at, data: { ...o } };
  }
  if (outcome === 'expired') Object.assign(o, { status: 'INACTIVE', updated: at, [held.kind === 'qr' ? 'expires_at' : 'expiration_date']: at });
  if (outcome !== 'paid') return undefined;
  // A dynamic QR code and a single-use VA take one payment and close.
  o.status = 'INACTIVE';
  if (held.kind === 'qr') {
    held.payment = {
      id: `qrpy_${randomUUID()}`,
      business_id: account.businessId,
      currency: o.currency,
      amount: o.amount,
      status: 'SUCCEEDED',
      created: at,
      qr_id: o.id,
      qr_string: o.qr_string,
      reference_id: o.reference_id,
      type: o.type,
      channel_code: o.channel_code,
      expires_at: o.expires_at,
      description: '',
      basket: null,
      metadata: null,
      payment_detail: { receipt_id: digits(12), source: issuer ?? 'DANA', name: null, account_details: null },
    };
    return { event: 'qr.payment', api_version: XENDIT_QR_API_VERSION, business_id: account.businessId, created: at, data: held.payment };
  }
  held.payment = {
    id: hexId(),
    payment_id: hexId(),
    callback_virtual_account_id: o.id,
    owner_id: account.businessId,
    external_id: o.external_id,
    account_number: o.account_number,
    bank_code: o.bank_code,
    transaction_timestamp: at,
    amount: o.expected_amount,
    merchant_code: o.merchant_code,
    currency: 'IDR',
    country: 'ID',
    sender_name: 'Kayuh Sandbox Payer',
    payment_detail: {
      payment_interface: 'MOBILE_BANKING',
      reference: digits(11),
      sender_channel_code: issuer ?? o.bank_code,
      transfer_method: 'INHOUSE',
    },
  };
  return held.payment;
}
