import type { InvoiceOrder } from '@kayuh/contract/api/invoices';
import { InvoiceStatus } from '@kayuh/contract/api/invoices';
import { formatMoney } from '@kayuh/contract/rules/format';
import { PDFDocument, rgb, StandardFonts, degrees, type PDFFont, type PDFPage } from 'pdf-lib';
import type { invoices } from '../../db/schema.ts';

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

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const INK = rgb(0.12, 0.14, 0.16);
const MUTED = rgb(0.42, 0.45, 0.5);
const RULE = rgb(0.85, 0.87, 0.9);
const ROWS_PER_PAGE = 28;

/** The standard fonts write WinAnsi only: anything else (an emoji in a name) is shown as '?', never an error. */
const winAnsi = (text: string) =>
  text
    .normalize('NFKC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

/** Jakarta's date of an instant, as Indonesian paperwork writes it: 27-11-2026. */
const dateOf = (at: Date | string) =>
  new Intl.DateTimeFormat('id-ID', { timeZone: 'Asia/Jakarta', day: '2-digit', month: '2-digit', year: 'numeric' })
    .format(new Date(at))
    .replaceAll('/', '-');

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
    const text = (value: string, x: number, y: number, size = 10, font: PDFFont = regular, color = INK) =>
      page.drawText(winAnsi(value), { x, y, size, font, color });
    const right = (value: string, x: number, y: number, size = 10, font: PDFFont = regular) =>
      text(value, x - font.widthOfTextAtSize(winAnsi(value), size), y, size, font);
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

function rule(page: PDFPage, y: number) {
  page.drawLine({ start: { x: MARGIN, y }, end: { x: A4.width - MARGIN, y }, thickness: 0.8, color: RULE });
}

function voidMark(page: PDFPage, font: PDFFont) {
  const size = 96;
  const word = 'VOID';
  const width = font.widthOfTextAtSize(word, size);
  page.drawText(word, {
    x: A4.width / 2 - (width / 2) * Math.cos(Math.PI / 6),
    y: A4.height / 2 - (width / 2) * Math.sin(Math.PI / 6),
    size,
    font,
    color: rgb(0.8, 0.1, 0.1),
    opacity: 0.25,
    rotate: degrees(30),
  });
}
