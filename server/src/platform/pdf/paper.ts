import { degrees, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/** The console's A4 paperwork (invoices, settlement statements): page, margins and inks. */
export const A4 = { width: 595.28, height: 841.89 };
export const MARGIN = 48;
export const INK = rgb(0.12, 0.14, 0.16);
export const MUTED = rgb(0.42, 0.45, 0.5);
const RULE = rgb(0.85, 0.87, 0.9);

/** The standard fonts write WinAnsi only: anything else (an emoji in a name) is shown as '?', never an error. */
export const winAnsi = (text: string) =>
  text
    .normalize('NFKC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

/** Jakarta's date of an instant, as Indonesian paperwork writes it: 27-11-2026. */
export const dateOf = (at: Date | string) =>
  new Intl.DateTimeFormat('id-ID', { timeZone: 'Asia/Jakarta', day: '2-digit', month: '2-digit', year: 'numeric' })
    .format(new Date(at))
    .replaceAll('/', '-');

/** A calendar day (YYYY-MM-DD) as the paperwork writes dates: 27-11-2026. */
export const dayOf = (day: string) => day.split('-').reverse().join('-');

/** A thin rule across the page at `y`. */
export function rule(page: PDFPage, y: number) {
  page.drawLine({ start: { x: MARGIN, y }, end: { x: A4.width - MARGIN, y }, thickness: 0.8, color: RULE });
}

/** Writing on a page: text from the left, and text ending at `x` (amounts in a column). */
export function writerOf(page: PDFPage, regular: PDFFont) {
  const text = (value: string, x: number, y: number, size = 10, font: PDFFont = regular, color = INK) =>
    page.drawText(winAnsi(value), { x, y, size, font, color });
  const right = (value: string, x: number, y: number, size = 10, font: PDFFont = regular) =>
    text(value, x - font.widthOfTextAtSize(winAnsi(value), size), y, size, font);
  return { text, right };
}

/** VOID across the page, for a document that no longer stands (a voided invoice, a void settlement). */
export function voidMark(page: PDFPage, font: PDFFont) {
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
