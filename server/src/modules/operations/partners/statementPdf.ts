import { dictByType } from '@kayuh/contract/dicts/index';
import { SettlementStatus } from '@kayuh/contract/resources/settlements';
import { formatMoney, formatThousands } from '@kayuh/contract/rules/format';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { settlements, settlementShareLines } from '../../../db/schema.ts';
import { A4, dateOf, dayOf, MARGIN, MUTED, rule, voidMark, winAnsi, writerOf } from '../../../platform/pdf/paper.ts';

type Settlement = typeof settlements.$inferSelect;
type Line = typeof settlementShareLines.$inferSelect;

/** Who the statement is for: the party's name and, where it has one, the account the payout goes to. */
export interface StatementParty {
  name: string;
  bank: string | null;
}

const ROWS_PER_PAGE = 30;

/** A dictionary value's label as the paperwork writes it: Indonesian, the code when the dictionary lacks it. */
const labelOf = (dict: string, value: string | number) => dictByType(dict)?.values.find((v) => v.value === String(value))?.label.id ?? String(value);

/**
 * A settlement's statement (DOMAIN print doc type 5; docs/settlements.md) as a PDF (A4): the operator, the party and
 * its bank account, the period, the lines by revenue type and day, and the totals — what was earned, what refunds took
 * back, what is paid — with the payout's bank reference once paid. A void settlement carries VOID across each page.
 */
export async function renderStatementPdf(s: Settlement, lines: Line[], party: StatementParty, operator: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${s.settlementNo} ${party.name}`);
  pdf.setAuthor(winAnsi(operator));
  pdf.setCreator('Kayuh');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const money = (amount: number) => formatMoney(amount, s.currency.trim());
  const pages = Math.max(1, Math.ceil(lines.length / ROWS_PER_PAGE));

  for (let p = 0; p < pages; p++) {
    const page = pdf.addPage([A4.width, A4.height]);
    const { text, right } = writerOf(page, regular);
    let y = A4.height - MARGIN;

    text(operator, MARGIN, y, 15, bold);
    right('PENYELESAIAN / SETTLEMENT', A4.width - MARGIN, y, 13, bold);
    right(`No. ${s.settlementNo}`, A4.width - MARGIN, y - 18, 10, bold);
    right(`Tanggal / Date ${dateOf(s.createdAt)}`, A4.width - MARGIN, y - 32, 9);
    right(`Halaman / Page ${p + 1} / ${pages}`, A4.width - MARGIN, y - 44, 9);
    y -= 16;
    text(`Status: ${labelOf('settlements_status', s.status)}`, MARGIN, y, 9, regular, MUTED);
    y -= 40;
    rule(page, y);
    y -= 18;

    text('Kepada / To', MARGIN, y, 9, regular, MUTED);
    text('Periode / Period', A4.width / 2, y, 9, regular, MUTED);
    y -= 14;
    text(party.name, MARGIN, y, 11, bold);
    text(`${dayOf(s.periodStart)} - ${dayOf(s.periodEnd)}`, A4.width / 2, y, 11, bold);
    y -= 13;
    text(labelOf('settlements_party_type', s.partyType), MARGIN, y, 9);
    y -= 12;
    if (party.bank) {
      text(party.bank, MARGIN, y, 9);
      y -= 12;
    }
    y -= 12;

    const cols = { day: MARGIN, type: MARGIN + 80, orders: MARGIN + 300, base: MARGIN + 400, share: A4.width - MARGIN };
    text('Tanggal / Day', cols.day, y, 9, bold);
    text('Jenis / Type', cols.type, y, 9, bold);
    right('Pesanan / Orders', cols.orders, y, 9, bold);
    right('Dasar / Base', cols.base, y, 9, bold);
    right('Bagi hasil / Share', cols.share, y, 9, bold);
    y -= 6;
    rule(page, y);
    y -= 14;
    for (const l of lines.slice(p * ROWS_PER_PAGE, (p + 1) * ROWS_PER_PAGE)) {
      text(dayOf(l.statDate), cols.day, y, 9);
      text(labelOf('settlement_lines_revenue_type', l.revenueType), cols.type, y, 9);
      right(formatThousands(l.orders), cols.orders, y, 9);
      right(money(l.base), cols.base, y, 9);
      right(money(l.share), cols.share, y, 9);
      y -= 15;
    }

    if (p === pages - 1) {
      y -= 4;
      rule(page, y);
      y -= 16;
      for (const [label, value, font] of [
        ['Pendapatan bruto / Gross revenue', money(s.gross), regular],
        ['Bagi hasil / Shares', money(s.share), regular],
        ['Potongan refund / Refund deductions', `- ${money(s.deductions)}`, regular],
        ['Dibayarkan / Payable', money(s.payable), bold],
      ] as const) {
        right(label, cols.base, y, 10, font);
        right(value, cols.share, y, 10, font);
        y -= 16;
      }
      y -= 16;
      if (s.paidAt) {
        text(`Dibayar / Paid ${dateOf(s.paidAt)} · Ref. bank ${s.bankRef ?? '-'}`, MARGIN, y, 9);
        y -= 12;
      }
      text('Dokumen ini dibuat secara elektronik dan sah tanpa tanda tangan.', MARGIN, y - 8, 8, regular, MUTED);
      text('This document is issued electronically and is valid without a signature.', MARGIN, y - 19, 8, regular, MUTED);
    }
    if (s.status === SettlementStatus.void) voidMark(page, bold);
  }
  return pdf.save();
}
