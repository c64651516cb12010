/**
 * Money (DOMAIN §2.7, §4): currencies, the gateway channels, what a payment is for, top-up packages, the double-entry
 * ledger with its idempotency keys, pay-in orders with their QRIS codes, refunds, and the gateways' call journal.
 * Money columns are bigint in the currency's smallest unit (DOMAIN §0.3). Re-exported by ../schema.ts.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, char, date, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { appendOnly, audited, id, tenantId, ts } from '../columns.ts';

const live = sql`deleted_at IS NULL`;
const money = (name: string) => bigint(name, { mode: 'number' });
const currency = () => char('currency', { length: 3 }).notNull();

/** [G] Currencies and their rules (Rule Management): the smallest unit, rounding and the wallet caps. */
export const currencies = pgTable(
  'currencies',
  {
    id: id(),
    code: char('code', { length: 3 }).notNull(),
    symbol: text('symbol').notNull(),
    minorUnit: smallint('minor_unit').notNull(),
    rounding: smallint('rounding').notNull().default(1),
    minTopup: money('min_topup').notNull(),
    maxWalletUnverified: money('max_wallet_unverified').notNull(),
    maxWalletVerified: money('max_wallet_verified').notNull(),
    status: smallint('status').notNull().default(0),
    ...audited(),
  },
  (t) => [uniqueIndex('currencies_code_uq').on(t.code).where(live)],
);

/** [G] Which currencies a country pays in, its tax rate and its payment methods. */
export const countryCurrencies = pgTable(
  'country_currencies',
  {
    id: id(),
    countryId: bigint('country_id', { mode: 'number' }).notNull(),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    paymentMethods: text('payment_methods').array().notNull(),
    ...audited(),
  },
  (t) => [uniqueIndex('country_currencies_uq').on(t.countryId, t.currencyCode).where(live)],
);

/** The operator's merchant accounts at the gateways (payment merchant). Secrets stay outside: credentials_ref names one. */
export const paymentChannels = pgTable(
  'payment_channels',
  {
    id: id(),
    tenantId: tenantId(),
    channelCode: text('channel_code').notNull(),
    provider: text('provider').notNull(),
    providerMerchantId: text('provider_merchant_id').notNull(),
    nmid: text('nmid'),
    credentialsRef: text('credentials_ref').notNull(),
    feeFixed: money('fee_fixed').notNull().default(0),
    feeBp: integer('fee_bp').notNull().default(0),
    currency: currency(),
    settleDays: smallint('settle_days').notNull().default(1),
    cityCodes: bigint('city_codes', { mode: 'number' }).array(),
    status: smallint('status').notNull().default(0),
    clearingAccountId: bigint('clearing_account_id', { mode: 'number' }).notNull(),
    ...audited(),
  },
  (t) => [uniqueIndex('payment_channels_code_uq').on(t.tenantId, t.channelCode, t.currency).where(live)],
);

/** What a payment or a posting is for (productType), and the revenue account it earns into. */
export const productTypes = pgTable(
  'product_types',
  {
    id: id(),
    tenantId: tenantId(),
    code: text('code').notNull(),
    nameKey: text('name_key').notNull(),
    revenueAccountCode: text('revenue_account_code'),
    taxable: boolean('taxable').notNull().default(false),
    refundable: boolean('refundable').notNull().default(true),
    status: smallint('status').notNull().default(0),
    ...audited(),
  },
  (t) => [uniqueIndex('product_types_code_uq').on(t.tenantId, t.code).where(live)],
);

/** Top-up packages (recharge): pay `amount`, get `bonus` on top, in the cities listed (none = all). */
export const topupPackages = pgTable(
  'topup_packages',
  {
    id: id(),
    tenantId: tenantId(),
    amount: money('amount').notNull(),
    bonus: money('bonus').notNull().default(0),
    currency: currency(),
    labelKey: text('label_key'),
    cityCodes: bigint('city_codes', { mode: 'number' }).array(),
    firstTopupOnly: boolean('first_topup_only').notNull().default(false),
    startAt: ts('start_at'),
    endAt: ts('end_at'),
    sort: integer('sort').notNull().default(0),
    status: smallint('status').notNull().default(0),
    ...audited(),
  },
  (t) => [index('topup_packages_tenant_idx').on(t.tenantId, t.sort).where(live)],
);

/** [A] The journal header: one business event that moves money. The database refuses UPDATE and DELETE. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: id(),
    tenantId: tenantId(),
    txnNo: text('txn_no').notNull(),
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    bizType: text('biz_type').notNull(),
    bizId: bigint('biz_id', { mode: 'number' }).notNull(),
    occurredAt: ts('occurred_at').notNull(),
    cityCode: bigint('city_code', { mode: 'number' }),
    reversesTxnId: bigint('reverses_txn_id', { mode: 'number' }),
    ...appendOnly(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_key_uq').on(t.tenantId, t.idempotencyKey),
    uniqueIndex('ledger_transactions_no_uq').on(t.tenantId, t.txnNo),
    index('ledger_transactions_biz_idx').on(t.tenantId, t.bizType, t.bizId),
    index('ledger_transactions_kind_idx').on(t.tenantId, t.kind, t.id),
    // A transaction is reversed at most once.
    uniqueIndex('ledger_transactions_reverses_uq').on(t.reversesTxnId),
  ],
);

/** [A] The lines (Account Flow): each with the account's balance after it. The database refuses UPDATE and DELETE. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    tenantId: tenantId(),
    txnId: bigint('txn_id', { mode: 'number' }).notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    direction: char('direction', { length: 1 }).notNull(),
    amount: money('amount').notNull(),
    currency: currency(),
    balanceAfter: money('balance_after').notNull(),
    memoKey: text('memo_key'),
    // Copied from the transaction so the flow lists by city and time without a join.
    cityCode: bigint('city_code', { mode: 'number' }),
    ...appendOnly(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    index('ledger_entries_txn_idx').on(t.txnId),
    index('ledger_entries_tenant_idx').on(t.tenantId, t.id),
    index('ledger_entries_city_idx').on(t.tenantId, t.cityCode, t.id),
  ],
);

/**
 * [A] The nightly audit of a book (accountBooks/list): its control totals recomputed from the entries, and what
 * did not agree. A drift raises LEDGER_DRIFT.
 */
export const ledgerAudits = pgTable(
  'ledger_audits',
  {
    id: id(),
    tenantId: tenantId(),
    bookId: bigint('book_id', { mode: 'number' }).notNull(),
    currency: currency(),
    statDate: date('stat_date').notNull(),
    accountCount: integer('account_count').notNull(),
    // Σ balances as the accounts hold them, and as their entries add up (each signed by its normal side).
    balanceTotal: money('balance_total').notNull(),
    entriesTotal: money('entries_total').notNull(),
    // The day's movements on the book's accounts.
    debitTotal: money('debit_total').notNull(),
    creditTotal: money('credit_total').notNull(),
    driftAccounts: integer('drift_accounts').notNull(),
    unbalancedTxns: integer('unbalanced_txns').notNull(),
    status: smallint('status').notNull(),
    detail: jsonb('detail'),
    durationMs: integer('duration_ms').notNull(),
    ...appendOnly(),
  },
  (t) => [index('ledger_audits_book_idx').on(t.tenantId, t.bookId, t.id)],
);

/** Every money-moving command's key (DOMAIN §4.3): the first answer is kept and given to each repeat. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: id(),
    tenantId: tenantId(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: smallint('status').notNull().default(0),
    response: jsonb('response'),
    expiresAt: ts('expires_at').notNull(),
    ...appendOnly(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_keys_uq').on(t.tenantId, t.scope, t.key), index('idempotency_keys_expiry_idx').on(t.expiresAt)],
);

/** [C] One pay-in attempt by a member through a channel, or from the wallet (DOMAIN §3.7). */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: id(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    payNo: text('pay_no').notNull(),
    memberId: bigint('member_id', { mode: 'number' }),
    payerType: smallint('payer_type').notNull().default(1),
    purpose: text('purpose').notNull(),
    bizType: text('biz_type'),
    bizId: bigint('biz_id', { mode: 'number' }),
    amount: money('amount').notNull(),
    channelFee: money('channel_fee'),
    bonusAmount: money('bonus_amount'),
    currency: currency(),
    topupPackageId: bigint('topup_package_id', { mode: 'number' }),
    channelId: bigint('channel_id', { mode: 'number' }),
    channelTxnId: text('channel_txn_id'),
    status: smallint('status').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    paidAt: ts('paid_at'),
    failReason: text('fail_reason'),
    refundedAmount: money('refunded_amount').notNull().default(0),
    idempotencyKey: text('idempotency_key').notNull(),
    clientIp: text('client_ip'),
    // What the app shows to pay (QRIS payload, VA number or redirect), as the channel answered.
    payDisplay: jsonb('pay_display'),
    ...audited(),
  },
  (t) => [
    // Gateways name an order by pay_no alone (their notifications carry no tenant): unique across tenants.
    uniqueIndex('payment_orders_no_uq').on(t.payNo),
    uniqueIndex('payment_orders_key_uq').on(t.tenantId, t.memberId, t.idempotencyKey),
    uniqueIndex('payment_orders_channel_txn_uq').on(t.channelId, t.channelTxnId),
    // Live rows only: the list's page and its capped count are then read from the index alone.
    index('payment_orders_city_idx').on(t.tenantId, t.cityCode, t.id).where(live),
    index('payment_orders_member_idx').on(t.memberId, t.id),
    index('payment_orders_open_idx')
      .on(t.expiresAt)
      .where(sql`status IN (0, 1)`),
    // The payment Home's paid volume by day.
    index('payment_orders_paid_idx')
      .on(t.tenantId, t.cityCode, t.paidAt)
      .where(sql`paid_at IS NOT NULL`),
  ],
);

/** [C] One dynamic QRIS code shown for a payment order (DOMAIN §3.10). */
export const qrisOrders = pgTable(
  'qris_orders',
  {
    id: id(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    qrisNo: text('qris_no').notNull(),
    paymentOrderId: bigint('payment_order_id', { mode: 'number' }).notNull(),
    nmid: text('nmid').notNull(),
    qrPayload: text('qr_payload').notNull(),
    amount: money('amount').notNull(),
    currency: currency(),
    expiresAt: ts('expires_at').notNull(),
    status: smallint('status').notNull().default(0),
    rrn: text('rrn'),
    issuer: text('issuer'),
    paidAt: ts('paid_at'),
    ...audited(),
  },
  (t) => [
    uniqueIndex('qris_orders_no_uq').on(t.tenantId, t.qrisNo),
    uniqueIndex('qris_orders_payment_uq').on(t.paymentOrderId),
    index('qris_orders_city_idx').on(t.tenantId, t.cityCode, t.id),
  ],
);

/**
 * A PLN token, pulsa or data bought from the wallet through IAK (DOMAIN §2.7, §3.10). `ref_id` is what IAK knows it
 * by (the order_no): unique across tenants, because IAK's callbacks name nothing else. `next_check_at` is when the
 * status-check task asks IAK next; null once final, or stuck after the last check (a person resolves it).
 */
export const prepaidOrders = pgTable(
  'prepaid_orders',
  {
    id: id(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    orderNo: text('order_no').notNull(),
    refId: text('ref_id').notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    kind: smallint('kind').notNull(),
    productCode: text('product_code').notNull(),
    customerId: text('customer_id').notNull(),
    price: money('price').notNull(),
    sellPrice: money('sell_price').notNull(),
    adminFee: money('admin_fee').notNull(),
    currency: currency(),
    status: smallint('status').notNull().default(0),
    sn: text('sn'),
    trId: text('tr_id'),
    rc: text('rc'),
    message: text('message'),
    ledgerTxnId: bigint('ledger_txn_id', { mode: 'number' }),
    refundId: bigint('refund_id', { mode: 'number' }),
    callbackAt: ts('callback_at'),
    checkCount: smallint('check_count').notNull().default(0),
    nextCheckAt: ts('next_check_at'),
    finishedAt: ts('finished_at'),
    resolvedBy: bigint('resolved_by', { mode: 'number' }),
    idempotencyKey: text('idempotency_key').notNull(),
    ...audited(),
  },
  (t) => [
    uniqueIndex('prepaid_orders_ref_uq').on(t.refId),
    uniqueIndex('prepaid_orders_no_uq').on(t.tenantId, t.orderNo),
    uniqueIndex('prepaid_orders_key_uq').on(t.tenantId, t.memberId, t.idempotencyKey),
    // Live rows only: the lists' pages and capped counts are then read from the index alone.
    index('prepaid_orders_city_idx').on(t.tenantId, t.cityCode, t.id).where(live),
    index('prepaid_orders_kind_idx').on(t.tenantId, t.kind, t.cityCode, t.id).where(live),
    index('prepaid_orders_member_idx').on(t.memberId, t.id),
    index('prepaid_orders_due_idx')
      .on(t.nextCheckAt)
      .where(sql`status = 0 AND next_check_at IS NOT NULL`),
  ],
);

/** A refund (DOMAIN §3.8): back to the wallet, the original channel or a bank account. */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    refundNo: text('refund_no').notNull(),
    paymentOrderId: bigint('payment_order_id', { mode: 'number' }),
    bizType: text('biz_type').notNull(),
    bizId: bigint('biz_id', { mode: 'number' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }),
    amount: money('amount').notNull(),
    currency: currency(),
    reason: smallint('reason').notNull(),
    destination: smallint('destination').notNull(),
    status: smallint('status').notNull().default(0),
    requestedByType: smallint('requested_by_type').notNull(),
    approvedBy: bigint('approved_by', { mode: 'number' }),
    channelRefundId: text('channel_refund_id'),
    attempts: smallint('attempts').notNull().default(0),
    failReason: text('fail_reason'),
    succeededAt: ts('succeeded_at'),
    idempotencyKey: text('idempotency_key').notNull(),
    ...audited(),
  },
  (t) => [
    uniqueIndex('refunds_no_uq').on(t.tenantId, t.refundNo),
    uniqueIndex('refunds_key_uq').on(t.tenantId, t.idempotencyKey),
    index('refunds_city_idx').on(t.tenantId, t.cityCode, t.id),
    index('refunds_payment_idx').on(t.paymentOrderId),
    // A ride's or a prepaid order's refunds, on its detail and when what is left to refund is worked out.
    index('refunds_biz_idx').on(t.bizId, t.bizType),
  ],
);

/**
 * [A] Calls to and from the outside (interfaceLog): gateway requests and the notifications they send, raw body
 * included, with what became of them (accepted, duplicate, refused, parked for review).
 */
export const apiLogs = pgTable(
  'api_logs',
  {
    id: id(),
    tenantId: tenantId(),
    direction: smallint('direction').notNull(),
    provider: text('provider').notNull(),
    channelCode: text('channel_code'),
    endpoint: text('endpoint').notNull(),
    refNo: text('ref_no'),
    httpStatus: integer('http_status'),
    outcome: text('outcome').notNull(),
    requestHeaders: jsonb('request_headers'),
    requestBody: text('request_body'),
    responseBody: text('response_body'),
    durationMs: integer('duration_ms'),
    ...appendOnly(),
  },
  (t) => [
    index('api_logs_tenant_idx').on(t.tenantId, t.id),
    index('api_logs_ref_idx').on(t.tenantId, t.refNo),
    index('api_logs_time_idx').on(t.tenantId, t.createdAt),
  ],
);
