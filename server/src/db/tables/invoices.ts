/**
 * Invoices and the print journal (DOMAIN §2.7 invoices, print_records). Re-exported by ../schema.ts.
 */
import { sql } from 'drizzle-orm';
import { bigint, char, index, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { appendOnly, audited, id, tenantId, ts } from '../columns.ts';

const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * An invoice a buyer asked for, over paid orders (`orders`: [{type, id, no, amount}]). Requested (0), then issued
 * (1, with its PDF), rejected (2) or, once issued, voided (3). Amounts are tax-inclusive; `tax` is the VAT in them.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    tenantId: tenantId(),
    invoiceNo: text('invoice_no').notNull(),
    buyerType: smallint('buyer_type').notNull(),
    buyerId: bigint('buyer_id', { mode: 'number' }).notNull(),
    buyerName: text('buyer_name').notNull(),
    npwp: text('npwp'),
    email: text('email').notNull(),
    orders: jsonb('orders').notNull(),
    amount: money('amount').notNull(),
    tax: money('tax').notNull(),
    taxRateBp: smallint('tax_rate_bp').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    kind: smallint('kind').notNull(),
    status: smallint('status').notNull().default(0),
    issuedAt: ts('issued_at'),
    /** The operator's name, address and tax ids as they stood when the invoice was issued: the PDF shows these. */
    seller: jsonb('seller'),
    fileUrl: text('file_url'),
    rejectReason: text('reject_reason'),
    ...audited(),
  },
  (t) => [
    uniqueIndex('invoices_no_uq').on(t.tenantId, t.invoiceNo),
    index('invoices_list_idx')
      .on(t.tenantId, t.id)
      .where(sql`deleted_at IS NULL`),
    index('invoices_buyer_idx').on(t.tenantId, t.buyerType, t.buyerId),
  ],
);

/** [A] Each document printed or downloaded to print: what, how many copies, by whom. */
export const printRecords = pgTable(
  'print_records',
  {
    id: id(),
    tenantId: tenantId(),
    docType: smallint('doc_type').notNull(),
    refType: text('ref_type').notNull(),
    refId: bigint('ref_id', { mode: 'number' }).notNull(),
    refNo: text('ref_no'),
    copies: smallint('copies').notNull().default(1),
    printer: text('printer'),
    printedBy: bigint('printed_by', { mode: 'number' }).notNull(),
    ...appendOnly(),
  },
  (t) => [index('print_records_list_idx').on(t.tenantId, t.id), index('print_records_ref_idx').on(t.refType, t.refId)],
);
