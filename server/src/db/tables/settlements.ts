/**
 * Settlements (DOMAIN §2.7, §3.9): what a merchant, agent or investor earned in a period from its accrued shares,
 * confirmed, approved and paid out; and its lines by revenue type and day. Re-exported by ../schema.ts.
 */
import { sql } from 'drizzle-orm';
import { bigint, char, check, date, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { appendOnly, audited, id, tenantId, ts } from '../columns.ts';

/** A party's settlement of a period (settlementList, investment_settlement, payment settlement). */
export const settlements = pgTable(
  'settlements',
  {
    id: id(),
    tenantId: tenantId(),
    settlementNo: text('settlement_no').notNull(),
    partyType: smallint('party_type').notNull(),
    partyId: bigint('party_id', { mode: 'number' }).notNull(),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    // Money in the currency's smallest unit (DOMAIN §0.3): the orders' revenue, the shares, what refunds took back, and
    // what is paid (share − deductions).
    gross: bigint('gross', { mode: 'number' }).notNull(),
    share: bigint('share', { mode: 'number' }).notNull(),
    deductions: bigint('deductions', { mode: 'number' }).notNull(),
    payable: bigint('payable', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    status: smallint('status').notNull().default(0),
    approvedBy: bigint('approved_by', { mode: 'number' }),
    paidAt: ts('paid_at'),
    bankRef: text('bank_ref'),
    /** The payout's posting (Dr the party's payable / Cr PAYOUT_CLEARING). */
    payoutTxnId: bigint('payout_txn_id', { mode: 'number' }),
    statementUrl: text('statement_url'),
    ...audited(),
  },
  (t) => [
    uniqueIndex('settlements_no_uq').on(t.tenantId, t.settlementNo),
    // One live settlement per party and period start; a void one leaves room for its replacement.
    uniqueIndex('settlements_party_period_uq')
      .on(t.tenantId, t.partyType, t.partyId, t.periodStart)
      .where(sql`status <> 4 AND deleted_at IS NULL`),
    index('settlements_list_idx').on(t.tenantId, t.periodStart, t.id),
    check('settlements_status_ck', sql`${t.status} BETWEEN 0 AND 4`),
    check('settlements_period_ck', sql`${t.periodEnd} >= ${t.periodStart}`),
  ],
);

/**
 * DOMAIN's settlement_lines (the name is the gateways' statement lines' here, tables/reconciliation.ts): a settlement's
 * shares by revenue type and day — the orders that earned them, their base and the net share.
 */
export const settlementShareLines = pgTable(
  'settlement_share_lines',
  {
    id: id(),
    tenantId: tenantId(),
    settlementId: bigint('settlement_id', { mode: 'number' }).notNull(),
    revenueType: text('revenue_type').notNull(),
    statDate: date('stat_date').notNull(),
    orders: integer('orders').notNull(),
    base: bigint('base', { mode: 'number' }).notNull(),
    share: bigint('share', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    ...appendOnly(),
  },
  (t) => [index('settlement_share_lines_settlement_idx').on(t.settlementId, t.statDate)],
);
