import { PLATFORM_OWNER_TYPE } from '../rules/ledgerChart.ts';
import type { FieldDef, ResourceDef } from './types.ts';

/**
 * The ledger's pages (DOMAIN §4): accounts, their flow (ledger entries with their transactions), the books and the
 * nightly audit of each. Read only: balances move only through postings (server/src/platform/ledger/posting.ts).
 */

/** accounts.status (DOMAIN §4.1). */
export const AccountStatus = { active: 0, frozen: 1, closed: 2 } as const;

const shown = (field: FieldDef): FieldDef => ({ form: false, ...field });

/**
 * A row a posting's transaction is for (ledger_transactions.biz_type and biz_id), as a reference the list filters on:
 * worked out by the server from the entry's transaction (resources.ts), never written.
 */
export const businessRef = (name: string, resource: string, labelField: string): FieldDef =>
  shown({ name, type: 'ref', ref: { resource, labelField }, serverOnly: true, computed: true, list: false, filter: 'eq' });

/**
 * Accounts (/payment_main/account/accountListPage, the spec's `payment:accountListPage:view` flag): one per owner per
 * purpose, with its balance. Finance locks a member's, merchant's or partner's account (it then takes no debit, so
 * nothing leaves it) and unlocks it; the platform's own control accounts are never locked.
 */
export const accountResource: ResourceDef = {
  key: 'account',
  module: 'payment',
  page: 'accountListPage',
  api: '/payment/account',
  idName: 'accountId',
  scope: 'tenant',
  editable: true,
  actions: ['export'],
  // Account numbers name members and balances: the picker is for those who may see the list.
  optionsNeedView: true,
  defaultSort: { field: 'accountNo', order: 'asc' },
  titleField: 'accountNo',
  fields: [
    shown({ name: 'accountNo', type: 'text', list: true, filter: 'like', sortable: true }),
    shown({ name: 'bookId', type: 'ref', ref: { resource: 'accountBook', labelField: 'bookCode' }, list: 'hidden', filter: 'eq' }),
    shown({ name: 'ownerType', type: 'dict', dict: 'accounts_owner_type', list: true, filter: 'eq' }),
    shown({ name: 'ownerId', type: 'int', hint: 'field.account.ownerId.hint', list: true, filter: 'eq' }),
    shown({ name: 'code', type: 'text', list: true, filter: 'like', sortable: true }),
    shown({ name: 'currency', type: 'text', list: true }),
    shown({ name: 'normalSide', type: 'dict', dict: 'accounts_normal_side', list: 'hidden' }),
    shown({ name: 'balance', type: 'money', list: true, sortable: true }),
    // A busy platform account's postings spread over its slices (ledgerChart SHARED_ACCOUNT_SLICES): each is a row of
    // its own, with its own flow, and the account's balance is theirs added up.
    shown({ name: 'balanceTotal', type: 'money', serverOnly: true, computed: true, list: 'hidden' }),
    shown({
      name: 'sliceOf',
      type: 'ref',
      ref: { resource: 'account', labelField: 'accountNo' },
      hint: 'field.account.sliceOf.hint',
      list: 'hidden',
      filter: 'eq',
    }),
    shown({ name: 'frozen', type: 'money', hint: 'field.account.frozen.hint', list: true }),
    shown({ name: 'allowNegative', type: 'bool', list: 'hidden' }),
    shown({ name: 'status', type: 'dict', dict: 'accounts_status', list: true, filter: 'eq' }),
    shown({ name: 'createdAt', type: 'datetime', list: 'hidden', sortable: true }),
  ],
  transitions: [
    {
      name: 'lock',
      field: 'status',
      from: [String(AccountStatus.active)],
      to: String(AccountStatus.frozen),
      action: 'lock',
      confirm: true,
      // The platform's control accounts are never locked: every refund and payout would stop (the binding refuses too).
      unless: { field: 'ownerType', in: [String(PLATFORM_OWNER_TYPE)] },
      payload: [{ name: 'reason', type: 'textarea', required: true, max: 300, label: 'field.account.reason', span: 24 }],
    },
    { name: 'unlock', field: 'status', from: [String(AccountStatus.frozen)], to: String(AccountStatus.active), action: 'unlock', confirm: true },
  ],
  related: [
    { resource: 'ledgerEntry', field: 'accountId', title: 'related.account.entries' },
    // A busy platform account's slices (the platform's accounts only: a member's is never sliced).
    { resource: 'account', field: 'sliceOf', title: 'related.account.slices', when: { field: 'ownerType', in: [String(PLATFORM_OWNER_TYPE)] } },
  ],
};

/**
 * Account Flow (/payment_main/account_order/accountOrderListPage): every ledger entry, newest first, with its
 * transaction (number, kind, business, time) read alongside. City scope: an entry carries the city of the business
 * event that moved it (a ride's, a top-up's); staff who see only some cities see only those cities' entries, and the
 * tenant-wide postings (gateway settlement, payouts: no city) only those who see every city — the finance lead. The
 * header's city does not narrow the flow, so an account's flow reads whole, each balance after the one before; the
 * City filter narrows it on purpose.
 */
export const ledgerEntryResource: ResourceDef = {
  key: 'ledgerEntry',
  module: 'payment',
  page: 'accountOrderListPage',
  api: '/payment/accountFlow',
  idName: 'entryId',
  scope: 'tenant',
  cityScoped: true,
  ignoresCitySelector: true,
  editable: false,
  actions: ['export'],
  // Append-only and the largest table of the ledger: newest first along the id, by cursor.
  paging: 'cursor',
  defaultSort: { field: 'id', order: 'desc' },
  titleField: 'accountId',
  fields: [
    shown({ name: 'txnNo', type: 'text', serverOnly: true, computed: true, list: true, filter: 'eq' }),
    shown({ name: 'kind', type: 'dict', dict: 'ledger_transactions_kind', serverOnly: true, computed: true, list: true, filter: 'eq' }),
    shown({ name: 'accountId', type: 'ref', ref: { resource: 'account', labelField: 'accountNo' }, list: true, filter: 'eq' }),
    shown({ name: 'direction', type: 'dict', dict: 'ledger_entries_direction', list: true, filter: 'eq' }),
    shown({ name: 'amount', type: 'money', list: true }),
    shown({ name: 'balanceAfter', type: 'money', list: true }),
    shown({ name: 'currency', type: 'text', list: 'hidden' }),
    shown({ name: 'memoKey', type: 'text', translated: true, list: true }),
    shown({ name: 'bizType', type: 'text', serverOnly: true, computed: true, list: 'hidden' }),
    shown({ name: 'bizId', type: 'int', serverOnly: true, computed: true, list: 'hidden' }),
    // The business a posting is for, when it is one of these: the business's detail lists its entries by it.
    businessRef('paymentOrderId', 'paymentOrder', 'payNo'),
    businessRef('prepaidOrderId', 'prepaidOrder', 'orderNo'),
    businessRef('rideOrderId', 'rideOrder', 'orderNo'),
    businessRef('swapOrderId', 'swapOrder', 'orderNo'),
    businessRef('settlementImportId', 'settlementImport', 'importNo'),
    shown({ name: 'cityCode', type: 'ref', ref: { resource: 'city', labelField: 'cityInName' }, list: 'hidden', filter: 'eq' }),
    shown({ name: 'occurredAt', type: 'datetime', serverOnly: true, computed: true, list: true }),
    shown({ name: 'createdAt', type: 'datetime', list: 'hidden', filter: 'range' }),
  ],
};

/**
 * Account books (/payment_main/accountBooks/list): one per currency and book type, with its accounts' count and Σ
 * balances now, and what the latest nightly audit found (DOMAIN §4.1: Σ balances = Σ net movements, else LEDGER_DRIFT).
 */
export const accountBookResource: ResourceDef = {
  key: 'accountBook',
  module: 'payment',
  page: 'accountBooksList',
  api: '/payment/accountBook',
  idName: 'bookId',
  scope: 'tenant',
  editable: true,
  actions: ['export'],
  defaultSort: { field: 'bookCode', order: 'asc' },
  titleField: 'bookCode',
  fields: [
    shown({ name: 'bookCode', type: 'text', list: true, filter: 'like', sortable: true }),
    shown({ name: 'bookType', type: 'dict', dict: 'account_books_book_type', list: true, filter: 'eq', sortable: true }),
    shown({ name: 'currency', type: 'text', list: true, filter: 'eq' }),
    shown({ name: 'status', type: 'dict', dict: 'account_books_status', list: true, filter: 'eq' }),
    shown({ name: 'accountCount', type: 'int', serverOnly: true, computed: true, list: true }),
    shown({ name: 'balanceTotal', type: 'money', serverOnly: true, computed: true, list: true }),
    shown({ name: 'auditStatus', type: 'dict', dict: 'ledger_audits_status', serverOnly: true, computed: true, list: true }),
    shown({ name: 'auditedAt', type: 'datetime', serverOnly: true, computed: true, list: true }),
    shown({ name: 'driftAccounts', type: 'int', serverOnly: true, computed: true, list: true }),
    shown({ name: 'createdAt', type: 'datetime', list: 'hidden' }),
  ],
  related: [
    { resource: 'ledgerAudit', field: 'bookId', title: 'related.accountBook.audits' },
    { resource: 'account', field: 'bookId', title: 'related.accountBook.accounts' },
  ],
};

/** The nightly audits of the books (ledger_audits), newest first: under the books' page and its permissions. */
export const ledgerAuditResource: ResourceDef = {
  key: 'ledgerAudit',
  module: 'payment',
  page: 'accountBooksList',
  api: '/payment/ledgerAudit',
  idName: 'auditId',
  scope: 'tenant',
  editable: false,
  actions: ['export'],
  paging: 'cursor',
  defaultSort: { field: 'id', order: 'desc' },
  titleField: 'statDate',
  fields: [
    shown({ name: 'bookId', type: 'ref', ref: { resource: 'accountBook', labelField: 'bookCode' }, list: true, filter: 'eq' }),
    shown({ name: 'statDate', type: 'date', list: true, filter: 'range' }),
    shown({ name: 'status', type: 'dict', dict: 'ledger_audits_status', list: true, filter: 'eq' }),
    shown({ name: 'accountCount', type: 'int', list: true }),
    shown({ name: 'balanceTotal', type: 'money', hint: 'field.ledgerAudit.balanceTotal.hint', list: true }),
    shown({ name: 'entriesTotal', type: 'money', hint: 'field.ledgerAudit.entriesTotal.hint', list: true }),
    shown({ name: 'debitTotal', type: 'money', list: true }),
    shown({ name: 'creditTotal', type: 'money', list: true }),
    shown({ name: 'driftAccounts', type: 'int', list: true }),
    shown({ name: 'unbalancedTxns', type: 'int', list: true }),
    shown({ name: 'currency', type: 'text', list: 'hidden' }),
    // What did not agree, account by account: on the detail only.
    shown({ name: 'detail', type: 'json', list: false }),
    shown({ name: 'durationMs', type: 'int', list: 'hidden' }),
    shown({ name: 'createdAt', type: 'datetime', list: true }),
  ],
};
