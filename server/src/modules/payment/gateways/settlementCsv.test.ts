import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMidtransSettlementCsv } from './midtransSettlement.ts';
import { readCsv, reportAmount, reportTime, SettlementCsvError } from './settlementCsv.ts';
import { parseXenditSettlementCsv } from './xenditSettlement.ts';

const fixture = (path: string) => readFileSync(new URL(`./fixtures/${path}`, import.meta.url), 'utf8');
const pick = ({ line, kind, orderId, channelCode, grossAmount, fee, netAmount }: ReturnType<typeof parseMidtransSettlementCsv>[number]) => ({
  line,
  kind,
  orderId,
  channelCode,
  grossAmount,
  fee,
  netAmount,
});

describe('readCsv', () => {
  it('takes a BOM, CRLF, quoted separators, quotes and line breaks, and numbers records by the line they start on', () => {
    const text = '\uFEFFa,b,c\r\n1,"x, y","say ""hi"""\r\n\r\n2,"two\nlines",z\r\n3,,';
    expect(readCsv(text)).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['1', 'x, y', 'say "hi"'] },
      { line: 4, fields: ['2', 'two\nlines', 'z'] },
      { line: 6, fields: ['3', '', ''] },
    ]);
  });

  it('reads ";" separated files as spreadsheets in an Indonesian locale write them', () => {
    expect(readCsv('Order ID;Amount\nPY1;"50.000,00"\n')).toEqual([
      { line: 1, fields: ['Order ID', 'Amount'] },
      { line: 2, fields: ['PY1', '50.000,00'] },
    ]);
  });

  it('names the line of a quote left open, or one in the middle of a field', () => {
    expect(() => readCsv('a,b\n1,"open\n2,3\n')).toThrow(new SettlementCsvError(2, 'a quoted field is not closed'));
    expect(() => readCsv('a,b\n1,2\n3,x"y"\n')).toThrow(/^line 3: a quote inside an unquoted field$/);
  });
});

describe('reportAmount', () => {
  it.each([
    ['50000', 50000],
    ['50000.00', 50000],
    ['50,000', 50000],
    ['1,250,000.00', 1250000],
    ['1.250.000', 1250000],
    ['1.250.000,00', 1250000],
    ['50.000', 50000],
    ['Rp 35.000', 35000],
    ['IDR 35000', 35000],
    ['-20,000.00', -20000],
    ['(4,000)', -4000],
    ['70,00', 70],
  ])('reads %s as %i', (text, expected) => {
    expect(reportAmount(text, 'IDR', 7, 'Amount')).toBe(expected);
  });

  it.each([
    ['50000.50', /line 7: Amount "50000.50": amount 50000.50 has a fraction below the IDR minor unit/],
    ['1,25', /fraction below the IDR minor unit/],
    ['1,2345', /is not an amount/],
    ['1.250.00', /is not an amount/],
    ['12,50,000', /is not an amount/],
    ['abc', /is not an amount/],
    ['', /line 7: Amount is empty/],
  ])('refuses %j', (text, message) => {
    expect(() => reportAmount(text, 'IDR', 7, 'Amount')).toThrow(message);
  });
});

describe('reportTime', () => {
  it('reads ISO times with their offset and local times at the given offset', () => {
    expect(reportTime('2026-01-05T03:00:05.000Z', '+07:00', 2, 't')).toEqual(new Date('2026-01-05T03:00:05Z'));
    expect(reportTime('2026-01-05 10:02:11', '+07:00', 2, 't')).toEqual(new Date('2026-01-05T03:02:11Z'));
    expect(reportTime('05/01/2026 10:02', '+07:00', 2, 't')).toEqual(new Date('2026-01-05T03:02:00Z'));
    expect(reportTime('2026-01-05 10:02:11+0700', '+00:00', 2, 't')).toEqual(new Date('2026-01-05T03:02:11Z'));
    expect(() => reportTime('yesterday', '+07:00', 9, 'Settlement Time')).toThrow('line 9: Settlement Time "yesterday" is not a time');
  });
});

describe('parseMidtransSettlementCsv', () => {
  it('reads the payout report built from the documented columns (BOM, CRLF, quoted thousands, decimal commas)', () => {
    const rows = parseMidtransSettlementCsv(fixture('midtrans/settlement-report.csv'));
    expect(rows.map(pick)).toEqual([
      { line: 2, kind: 'payment', orderId: 'PY26010500000101', channelCode: 'QRIS', grossAmount: 50000, fee: 350, netAmount: 49650 },
      { line: 3, kind: 'payment', orderId: 'PY26010500000102', channelCode: 'VA_BCA', grossAmount: 1250000, fee: 4000, netAmount: 1246000 },
      { line: 4, kind: 'payment', orderId: 'PY26010500000103', channelCode: 'EW_GOPAY', grossAmount: 35000, fee: 70, netAmount: 34930 },
      { line: 5, kind: 'refund', orderId: 'PY26010500000101', channelCode: 'QRIS', grossAmount: -20000, fee: 0, netAmount: -20000 },
      { line: 6, kind: 'adjustment', orderId: 'PY26010500000104', channelCode: 'CARD', grossAmount: -99000, fee: 0, netAmount: -99000 },
    ]);
    expect(rows[0]).toMatchObject({
      channelTxnId: 'c1a3e2b4-5d6f-4a7b-8c9d-0e1f2a3b4c5d',
      currency: 'IDR',
      settledAt: new Date('2026-01-05T03:02:11Z'),
      providerType: 'payment',
    });
  });

  it('adds MDR, transaction fee and VAT when the report has no single Fee column, and checks a Net column', () => {
    const text = 'Order ID,Amount,MDR,Transaction Fee,PPN,Nett Amount,Date & Time\nPY1,100000,700,4000,517,94783,2026-01-05 10:00:00\n';
    expect(parseMidtransSettlementCsv(text)[0]).toMatchObject({ kind: 'payment', grossAmount: 100000, fee: 5217, netAmount: 94783 });
    expect(() => parseMidtransSettlementCsv(text.replace('94783', '94000'))).toThrow('line 2: Net Amount 94000 is not Amount 100000 less fee 5217');
  });

  it.each([
    ['no Order ID column', 'Amount,Fee,Settlement Time\n1,0,2026-01-05 10:00:00\n', /^line 1: no "Order ID" column$/],
    ['no fee column', 'Order ID,Amount,Settlement Time\nPY1,1,2026-01-05 10:00:00\n', /^line 1: no "Fee" column$/],
    ['a short row', 'Order ID,Amount,Fee,Settlement Time\nPY1,1,0,2026-01-05 10:00:00\nPY2,1,0\n', /^line 3: 3 fields where the header has 4$/],
    [
      'a fraction of a rupiah',
      'Order ID,Amount,Fee,Settlement Time\nPY1,1,0,2026-01-05 10:00:00\nPY2,"1,000.50",0,2026-01-05 10:00:00\n',
      /^line 3: Amount/,
    ],
    ['an empty order', 'Order ID,Amount,Fee,Settlement Time\n,1,0,2026-01-05 10:00:00\n', /^line 2: Order ID is empty$/],
    ['a bad time', 'Order ID,Amount,Fee,Settlement Time\nPY1,1,0,tomorrow\n', /^line 2: Settlement Time "tomorrow" is not a time$/],
    ['nothing at all', '', /^line 1: the report is empty$/],
  ])('names the line of %s', (_case, text, message) => {
    expect(() => parseMidtransSettlementCsv(text)).toThrow(message);
  });
});

describe('parseXenditSettlementCsv', () => {
  it("folds the Balance report's TRANSACTION, FEE and VAT lines into one row per transaction", () => {
    const rows = parseXenditSettlementCsv(fixture('xendit/balance-report.csv'));
    expect(rows.map(pick)).toEqual([
      { line: 2, kind: 'payment', orderId: 'PY26010500000201', channelCode: 'QRIS', grossAmount: 35000, fee: 272, netAmount: 34728 },
      { line: 5, kind: 'payment', orderId: 'PY26010500000202', channelCode: 'EW_DANA', grossAmount: 100000, fee: 1500, netAmount: 98500 },
      { line: 7, kind: 'payment', orderId: 'PY26010500000203', channelCode: 'VA_BNI', grossAmount: 125000, fee: 4000, netAmount: 121000 },
      { line: 9, kind: 'refund', orderId: 'PY26010500000202', channelCode: 'EW_DANA', grossAmount: -40000, fee: 0, netAmount: -40000 },
      { line: 10, kind: 'adjustment', orderId: 'withdrawal-20260107', channelCode: undefined, grossAmount: -200000, fee: 0, netAmount: -200000 },
    ]);
    expect(rows[0]).toMatchObject({
      channelTxnId: '8182837a-87b1-49c2-8696-1239bd4d759c',
      settledAt: new Date('2026-01-06T03:00:00Z'),
      providerType: 'PAYMENT',
    });
    // The refund has no settlement date: it is dated when completed.
    expect(rows[3]!.settledAt).toEqual(new Date('2026-01-06T02:00:00Z'));
    // What the report's balance column moved by is what the rows net to.
    expect(rows.reduce((sum, r) => sum + r.netAmount, 0)).toBe(14228);
  });

  it('reads local times in the zone the dashboard export names, and a fee reversal as a fee given back', () => {
    const head = 'Transaction ID,Transaction Type,Line Type,Reference,Amount,Debit or Credit,Time Zone,Created Date';
    const text = `${head}\ntxn_1,PAYMENT,TRANSACTION,PY1,10000,CREDIT,GMT+7,2026-01-05 10:00:00\ntxn_1,PAYMENT,FEE,PY1,100,DEBIT,GMT+7,2026-01-05 10:00:00\ntxn_1,PAYMENT,FEE_REVERSAL,PY1,100,CREDIT,GMT+7,2026-01-05 11:00:00\n`;
    expect(parseXenditSettlementCsv(text)).toEqual([
      expect.objectContaining({
        line: 2,
        grossAmount: 10000,
        fee: 0,
        netAmount: 10000,
        settledAt: new Date('2026-01-05T03:00:00Z'),
        channelTxnId: 'txn_1',
      }),
    ]);
  });

  it.each([
    ['no Debit or Credit column', 'Transaction ID,Transaction Type,Line Type,Reference,Amount\n', /^line 1: no "Debit or Credit" column$/],
    [
      'a line that is neither debit nor credit',
      'Transaction ID,Transaction Type,Line Type,Reference,Amount,Debit or Credit,Created Date\nt1,PAYMENT,TRANSACTION,PY1,1,BOTH,2026-01-05\n',
      /^line 2: Debit or Credit "BOTH" is neither$/,
    ],
    [
      'an unknown line type',
      'Transaction ID,Transaction Type,Line Type,Reference,Amount,Debit or Credit,Created Date\nt1,PAYMENT,TAX,PY1,1,DEBIT,2026-01-05\n',
      /^line 2: Line Type "TAX" is not known$/,
    ],
    [
      'a transaction whose lines disagree on the reference',
      'Transaction ID,Transaction Type,Line Type,Reference,Amount,Debit or Credit,Created Date\nt1,PAYMENT,TRANSACTION,PY1,1,CREDIT,2026-01-05\nt1,PAYMENT,FEE,PY2,1,DEBIT,2026-01-05\n',
      /^line 3: Transaction ID t1 has another Reference or Currency than on line 2$/,
    ],
    [
      'a fraction of a rupiah',
      'Transaction ID,Transaction Type,Line Type,Reference,Amount,Debit or Credit,Created Date\nt1,PAYMENT,TRANSACTION,PY1,10.5,CREDIT,2026-01-05\n',
      /^line 2: Amount "10.5"/,
    ],
  ])('names the line of %s', (_case, text, message) => {
    expect(() => parseXenditSettlementCsv(text)).toThrow(message);
  });
});
