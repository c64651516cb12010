import { REFUND_PAYLOAD } from './paymentOrders.ts';
import type { FieldDef, ResourceDef } from './types.ts';

/** user_cards.status (DOMAIN §2.7): a pass bought while an unstackable one runs waits for it (pending start). */
export const UserCardStatus = { pendingStart: 0, active: 1, expired: 2, refunded: 3, suspended: 4 } as const;
/** The biz_type of a pass's postings and refunds. */
export const USER_CARD_BIZ = 'user_card';

const S = (s: number) => String(s);
const shown = (field: FieldDef): FieldDef => ({ form: false, ...field });
const note: FieldDef = { name: 'note', type: 'textarea', required: true, max: 300, label: 'field.userCard.note', span: 24 };

/**
 * Members' passes (/payment_main/cardsList, DOMAIN §2.7 user_cards): bought in the rider app from the wallet
 * (docs/passes.md), found here by the member's phone; what is left of each, and customer service's hand on a misused
 * one — suspended (no ride or swap uses it) and reinstated — or on a pass to pay back, refunded to the balances.
 */
export const userCardResource: ResourceDef = {
  key: 'userCard',
  module: 'payment',
  page: 'cardsList',
  api: '/payment/userCard',
  idName: 'userCardId',
  scope: 'tenant',
  editable: true,
  actions: ['export'],
  // Ever growing (a year: 600,000 passes, 3,000,000 coupons held at scale 1): newest first by cursor, counted to 1,000.
  paging: 'cursor',
  totalCap: 1_000,
  defaultSort: { field: 'createdAt', order: 'desc' },
  titleField: 'memberPhone',
  fields: [
    shown({ name: 'memberPhone', type: 'text', serverOnly: true, computed: true, list: true, filter: 'eq' }),
    shown({ name: 'cardRuleId', type: 'ref', ref: { resource: 'cardRule', labelField: 'nameKey' }, list: true, filter: 'eq' }),
    shown({ name: 'kind', type: 'dict', dict: 'card_rules_kind', list: true, filter: 'eq' }),
    shown({ name: 'status', type: 'dict', dict: 'user_cards_status', list: true, filter: 'eq' }),
    shown({ name: 'startAt', type: 'datetime', list: true }),
    shown({ name: 'endAt', type: 'datetime', list: true }),
    shown({ name: 'ridesLeft', type: 'int', list: true }),
    shown({ name: 'swapsLeft', type: 'int', list: true }),
    shown({ name: 'minutesUsedToday', type: 'int', list: 'hidden' }),
    shown({ name: 'usageDay', type: 'date', list: 'hidden' }),
    shown({ name: 'price', type: 'money', list: true }),
    shown({ name: 'ledgerTxnId', type: 'int', list: 'hidden' }),
    shown({ name: 'currency', type: 'text', list: 'hidden' }),
    // The member, for the member's detail to list these by; not a list column (the phone is one).
    shown({ name: 'memberId', type: 'ref', ref: { resource: 'member', labelField: 'phone' }, list: false, filter: 'eq' }),
    shown({ name: 'remark', type: 'text', list: 'hidden' }),
    shown({ name: 'createdAt', type: 'datetime', serverOnly: true, list: 'hidden', sortable: true, filter: 'range' }),
  ],
  transitions: [
    {
      name: 'suspendCard',
      field: 'status',
      from: [S(UserCardStatus.active), S(UserCardStatus.pendingStart)],
      to: S(UserCardStatus.suspended),
      action: 'cancel',
      confirm: true,
      payload: [note],
    },
    { name: 'reinstateCard', field: 'status', from: [S(UserCardStatus.suspended)], to: S(UserCardStatus.active), action: 'cancel', payload: [note] },
    {
      // A refund to the member's balances (docs/passes.md): the pass runs on until it arrives, then it is refunded (3).
      name: 'refundCard',
      field: 'status',
      from: [S(UserCardStatus.pendingStart), S(UserCardStatus.active), S(UserCardStatus.suspended)],
      to: S(UserCardStatus.refunded),
      action: 'refund',
      unless: { field: 'price', in: ['0'] },
      payload: [REFUND_PAYLOAD.amount, { ...REFUND_PAYLOAD.reason, example: '7' }, REFUND_PAYLOAD.note],
    },
  ],
};
