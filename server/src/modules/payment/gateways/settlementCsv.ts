import { AmountError, toMinorUnits } from './amounts.ts';
import type { ChannelCode } from './types.ts';

/**
 * Reading the gateways' settlement reports (DOMAIN §4.4 "Channel fee (at gateway settlement)"): a CSV reader that
 * takes what spreadsheet tools and dashboards write — a BOM, CRLF, quoted fields with commas and line breaks, `;` as
 * the separator — and the amount and time notations of those reports. Every error names the line it is on.
 */

/** One money movement of a settlement report, in our words. */
export interface SettlementRow {
  /** The line of the file the row starts on (1 is the header), for finance to find it. */
  line: number;
  /** payment: a member's payment settled; refund: money returned to a payer; adjustment: anything else (chargeback, withdrawal, …). */
  kind: 'payment' | 'refund' | 'adjustment';
  /** Our pay_no as the gateway reports it (Midtrans Order ID, Xendit Reference). Match on this. */
  orderId: string;
  /** The gateway's id of the transaction as the report writes it (Xendit writes the payment's id, not the QR code's). */
  channelTxnId: string;
  channelCode?: ChannelCode;
  /** Signed from our balance at the gateway: a payment is positive, a refund negative. Integer minor units. */
  grossAmount: number;
  /** What the gateway kept (positive) or gave back (negative). */
  fee: number;
  /** grossAmount − fee: what reaches (or leaves) our balance at the gateway, and then the bank. */
  netAmount: number;
  currency: string;
  settledAt: Date;
  /** The report's own word for the row (payment, refund, PAYMENT, WITHDRAWAL …), for the audit trail. */
  providerType: string;
}

export class SettlementCsvError extends Error {
  override name = 'SettlementCsvError';
  constructor(
    readonly line: number,
    detail: string,
  ) {
    super(`line ${line}: ${detail}`);
  }
}

export interface CsvRecord {
  line: number;
  fields: string[];
}

/** RFC 4180 records with the line each begins on; blank lines are skipped. */
export function readCsv(text: string): CsvRecord[] {
  const source = text.replace(/^\uFEFF/, '');
  const firstLine = source.slice(0, source.search(/\r?\n|$/));
  const separator = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let touched = false;
  const endRecord = () => {
    fields.push(field);
    if (touched || fields.length > 1 || field !== '') records.push({ line: start, fields });
    fields = [];
    field = '';
    touched = false;
  };
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        field += char;
      }
      continue;
    }
    if (char === '"') {
      if (field.trim() !== '') throw new SettlementCsvError(line, 'a quote inside an unquoted field');
      field = '';
      quoted = true;
      touched = true;
    } else if (char === separator) {
      fields.push(field);
      field = '';
      touched = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else field += char;
  }
  if (quoted) throw new SettlementCsvError(start, 'a quoted field is not closed');
  endRecord();
  return records;
}

/** A header name as the reports vary it: case, spaces, and punctuation ignored. */
export const columnKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** The header's columns by key, and a reader of one record that finds a field by any of a column's names. */
export function columns(header: CsvRecord) {
  const index = new Map<string, number>();
  header.fields.forEach((name, i) => {
    const key = columnKey(name);
    if (key && !index.has(key)) index.set(key, i);
  });
  const find = (names: readonly string[]) => names.map(columnKey).find((key) => index.has(key));
  return {
    has: (names: readonly string[]) => find(names) !== undefined,
    require(names: readonly string[]) {
      if (!find(names)) throw new SettlementCsvError(header.line, `no "${names[0]}" column`);
    },
    reader(record: CsvRecord) {
      if (record.fields.length !== header.fields.length)
        throw new SettlementCsvError(record.line, `${record.fields.length} fields where the header has ${header.fields.length}`);
      return (names: readonly string[]) => {
        const key = find(names);
        return key === undefined ? undefined : record.fields[index.get(key)!]!.trim();
      };
    },
  };
}

/**
 * An amount as reports write it — 50000, 50000.00, "50,000", "1,250,000.00", 1.250.000 or 1.250.000,00 (the
 * Indonesian notation), with Rp or IDR before it, a minus or parentheses for a negative — as signed integer minor
 * units. A separator followed by exactly three digits groups thousands; one or two digits are a fraction, which for
 * IDR must be zero.
 */
export function reportAmount(text: string | undefined, currency: string, line: number, column: string): number {
  let s = (text ?? '').trim();
  if (s === '') throw new SettlementCsvError(line, `${column} is empty`);
  const negative = /^-|^\(.*\)$/.test(s);
  s = s
    .replace(/^\((.*)\)$/, '$1')
    .replace(/^-/, '')
    .replace(/^(rp\.?|idr)\s*/i, '');
  const last = Math.max(s.lastIndexOf('.'), s.lastIndexOf(','));
  let whole = s;
  let fraction = '';
  if (last >= 0 && /^\d{1,2}$/.test(s.slice(last + 1))) {
    whole = s.slice(0, last);
    fraction = s.slice(last + 1);
  }
  const group = /[.,]/.exec(whole)?.[0];
  const grouped = group === undefined ? /^\d+$/.test(whole) : new RegExp(`^\\d{1,3}(\\${group}\\d{3})+$`).test(whole);
  if (!grouped || (fraction && whole.includes(s[last]!))) throw new SettlementCsvError(line, `${column} ${JSON.stringify(text)} is not an amount`);
  try {
    const units = toMinorUnits(`${whole.replace(/[.,]/g, '')}${fraction ? `.${fraction}` : ''}`, currency);
    return negative ? -units : units;
  } catch (error) {
    if (error instanceof AmountError) throw new SettlementCsvError(line, `${column} ${JSON.stringify(text)}: ${error.message}`);
    throw error;
  }
}

/**
 * A time as reports write it: ISO 8601 with its offset, or a local "YYYY-MM-DD HH:mm[:ss]" / "DD/MM/YYYY HH:mm[:ss]"
 * read at `offset` (e.g. "+07:00"), which a report's own time-zone column may override.
 */
export function reportTime(text: string | undefined, offset: string, line: number, column: string): Date {
  const s = (text ?? '').trim();
  const iso = /^\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)$/.exec(s);
  const local = /^(\d{4})-(\d\d)-(\d\d)(?:[T ](\d\d):(\d\d)(?::(\d\d))?)?$/.exec(s);
  const dmy = /^(\d\d)\/(\d\d)\/(\d{4})(?: (\d\d):(\d\d)(?::(\d\d))?)?$/.exec(s);
  let at: Date | undefined;
  if (iso) at = new Date(s.replace(' ', 'T').replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
  else if (local || dmy) {
    const [y, m, d, hh = '00', mm = '00', ss = '00'] = local ? local.slice(1) : [dmy![3], dmy![2], dmy![1], ...dmy!.slice(4)];
    at = new Date(`${y}-${m}-${d}T${hh ?? '00'}:${mm ?? '00'}:${ss ?? '00'}${offset}`);
  }
  if (!at || Number.isNaN(at.getTime())) throw new SettlementCsvError(line, `${column} ${JSON.stringify(text ?? '')} is not a time`);
  return at;
}

/** A report's time-zone column ("+0700", "+07:00", "GMT+7", "UTC") as an ISO offset; undefined when unreadable. */
export function zoneOffset(text: string | undefined): string | undefined {
  const s = (text ?? '').trim().toUpperCase();
  if (s === 'UTC' || s === 'GMT' || s === 'Z') return '+00:00';
  const match = /^(?:UTC|GMT)?\s*([+-])(\d{1,2}):?(\d\d)?$/.exec(s);
  return match ? `${match[1]}${match[2]!.padStart(2, '0')}:${match[3] ?? '00'}` : undefined;
}

/** A CSV field as spreadsheet tools need it: quoted when it holds a separator, a quote or a line break. */
export const csvField = (value: string | number) => {
  const text = String(value);
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The channel fee DOMAIN §2.7 configures per channel: fee_fixed + round_half_up(gross × fee_bp / 10000). */
export const channelFee = (gross: number, feeFixed: number, feeBp: number) => feeFixed + Math.floor((gross * feeBp + 5000) / 10000);
