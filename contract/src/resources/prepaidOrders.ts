import { PrepaidKind, PrepaidStatus } from '../api/prepaid.ts';
import type { FieldDef, ResourceDef, TransitionDef } from './types.ts';

/**
 * PLN tokens, pulsa and data bought through IAK (DOMAIN §2.7 prepaid_orders, §3.10). Members place them from the app;
 * IAK settles them by callback or status check; finance settles a stuck one by hand, after looking it up at IAK —
 * never the system, because IAK may have issued the token.
 */

const shown = (field: FieldDef): FieldDef => ({ form: false, ...field });
const processing = [String(PrepaidStatus.processing)];

const fields: FieldDef[] = [
  shown({ name: 'orderNo', type: 'text', list: true, filter: 'eq' }),
  shown({ name: 'status', type: 'dict', dict: 'prepaid_orders_status', list: true, filter: 'in' }),
  shown({ name: 'cityCode', type: 'ref', ref: { resource: 'city', labelField: 'cityInName' }, list: true }),
  shown({ name: 'kind', type: 'dict', dict: 'prepaid_orders_kind', list: true, filter: 'eq' }),
  shown({ name: 'memberId', type: 'int', list: true, filter: 'eq' }),
  shown({ name: 'productCode', type: 'text', list: true, filter: 'eq' }),
  shown({ name: 'customerId', type: 'text', hint: 'field.prepaidOrder.customerId.hint', list: true, filter: 'eq' }),
  shown({ name: 'sellPrice', type: 'money', list: true }),
  shown({ name: 'price', type: 'money', hint: 'field.prepaidOrder.price.hint', list: 'hidden' }),
  shown({ name: 'adminFee', type: 'money', list: 'hidden' }),
  shown({ name: 'currency', type: 'text', list: 'hidden' }),
  // IAK's serial number runs long (a PLN token with name, tariff and kWh): on the detail, and a column to switch on.
  shown({ name: 'sn', type: 'text', hint: 'field.prepaidOrder.sn.hint', list: 'hidden' }),
  shown({ name: 'refId', type: 'text', list: 'hidden', filter: 'eq' }),
  shown({ name: 'trId', type: 'text', list: 'hidden', filter: 'eq' }),
  shown({ name: 'rc', type: 'text', list: 'hidden' }),
  shown({ name: 'message', type: 'text', list: true }),
  shown({ name: 'checkCount', type: 'int', list: 'hidden' }),
  shown({ name: 'nextCheckAt', type: 'datetime', list: 'hidden' }),
  shown({ name: 'callbackAt', type: 'datetime', list: 'hidden' }),
  shown({ name: 'finishedAt', type: 'datetime', list: true }),
  shown({ name: 'resolvedBy', type: 'ref', ref: { resource: 'user', labelField: 'nickName' }, list: 'hidden' }),
  shown({ name: 'refundId', type: 'ref', ref: { resource: 'refund', labelField: 'refundNo' }, list: 'hidden' }),
  shown({ name: 'remark', type: 'text', list: 'hidden' }),
  shown({ name: 'createdAt', type: 'datetime', list: true, filter: 'range' }),
];

/**
 * Finance's hand on a processing order: ask IAK again now (a stuck order is asked no more by the task), or settle it
 * by what IAK's report says — delivered, with the serial number (a PLN token: its 20 digits), or failed, which
 * refunds the member's wallet.
 */
const transitions: TransitionDef[] = [
  { name: 'checkStatus', field: 'status', from: processing, to: String(PrepaidStatus.processing), action: 'refund', confirm: true },
  {
    name: 'resolveSuccess',
    field: 'status',
    from: processing,
    to: String(PrepaidStatus.success),
    action: 'refund',
    payload: [
      { name: 'sn', type: 'text', required: true, max: 200, label: 'field.prepaidOrder.sn', hint: 'field.prepaidOrder.sn.resolveHint', span: 24 },
      { name: 'note', type: 'textarea', required: true, max: 300, label: 'field.prepaidOrder.resolveNote', span: 24 },
    ],
  },
  {
    name: 'resolveFailed',
    field: 'status',
    from: processing,
    to: String(PrepaidStatus.failed),
    action: 'refund',
    payload: [{ name: 'note', type: 'textarea', required: true, max: 300, label: 'field.prepaidOrder.resolveNote', span: 24 }],
  },
];

const base = {
  module: 'payment',
  scope: 'tenant',
  cityScoped: true,
  editable: true,
  actions: ['export'],
  paging: 'cursor',
  defaultSort: { field: 'id', order: 'desc' },
  titleField: 'orderNo',
  fields,
  transitions,
  related: [
    { resource: 'refund', field: 'prepaidOrderId', title: 'related.prepaidOrder.refund' },
    { resource: 'ledgerEntry', field: 'prepaidOrderId', title: 'related.prepaidOrder.entries' },
  ],
} satisfies Partial<ResourceDef>;

/** IAK_list (/payment_main/IAK_list): every prepaid order, PLN, pulsa and data, with IAK's codes. */
export const prepaidOrderResource: ResourceDef = {
  ...base,
  key: 'prepaidOrder',
  page: 'IAK_list',
  api: '/payment/prepaidOrder',
  idName: 'prepaidOrderId',
};

/** PLN_order (/payment_main/PLN_order): the PLN token orders. */
export const plnOrderResource: ResourceDef = {
  ...base,
  key: 'plnOrder',
  page: 'PLN_order',
  api: '/payment/plnOrder',
  idName: 'prepaidOrderId',
  fixed: { kind: [String(PrepaidKind.pln)] },
  fields: fields.map((f) => (f.name === 'kind' ? { ...f, list: 'hidden' as const, filter: undefined } : f)),
};
