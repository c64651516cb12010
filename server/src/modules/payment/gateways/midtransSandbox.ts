import { randomInt, randomUUID } from 'node:crypto';
import { buildDynamicQris, toQrisText, type QrisCriteria } from '@kayuh/contract/rules/qris';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { z } from 'zod';
import { midtransSignature } from './midtrans.ts';
import { transactionBody, type SandboxOrder } from './midtransSandboxOrder.ts';
import { midtransSettlementReport, registerRefundRoutes, type SettlementReportOptions } from './midtransSandboxRefunds.ts';
import { deliver, fetchSender, notifyUrl, type NotifySender, type NotifyTarget, type SentNotification } from './sandboxNotify.ts';
import type { ChannelCode } from './types.ts';
import { basicAuthUser, parseWib } from './wire.ts';

/**
 * An offline Midtrans Core API: the endpoints of midtrans.ts with Midtrans' own JSON, auth and error shapes, orders
 * in memory, and `settle()` to play the payer — it builds the HTTP notification Midtrans would send, signed with
 * the server key the order was charged with, and POSTs it to the notification URL. Refunds answer at once, as
 * Midtrans does; `refundCallback()` then sends the refund notification (the one with bank_confirmed_at, which
 * Midtrans asks merchants to act on). It is a separate call, not sent from inside the refund request, so that a
 * caller holding the payment order's row lock around its refund call does not wait on its own notify route.
 */

export interface MidtransSandboxOptions {
  /** Server keys the sandbox accepts (Basic-auth user name). */
  serverKeys: string[];
  /** The merchant's id at Midtrans / GoPay, "G" and 9 digits; it is also the merchant id inside the QR. */
  merchantId?: string;
  /** The channel's QRIS merchant (payment_channels.nmid and the names registered with it). */
  qris: {
    nmid: string;
    merchantName: string;
    merchantCity: string;
    postalCode?: string;
    mcc?: string;
    criteria?: QrisCriteria;
    merchantPan?: string;
  };
  /** The dashboard's Payment Notification URL; a charge's X-Override-Notification header wins over it. */
  notify: NotifyTarget;
  send?: NotifySender;
  now?: () => Date;
  /** Base of the action URLs the sandbox hands out (its own address as the caller sees it). */
  publicUrl?: string;
}

export type SandboxOutcome = 'paid' | 'failed' | 'expired';

const DEFAULT_EXPIRY_MINUTES: Record<string, number> = { qris: 15, gopay: 15, shopeepay: 5, bank_transfer: 24 * 60, echannel: 24 * 60 };
const VA_PREFIX: Record<string, string> = { bca: '12345', bni: '988', bri: '8578' };
const VA_LENGTH: Record<string, number> = { bca: 15, bni: 16, bri: 16 };
const UNIT_MINUTES = { second: 1 / 60, minute: 1, hour: 60, day: 1440 } as const;
const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

/** What Midtrans validates of a charge before anything else (its 400 lists these as validation_messages). */
const chargeBody = z.looseObject({
  payment_type: z.string().min(1),
  transaction_details: z.looseObject({
    order_id: z.string().regex(/^[A-Za-z0-9\-_.~]{1,50}$/, 'is invalid'),
    gross_amount: z
      .union([z.number(), z.string().regex(/^\d+$/)])
      .refine((value) => Number.isSafeInteger(Number(value)) && Number(value) > 0, 'must be a whole number of rupiah'),
  }),
  bank_transfer: z.looseObject({ bank: z.string() }).optional(),
  custom_expiry: z
    .looseObject({
      order_time: z.string().optional(),
      expiry_duration: z.coerce.number().positive(),
      unit: z.enum(['second', 'minute', 'hour', 'day']).default('minute'),
    })
    .optional(),
});

function midtransError(reply: FastifyReply, code: number, message: string, extra: Record<string, unknown> = {}) {
  return reply.status(code).send({ status_code: String(code), status_message: message, id: randomUUID(), ...extra });
}

export interface MidtransSandbox {
  plugin: FastifyPluginAsync;
  settle(orderId: string, outcome: SandboxOutcome, payer?: { issuer?: string }): Promise<SentNotification>;
  /**
   * The bank confirms a refund (the latest of the order's, or the one with `refundKey`): Midtrans' refund notification,
   * listing all the order's refunds, goes to the notification URL. Throws for an order or refund it does not hold.
   */
  refundCallback(orderId: string, refundKey?: string): Promise<SentNotification>;
  /** The payout report CSV, in Midtrans' columns, of what the sandbox settled and refunded in [from, to). */
  settlementReport(options: SettlementReportOptions): string;
  /** Orders as the sandbox holds them, for assertions and the demo's "pay now" buttons. */
  orders(): readonly Readonly<SandboxOrder>[];
}

export type { SandboxOrder, SettlementReportOptions };

export function createMidtransSandbox(options: MidtransSandboxOptions): MidtransSandbox {
  const { now = () => new Date(), send = fetchSender, publicUrl = 'http://midtrans.sandbox.invalid', merchantId = 'G141532850' } = options;
  const orders = new Map<string, SandboxOrder>();
  const find = (id: string) => orders.get(id) ?? [...orders.values()].find((order) => order.transactionId === id);

  const transaction = (order: SandboxOrder) => transactionBody(order, merchantId);

  /** The HTTP notification of the order's state now, signed with the key it was charged with. */
  function notify(order: SandboxOrder) {
    const { expiry_time: _unused, ...fields } = transaction(order);
    const body = { ...fields, status_message: 'midtrans payment notification' } as Record<string, string>;
    body.signature_key = midtransSignature(order.orderId, body.status_code, body.gross_amount, order.serverKey);
    const url = order.notifyOverride ?? notifyUrl(options.notify, { orderId: order.orderId, channel: order.channel });
    return deliver(send, url, { 'content-type': 'application/json', accept: 'application/json' }, JSON.stringify(body));
  }

  function actions(order: SandboxOrder) {
    const id = order.transactionId;
    const list = [];
    if (order.paymentType === 'qris' || order.paymentType === 'gopay')
      list.push({ name: 'generate-qr-code', method: 'GET', url: `${publicUrl}/v2/${order.paymentType}/${id}/qr-code` });
    if (order.paymentType === 'gopay')
      list.push({ name: 'deeplink-redirect', method: 'GET', url: `${publicUrl}/gopay/ui/checkout?referenceid=${id}` });
    if (order.paymentType === 'shopeepay')
      list.push({ name: 'deeplink-redirect', method: 'GET', url: `${publicUrl}/shopeepay/ui/checkout?reference=${id}` });
    list.push(
      { name: 'get-status', method: 'GET', url: `${publicUrl}/v2/${id}/status` },
      { name: 'cancel', method: 'POST', url: `${publicUrl}/v2/${id}/cancel` },
    );
    return list;
  }

  const authorized = (req: FastifyRequest) => {
    const key = basicAuthUser(req.headers.authorization);
    return key !== undefined && options.serverKeys.includes(key) ? key : undefined;
  };

  const CHARGE_MESSAGE: Record<string, string> = {
    qris: 'QRIS transaction is created',
    gopay: 'GoPay transaction is created',
    shopeepay: 'ShopeePay transaction is created',
    bank_transfer: 'Success, Bank Transfer transaction is created',
    echannel: 'OK, Mandiri Bill transaction is successful',
  };

  function channelOf(paymentType: string, bank: string | undefined): ChannelCode | undefined {
    if (paymentType === 'bank_transfer') return ({ bca: 'VA_BCA', bni: 'VA_BNI', bri: 'VA_BRI' } as const)[bank as 'bca'];
    return ({ qris: 'QRIS', gopay: 'EW_GOPAY', shopeepay: 'EW_SHOPEEPAY', echannel: 'VA_MANDIRI' } as const)[paymentType as 'qris'];
  }

  const plugin: FastifyPluginAsync = async (app) => {
    // A body Fastify cannot parse gets Midtrans' 400, not the console's envelope.
    app.setErrorHandler((error: FastifyError, _req, reply) =>
      midtransError(
        reply,
        error.statusCode && error.statusCode < 500 ? 400 : 500,
        error.statusCode && error.statusCode < 500 ? error.message : 'Sorry. Our system is recovering from unexpected issues. Please retry.',
      ),
    );

    app.post('/v2/charge', { config: { access: 'public' } }, async (req, reply) => {
      const serverKey = authorized(req);
      if (!serverKey) return midtransError(reply, 401, 'Access denied due to unauthorized transaction, please check client or server key');
      const parsed = chargeBody.safeParse(req.body);
      if (!parsed.success)
        return midtransError(reply, 400, 'One or more parameters in the payload is invalid.', {
          validation_messages: parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`),
        });
      const body = parsed.data;
      const paymentType = body.payment_type;
      const orderId = body.transaction_details.order_id;
      const gross = Number(body.transaction_details.gross_amount);
      const bank = paymentType === 'bank_transfer' ? body.bank_transfer?.bank : undefined;
      const channel = channelOf(paymentType, bank);
      if (!channel)
        return midtransError(reply, 400, 'One or more parameters in the payload is invalid.', {
          validation_messages: [`payment_type ${paymentType}${bank ? ` with bank ${bank}` : ''} is not available`],
        });
      if (orders.has(orderId)) return midtransError(reply, 406, 'Duplicate order ID. order_id has already been utilized previously.');

      const at = now();
      const expiry = body.custom_expiry;
      const minutes = expiry ? Number(expiry.expiry_duration) * UNIT_MINUTES[expiry.unit] : DEFAULT_EXPIRY_MINUTES[paymentType];
      // order_time is written "YYYY-MM-DD HH:mm:ss +0700"; the sandbox only speaks WIB.
      const start = parseWib(expiry?.order_time?.replace(/ \+0700$/, '')) ?? at;
      const order: SandboxOrder = {
        orderId,
        transactionId: randomUUID(),
        serverKey,
        paymentType,
        channel,
        grossAmount: gross,
        transactionTime: at,
        expiryTime: new Date(start.getTime() + minutes * 60_000),
        status: 'pending',
        refunds: [],
        notifyOverride:
          String(req.headers['x-override-notification'] ?? '')
            .split(',')[0]
            .trim() || undefined,
      };
      if (paymentType === 'qris' || paymentType === 'gopay') {
        const { nmid, merchantName, merchantCity, postalCode, mcc = '4121', criteria, merchantPan = '936009140000000016' } = options.qris;
        order.qrString = buildDynamicQris({
          nmid,
          criteria,
          acquirerDomain: 'COM.GO-JEK.WWW',
          merchantPan,
          merchantId,
          // The names an acquirer registers are what a QR can carry: ASCII, 25 and 15 characters.
          merchantName: toQrisText(merchantName, 25) || 'MERCHANT',
          merchantCity: toQrisText(merchantCity, 15) || 'JAKARTA',
          postalCode,
          mcc,
          amount: gross,
          reference: orderId.length <= 25 ? orderId : order.transactionId.replace(/-/g, '').slice(0, 25),
        });
      }
      if (bank) order.va = { bank, number: VA_PREFIX[bank] + digits(VA_LENGTH[bank] - VA_PREFIX[bank].length) };
      if (paymentType === 'echannel') order.billKey = digits(12);
      orders.set(orderId, order);

      const answer: Record<string, unknown> = { status_message: CHARGE_MESSAGE[paymentType], ...transaction(order) };
      if (order.qrString || paymentType === 'gopay' || paymentType === 'shopeepay') answer.actions = actions(order);
      if (paymentType === 'qris') answer.qr_string = order.qrString;
      return reply.status(200).send(answer);
    });

    app.get<{ Params: { id: string } }>('/v2/:id/status', { config: { access: 'public' } }, async (req, reply) => {
      if (!authorized(req)) return midtransError(reply, 401, 'Access denied due to unauthorized transaction, please check client or server key');
      const order = find(req.params.id);
      if (!order) return midtransError(reply, 404, "Transaction doesn't exist.");
      const body = transaction(order);
      // The status API reports an expired transaction with its own code, 407; its notification said 202.
      if (order.status === 'expire') body.status_code = '407';
      body.signature_key = midtransSignature(order.orderId, String(body.status_code), String(body.gross_amount), order.serverKey);
      return reply.send({ status_message: 'Success, transaction is found', ...body });
    });

    registerRefundRoutes(app, { find, authorized, error: midtransError, now });

    app.get<{ Params: { kind: string; id: string } }>('/v2/:kind/:id/qr-code', { config: { access: 'public' } }, async (req, reply) => {
      const order = find(req.params.id);
      if (!order?.qrString) return midtransError(reply, 404, "Transaction doesn't exist.");
      return reply.type('image/png').send(await QRCode.toBuffer(order.qrString, { errorCorrectionLevel: 'M', margin: 2 }));
    });
  };

  return {
    plugin,
    orders: () => [...orders.values()],

    async settle(orderId, outcome, payer = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`midtrans sandbox: no order ${orderId}`);
      if (order.status !== 'pending') throw new Error(`midtrans sandbox: order ${orderId} is already ${order.status}`);
      order.status = outcome === 'paid' ? 'settlement' : outcome === 'failed' ? 'deny' : 'expire';
      if (outcome === 'paid') {
        order.settlementTime = now();
        if (order.paymentType === 'qris') order.issuer = payer.issuer ?? 'gopay';
      }
      return notify(order);
    },

    async refundCallback(orderId, refundKey) {
      const order = orders.get(orderId);
      const refund = refundKey === undefined ? order?.refunds.at(-1) : order?.refunds.find((r) => r.key === refundKey);
      if (!order || !refund) throw new Error(`midtrans sandbox: no refund ${refundKey ?? ''} of order ${orderId}`);
      refund.bankConfirmedAt ??= now();
      return notify(order);
    },

    settlementReport: (report) => midtransSettlementReport([...orders.values()], report),
  };
}
