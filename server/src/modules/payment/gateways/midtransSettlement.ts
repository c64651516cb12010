import { columns, csvField, readCsv, reportAmount, reportTime, SettlementCsvError, zoneOffset, type SettlementRow } from './settlementCsv.ts';
import type { ChannelCode } from './types.ts';
import { formatWib } from './wire.ts';

/**
 * Midtrans' payout (withdrawal) report, the CSV behind Balance › Withdrawal › Export and the emailed payout report:
 * one line per transaction in the payout, with its order, amount and the fees Midtrans kept. Midtrans publishes the
 * columns (Order ID, Transaction ID, transaction type, payment method, Amount, Fee — MDR and transaction fee on the
 * payout report —, Refund Type appended at the end) but no sample file, lets merchants choose the columns of an export,
 * and asks integrations to read columns by name, never by position. So this reads by name, accepts the names the
 * docs use for each, and computes what the report leaves out.
 */

const C = {
  orderId: ['Order ID'],
  txnId: ['Transaction ID'],
  type: ['Transaction Type', 'Type'],
  paymentType: ['Payment Type', 'Payment Method', 'Channel'],
  bank: ['Bank', 'Acquiring Bank'],
  currency: ['Currency'],
  amount: ['Amount', 'Gross Amount', 'Transaction Amount'],
  fee: ['Fee', 'Total Fee'],
  mdr: ['MDR', 'MDR Amount', 'Mdr amount'],
  txnFee: ['Transaction Fee'],
  vat: ['VAT', 'PPN', 'Tax'],
  net: ['Net Amount', 'Nett Amount', 'Amount (Net)', 'Net'],
  time: ['Settlement Time', 'Settlement Date', 'Date & Time', 'Transaction Time'],
  zone: ['Time Zone'],
  refundType: ['Refund Type'],
} as const;

/** Midtrans' payment_type (or the dashboard's name for it), and the VA bank, as our channel. */
function channelOf(paymentType: string, bank: string): ChannelCode | undefined {
  const words = `${paymentType} ${bank}`.toLowerCase();
  if (words.includes('qris')) return 'QRIS';
  if (words.includes('gopay')) return 'EW_GOPAY';
  if (words.includes('shopee')) return 'EW_SHOPEEPAY';
  if (/echannel|mandiri/.test(words)) return 'VA_MANDIRI';
  if (/\bbca\b/.test(words)) return 'VA_BCA';
  if (/\bbni\b/.test(words)) return 'VA_BNI';
  if (/\bbri\b/.test(words)) return 'VA_BRI';
  if (/credit|card/.test(words)) return 'CARD';
  return undefined;
}

function kindOf(type: string, refundType: string, gross: number): SettlementRow['kind'] {
  const t = type.toLowerCase();
  if (refundType.toLowerCase().includes('chargeback') || t.includes('chargeback')) return 'adjustment';
  if (t.includes('refund')) return 'refund';
  if (t === '') return gross < 0 ? 'refund' : 'payment';
  if (/payment|settlement|capture/.test(t)) return 'payment';
  return 'adjustment';
}

export function parseMidtransSettlementCsv(text: string): SettlementRow[] {
  const [header, ...records] = readCsv(text);
  if (!header) throw new SettlementCsvError(1, 'the report is empty');
  const cols = columns(header);
  for (const required of [C.orderId, C.amount, C.time]) cols.require(required);
  if (![C.fee, C.mdr, C.txnFee].some((names) => cols.has(names))) throw new SettlementCsvError(header.line, 'no "Fee" column');
  return records.map((record) => {
    const get = cols.reader(record);
    const line = record.line;
    const orderId = get(C.orderId) ?? '';
    if (!orderId) throw new SettlementCsvError(line, 'Order ID is empty');
    const currency = (get(C.currency) || 'IDR').toUpperCase();
    const money = (names: readonly string[]) => {
      const value = get(names);
      return value === undefined || value === '' ? undefined : reportAmount(value, currency, line, names[0]);
    };
    const written = money(C.amount)!;
    const type = get(C.type) ?? '';
    const kind = kindOf(type, get(C.refundType) ?? '', written);
    // Midtrans writes a refund's or a chargeback's amount as a positive number on its line; ours is signed.
    const out = kind === 'refund' || /refund|chargeback|withdraw/i.test(`${type} ${get(C.refundType) ?? ''}`);
    const gross = kind === 'payment' ? Math.abs(written) : out ? -Math.abs(written) : written;
    const fee = money(C.fee) ?? (money(C.mdr) ?? 0) + (money(C.txnFee) ?? 0) + (money(C.vat) ?? 0);
    const net = money(C.net);
    if (net !== undefined && Math.abs(net) !== Math.abs(gross - fee))
      throw new SettlementCsvError(line, `Net Amount ${net} is not Amount ${gross} less fee ${fee}`);
    const offset = zoneOffset(get(C.zone)) ?? '+07:00';
    return {
      line,
      kind,
      orderId,
      channelTxnId: get(C.txnId) ?? '',
      channelCode: channelOf(get(C.paymentType) ?? '', get(C.bank) ?? ''),
      grossAmount: gross,
      fee,
      netAmount: gross - fee,
      currency,
      settledAt: reportTime(get(C.time), offset, line, C.time[0]),
      providerType: type,
    };
  });
}

/** One line of the report the Midtrans sandbox writes. */
export interface MidtransReportLine {
  orderId: string;
  transactionId: string;
  type: 'payment' | 'refund';
  paymentType: string;
  bank?: string;
  amount: number;
  fee: number;
  at: Date;
}

const HEADER = [
  'Order ID',
  'Transaction ID',
  'Transaction Type',
  'Payment Type',
  'Bank',
  'Currency',
  'Amount',
  'Fee',
  'Net Amount',
  'Settlement Time',
  'Refund Type',
];
/** "1,250,000.00", as a spreadsheet writes IDR with two decimals. */
const rupiah = (amount: number) => `${amount < 0 ? '-' : ''}${Math.abs(amount).toLocaleString('en-US')}.00`;

/** The report as the sandbox writes it: BOM, CRLF, amounts with thousands separators (so quoted), WIB times. */
export function writeMidtransSettlementCsv(lines: readonly MidtransReportLine[]): string {
  const rows = lines.map((l) =>
    [
      l.orderId,
      l.transactionId,
      l.type,
      l.paymentType,
      l.bank ?? '',
      'IDR',
      rupiah(l.amount),
      rupiah(l.fee),
      rupiah(l.amount - l.fee),
      formatWib(l.at),
      l.type === 'refund' ? 'Normal Refund' : '',
    ].map(csvField),
  );
  return `\uFEFF${[HEADER, ...rows].map((fields) => fields.join(',')).join('\r\n')}\r\n`;
}
