import { LABEL_COLUMNS, LABEL_ROWS } from '@kayuh/contract/api/fleetImport';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';

/** A4 in PostScript points, and the sheet's margins around its 3 × 8 grid of labels. */
const A4 = { width: 595.28, height: 841.89 };
const MARGIN = { x: 20, y: 24 };
const PER_SHEET = LABEL_COLUMNS * LABEL_ROWS;

/** Text the standard PDF fonts can draw (WinAnsi): anything else becomes '?'. */
const drawable = (text: string) => text.normalize('NFKD').replace(/[^\x20-\x7e]/g, (c) => (/[\u0300-\u036f]/.test(c) ? '' : '?'));

/** One QR code as filled squares of its modules: vector, sharp at any print size, no image to embed. */
function drawQr(page: PDFPage, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = size / n;
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (qr.modules.get(row, col))
        page.drawRectangle({ x: x + col * cell, y: y + size - (row + 1) * cell, width: cell, height: cell, color: rgb(0, 0, 0) });
    }
  }
}

/** The largest font size (up to `max`) at which the text fits the width. */
const fitted = (font: PDFFont, text: string, width: number, max: number) =>
  Math.min(max, (max * width) / Math.max(1, font.widthOfTextAtSize(text, max)));

/**
 * Sticker sheets for vehicles: A4 pages of 3 × 8 labels, each with a QR code of the vehicle number (what a rider's
 * app and a technician's scanner read), the number in text under a caption, and the operator's brand.
 */
export async function labelsPdf(vehicleNos: string[], brand: string, caption: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${drawable(brand)} vehicle labels`);
  doc.setCreator('Kayuh');
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const w = (A4.width - 2 * MARGIN.x) / LABEL_COLUMNS;
  const h = (A4.height - 2 * MARGIN.y) / LABEL_ROWS;
  const pad = 8;
  const qrSize = h - 2 * pad;
  const brandText = drawable(brand);
  const captionText = drawable(caption);
  let page: PDFPage | undefined;
  vehicleNos.forEach((no, i) => {
    const at = i % PER_SHEET;
    if (at === 0) page = doc.addPage([A4.width, A4.height]);
    const x = MARGIN.x + (at % LABEL_COLUMNS) * w;
    const y = A4.height - MARGIN.y - (Math.floor(at / LABEL_COLUMNS) + 1) * h;
    // A light cut line around each label.
    page!.drawRectangle({ x, y, width: w, height: h, borderColor: rgb(0.8, 0.8, 0.8), borderWidth: 0.5 });
    drawQr(page!, no, x + pad, y + pad, qrSize);
    const textX = x + pad + qrSize + 6;
    const textWidth = w - (textX - x) - pad;
    page!.drawText(brandText, { x: textX, y: y + h - pad - 12, size: fitted(bold, brandText, textWidth, 12), font: bold });
    page!.drawText(captionText, {
      x: textX,
      y: y + h / 2 + 2,
      size: fitted(regular, captionText, textWidth, 7),
      font: regular,
      color: rgb(0.35, 0.35, 0.35),
    });
    page!.drawText(no, { x: textX, y: y + h / 2 - 12, size: fitted(bold, no, textWidth, 11), font: bold });
  });
  return Buffer.from(await doc.save());
}
