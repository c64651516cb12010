/** Invoices (DOMAIN §2.7 invoices; docs/payments.md): states, and what a printed document is. */

/** invoices.status. */
export const InvoiceStatus = { requested: 0, issued: 1, rejected: 2, voided: 3 } as const;
/** invoices.buyer_type. */
export const InvoiceBuyer = { member: 1, merchant: 2 } as const;
/** print_records.doc_type. */
export const PrintDocType = { receipt: 1, invoice: 2, vehicleLabel: 3, rentalContract: 4, settlementStatement: 5 } as const;

/** Orders one invoice may cover: a month of a commuter's top-ups, with room. */
export const INVOICE_ORDERS_MAX = 50;
/** What an invoice covers, as stored: each paid order with its number and amount. */
export interface InvoiceOrder {
  type: 'payment_order';
  id: number;
  no: string;
  amount: number;
  paidAt: string;
}
