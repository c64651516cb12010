import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { midtransGrossAmount } from './amounts.ts';
import { refundedSoFar, type SandboxOrder } from './midtransSandboxOrder.ts';
import { writeMidtransSettlementCsv, type MidtransReportLine } from './midtransSettlement.ts';
import { channelFee } from './settlementCsv.ts';
import { formatWib } from './wire.ts';

/**
 * The Midtrans sandbox's refunds: `POST /v2/{id}/refund` and `/refund/online/direct` as Midtrans answers them, and the
 * payout report of what the sandbox settled. A repeat of a refund_key with the same amount answers what the first
 * request was answered; the same key for another amount is Midtrans' 406 "Duplicate refund ID".
 */

/** Midtrans refunds these payment types (its reference lists dana, ovo, kredivo and akulaku too, which we do not charge). */
const REFUNDABLE = ['qris', 'gopay', 'shopeepay', 'credit_card'];
/** …and these through the direct endpoint. */
const DIRECT = ['qris', 'gopay', 'shopeepay', 'credit_card'];

const refundBody = z.looseObject({
  refund_key: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, 'may hold letters, digits, "-" and "_" only')
    .optional(),
  amount: z
    .union([z.number(), z.string().regex(/^\d+$/)])
    .refine((value) => Number.isSafeInteger(Number(value)) && Number(value) > 0, 'must be a whole number of rupiah')
    .optional(),
  reason: z.string().max(255).optional(),
});

export interface RefundRoutes {
  find(id: string): SandboxOrder | undefined;
  authorized(req: FastifyRequest): string | undefined;
  error(reply: FastifyReply, code: number, message: string, extra?: Record<string, unknown>): FastifyReply;
  now(): Date;
}

export function registerRefundRoutes(app: FastifyInstance, { find, authorized, error, now }: RefundRoutes) {
  let chargebackIds = 0;

  const refund = (direct: boolean) => async (req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    if (!authorized(req)) return error(reply, 401, 'Access denied due to unauthorized transaction, please check client or server key');
    const parsed = refundBody.safeParse(req.body ?? {});
    if (!parsed.success)
      return error(reply, 400, 'One or more parameters in the payload is invalid.', {
        validation_messages: parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`),
      });
    const order = find(req.params.id);
    if (!order) return error(reply, 404, "Transaction doesn't exist.");
    const body = parsed.data;
    const remaining = order.grossAmount - refundedSoFar(order);
    const amount = body.amount === undefined ? remaining : Number(body.amount);
    const key = body.refund_key ?? randomUUID();
    const earlier = order.refunds.find((r) => r.key === key);
    if (earlier) return earlier.amount === amount ? reply.send(earlier.answer) : error(reply, 406, 'Duplicate refund ID');

    const eligible = order.status === 'settlement' || order.status === 'partial_refund';
    if (!eligible || !(direct ? DIRECT : REFUNDABLE).includes(order.paymentType))
      return error(reply, 412, 'Merchant cannot modify the status of the transaction');
    if (amount <= 0 || amount > remaining) return error(reply, 414, 'Refund request is rejected due to invalid amount');
    // Midtrans' reference: ShopeePay (and OVO) take no partial refund.
    if (order.paymentType === 'shopeepay' && amount !== order.grossAmount)
      return error(reply, 412, 'Merchant cannot modify the status of the transaction');

    const entry = { key, chargebackId: ++chargebackIds, amount, reason: body.reason ?? '', createdAt: now(), answer: {} };
    order.refunds.push(entry);
    order.status = refundedSoFar(order) === order.grossAmount ? 'refund' : 'partial_refund';
    entry.answer = {
      status_code: '200',
      status_message: direct ? 'Success, refund request is approved by the bank' : 'Success, refund request is approved',
      transaction_id: order.transactionId,
      order_id: order.orderId,
      gross_amount: midtransGrossAmount(order.grossAmount),
      payment_type: order.paymentType,
      transaction_time: formatWib(order.transactionTime),
      transaction_status: order.status,
      refund_chargeback_id: entry.chargebackId,
      refund_amount: midtransGrossAmount(refundedSoFar(order)),
      refund_key: key,
    };
    return reply.send(entry.answer);
  };

  const config = { access: 'public' as const };
  app.post<{ Params: { id: string } }>('/v2/:id/refund', { config }, refund(false));
  app.post<{ Params: { id: string } }>('/v2/:id/refund/online/direct', { config }, refund(true));
}

export interface SettlementReportOptions {
  /** Settled (or refunded) at or after `from` and before `to`. */
  from: Date;
  to: Date;
  /** The channel's fee (payment_channels.fee_fixed, fee_bp); refunds carry no fee. */
  feeFixed: number;
  feeBp: number;
}

/** The payout report of what the sandbox settled and refunded in [from, to), as Midtrans' CSV. */
export function midtransSettlementReport(orders: readonly SandboxOrder[], { from, to, feeFixed, feeBp }: SettlementReportOptions): string {
  const within = (at: Date | undefined) => at !== undefined && at >= from && at < to;
  const lines: MidtransReportLine[] = [];
  for (const order of orders) {
    const common = { orderId: order.orderId, transactionId: order.transactionId, paymentType: order.paymentType, bank: order.va?.bank };
    if (within(order.settlementTime))
      lines.push({
        ...common,
        type: 'payment',
        amount: order.grossAmount,
        fee: channelFee(order.grossAmount, feeFixed, feeBp),
        at: order.settlementTime!,
      });
    for (const refund of order.refunds)
      if (within(refund.createdAt)) lines.push({ ...common, type: 'refund', amount: refund.amount, fee: 0, at: refund.createdAt });
  }
  lines.sort((a, b) => a.at.getTime() - b.at.getTime());
  return writeMidtransSettlementCsv(lines);
}
