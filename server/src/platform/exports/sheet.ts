import fs from 'node:fs';
import { once } from 'node:events';
import ExcelJS from 'exceljs';

/** One row-at-a-time writer, so an export never holds more than a batch in memory. */
export interface SheetWriter {
  addRow(values: unknown[]): Promise<void>;
  close(): Promise<void>;
}

export function xlsxWriter(filename: string, sheetName: string, headers: string[]): SheetWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.addRow(headers).commit();
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
  const s = v === null || v === undefined ? '' : String(v);
  // Quote what needs it, and defuse spreadsheet formulas in text cells.
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

export function csvWriter(filename: string, headers: string[]): SheetWriter {
  const out = fs.createWriteStream(filename);
  const write = async (cells: unknown[]) => {
    if (!out.write(`${cells.map(csvCell).join(',')}\r\n`)) await once(out, 'drain');
  };
  out.write('\uFEFF');
  void write(headers);
  return {
    addRow: write,
    close: () => new Promise((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve()))),
  };
}
