import { columns, csvField, readCsv, reportAmount, reportTime, SettlementCsvError, zoneOffset, type SettlementRow } from './settlementCsv.ts';
import type { ChannelCode } from './types.ts';

/**
 * Xendit's Balance report (Dashboard › Balance › export, or `POST /reports` with type BALANCE_HISTORY, format CSV): the
 * ledger of the Xendit balance, one line per movement — a payment's TRANSACTION credit, then its FEE and VAT debits,
 * each with the payment's Transaction ID. The columns are Xendit's documented ones
 * (https://docs.xendit.co/docs/balance-report); this reads them by name and folds each transaction's lines into one
 * settlement row: gross from its TRANSACTION lines, fee from its FEE and VAT lines, reversals netted.
 */

const C = {
  productId: ['Product ID'],
  txnId: ['Transaction ID'],
  type: ['Transaction Type'],
  lineType: ['Line Type'],
  channel: ['Payment Channel'],
  reference: ['Reference'],
  currency: ['Currency'],
  amount: ['Amount'],
  direction: ['Debit or Credit'],
  createdIso: ['Created Date ISO'],
  zone: ['Time Zone'],
  created: ['Created Date'],
  settled: ['Settlement Date'],
  completed: ['Completed Date'],
} as const;

function channelOf(channel: string): ChannelCode | undefined {
  const c = channel.toUpperCase();
  if (c.includes('QR')) return 'QRIS';
  if (c.includes('DANA')) return 'EW_DANA';
  if (c.includes('OVO')) return 'EW_OVO';
  if (c.includes('SHOPEE')) return 'EW_SHOPEEPAY';
  const bank = /\b(BCA|BNI|BRI|MANDIRI)\b/.exec(c)?.[1];
  return bank ? (`VA_${bank}` as ChannelCode) : undefined;
}

const KIND: Record<string, SettlementRow['kind']> = { PAYMENT: 'payment', REFUND: 'refund' };

interface Group {
  row: SettlementRow;
  reference: string;
}

export function parseXenditSettlementCsv(text: string): SettlementRow[] {
  const [header, ...records] = readCsv(text);
  if (!header) throw new SettlementCsvError(1, 'the report is empty');
  const cols = columns(header);
  for (const required of [C.txnId, C.type, C.lineType, C.reference, C.amount, C.direction]) cols.require(required);
  const groups = new Map<string, Group>();
  for (const record of records) {
    const get = cols.reader(record);
    const line = record.line;
    const txnId = get(C.txnId) ?? '';
    if (!txnId) throw new SettlementCsvError(line, 'Transaction ID is empty');
    const currency = (get(C.currency) || 'IDR').toUpperCase();
    const amount = Math.abs(reportAmount(get(C.amount), currency, line, C.amount[0]));
    const direction = (get(C.direction) ?? '').toUpperCase();
    if (direction !== 'DEBIT' && direction !== 'CREDIT')
      throw new SettlementCsvError(line, `Debit or Credit ${JSON.stringify(direction)} is neither`);
    const lineType = (get(C.lineType) ?? '').toUpperCase();
    const isFee = /^(FEE|VAT)(_REVERSAL)?$/.test(lineType);
    if (!isFee && !/^TRANSACTION(_REVERSAL)?$/.test(lineType))
      throw new SettlementCsvError(line, `Line Type ${JSON.stringify(lineType)} is not known`);
    const reference = get(C.reference) ?? '';
    const type = (get(C.type) ?? '').toUpperCase();
    let group = groups.get(txnId);
    if (!group) {
      // An export from the dashboard writes local times in the user's zone and says which; one made through the API, UTC.
      const offset = zoneOffset(get(C.zone)) ?? '+00:00';
      const dated = [C.settled, C.completed, C.createdIso, C.created].find((names) => get(names)) ?? C.created;
      group = {
        reference,
        row: {
          line,
          kind: KIND[type] ?? 'adjustment',
          orderId: reference,
          channelTxnId: get(C.productId) || txnId,
          // A withdrawal's or disbursement's channel is the bank it went to, not a channel of ours.
          channelCode: KIND[type] ? channelOf(get(C.channel) ?? '') : undefined,
          grossAmount: 0,
          fee: 0,
          netAmount: 0,
          currency,
          settledAt: reportTime(get(dated), offset, line, dated[0]),
          providerType: type,
        },
      };
      groups.set(txnId, group);
    } else if (group.reference !== reference || group.row.currency !== currency)
      throw new SettlementCsvError(line, `Transaction ID ${txnId} has another Reference or Currency than on line ${group.row.line}`);
    // Money into the balance is a credit; a fee is a debit, and its reversal a credit.
    const signed = direction === 'CREDIT' ? amount : -amount;
    if (isFee) group.row.fee -= signed;
    else group.row.grossAmount += signed;
  }
  return [...groups.values()].map(({ row }) => ({ ...row, netAmount: row.grossAmount - row.fee }));
}

/** One movement of the balance report the Xendit sandbox writes. */
export interface XenditReportLine {
  productId: string;
  transactionId: string;
  type: 'PAYMENT' | 'REFUND';
  lineType: 'TRANSACTION' | 'FEE' | 'VAT';
  channel: string;
  reference: string;
  amount: number;
  direction: 'DEBIT' | 'CREDIT';
  at: Date;
}

const HEADER = [
  'Product ID',
  'Transaction ID',
  'Transaction Type',
  'Line Type',
  'Payment Channel',
  'Reference',
  'Currency',
  'Amount',
  'Balance',
  'Debit or Credit',
  'Created Date ISO',
  'Time Zone',
  'Created Date',
  'Payment Date',
  'Settlement Date',
  'Completed Date',
  'Bank Code',
  'Account Number',
  'Channel Reference',
  'Name',
  'Description',
  'Invoice ID',
];

/** "2026-01-05 03:00:00", the report's local time at +0000 (the zone of a report made through the API). */
const utc = (at: Date) => at.toISOString().slice(0, 19).replace('T', ' ');

/** The report as Xendit's API writes it: UTC times, a running balance, plain amounts. */
export function writeXenditSettlementCsv(lines: readonly XenditReportLine[]): string {
  let balance = 0;
  const rows = lines.map((l) => {
    balance += l.direction === 'CREDIT' ? l.amount : -l.amount;
    const at = utc(l.at);
    return [
      l.productId,
      l.transactionId,
      l.type,
      l.lineType,
      l.channel,
      l.reference,
      'IDR',
      l.amount,
      balance,
      l.direction,
      l.at.toISOString(),
      '+0000',
      at,
      at,
      at,
      at,
      '',
      '',
      '',
      '',
      `${l.type} ${l.lineType}`.toLowerCase(),
      '',
    ].map(csvField);
  });
  return `${[HEADER, ...rows].map((fields) => fields.join(',')).join('\n')}\n`;
}
