import fs from 'node:fs';
import { once } from 'node:events';
import ExcelJS from 'exceljs';

/** One row-at-a-time writer, so an export never holds more than a batch in memory. */
export interface SheetWriter {
  addRow(values: unknown[]): Promise<void>;
  close(): Promise<void>;
}

export interface SheetColumn {
  header: string;
  /** Date cells (real spreadsheet dates, shown with this format) rather than text. */
  date?: boolean;
}

const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/**
 * An xlsx a finance lead can work with at once: a bold, shaded header row that stays in view (frozen), columns
 * wide enough for their header and a typical value, and times as real dates on the export's clock.
 */
export function xlsxWriter(filename: string, sheetName: string, columns: SheetColumn[]): SheetWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    width: Math.min(60, Math.max(c.date ? 20 : 12, c.header.length + 4)),
    ...(c.date ? { style: { numFmt: DATE_FORMAT } } : {}),
  }));
  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF0F2F5' } };
  header.commit();
  return {
    async addRow(values) {
      sheet.addRow(values).commit();
    },
    async close() {
      sheet.commit();
      await workbook.commit();
    },
  };
}

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : v instanceof Date ? v.toISOString().slice(0, 19).replace('T', ' ') : String(v);
  // Quote what needs it, and defuse spreadsheet formulas in text cells.
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

export function csvWriter(filename: string, columns: SheetColumn[]): SheetWriter {
  const out = fs.createWriteStream(filename);
  const write = async (cells: unknown[]) => {
    if (!out.write(`${cells.map(csvCell).join(',')}\r\n`)) await once(out, 'drain');
  };
  out.write('\uFEFF');
  void write(columns.map((c) => c.header));
  return {
    addRow: write,
    close: () => new Promise((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve()))),
  };
}
