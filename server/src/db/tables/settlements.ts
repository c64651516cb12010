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
    /** 0 none, 1 sent (paid, in PAYOUT_CLEARING), 2 confirmed by the bank (Dr PAYOUT_CLEARING / Cr BANK). */
    payoutState: smallint('payout_state').notNull().default(0),
    bankConfirmedAt: ts('bank_confirmed_at'),
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
    // Paid: its transfer sent or confirmed; not paid: none sent yet, or the last one returned by the bank.
    check('settlements_payout_state_ck', sql`${t.payoutState} BETWEEN 0 AND 3 AND (${t.payoutState} IN (0, 3)) = (${t.status} <> 3)`),
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

/**
 * A technician's piece pay (docs/settlements.md; DOMAIN §2.2 ticket_templates.piece_rate, §3.1 approve): one row per
 * approved ticket — its template's rate times the vehicles it worked on — accrued to the technician's STAFF_PAYABLE in
 * the approve's transaction, then taken by their settlement as profit shares are by a partner's.
 */
export const piecePayEntries = pgTable(
  'piece_pay_entries',
  {
    id: id(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    ticketId: bigint('ticket_id', { mode: 'number' }).notNull(),
    ticketNo: text('ticket_no').notNull(),
    ticketType: smallint('ticket_type').notNull(),
    technicianId: bigint('technician_id', { mode: 'number' }).notNull(),
    /** The city's business day of the approval (DOMAIN §0.4). */
    workDate: date('work_date').notNull(),
    items: integer('items').notNull(),
    rate: bigint('rate', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** 0 accrued, 1 settled (as profit_share_entries.status). */
    status: smallint('status').notNull().default(0),
    settlementId: bigint('settlement_id', { mode: 'number' }),
    /** The accrual's posting (Dr EXP_PIECE_PAY / Cr the technician's STAFF_PAYABLE). */
    txnId: bigint('txn_id', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // A ticket pays its technician once.
    uniqueIndex('piece_pay_entries_ticket_uq').on(t.ticketId),
    index('piece_pay_entries_technician_idx').on(t.tenantId, t.technicianId, t.workDate),
    check('piece_pay_entries_amount_ck', sql`${t.items} > 0 AND ${t.rate} >= 0 AND ${t.amount} = ${t.items} * ${t.rate}`),
    check('piece_pay_entries_status_ck', sql`${t.status} IN (0, 1)`),
  ],
);
