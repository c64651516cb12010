import { MONEY_INPUT_MAX, PaymentStatus, RefundStatus } from '../api/wallet.ts';
import { businessRef } from './ledger.ts';
import type { FieldDef, ResourceDef, TransitionDef } from './types.ts';

/**
 * Pay-ins and what follows them (DOMAIN §2.7, §3.7, §3.8, §3.10): payment orders (all purposes, and the top-ups
 * alone), the QRIS codes shown for them, and refunds. Read only here: gateways, members and the system move them.
 * Members are named by their id (memberId): the customer centre's member page is not built yet.
 */

const shown = (field: FieldDef): FieldDef => ({ form: false, ...field });
const city: FieldDef = shown({ name: 'cityCode', type: 'ref', ref: { resource: 'city', labelField: 'cityInName' }, list: true });
const createdAt: FieldDef = shown({ name: 'createdAt', type: 'datetime', list: true, filter: 'range' });

/** A payment order's columns on both of its pages; `purpose` only where orders of every purpose are listed. */
const paymentOrderFields = (withPurpose: boolean): FieldDef[] => [
  shown({ name: 'payNo', type: 'text', list: true, filter: 'eq' }),
  shown({ name: 'status', type: 'dict', dict: 'payment_orders_status', list: true, filter: 'in' }),
  city,
  shown({ name: 'memberId', type: 'int', list: true, filter: 'eq' }),
  shown({ name: 'payerType', type: 'dict', dict: 'payment_orders_payer_type', list: 'hidden' }),
  shown({ name: 'purpose', type: 'dict', dict: 'payment_orders_purpose', list: withPurpose, ...(withPurpose ? { filter: 'eq' as const } : {}) }),
  shown({ name: 'bizType', type: 'text', list: 'hidden' }),
  shown({ name: 'bizId', type: 'int', list: 'hidden' }),
  shown({ name: 'amount', type: 'money', list: true }),
  shown({ name: 'bonusAmount', type: 'money', list: true }),
  shown({ name: 'channelFee', type: 'money', list: 'hidden' }),
  shown({ name: 'refundedAmount', type: 'money', list: 'hidden' }),
  shown({ name: 'currency', type: 'text', list: 'hidden' }),
  shown({ name: 'topupPackageId', type: 'ref', ref: { resource: 'topupPackage', labelField: 'labelKey' }, list: 'hidden' }),
  shown({ name: 'channelId', type: 'ref', ref: { resource: 'paymentChannel', labelField: 'channelCode' }, list: true, filter: 'eq' }),
  shown({ name: 'channelTxnId', type: 'text', list: 'hidden', filter: 'eq' }),
  shown({ name: 'expiresAt', type: 'datetime', list: 'hidden' }),
  shown({ name: 'paidAt', type: 'datetime', list: true }),
  shown({ name: 'failReason', type: 'text', list: 'hidden' }),
  shown({ name: 'clientIp', type: 'text', list: 'hidden' }),
  // What the app showed to pay with (the QRIS string, the VA number, the redirect): on the detail only.
  shown({ name: 'payDisplay', type: 'json', list: false }),
  createdAt,
];

const paid = [String(PaymentStatus.paid), String(PaymentStatus.partiallyRefunded)];

/**
 * Staff ask for a refund of a paid order (DOMAIN §3.8 → a refund row, status 0 requested, approved on the refund
 * list). The order keeps its state until the refund arrives (then 5 or 6); the event's own state change is none.
 */
/** What a refund request asks for (DOMAIN §3.8), as a paid order's or a ride's refund event carries it. */
export const REFUND_PAYLOAD = {
  amount: { name: 'amount', type: 'money', required: true, min: 1, max: MONEY_INPUT_MAX, label: 'field.refund.amount' },
  reason: { name: 'reason', type: 'dict', dict: 'refunds_reason', required: true, label: 'field.refund.reason', example: '4' },
  destination: { name: 'destination', type: 'dict', dict: 'refunds_destination', required: true, label: 'field.refund.destination', example: '1' },
  note: { name: 'note', type: 'textarea', max: 500, label: 'field.refund.remark', span: 24 },
} satisfies Record<string, FieldDef>;

const requestRefund = (action: 'refund'): TransitionDef => ({
  name: 'requestRefund',
  field: 'status',
  from: paid,
  to: String(PaymentStatus.paid),
  action,
  payload: [REFUND_PAYLOAD.amount, REFUND_PAYLOAD.reason, REFUND_PAYLOAD.destination, REFUND_PAYLOAD.note],
});

/**
 * Payment orders (/payment_main/transaction/orderListPage): every pay-in attempt, of every purpose, newest first. Its
 * detail lists its QRIS code, its refunds and the ledger entries posted for it.
 */
export const paymentOrderResource: ResourceDef = {
  key: 'paymentOrder',
  module: 'payment',
  page: 'orderListPage',
  api: '/payment/order',
  idName: 'paymentOrderId',
  scope: 'tenant',
  cityScoped: true,
  editable: true,
  actions: ['export'],
  optionsNeedView: true,
  paging: 'cursor',
  defaultSort: { field: 'id', order: 'desc' },
  titleField: 'payNo',
  fields: paymentOrderFields(true),
  transitions: [requestRefund('refund')],
  related: [
    { resource: 'qrisOrder', field: 'paymentOrderId', title: 'related.paymentOrder.qris' },
    { resource: 'refund', field: 'paymentOrderId', title: 'related.paymentOrder.refunds' },
    { resource: 'ledgerEntry', field: 'paymentOrderId', title: 'related.paymentOrder.entries' },
  ],
};

/** Top Up List (/payment_main/recharge/list): the payment orders that are top-ups. */
export const topupOrderResource: ResourceDef = {
  key: 'topupOrder',
  module: 'payment',
  page: 'rechargeList',
  api: '/payment/topupOrder',
  idName: 'paymentOrderId',
  scope: 'tenant',
  cityScoped: true,
  editable: true,
  actions: ['export'],
  fixed: { purpose: ['TOPUP'] },
  paging: 'cursor',
  defaultSort: { field: 'id', order: 'desc' },
  titleField: 'payNo',
  fields: paymentOrderFields(false),
  transitions: [requestRefund('refund')],
};

/** QRIS orders (/payment_main/qris_order): each dynamic QRIS code issued for a payment order, and how it ended. */
export const qrisOrderResource: ResourceDef = {
  key: 'qrisOrder',
  module: 'payment',
  page: 'qris_order',
  api: '/payment/qrisOrder',
  idName: 'qrisOrderId',
  scope: 'tenant',
  cityScoped: true,
  editable: true,
  actions: ['export'],
  paging: 'cursor',
  defaultSort: { field: 'id', order: 'desc' },
  titleField: 'qrisNo',
  fields: [
    shown({ name: 'qrisNo', type: 'text', list: true, filter: 'eq' }),
    city,
    shown({ name: 'paymentOrderId', type: 'ref', ref: { resource: 'paymentOrder', labelField: 'payNo' }, list: true, filter: 'eq' }),
    shown({ name: 'nmid', type: 'text', list: 'hidden' }),
    shown({ name: 'amount', type: 'money', list: true }),
    shown({ name: 'currency', type: 'text', list: 'hidden' }),
    shown({ name: 'status', type: 'dict', dict: 'qris_orders_status', list: true, filter: 'in' }),
    shown({ name: 'rrn', type: 'text', hint: 'field.qrisOrder.rrn.hint', list: true, filter: 'eq' }),
    shown({ name: 'issuer', type: 'text', list: true }),
    shown({ name: 'expiresAt', type: 'datetime', list: true }),
    shown({ name: 'paidAt', type: 'datetime', list: true }),
    // The EMVCo string the QR code carries: on the detail only.
    shown({ name: 'qrPayload', type: 'textarea', list: false }),
    createdAt,
  ],
};

/** Refunds (/payment_main/refund/refundListPage): back to the original channel, the wallet or a bank account (§3.8). */
export const refundResource: ResourceDef = {
  key: 'refund',
  module: 'payment',
  page: 'refundListPage',
  api: '/payment/refund',
  idName: 'refundId',
  scope: 'tenant',
  cityScoped: true,
  editable: true,
  actions: ['export'],
  defaultSort: { field: 'id', order: 'desc' },
  titleField: 'refundNo',
  fields: [
    shown({ name: 'refundNo', type: 'text', list: true, filter: 'eq' }),
    shown({ name: 'status', type: 'dict', dict: 'refunds_status', list: true, filter: 'in' }),
    city,
    shown({ name: 'paymentOrderId', type: 'ref', ref: { resource: 'paymentOrder', labelField: 'payNo' }, list: true, filter: 'eq' }),
    shown({ name: 'bizType', type: 'text', list: 'hidden' }),
    shown({ name: 'bizId', type: 'int', list: 'hidden' }),
    // The prepaid order a service-failed refund gives back (its business is a prepaid order).
    businessRef('prepaidOrderId', 'prepaidOrder', 'orderNo'),
    businessRef('rideOrderId', 'rideOrder', 'orderNo'),
    shown({ name: 'memberId', type: 'int', list: true, filter: 'eq' }),
    shown({ name: 'amount', type: 'money', list: true }),
    shown({ name: 'currency', type: 'text', list: 'hidden' }),
    shown({ name: 'reason', type: 'dict', dict: 'refunds_reason', list: true, filter: 'eq' }),
    shown({ name: 'destination', type: 'dict', dict: 'refunds_destination', list: true, filter: 'eq' }),
    shown({ name: 'requestedByType', type: 'dict', dict: 'refunds_requested_by_type', list: 'hidden' }),
    shown({ name: 'approvedBy', type: 'ref', ref: { resource: 'user', labelField: 'nickName' }, list: 'hidden' }),
    shown({ name: 'channelRefundId', type: 'text', list: 'hidden' }),
    shown({ name: 'attempts', type: 'int', list: true }),
    shown({ name: 'failReason', type: 'text', list: 'hidden' }),
    shown({ name: 'succeededAt', type: 'datetime', list: true }),
    createdAt,
  ],
  transitions: [
    // Within the approver's limit (roles.refund_approve_limit); to the wallet it arrives at once (→ 3), to a channel
    // the gateway takes it (→ 2, then 3 or 4), by bank transfer finance confirms it.
    { name: 'approve', field: 'status', from: [String(RefundStatus.requested)], to: String(RefundStatus.approved), action: 'approve', confirm: true },
    {
      name: 'reject',
      field: 'status',
      from: [String(RefundStatus.requested)],
      to: String(RefundStatus.rejected),
      action: 'approve',
      payload: [{ name: 'reason', type: 'textarea', required: true, max: 300, label: 'field.refund.rejectReason', span: 24 }],
    },
    {
      name: 'retry',
      field: 'status',
      from: [String(RefundStatus.failed)],
      to: String(RefundStatus.processing),
      action: 'refund',
      confirm: true,
      payload: [{ name: 'destination', type: 'dict', dict: 'refunds_destination', label: 'field.refund.destination', example: '3' }],
    },
    {
      name: 'confirmTransfer',
      field: 'status',
      from: [String(RefundStatus.processing)],
      to: String(RefundStatus.succeeded),
      action: 'refund',
      payload: [{ name: 'bankRef', type: 'text', required: true, max: 64, label: 'field.refund.bankRef' }],
    },
  ],
};
