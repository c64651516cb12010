/**
 * Reconciliation with the gateways (DOMAIN §4.4 "Channel fee (at gateway settlement)"; docs/payments.md): each
 * settlement report finance imports for a channel, and each of its lines with what it matched. Re-exported by
 * ../schema.ts.
 */
import { sql } from 'drizzle-orm';
import { bigint, char, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { appendOnly, audited, id, tenantId, ts } from '../columns.ts';

const money = (name: string) => bigint(name, { mode: 'number' });

/** One settlement report as imported: the file's fingerprint (a file is imported once), its totals and its posting. */
export const settlementImports = pgTable(
  'settlement_imports',
  {
    id: id(),
    tenantId: tenantId(),
    importNo: text('import_no').notNull(),
    channelId: bigint('channel_id', { mode: 'number' }).notNull(),
    fileName: text('file_name').notNull(),
    fileSha256: char('file_sha256', { length: 64 }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    periodFrom: ts('period_from'),
    periodTo: ts('period_to'),
    lineCount: integer('line_count').notNull(),
    matchedCount: integer('matched_count').notNull(),
    unmatchedCount: integer('unmatched_count').notNull(),
    /** Of the matched lines: what the payers paid (less refunds), the gateway's fees, and what reaches the bank. */
    grossTotal: money('gross_total').notNull(),
    feeTotal: money('fee_total').notNull(),
    netTotal: money('net_total').notNull(),
    ledgerTxnId: bigint('ledger_txn_id', { mode: 'number' }),
    ...audited(),
  },
  (t) => [
    uniqueIndex('settlement_imports_no_uq').on(t.tenantId, t.importNo),
    uniqueIndex('settlement_imports_file_uq').on(t.channelId, t.fileSha256),
    index('settlement_imports_channel_idx').on(t.tenantId, t.channelId, t.id),
  ],
);

/**
 * [A] A line of an imported report and what it matched (match_status): 1 matched a paid order (or a refund of one),
 * 2 names no order of the channel, 3 another amount or currency, 4 an order not paid, 5 already settled by an earlier
 * report, 6 not an order's movement (a chargeback, a withdrawal). A matched payment is settled once (the partial index).
 */
export const settlementLines = pgTable(
  'settlement_lines',
  {
    id: id(),
    tenantId: tenantId(),
    importId: bigint('import_id', { mode: 'number' }).notNull(),
    line: integer('line').notNull(),
    kind: text('kind').notNull(),
    orderRef: text('order_ref').notNull(),
    channelTxnId: text('channel_txn_id'),
    grossAmount: money('gross_amount').notNull(),
    fee: money('fee').notNull(),
    netAmount: money('net_amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    settledAt: ts('settled_at').notNull(),
    providerType: text('provider_type').notNull(),
    paymentOrderId: bigint('payment_order_id', { mode: 'number' }),
    matchStatus: smallint('match_status').notNull(),
    ...appendOnly(),
  },
  (t) => [
    index('settlement_lines_import_idx').on(t.importId, t.line),
    index('settlement_lines_open_idx')
      .on(t.tenantId, t.id)
      .where(sql`match_status <> 1`),
    // A payment is settled by one report; a refund line (an order may have several) is found by its amount and time.
    uniqueIndex('settlement_lines_paid_uq')
      .on(t.paymentOrderId)
      .where(sql`match_status = 1 AND kind = 'payment'`),
    index('settlement_lines_order_idx')
      .on(t.paymentOrderId)
      .where(sql`payment_order_id IS NOT NULL`),
  ],
);
