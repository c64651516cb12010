import { randomInt } from 'node:crypto';
import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { iakSign, type IakCredentials } from './iak.ts';
import { deliver, fetchSender, type NotifySender, type SentNotification } from './sandboxNotify.ts';
import { safeEqual } from './wire.ts';

/**
 * An offline IAK prepaid API v2 (`/api/top-up`, `/api/check-status`, `/api/pricelist`, `/api/check-balance`) with
 * IAK's sign check, response codes and JSON. Like IAK, the first answer to a top-up is always status 0 / rc 39; the
 * order then waits until `settle()` resolves it — success (with a PLN token as `sn`), failure, or stuck forever, the
 * case DOMAIN §3.10 must survive — and a resolution is reported by the callback IAK would send (IAK's own development
 * environment sends none unless triggered from its sandbox report page; this is that trigger).
 */

export interface IakSandboxProduct {
  code: string;
  description: string;
  nominal: number;
  type: 'pln' | 'pulsa' | 'data';
  price: number;
}

/** Codes and prices of IAK's development pricelist (fixtures/iak/pricelist-response.json). */
export const IAK_SANDBOX_PRODUCTS: IakSandboxProduct[] = [
  { code: 'hpln20000', description: 'PLN', nominal: 20000, type: 'pln', price: 20500 },
  { code: 'hpln50000', description: 'PLN', nominal: 50000, type: 'pln', price: 50500 },
  { code: 'hpln100000', description: 'PLN', nominal: 100000, type: 'pln', price: 100500 },
  { code: 'xld25000', description: 'XL', nominal: 25000, type: 'pulsa', price: 25100 },
];

export interface IakSandboxOptions extends IakCredentials {
  /** The development callback URL set on developer.iak.id. */
  callbackUrl: string;
  send?: NotifySender;
  /** Development deposit, whole rupiah. */
  balance?: number;
  products?: IakSandboxProduct[];
}

interface Order {
  refId: string;
  product: IakSandboxProduct;
  customerId: string;
  trId: number;
  status: 0 | 1 | 2;
  rc: string;
  message: string;
  sn?: string;
}

export type IakSandboxOutcome = 'success' | 'failed' | 'stuck';

export interface IakSandbox {
  plugin: FastifyPluginAsync;
  /** Resolves a processing order; 'stuck' leaves it processing and sends nothing, like a transaction IAK never finishes. */
  settle(refId: string, outcome: IakSandboxOutcome): Promise<SentNotification | undefined>;
  balance(): number;
}

const refused = (reply: FastifyReply, rc: string, message: string) => reply.status(400).send({ data: { rc, message } });

const topUpBody = z.looseObject({
  username: z.string(),
  ref_id: z.string().min(1),
  customer_id: z.string().min(1),
  product_code: z.string().min(1),
  sign: z.string(),
});
const refBody = z.looseObject({ username: z.string(), ref_id: z.string().min(1), sign: z.string() });
const listBody = z.looseObject({ username: z.string(), sign: z.string(), status: z.enum(['all', 'active', 'non active']).default('all') });

/** A PLN token: 20 digits written in groups of four, then the name, tariff, power (VA) and kWh IAK appends. */
function plnSn(product: IakSandboxProduct): string {
  const token = Array.from({ length: 20 }, () => randomInt(10)).join('');
  // PLN's R1/1300 VA tariff is Rp 1,444.70 per kWh, so the kWh a member gets is nominal / 1444.70.
  const kwh = ((product.nominal * 100) / 144470).toFixed(1);
  return `${token.replace(/(\d{4})(?=\d)/g, '$1-')}/KAYUH SANDBOX/R1 /000001300/${kwh}`;
}

export function createIakSandbox(options: IakSandboxOptions): IakSandbox {
  const { send = fetchSender, products = IAK_SANDBOX_PRODUCTS } = options;
  let balance = options.balance ?? 1_000_000;
  let nextTrId = 1000;
  const orders = new Map<string, Order>();
  const signedBy = (username: string, sign: string, extra: string) =>
    username === options.username && safeEqual(iakSign(options, extra), sign.toLowerCase());

  const data = (order: Order) => ({
    ref_id: order.refId,
    status: order.status,
    product_code: order.product.code,
    customer_id: order.customerId,
    price: order.product.price,
    message: order.message,
    ...(order.sn ? { sn: order.sn } : {}),
    balance,
    tr_id: order.trId,
    rc: order.rc,
  });

  const plugin: FastifyPluginAsync = async (app) => {
    app.setErrorHandler((error: FastifyError, _req, reply) =>
      error.statusCode && error.statusCode < 500
        ? refused(reply, '107', 'ERROR IN XML FORMAT')
        : reply.status(500).send({ data: { rc: '201', message: 'UNDEFINED RESPONSE CODE' } }),
    );
    const config = { access: 'public' as const };

    app.post('/api/top-up', { config }, async (req, reply) => {
      const parsed = topUpBody.safeParse(req.body);
      if (!parsed.success) return refused(reply, '107', 'ERROR IN XML FORMAT');
      const { username, ref_id, customer_id, product_code, sign } = parsed.data;
      if (!signedBy(username, sign, ref_id)) return refused(reply, '204', 'WRONG AUTHENTICATION');
      // A ref_id seen before is not bought again: IAK answers it as a check-status.
      const seen = orders.get(ref_id);
      if (seen) return { data: data(seen) };
      const product = products.find((p) => p.code === product_code);
      if (!product) return refused(reply, '20', 'CODE NOT FOUND');
      if (product.type === 'pln' ? !/^\d{11,12}$/.test(customer_id) : !/^0?8\d{8,12}$/.test(customer_id))
        return refused(reply, '14', 'INCORRECT DESTINATION NUMBER');
      if (balance < product.price) return refused(reply, '17', 'INSUFFICIENT DEPOSIT');
      balance -= product.price;
      const order: Order = { refId: ref_id, product, customerId: customer_id, trId: nextTrId++, status: 0, rc: '39', message: 'PROCESS' };
      orders.set(ref_id, order);
      return { data: data(order) };
    });

    app.post('/api/check-status', { config }, async (req, reply) => {
      const parsed = refBody.safeParse(req.body);
      if (!parsed.success) return refused(reply, '107', 'ERROR IN XML FORMAT');
      if (!signedBy(parsed.data.username, parsed.data.sign, parsed.data.ref_id)) return refused(reply, '204', 'WRONG AUTHENTICATION');
      const order = orders.get(parsed.data.ref_id);
      return order ? { data: data(order) } : refused(reply, '06', 'TRANSACTION NOT FOUND');
    });

    const pricelist = async (req: { body: unknown; params: { type?: string; operator?: string } }, reply: FastifyReply) => {
      const parsed = listBody.safeParse(req.body);
      if (!parsed.success) return refused(reply, '107', 'ERROR IN XML FORMAT');
      if (!signedBy(parsed.data.username, parsed.data.sign, 'pl')) return refused(reply, '204', 'WRONG AUTHENTICATION');
      const { type, operator } = req.params;
      const list = products
        .filter((p) => (!type || p.type === type) && (!operator || p.description.toLowerCase() === operator.toLowerCase()))
        .filter(() => parsed.data.status !== 'non active')
        .map((p) => ({
          product_code: p.code,
          product_description: p.description,
          product_nominal: String(p.nominal),
          product_details: '-',
          product_price: p.price,
          product_type: p.type,
          active_period: '0',
          status: 'active',
          icon_url: '-',
          product_category: p.type,
        }));
      return { data: { pricelist: list, rc: '00', message: 'SUCCESS' } };
    };
    app.post('/api/pricelist', { config }, (req, reply) => pricelist({ body: req.body, params: {} }, reply));
    app.post<{ Params: { type: string } }>('/api/pricelist/:type', { config }, (req, reply) => pricelist(req, reply));
    app.post<{ Params: { type: string; operator: string } }>('/api/pricelist/:type/:operator', { config }, (req, reply) => pricelist(req, reply));

    app.post('/api/check-balance', { config }, async (req, reply) => {
      const parsed = z.looseObject({ username: z.string(), sign: z.string() }).safeParse(req.body);
      if (!parsed.success) return refused(reply, '107', 'ERROR IN XML FORMAT');
      if (!signedBy(parsed.data.username, parsed.data.sign, 'bl')) return refused(reply, '204', 'WRONG AUTHENTICATION');
      return { data: { balance, message: 'SUCCESS', rc: '00' } };
    });
  };

  return {
    plugin,
    balance: () => balance,

    async settle(refId, outcome) {
      const order = orders.get(refId);
      if (!order) throw new Error(`iak sandbox: no order ${refId}`);
      if (order.status !== 0) throw new Error(`iak sandbox: order ${refId} is already final (status ${order.status})`);
      if (outcome === 'stuck') return undefined;
      if (outcome === 'success') {
        Object.assign(order, { status: 1, rc: '00', message: 'SUCCESS' });
        order.sn = order.product.type === 'pln' ? plnSn(order.product) : Array.from({ length: 12 }, () => randomInt(10)).join('');
      } else {
        Object.assign(order, { status: 2, rc: '07', message: 'FAILED' });
        balance += order.product.price;
      }
      // Callbacks write every field as a string and carry sign = md5(username + api_key + ref_id).
      const fields = Object.fromEntries(Object.entries(data(order)).map(([key, value]) => [key, String(value)]));
      const body = JSON.stringify({ data: { ...fields, sign: iakSign(options, refId) } });
      return deliver(send, options.callbackUrl, { 'content-type': 'application/json' }, body);
    },
  };
}
