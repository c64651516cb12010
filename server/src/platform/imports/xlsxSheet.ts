import ExcelJS from 'exceljs';
import { hasZipMagic, unpacksWithin } from './zipGuard.ts';
import { uploadError } from './upload.ts';

/** What an uploaded workbook may unpack to: far above any real import file, far below harm. */
const MAX_UNPACKED_BYTES = 32 * 1024 * 1024;

/** One non-blank row below the header: its number in the sheet and its first cells as text. */
export interface SheetRow {
  row: number;
  cells: string[];
}

/** A cell as the text a person sees in it: rich text joined, a formula's result, a link's text. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('hyperlink' in value) return cellText(value.text as ExcelJS.CellValue);
  if ('formula' in value || 'sharedFormula' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
  return '';
}

/**
 * The first worksheet of an uploaded xlsx: row 1 is the header, the rows below it are read as text (blank rows
 * skipped). Anything that is not an xlsx — by its zip signature, by what it unpacks to, or by the reader — and a
 * sheet of more than `maxRows` rows are refused on the form's `file` field.
 */
export async function readFirstSheet(bytes: Buffer, opts: { columns: number; maxRows: number; field?: string }) {
  const field = opts.field ?? 'file';
  if (!hasZipMagic(bytes) || !unpacksWithin(bytes, MAX_UNPACKED_BYTES)) throw uploadError(field, 'validation.notXlsx');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw uploadError(field, 'validation.notXlsx');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw uploadError(field, 'validation.notXlsx');
  const textsOf = (row: ExcelJS.Row) => Array.from({ length: opts.columns }, (_, i) => cellText(row.getCell(i + 1).value));
  const header = textsOf(sheet.getRow(1));
  const rows: SheetRow[] = [];
  let tooMany = false;
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1 || tooMany) return;
    const cells = textsOf(row);
    if (cells.every((c) => c.trim() === '')) return;
    if (rows.length === opts.maxRows) tooMany = true;
    else rows.push({ row: number, cells });
  });
  if (tooMany) throw uploadError(field, 'validation.tooManyRows', { max: opts.maxRows });
  if (rows.length === 0) throw uploadError(field, 'validation.noRows');
  return { header, rows };
}
