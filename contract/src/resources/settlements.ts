import { PartyType } from './profitShares.ts';
import type { FieldDef, ResourceDef, TransitionDef } from './types.ts';

/**
 * settlements.party_type beyond a share's parties (PartyType): a field technician (a user), paid the piece rate of
 * their approved tickets (docs/settlements.md).
 */
export const TECHNICIAN_PARTY = 4;
/** users.user_type of a field technician (DOMAIN §5.2). */
export const TECHNICIAN_USER_TYPE = '10';

/** settlements.status (DOMAIN §3.9). */
export const SettlementStatus = { draft: 0, confirmed: 1, approved: 2, paid: 3, void: 4 } as const;
/**
 * settlements.payout_state: where a paid settlement's transfer is (DOMAIN §4.4 "bank confirms"): none yet, sent (in
 * PAYOUT_CLEARING), confirmed by the bank (left BANK), or returned by the bank (back in the party's payable, the
 * settlement approved again to be paid anew).
 */
export const PayoutState = { none: 0, sent: 1, confirmed: 2, returned: 3 } as const;
/** Why the bank returned a transfer (a closed account, a wrong name): at most this long. */
export const RETURN_REASON_MAX = 500;
/** The ledger's name for a settlement's payout (ledger_transactions.biz_type). */
export const SETTLEMENT_BIZ = 'settlement';
/** A payout's bank reference: what the bank's transfer slip names it by. */
export const BANK_REF_MAX = 60;

const shown = (field: FieldDef): FieldDef => ({ form: false, ...field });
const states = (...codes: number[]) => codes.map(String);

/**
 * §3.9: operations confirm a draft, finance approves it (its shares are locked to it) and pays it with the bank's
 * reference (Dr the party's payable / Cr PAYOUT_CLEARING), then records the bank's confirmation of the transfer
 * (Dr PAYOUT_CLEARING / Cr BANK) or its return (the payout reversed, approved again to be paid anew); finance voids a
 * draft or a confirmed one (its shares are free for the next).
 */
const SETTLEMENT_TRANSITIONS: TransitionDef[] = [
  { name: 'confirmSettlement', field: 'status', from: states(SettlementStatus.draft), to: String(SettlementStatus.confirmed), action: 'add' },
  {
    name: 'approveSettlement',
    field: 'status',
    from: states(SettlementStatus.confirmed),
    to: String(SettlementStatus.approved),
    action: 'approve',
    confirm: true,
  },
  {
    name: 'paySettlement',
    field: 'status',
    from: states(SettlementStatus.approved),
    to: String(SettlementStatus.paid),
    action: 'pay',
    payload: [{ name: 'bankRef', type: 'text', required: true, min: 4, max: BANK_REF_MAX, label: 'field.settlement.bankRef' }],
  },
  {
    name: 'confirmPayout',
    field: 'payoutState',
    from: states(PayoutState.sent),
    to: String(PayoutState.confirmed),
    action: 'pay',
    confirm: true,
  },
  {
    // The bank sends the transfer back: the payout is reversed and the settlement waits to be paid again.
    name: 'returnPayout',
    field: 'payoutState',
    from: states(PayoutState.sent),
    to: String(PayoutState.returned),
    action: 'pay',
    payload: [
      { name: 'returnReason', type: 'textarea', required: true, min: 3, max: RETURN_REASON_MAX, span: 24, label: 'field.settlement.returnReason' },
    ],
  },
  {
    name: 'voidSettlement',
    field: 'status',
    from: states(SettlementStatus.draft, SettlementStatus.confirmed),
    to: String(SettlementStatus.void),
    action: 'approve',
    confirm: true,
  },
];

/**
 * A settlement's fields; `party` is how its pages name the party (a partner picker, or the name whatever its kind).
 * A page of one party type does not show or filter the type.
 */
const settlementFields = (party: FieldDef, oneType: boolean): FieldDef[] => [
  shown({ name: 'settlementNo', type: 'text', serverOnly: true, list: true, filter: 'eq' }),
  oneType
    ? shown({ name: 'partyType', type: 'dict', dict: 'settlements_party_type', serverOnly: true, list: false })
    : shown({ name: 'partyType', type: 'dict', dict: 'settlements_party_type', serverOnly: true, list: true, filter: 'eq' }),
  party,
  { name: 'periodStart', type: 'date', required: true, list: true, sortable: true, example: '2026-10-01' },
  { name: 'periodEnd', type: 'date', required: true, list: true, example: '2026-10-31' },
  shown({ name: 'gross', type: 'money', serverOnly: true, list: true, hint: 'field.settlement.gross.hint' }),
  shown({ name: 'share', type: 'money', serverOnly: true, list: true }),
  shown({ name: 'deductions', type: 'money', serverOnly: true, list: true, hint: 'field.settlement.deductions.hint' }),
  shown({ name: 'payable', type: 'money', serverOnly: true, list: true }),
  shown({ name: 'currency', type: 'text', serverOnly: true, list: 'hidden' }),
  shown({ name: 'status', type: 'dict', dict: 'settlements_status', serverOnly: true, list: true, filter: 'in' }),
  shown({ name: 'bankRef', type: 'text', serverOnly: true, list: 'hidden' }),
  shown({ name: 'paidAt', type: 'datetime', serverOnly: true, list: 'hidden' }),
  shown({ name: 'payoutState', type: 'dict', dict: 'settlements_payout_state', serverOnly: true, list: 'hidden', filter: 'eq' }),
  shown({ name: 'bankConfirmedAt', type: 'datetime', serverOnly: true, list: 'hidden' }),
  shown({ name: 'createdAt', type: 'datetime', serverOnly: true, list: 'hidden', sortable: true }),
];

/** The partners of a kind (partner_agencies.kind: 1 agent, 2 investor) to pick from. */
const partnerPicker = (kind: string): FieldDef => ({
  name: 'partyId',
  type: 'ref',
  ref: { resource: 'partnerAgency', labelField: 'name', query: { kind } },
  required: true,
  list: true,
  filter: 'eq',
  form: 'add',
});

const common = {
  scope: 'tenant',
  editable: false,
  defaultSort: { field: 'periodStart', order: 'desc' },
  titleField: 'settlementNo',
  transitions: SETTLEMENT_TRANSITIONS,
  related: [{ resource: 'settlementShareLine', field: 'settlementId', title: 'related.settlement.lines' }],
} as const;

/**
 * Partners' settlements (/operations/settlementList, DOMAIN §3.9; docs/settlements.md): an agent's shares of a
 * period — made by the monthly task, or by operations for a partner and period — confirmed, approved and paid.
 */
export const partnerSettlementResource: ResourceDef = {
  ...common,
  key: 'partnerSettlement',
  module: 'operations',
  page: 'settlementList',
  api: '/operations/partnerSettlement',
  idName: 'settlementId',
  actions: ['add', 'export'],
  fixed: { partyType: [String(PartyType.partnerAgency)] },
  fields: settlementFields(partnerPicker('1'), true),
};

/** Investors' settlements (/operations/investment_settlement): as the partners', for the investors' shares. */
export const investorSettlementResource: ResourceDef = {
  ...common,
  key: 'investorSettlement',
  module: 'operations',
  page: 'investment_settlement',
  api: '/operations/investorSettlement',
  idName: 'settlementId',
  actions: ['add', 'export'],
  fixed: { partyType: [String(PartyType.investor)] },
  fields: settlementFields(partnerPicker('2'), true),
};

/**
 * Every settlement, merchants' and technicians' too (/payment_main/settlement): finance's queue to approve and pay,
 * exported as the payout file (xlsx). Made by the monthly task and the partners' pages; here finance makes a
 * technician's, of their piece pay (the form picks a technician; the party is the user).
 */
export const settlementResource: ResourceDef = {
  ...common,
  key: 'settlement',
  module: 'payment',
  page: 'settlement',
  api: '/payment/settlement',
  idName: 'settlementId',
  actions: ['add', 'export'],
  fields: [
    ...settlementFields(shown({ name: 'partyName', type: 'text', serverOnly: true, computed: true, list: true }), false),
    // The party, for its own page's detail to list its settlements by; on the form, the technician to settle.
    {
      name: 'partyId',
      type: 'ref',
      ref: { resource: 'user', labelField: 'nickName', query: { userType: TECHNICIAN_USER_TYPE } },
      required: true,
      form: 'add',
      list: false,
      filter: 'eq',
      label: 'field.settlement.technician',
      example: 1,
    },
  ],
};

/** A settlement's lines (DOMAIN §2.7 settlement_lines): its shares by revenue type and day. Read in its detail. */
export const settlementShareLineResource: ResourceDef = {
  key: 'settlementShareLine',
  module: 'payment',
  page: 'settlement',
  api: '/payment/settlementShareLine',
  idName: 'lineId',
  scope: 'tenant',
  editable: false,
  actions: [],
  defaultSort: { field: 'statDate', order: 'asc' },
  titleField: 'revenueType',
  fields: [
    shown({ name: 'settlementId', type: 'ref', ref: { resource: 'settlement', labelField: 'settlementNo' }, list: false, filter: 'eq' }),
    shown({ name: 'revenueType', type: 'dict', dict: 'settlement_lines_revenue_type', list: true }),
    shown({ name: 'statDate', type: 'date', list: true, sortable: true }),
    shown({ name: 'orders', type: 'int', list: true }),
    shown({ name: 'base', type: 'money', list: true }),
    shown({ name: 'share', type: 'money', list: true }),
    shown({ name: 'currency', type: 'text', list: 'hidden' }),
  ],
};
