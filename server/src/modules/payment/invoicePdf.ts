import type { InvoiceOrder } from '@kayuh/contract/api/invoices';
import { InvoiceStatus } from '@kayuh/contract/api/invoices';
import { formatMoney } from '@kayuh/contract/rules/format';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { invoices } from '../../db/schema.ts';
import { A4, dateOf, MARGIN, MUTED, rule, voidMark, winAnsi, writerOf } from '../../platform/pdf/paper.ts';

type Invoice = typeof invoices.$inferSelect;

/** The operator as the invoice names it, kept on the invoice when it is issued. */
export interface InvoiceSeller {
  companyName: string;
  brandName: string;
  address: string | null;
  npwp: string | null;
  licenseNumber: string | null;
  email: string;
  contactPhone: string;
}

const ROWS_PER_PAGE = 28;

/**
 * An invoice as a PDF (A4): the operator with its tax ids, the buyer, the paid orders it covers, and the totals with
 * the VAT included in them (DPP, PPN). A voided invoice carries VOID across each page. Kind 1 is titled as a tax
 * invoice (Faktur), kind 2 as a receipt (Kuitansi).
 */
export async function renderInvoicePdf(invoice: Invoice, seller: InvoiceSeller): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${invoice.invoiceNo} ${seller.companyName}`);
  pdf.setAuthor(winAnsi(seller.companyName));
  pdf.setCreator('Kayuh');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const money = (amount: number) => formatMoney(amount, invoice.currency.trim());
  const orders = invoice.orders as InvoiceOrder[];
  const pages = Math.max(1, Math.ceil(orders.length / ROWS_PER_PAGE));
  const title = invoice.kind === 1 ? 'FAKTUR / INVOICE' : 'KUITANSI / RECEIPT';

  for (let p = 0; p < pages; p++) {
    const page = pdf.addPage([A4.width, A4.height]);
    const { text, right } = writerOf(page, regular);
    let y = A4.height - MARGIN;

    // The seller.
    text(seller.companyName, MARGIN, y, 15, bold);
    right(title, A4.width - MARGIN, y, 14, bold);
    y -= 16;
    for (const line of [
      seller.brandName,
      seller.address,
      seller.npwp ? `NPWP ${seller.npwp}` : null,
      seller.licenseNumber ? `NIB ${seller.licenseNumber}` : null,
      `${seller.email} · ${seller.contactPhone}`,
    ].filter((l): l is string => Boolean(l))) {
      text(line, MARGIN, y, 9, regular, MUTED);
      y -= 12;
    }
    right(`No. ${invoice.invoiceNo}`, A4.width - MARGIN, A4.height - MARGIN - 18, 10, bold);
    right(`Tanggal / Date ${dateOf(invoice.issuedAt ?? invoice.createdAt)}`, A4.width - MARGIN, A4.height - MARGIN - 32, 9);
    right(`Halaman / Page ${p + 1} / ${pages}`, A4.width - MARGIN, A4.height - MARGIN - 44, 9);
    y -= 8;
    rule(page, y);
    y -= 18;

    // The buyer.
    text('Kepada / Bill to', MARGIN, y, 9, regular, MUTED);
    y -= 14;
    text(invoice.buyerName, MARGIN, y, 11, bold);
    y -= 13;
    if (invoice.npwp) {
      text(`NPWP ${invoice.npwp}`, MARGIN, y, 9);
      y -= 12;
    }
    text(invoice.email, MARGIN, y, 9);
    y -= 22;

    // The orders.
    const cols = { no: MARGIN, order: MARGIN + 28, paid: MARGIN + 220, amount: A4.width - MARGIN };
    text('No.', cols.no, y, 9, bold);
    text('Nomor pembayaran / Payment no.', cols.order, y, 9, bold);
    text('Dibayar / Paid', cols.paid, y, 9, bold);
    right('Jumlah / Amount', cols.amount, y, 9, bold);
    y -= 6;
    rule(page, y);
    y -= 14;
    const slice = orders.slice(p * ROWS_PER_PAGE, (p + 1) * ROWS_PER_PAGE);
    slice.forEach((o, i) => {
      text(String(p * ROWS_PER_PAGE + i + 1), cols.no, y, 9);
      text(o.no, cols.order, y, 9);
      text(dateOf(o.paidAt), cols.paid, y, 9);
      right(money(o.amount), cols.amount, y, 9);
      y -= 15;
    });

    if (p === pages - 1) {
      y -= 4;
      rule(page, y);
      y -= 16;
      const base = invoice.amount - invoice.tax;
      const rate = `${(invoice.taxRateBp / 100).toLocaleString('id-ID')}%`;
      for (const [label, value, font] of [
        ['Dasar pengenaan pajak (DPP)', money(base), regular],
        [`PPN ${rate} (termasuk / included)`, money(invoice.tax), regular],
        ['Total', money(invoice.amount), bold],
      ] as const) {
        right(label, cols.paid + 120, y, 10, font);
        right(value, cols.amount, y, 10, font);
        y -= 16;
      }
      y -= 20;
      text('Harga sudah termasuk PPN. Dokumen ini dibuat secara elektronik dan sah tanpa tanda tangan.', MARGIN, y, 8, regular, MUTED);
      y -= 11;
      text('Prices include VAT. This document is issued electronically and is valid without a signature.', MARGIN, y, 8, regular, MUTED);
    }

    if (invoice.status === InvoiceStatus.voided) voidMark(page, bold);
  }
  return pdf.save();
}
