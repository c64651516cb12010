import { midtransGrossAmount } from './amounts.ts';
import type { ChannelCode } from './types.ts';
import { formatWib } from './wire.ts';

/** A transaction as the Midtrans sandbox holds it, and how Midtrans writes it in its answers and notifications. */

export interface SandboxRefund {
  /** refund_key as the merchant sent it, or the one Midtrans made up for a request without one. */
  key: string;
  chargebackId: number;
  amount: number;
  reason: string;
  createdAt: Date;
  /** When the payer's bank or wallet confirmed it; Midtrans notifies once without, once with this. */
  bankConfirmedAt?: Date;
  /** The first answer to this refund_key, kept as it was given. */
  answer: Record<string, unknown>;
}

export interface SandboxOrder {
  orderId: string;
  transactionId: string;
  serverKey: string;
  paymentType: string;
  channel: ChannelCode;
  grossAmount: number;
  transactionTime: Date;
  expiryTime: Date;
  status: 'pending' | 'settlement' | 'deny' | 'expire' | 'refund' | 'partial_refund';
  settlementTime?: Date;
  issuer?: string;
  qrString?: string;
  va?: { bank: string; number: string };
  billKey?: string;
  notifyOverride?: string;
  refunds: SandboxRefund[];
}

export const STATUS_CODE = { pending: '201', settlement: '200', deny: '202', expire: '202', refund: '200', partial_refund: '200' } as const;

export const refundedSoFar = (order: SandboxOrder) => order.refunds.reduce((sum, refund) => sum + refund.amount, 0);

export function refundEntry(refund: SandboxRefund): Record<string, unknown> {
  return {
    refund_chargeback_id: refund.chargebackId,
    refund_amount: midtransGrossAmount(refund.amount),
    created_at: formatWib(refund.createdAt),
    reason: refund.reason,
    refund_key: refund.key,
    refund_method: 'online',
    ...(refund.bankConfirmedAt ? { bank_confirmed_at: formatWib(refund.bankConfirmedAt) } : {}),
  };
}

export function transactionBody(order: SandboxOrder, merchantId: string): Record<string, unknown> {
  const body: Record<string, unknown> = {
    transaction_time: formatWib(order.transactionTime),
    transaction_status: order.status,
    transaction_id: order.transactionId,
    status_code: STATUS_CODE[order.status],
    payment_type: order.paymentType,
    order_id: order.orderId,
    merchant_id: merchantId,
    gross_amount: midtransGrossAmount(order.grossAmount),
    fraud_status: 'accept',
    currency: 'IDR',
    expiry_time: formatWib(order.expiryTime),
  };
  if (order.settlementTime) body.settlement_time = formatWib(order.settlementTime);
  if (order.va) body.va_numbers = [{ bank: order.va.bank, va_number: order.va.number }];
  if (order.billKey) Object.assign(body, { biller_code: '70012', bill_key: order.billKey });
  if (order.paymentType === 'qris') {
    body.acquirer = 'gopay';
    if (order.issuer) Object.assign(body, { issuer: order.issuer, transaction_type: order.issuer === 'gopay' ? 'on-us' : 'off-us' });
  }
  if (order.refunds.length > 0)
    Object.assign(body, { refund_amount: midtransGrossAmount(refundedSoFar(order)), refunds: order.refunds.map(refundEntry) });
  return body;
}
