/**
 * Outside parties (DOMAIN §2.2): partner agencies — operating agents, investors, contractors — and the batteries
 * investors and partners buy for the operator to run (battery_acquisitions, /operations/acquired_batteries).
 * The partner's bank details and payable account come with payouts. Re-exported by ../schema.ts, which drizzle-kit reads.
 */
import { sql } from 'drizzle-orm';
import { bigint, char, check, date, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { appendOnly, audited, id, tenantId, ts } from '../columns.ts';

const live = sql`deleted_at IS NULL`;

/** A local operating agent, an investor or a maintenance contractor, and the cities it works in. */
export const partnerAgencies = pgTable(
  'partner_agencies',
  {
    id: id(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    kind: smallint('kind').notNull(),
    cityCodes: bigint('city_codes', { mode: 'number' }).array().notNull(),
    contactName: text('contact_name').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    npwp: text('npwp'),
    bankName: text('bank_name'),
    /** Sealed with the field cipher; bank_account_masked shows its last digits. */
    bankAccountEnc: text('bank_account_enc'),
    bankAccountMasked: text('bank_account_masked'),
    accountHolder: text('account_holder'),
    /** What the operator owes the partner (accounts.owner_type 3, code PARTNER_PAYABLE), opened with it. */
    accountId: bigint('account_id', { mode: 'number' }),
    status: smallint('status').notNull().default(0),
    contractEndOn: date('contract_end_on'),
    /** The join application it was approved from, if any. */
    applicationId: bigint('application_id', { mode: 'number' }),
    ...audited(),
  },
  (t) => [uniqueIndex('partner_agencies_name_uq').on(t.tenantId, t.name).where(live)],
);

/** A request to become an operating agent, investor or contractor (join_list, DOMAIN §2.2 and §3.6). */
export const joinApplications = pgTable(
  'join_applications',
  {
    id: id(),
    tenantId: tenantId(),
    applicationNo: text('application_no').notNull(),
    kind: smallint('kind').notNull(),
    applicantName: text('applicant_name').notNull(),
    phone: text('phone').notNull(),
    company: text('company'),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    plannedVehicles: integer('planned_vehicles'),
    plannedBatteries: integer('planned_batteries'),
    // Money in the currency's smallest unit (DOMAIN §0.3).
    plannedInvestment: bigint('planned_investment', { mode: 'number' }),
    currency: char('currency', { length: 3 }),
    documents: jsonb('documents'),
    status: smallint('status').notNull().default(0),
    reviewerId: bigint('reviewer_id', { mode: 'number' }),
    reviewedAt: ts('reviewed_at'),
    rejectReason: text('reject_reason'),
    partnerId: bigint('partner_id', { mode: 'number' }),
    ...audited(),
  },
  (t) => [
    uniqueIndex('join_applications_no_uq').on(t.tenantId, t.applicationNo).where(live),
    index('join_applications_city_idx').on(t.tenantId, t.cityCode, t.createdAt, t.id).where(live),
    index('join_applications_phone_idx').on(t.tenantId, t.phone).where(live),
    check('join_applications_status_ck', sql`${t.status} BETWEEN 0 AND 4`),
  ],
);

/** [C] Batteries an investor or partner buys; the operator runs them and shares their revenue. */
export const batteryAcquisitions = pgTable(
  'battery_acquisitions',
  {
    id: id(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    contractNo: text('contract_no').notNull(),
    partnerId: bigint('partner_id', { mode: 'number' }).notNull(),
    modelId: bigint('model_id', { mode: 'number' }).notNull(),
    factoryLotId: bigint('factory_lot_id', { mode: 'number' }),
    quantity: integer('quantity').notNull(),
    // Money in the currency's smallest unit (DOMAIN §0.3); total = quantity × unit price.
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    shareStartOn: date('share_start_on'),
    shareMonths: smallint('share_months'),
    status: smallint('status').notNull().default(0),
    deliveredAt: ts('delivered_at'),
    ...audited(),
  },
  (t) => [
    uniqueIndex('battery_acquisitions_contract_uq').on(t.tenantId, t.contractNo).where(live),
    index('battery_acquisitions_city_idx').on(t.tenantId, t.cityCode, t.status).where(live),
    index('battery_acquisitions_partner_idx').on(t.partnerId),
  ],
);

/** [C-optional] Who gets what share of a revenue type (profitConfiguration, DOMAIN §2.7; no city = every city). */
export const profitShareConfigs = pgTable(
  'profit_share_configs',
  {
    id: id(),
    tenantId: tenantId(),
    partyType: smallint('party_type').notNull(),
    partyId: bigint('party_id', { mode: 'number' }),
    revenueType: text('revenue_type').notNull(),
    shareBp: integer('share_bp').notNull(),
    basis: smallint('basis').notNull().default(1),
    cityCode: bigint('city_code', { mode: 'number' }),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to'),
    priority: smallint('priority').notNull().default(0),
    status: smallint('status').notNull().default(0),
    ...audited(),
  },
  (t) => [
    index('profit_share_configs_type_idx').on(t.tenantId, t.revenueType, t.status).where(live),
    check('profit_share_configs_bp_ck', sql`${t.shareBp} BETWEEN 1 AND 10000`),
  ],
);

/**
 * [A-ish] The shares each paid order earned its parties (revenue_order_list, DOMAIN §2.7, §4.4), and the negative
 * shares its refunds took back (source 'refund', the refund's id, status 2). Written in the payment's transaction;
 * only status, settlement_id and updated_at change later. The daily accrual posts each party's day from them.
 */
export const profitShareEntries = pgTable(
  'profit_share_entries',
  {
    id: id(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    sourceType: text('source_type').notNull(),
    sourceId: bigint('source_id', { mode: 'number' }).notNull(),
    /** The revenue order's business number (a refund's entries carry its order's), so an order's shares read together. */
    orderNo: text('order_no').notNull(),
    revenueType: text('revenue_type').notNull(),
    /** The business day (the city's clock) it was paid or refunded on. */
    revenueDate: date('revenue_date').notNull(),
    // Money in the currency's smallest unit (DOMAIN §0.3); a refund's base and share are negative.
    base: bigint('base', { mode: 'number' }).notNull(),
    shareBp: integer('share_bp').notNull(),
    share: bigint('share', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    partyType: smallint('party_type').notNull(),
    partyId: bigint('party_id', { mode: 'number' }).notNull(),
    /** The config that gave it, and that config's basis: a refund takes back only shares of a net basis. */
    configId: bigint('config_id', { mode: 'number' }),
    basis: smallint('basis').notNull(),
    status: smallint('status').notNull().default(0),
    settlementId: bigint('settlement_id', { mode: 'number' }),
    ...appendOnly(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('profit_share_entries_source_uq').on(t.sourceType, t.sourceId, t.partyType, t.partyId),
    // The console's list, a city's or the tenant's, newest first by keyset (DESIGN §9); nothing is ever removed.
    index('profit_share_entries_city_idx').on(t.tenantId, t.cityCode, t.createdAt, t.id),
    index('profit_share_entries_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('profit_share_entries_order_idx').on(t.tenantId, t.orderNo),
    // A party's shares of a period, for its settlement.
    index('profit_share_entries_party_idx').on(t.tenantId, t.partyType, t.partyId, t.revenueDate),
    // The days the accrual sums (every tenant's, by date), party by party.
    index('profit_share_entries_day_idx').on(t.revenueDate, t.tenantId, t.partyType, t.partyId),
    check('profit_share_entries_status_ck', sql`${t.status} BETWEEN 0 AND 2`),
  ],
);

/**
 * What the daily accrual has posted of each party's business day (DOMAIN §4.4): a day's shares may still grow after
 * it was posted (a payment committed across midnight), so each run posts the difference and counts its postings here
 * — one row per party, city, day and currency, locked while it is posted.
 */
export const shareAccruals = pgTable(
  'share_accruals',
  {
    id: id(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    partyType: smallint('party_type').notNull(),
    partyId: bigint('party_id', { mode: 'number' }).notNull(),
    revenueDate: date('revenue_date').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    // Money in the currency's smallest unit (DOMAIN §0.3): Σ of the postings so far.
    accrued: bigint('accrued', { mode: 'number' }).notNull().default(0),
    postings: integer('postings').notNull().default(0),
    lastTxnId: bigint('last_txn_id', { mode: 'number' }),
    ...appendOnly(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('share_accruals_day_uq').on(t.tenantId, t.cityCode, t.partyType, t.partyId, t.revenueDate, t.currency)],
);
