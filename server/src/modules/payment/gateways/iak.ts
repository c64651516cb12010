import { createHash } from 'node:crypto';
import { z } from 'zod';
import { AmountError, toMinorUnits } from './amounts.ts';
import { GatewayError, type GatewayHttp, type GatewayResponse } from './types.ts';
import { safeEqual } from './wire.ts';

/**
 * IAK prepaid API v2 (https://api.iak.id/docs/reference; hosts in http.ts): PLN tokens, pulsa and data bought from
 * our float at IAK. Not a pay-in gateway, so it has its own interface. Every request is JSON with
 * `sign = md5(username + api_key + <what the call is about>)`; the first answer to a top-up is always "processing"
 * (status 0, rc 39) and the final state arrives by callback or by check-status (DOMAIN §3.10).
 */

export interface IakCredentials {
  /** The account's registered phone number. */
  username: string;
  apiKey: string;
}

/** md5(username + api_key + extra): extra is the ref_id (top-up, check-status, callback), 'pl' (pricelist), 'bl' (balance). */
export const iakSign = ({ username, apiKey }: IakCredentials, extra: string) =>
  createHash('md5')
    .update(username + apiKey + extra, 'utf8')
    .digest('hex');

export type IakStatus = 'processing' | 'success' | 'failed';

export interface IakTransaction {
  refId: string;
  status: IakStatus;
  /** IAK response code: 00 success, 39 process, 201 undefined (pending), others a failure (see IAK_RC). */
  rc: string;
  message: string;
  productCode?: string;
  customerId?: string;
  /** What IAK charged our deposit, whole rupiah. */
  price?: number;
  balance?: number;
  trId?: string;
  /** Serial number; for PLN "token/name/tariff/power/kWh" (parsePlnSn). */
  sn?: string;
  pin?: string;
}

/** The documented response codes (docs/prepaid/response-code.md) that our flows tell apart. */
export const IAK_RC = {
  success: ['00'],
  /** 39 PROCESS, 201 UNDEFINED RESPONSE CODE: both "pending" in IAK's table; never a failure (a token may still come). */
  pending: ['39', '201'],
  /** The request was refused before a transaction existed: fix and resend, nothing to refund. */
  rejected: ['102', '107', '110', '117', '118', '204', '205'],
} as const;

const status = z.union([z.literal(0), z.literal(1), z.literal(2), z.enum(['0', '1', '2'])]);
const amount = z.union([z.number(), z.string()]);

/** API answers (numbers) and callbacks (strings); version 1 callbacks say code/hp for product_code/customer_id. */
const transaction = z.looseObject({
  ref_id: z.string().optional(),
  status: status.optional(),
  rc: z.string(),
  message: z.string().default(''),
  product_code: z.string().optional(),
  code: z.string().optional(),
  customer_id: z.string().optional(),
  hp: z.string().optional(),
  price: amount.optional(),
  balance: amount.optional(),
  tr_id: z.union([z.number(), z.string()]).optional(),
  sn: z.string().nullish(),
  pin: z.string().nullish(),
});

const STATUS: Record<string, IakStatus> = { '0': 'processing', '1': 'success', '2': 'failed' };

function statusFromRc(rc: string): IakStatus {
  if ((IAK_RC.success as readonly string[]).includes(rc)) return 'success';
  if ((IAK_RC.pending as readonly string[]).includes(rc)) return 'processing';
  return 'failed';
}

const rupiah = (value: string | number | undefined) => (value === undefined ? undefined : toMinorUnits(value, 'IDR'));

function readTransaction(data: z.infer<typeof transaction>, refId: string): IakTransaction {
  return {
    refId: data.ref_id ?? refId,
    status: data.status === undefined ? statusFromRc(data.rc) : STATUS[String(data.status)],
    rc: data.rc,
    message: data.message,
    productCode: data.product_code ?? data.code,
    customerId: data.customer_id ?? data.hp,
    price: rupiah(data.price),
    balance: rupiah(data.balance),
    trId: data.tr_id === undefined ? undefined : String(data.tr_id),
    sn: data.sn ?? undefined,
    pin: data.pin ?? undefined,
  };
}

/** Reads `{ data: { … } }` whatever the HTTP status (IAK reports refusals in `rc`), or throws a GatewayError. */
function answer(res: GatewayResponse, refId: string): IakTransaction {
  const parsed = z.looseObject({ data: transaction }).safeParse(res.body);
  if (!parsed.success)
    throw new GatewayError('iak', res.status >= 500 ? 'unavailable' : 'bad_response', `HTTP ${res.status} without an rc`, res.status, res.body);
  const { rc, message } = parsed.data.data;
  if ((IAK_RC.rejected as readonly string[]).includes(rc))
    throw new GatewayError(
      'iak',
      rc === '204' ? 'unauthorized' : rc === '110' ? 'unavailable' : 'invalid_request',
      `${rc} ${message}`,
      res.status,
      res.body,
    );
  try {
    return readTransaction(parsed.data.data, refId);
  } catch (error) {
    if (error instanceof AmountError) throw new GatewayError('iak', 'bad_response', error.message, res.status, res.body);
    throw error;
  }
}

export interface IakProduct {
  productCode: string;
  description: string;
  nominal: string;
  type: string;
  category?: string;
  /** Our cost at IAK, whole rupiah. */
  price: number;
  status: string;
}

const product = z.looseObject({
  product_code: z.string(),
  product_description: z.string(),
  product_nominal: z.string(),
  product_type: z.string(),
  product_category: z.string().optional(),
  product_price: amount,
  status: z.string(),
});

export interface IakPrepaid {
  topUp(req: { refId: string; productCode: string; customerId: string }): Promise<IakTransaction>;
  checkStatus(refId: string): Promise<IakTransaction>;
  pricelist(filter?: { type?: string; operator?: string; status?: 'all' | 'active' | 'non active' }): Promise<IakProduct[]>;
}

const REF_ID = /^[A-Za-z0-9_-]{1,50}$/;

export function createIakClient(creds: IakCredentials, http: GatewayHttp): IakPrepaid {
  const headers = { accept: 'application/json' };
  const refIdOk = (refId: string) => {
    if (!REF_ID.test(refId)) throw new GatewayError('iak', 'invalid_request', 'ref_id must be 1–50 letters, digits, - or _');
  };
  return {
    async topUp({ refId, productCode, customerId }) {
      refIdOk(refId);
      // Sending the same ref_id again does not buy twice: IAK answers it as a check-status.
      const body = { username: creds.username, ref_id: refId, customer_id: customerId, product_code: productCode, sign: iakSign(creds, refId) };
      return answer(await http.post('/api/top-up', body, headers), refId);
    },

    async checkStatus(refId) {
      refIdOk(refId);
      return answer(await http.post('/api/check-status', { username: creds.username, ref_id: refId, sign: iakSign(creds, refId) }, headers), refId);
    },

    async pricelist({ type, operator, status = 'all' } = {}) {
      const path = ['/api/pricelist', type, type && operator].filter(Boolean).join('/');
      const res = await http.post(path, { username: creds.username, sign: iakSign(creds, 'pl'), status }, headers);
      // The live API nests the list ({ data: { pricelist, rc, message } }); the reference page shows { data: [ … ] }.
      const parsed = z
        .looseObject({ data: z.union([z.array(product), z.looseObject({ pricelist: z.array(product), rc: z.string().optional() })]) })
        .safeParse(res.body);
      if (!parsed.success) {
        answer(res, 'pl');
        throw new GatewayError('iak', 'bad_response', 'pricelist answer is not readable', res.status, res.body);
      }
      const list = Array.isArray(parsed.data.data) ? parsed.data.data : parsed.data.data.pricelist;
      return list.map((p) => ({
        productCode: p.product_code,
        description: p.product_description,
        nominal: p.product_nominal,
        type: p.product_type,
        category: p.product_category,
        price: toMinorUnits(p.product_price, 'IDR'),
        status: p.status,
      }));
    },
  };
}

export interface IakCallback extends IakTransaction {
  /** `IAK:<tr_id>:<status>` (DOMAIN §4.3). */
  eventKey: string;
}

export type IakCallbackCheck = { ok: true; callback: IakCallback } | { ok: false; reason: 'signature' | 'malformed'; detail?: string };

/**
 * An IAK callback carries `sign = md5(username + api_key + ref_id)` in its body: the same value as the top-up's own
 * sign. It proves the sender knows the API key but covers neither status nor sn, so a success or failure read here
 * should be confirmed with checkStatus before the ledger moves (DOMAIN §3.10 allows either source).
 */
export function verifyIakCallback(rawBody: string, creds: IakCredentials): IakCallbackCheck {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return { ok: false, reason: 'malformed', detail: 'body is not JSON' };
  }
  const signed = z.looseObject({ data: z.looseObject({ ref_id: z.string().min(1), sign: z.string() }) }).safeParse(body);
  if (!signed.success) return { ok: false, reason: 'malformed', detail: 'no ref_id and sign' };
  const { ref_id, sign } = signed.data.data;
  if (!safeEqual(iakSign(creds, ref_id), sign.toLowerCase())) return { ok: false, reason: 'signature' };
  const parsed = z.looseObject({ data: transaction }).safeParse(body);
  if (!parsed.success || parsed.data.data.status === undefined) return { ok: false, reason: 'malformed', detail: 'no status or rc' };
  try {
    const read = readTransaction(parsed.data.data, ref_id);
    return { ok: true, callback: { ...read, eventKey: `IAK:${read.trId ?? read.refId}:${read.status}` } };
  } catch (error) {
    if (error instanceof AmountError) return { ok: false, reason: 'malformed', detail: error.message };
    throw error;
  }
}

export interface PlnToken {
  /** The 20 digits the member keys into the meter. */
  token: string;
  customerName?: string;
  tariff?: string;
  /** Contracted power in VA. */
  powerVa?: number;
  kwh?: string;
}

/** IAK's PLN serial number: "0123-4567-8901-2345-6789/NAME/R1 /000001300/66.2" (docs/prepaid/sn-format.md). */
export function parsePlnSn(sn: string): PlnToken | undefined {
  const [token, customerName, tariff, power, kwh] = sn.split('/');
  const digits = (token ?? '').replace(/[\s-]/g, '');
  if (!/^\d{20}$/.test(digits)) return undefined;
  return {
    token: digits,
    customerName: customerName?.trim() || undefined,
    tariff: tariff?.trim() || undefined,
    powerVa: power && /^\d+$/.test(power.trim()) ? Number(power.trim()) : undefined,
    kwh: kwh?.trim() || undefined,
  };
}
