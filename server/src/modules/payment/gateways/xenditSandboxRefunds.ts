import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { channelFee } from './settlementCsv.ts';
import { XENDIT_QR_API_VERSION } from './xenditApi.ts';
import { XENDIT_EWALLET } from './xenditCallbacks.ts';
import { XENDIT_REFUND_REASONS } from './xenditRefund.ts';
import { writeXenditSettlementCsv, type XenditReportLine } from './xenditSettlement.ts';
import type { Held, SandboxAccount } from './xenditSandboxObjects.ts';

/**
 * The Xendit sandbox's refunds: the Refunds API (`POST /refunds`, eWallet charges) and the QR Codes API's refund of a
 * QR payment, both answering PENDING as Xendit does, and the Balance report of what the sandbox settled. A repeated
 * `idempotency-key` with the same request answers what the first was answered; with another request, 409.
 */

export interface SandboxRefund {
  held: Held;
  object: Record<string, unknown>;
  idempotencyKey?: string;
  /** The request as it came, to tell a repeat from a different request under the same idempotency key. */
  request: string;
  answer: Record<string, unknown>;
}

const amount = z.number().int().positive();
const metadata = z.record(z.string(), z.unknown()).nullish();
const refundBody = z.looseObject({
  payment_request_id: z.string().min(1).optional(),
  invoice_id: z.string().min(1).optional(),
  reference_id: z.string().min(1).max(255).optional(),
  currency: z.literal('IDR').optional(),
  amount: amount.optional(),
  reason: z.enum(XENDIT_REFUND_REASONS),
  metadata,
});
const qrRefundBody = z.looseObject({
  reference_id: z.string().min(1).max(255).optional(),
  amount: amount.optional(),
  reason: z.enum(XENDIT_REFUND_REASONS).optional(),
  metadata,
});

export interface RefundRoutes {
  account: SandboxAccount;
  byId: ReadonlyMap<string, Held>;
  refunds: Map<string, SandboxRefund>;
  versioned(req: FastifyRequest, reply: FastifyReply): boolean;
  error(reply: FastifyReply, status: number, code: string, message: string): FastifyReply;
  validation(reply: FastifyReply, error: z.ZodError): FastifyReply;
}

/** What a payment took: an eWallet charge its capture, a QR code its one payment. */
const paidAmount = (held: Held) => Number(held.kind === 'ewallet' ? held.object.capture_amount : held.payment?.amount);
/** Refunds that hold money: the succeeded ones and the ones still pending. */
const reserved = (refunds: Iterable<SandboxRefund>, held: Held) =>
  [...refunds].filter((r) => r.held === held && r.object.status !== 'FAILED').reduce((sum, r) => sum + Number(r.object.amount), 0);

export function registerRefundRoutes(app: FastifyInstance, ctx: RefundRoutes) {
  const { account, byId, refunds, error } = ctx;
  const config = { access: 'public' as const };
  const iso = () => account.now().toISOString();

  /** Idempotency, then the checks Xendit makes of every refund, then the refund; undefined when the reply is sent. */
  function open(req: FastifyRequest, reply: FastifyReply, held: Held, requested: number | undefined) {
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
    const request = JSON.stringify(req.body);
    const earlier = key === undefined ? undefined : [...refunds.values()].find((r) => r.idempotencyKey === key);
    if (earlier) {
      if (earlier.request === request) reply.send(earlier.answer);
      else error(reply, 409, 'DUPLICATE_ERROR', 'The idempotency key has been used with another request');
      return undefined;
    }
    const pending = [...refunds.values()].some((r) => r.held === held && r.object.status === 'PENDING');
    if (pending) return void error(reply, 400, 'REFUND_IN_PROGRESS', 'Please wait for the pending refund request to be completed');
    const remaining = paidAmount(held) - reserved(refunds.values(), held);
    const value = requested ?? remaining;
    if (value <= 0 || value > remaining)
      return void error(reply, 400, 'REFUND_AMOUNT_EXCEEDED', 'Refund amount must be less than or equal to unrefunded capture amount');
    return { key, request, value };
  }

  function keep(held: Held, opened: { key?: string; request: string }, object: Record<string, unknown>) {
    const refund: SandboxRefund = { held, object, idempotencyKey: opened.key, request: opened.request, answer: { ...object } };
    refunds.set(String(object.id), refund);
    return refund.answer;
  }

  app.post('/refunds', { config }, async (req, reply) => {
    const parsed = refundBody.safeParse(req.body);
    if (!parsed.success) return ctx.validation(reply, parsed.error);
    const body = parsed.data;
    if (!body.payment_request_id) return error(reply, 400, 'API_VALIDATION_ERROR', 'payment_request_id is required');
    const held = byId.get(body.payment_request_id);
    if (!held) return error(reply, 404, 'DATA_NOT_FOUND', `${body.payment_request_id} not found`);
    if (held.kind !== 'ewallet' || held.object.channel_code === XENDIT_EWALLET.EW_OVO)
      return error(reply, 403, 'REFUND_NOT_SUPPORTED', 'Refund feature is not available for this payment channel.');
    if (held.object.status !== 'SUCCEEDED') return error(reply, 400, 'INELIGIBLE_TRANSACTION_STATUS', `the payment is ${held.object.status}`);
    const opened = open(req, reply, held, body.amount);
    if (!opened) return reply;
    const at = iso();
    return keep(held, opened, {
      id: `rfd-${randomUUID()}`,
      payment_request_id: held.object.id,
      invoice_id: null,
      amount: opened.value,
      payment_method_type: 'EWALLET',
      channel_code: held.object.channel_code,
      currency: 'IDR',
      status: 'PENDING',
      reason: body.reason,
      reference_id: body.reference_id ?? null,
      failure_code: null,
      refund_fee_amount: null,
      created: at,
      updated: at,
      metadata: body.metadata ?? null,
    });
  });

  app.get<{ Params: { id: string } }>('/refunds/:id', { config }, async (req, reply) => {
    return refunds.get(req.params.id)?.object ?? error(reply, 404, 'DATA_NOT_FOUND', `${req.params.id} not found`);
  });
  app.get<{ Querystring: { payment_request_id?: string } }>('/refunds', { config }, async (req) => ({
    data: [...refunds.values()].filter((r) => r.object.payment_request_id === req.query.payment_request_id).map((r) => r.object),
    has_more: false,
  }));

  const qrOf = (paymentId: string) => [...byId.values()].find((held) => held.kind === 'qr' && held.payment?.id === paymentId);

  app.post<{ Params: { id: string } }>('/qr_codes/payments/:id/refunds', { config }, async (req, reply) => {
    if (!ctx.versioned(req, reply)) return reply;
    const parsed = qrRefundBody.safeParse(req.body ?? {});
    if (!parsed.success) return ctx.validation(reply, parsed.error);
    const held = qrOf(req.params.id);
    if (!held) return error(reply, 404, 'DATA_NOT_FOUND', `${req.params.id} not found`);
    // Xendit's help centre: a QRIS payment made from GoPay cannot be refunded through this endpoint.
    const source = (held.payment!.payment_detail as { source?: string } | undefined)?.source;
    if (String(source).toUpperCase() === 'GOPAY') return error(reply, 403, 'REFUND_NOT_SUPPORTED', 'Refund is not supported for this issuer');
    const opened = open(req, reply, held, parsed.data.amount);
    if (!opened) return reply;
    const at = iso();
    return keep(held, opened, {
      id: `qrrf_${randomUUID()}`,
      qr_id: held.object.id,
      payment_id: held.payment!.id,
      reference_id: parsed.data.reference_id ?? null,
      currency: 'IDR',
      amount: opened.value,
      status: 'PENDING',
      reason: parsed.data.reason ?? null,
      failure_code: null,
      created: at,
      updated: at,
      metadata: parsed.data.metadata ?? null,
    });
  });

  app.get<{ Params: { id: string } }>('/qr_codes/payments/:id/refunds', { config }, async (req, reply) => {
    if (!ctx.versioned(req, reply)) return reply;
    return { data: [...refunds.values()].filter((r) => r.object.payment_id === req.params.id).map((r) => r.object), has_more: false };
  });
}

/** Ends a pending refund and builds the callback Xendit sends for it. */
export function finishRefund(account: SandboxAccount, refund: SandboxRefund, outcome: 'succeeded' | 'failed'): Record<string, unknown> {
  const o = refund.object;
  if (o.status !== 'PENDING') throw new Error(`xendit sandbox: refund ${o.id} is already ${o.status}`);
  const at = account.now().toISOString();
  Object.assign(o, {
    status: outcome === 'succeeded' ? 'SUCCEEDED' : 'FAILED',
    failure_code: outcome === 'failed' ? 'REFUND_FAILED' : null,
    updated: at,
  });
  const charge = refund.held.object;
  if (outcome === 'succeeded' && refund.held.kind === 'ewallet') charge.refunded_amount = Number(charge.refunded_amount ?? 0) + Number(o.amount);
  if (refund.held.kind === 'qr')
    return { event: 'qr.refund', api_version: XENDIT_QR_API_VERSION, business_id: account.businessId, created: at, data: { ...o } };
  return { event: outcome === 'succeeded' ? 'refund.succeeded' : 'refund.failed', business_id: account.businessId, created: at, data: { ...o } };
}

export interface SettlementReportOptions {
  from: Date;
  to: Date;
  feeFixed: number;
  feeBp: number;
  /** VAT Xendit adds on its fee, in basis points of the fee (Indonesia 1100); none by default. */
  vatBp?: number;
}

/** When the payer paid: what Xendit credits to the balance. */
function paidAt(held: Held): Date | undefined {
  if (held.kind === 'ewallet') return held.object.status === 'SUCCEEDED' ? new Date(String(held.object.updated)) : undefined;
  const at = held.payment?.created ?? held.payment?.transaction_timestamp;
  return at === undefined ? undefined : new Date(String(at));
}

/** Balance-report ids: the Product ID is the payment's id without Xendit's prefix; a Transaction ID of our making. */
const productId = (held: Held) => String(held.kind === 'ewallet' ? held.object.id : held.payment!.id).replace(/^(ewc_|qrpy_)/, '');
const transactionId = (id: string) => `txn_${createHash('sha256').update(id).digest('hex').slice(0, 24)}`;

export function xenditSettlementReport(held: Iterable<Held>, refunds: Iterable<SandboxRefund>, options: SettlementReportOptions): string {
  const { from, to, feeFixed, feeBp, vatBp = 0 } = options;
  const within = (at: Date | undefined) => at !== undefined && at >= from && at < to;
  const lines: XenditReportLine[] = [];
  const channelOf = (h: Held) => (h.kind === 'qr' ? 'QRIS' : String(h.object.channel_code ?? h.object.bank_code));
  const referenceOf = (h: Held) => String(h.object.reference_id ?? h.object.external_id);
  for (const h of held) {
    const at = paidAt(h);
    if (!within(at)) continue;
    const gross = paidAmount(h);
    const fee = channelFee(gross, feeFixed, feeBp);
    const vat = Math.floor((fee * vatBp + 5000) / 10000);
    const common = {
      productId: productId(h),
      transactionId: transactionId(productId(h)),
      type: 'PAYMENT' as const,
      channel: channelOf(h),
      reference: referenceOf(h),
      at: at!,
    };
    lines.push({ ...common, lineType: 'TRANSACTION', amount: gross, direction: 'CREDIT' });
    if (fee > 0) lines.push({ ...common, lineType: 'FEE', amount: fee, direction: 'DEBIT' });
    if (vat > 0) lines.push({ ...common, lineType: 'VAT', amount: vat, direction: 'DEBIT' });
  }
  for (const r of refunds) {
    const at = new Date(String(r.object.updated));
    if (r.object.status !== 'SUCCEEDED' || !within(at)) continue;
    const id = String(r.object.id);
    lines.push({
      productId: id,
      transactionId: transactionId(id),
      type: 'REFUND',
      lineType: 'TRANSACTION',
      channel: channelOf(r.held),
      reference: referenceOf(r.held),
      amount: Number(r.object.amount),
      direction: 'DEBIT',
      at,
    });
  }
  lines.sort((a, b) => a.at.getTime() - b.at.getTime());
  return writeXenditSettlementCsv(lines);
}
