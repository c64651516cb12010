import { MatchStatus } from '@kayuh/contract/api/reconciliation';
import { Code } from '@kayuh/contract/codes';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { accounts, ledgerEntries, ledgerTransactions, paymentChannels, paymentOrders, settlementLines } from '../src/db/schema.ts';
import { channelFee } from '../src/modules/payment/gateways/settlementCsv.ts';
import { writeMidtransSettlementCsv } from '../src/modules/payment/gateways/midtransSettlement.ts';
import { useTestApp } from './harness.ts';

/** Finance imports a gateway's settlement report: lines matched to paid orders, channel fees and the bank settlement posted. */
const t = useTestApp();
const APP = { 'tenant-code': 'KITABIKE' };
const db = () => t.database.db as Db;
let seq = 0;

async function signInMember() {
  await t.call('POST', '/api/app/auth/otp/send', { headers: APP, body: { phone: '+6280000000001' } });
  const res = await t.call('POST', '/api/app/auth/otp/verify', { headers: APP, body: { phone: '+6280000000001', code: '123456' } });
  return { ...APP, authorization: `Bearer ${res.data.token}` };
}

const channelOf = async (code: string) =>
  (
    await db()
      .select()
      .from(paymentChannels)
      .where(and(eq(paymentChannels.tenantId, 2), eq(paymentChannels.channelCode, code)))
  )[0]!;

/** A top-up through a demo channel, paid at its sandbox; answers the order. */
async function paidTopUp(channelCode: string, amount: number) {
  const member = await signInMember();
  const started = await t.call('POST', '/api/app/wallet/topup', {
    headers: { ...member, 'idempotency-key': `recon-${Date.now()}-${seq++}` },
    body: { amount, channelCode },
  });
  expect(started.code, JSON.stringify(started)).toBe(Code.ok);
  const paid = await t.call('POST', '/api/payment/sandbox/settle', {
    headers: await t.signIn('kitabike.admin'),
    body: { payNo: started.data.payNo },
  });
  expect(paid.data.delivered).toBe(true);
  return (await db().select().from(paymentOrders).where(eq(paymentOrders.payNo, started.data.payNo)))[0]!;
}

async function sandboxReport(channelId: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payment/sandbox/settlementReport',
    headers: { ...(await t.signIn('kitabike.admin')), 'content-type': 'application/json' },
    payload: { channelId },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/text\/csv/);
  return res.body;
}

async function importReport(channelId: number, csv: string, name = 'settlement.csv', headers?: Record<string, string>) {
  const form = new FormData();
  form.append('channelId', String(channelId));
  form.append('file', new Blob([csv]), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payment/merchant/settlementImport',
    headers: { ...(headers ?? (await t.signIn('kitabike.fin.01'))), 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** A posting's lines as [account code, direction, amount]. */
async function postingOf(txnId: number) {
  const rows = await db()
    .select({ code: accounts.code, direction: ledgerEntries.direction, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
    .where(eq(ledgerEntries.txnId, txnId))
    .orderBy(ledgerEntries.id);
  return rows.map((r) => [r.code, r.direction, r.amount]);
}

describe("a gateway's settlement report", () => {
  it('matches the paid QRIS top-ups, writes their fees, and posts the fee and the bank settlement (DOMAIN §4.4)', async () => {
    const qris = await channelOf('QRIS');
    const a = await paidTopUp('QRIS', 50_000);
    const b = await paidTopUp('QRIS', 100_000);
    const csv = await sandboxReport(qris.id);
    expect(csv).toContain(a.payNo);

    const done = await importReport(qris.id, csv);
    expect(done.code, JSON.stringify(done)).toBe(Code.ok);
    const fees = [a, b].map((o) => channelFee(o.amount, qris.feeFixed, qris.feeBp));
    expect(done.data).toMatchObject({ lineCount: 2, matchedCount: 2, unmatchedCount: 0, grossTotal: 150_000, feeTotal: fees[0]! + fees[1]! });
    expect(done.data.netTotal).toBe(150_000 - fees[0]! - fees[1]!);
    const [settledA] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, a.id));
    expect(settledA!.channelFee).toBe(fees[0]);

    const [txn] = await db()
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.tenantId, 2), eq(ledgerTransactions.idempotencyKey, `settlement:${done.data.importNo}`)));
    expect(txn!.kind).toBe('CHANNEL_SETTLE');
    expect(await postingOf(txn!.id)).toEqual(
      expect.arrayContaining([
        ['EXP_CHANNEL_FEE', 'D', done.data.feeTotal],
        ['CLEARING:QRIS', 'C', done.data.feeTotal],
        ['BANK', 'D', done.data.netTotal],
        ['CLEARING:QRIS', 'C', done.data.netTotal],
      ]),
    );

    // The same file again is refused; nothing moves twice.
    const again = await importReport(qris.id, csv);
    expect(again.code).toBe(Code.duplicate);
    expect(again.msg).toContain(done.data.importNo);

    // Finance reads it on the merchant's detail: the report and its lines.
    const fin = await t.signIn('kitabike.fin.01');
    const imports = await t.call('POST', '/api/payment/settlementImport/list', { headers: fin, body: { channelId: qris.id } });
    expect(imports.rows).toEqual([
      expect.objectContaining({ importNo: done.data.importNo, matchedCount: 2, channelIdLabel: qris.providerMerchantId }),
    ]);
    const lines = await t.call('POST', '/api/payment/settlementLine/list', { headers: fin, body: { importId: done.data.importId } });
    expect(lines.rows.map((r: { matchStatus: number }) => r.matchStatus)).toEqual([1, 1]);
  });

  it('keeps every line it cannot settle for finance, and posts only what matched', async () => {
    const qris = await channelOf('QRIS');
    const paid = await paidTopUp('QRIS', 30_000);
    const settledBefore = await paidTopUp('QRIS', 20_000);
    // Settled by a first report of its own.
    const first = await importReport(qris.id, await sandboxReport(qris.id), 'first.csv');
    expect(first.code).toBe(Code.ok);
    const [unpaid] = await db()
      .select()
      .from(paymentOrders)
      .where(and(eq(paymentOrders.tenantId, 2), eq(paymentOrders.status, 4)))
      .limit(1);
    const at = new Date();
    const line = (orderId: string, amount: number, type: 'payment' | 'refund' = 'payment') => ({
      orderId,
      transactionId: `tx-${orderId}`,
      type,
      paymentType: 'qris',
      amount,
      fee: type === 'payment' ? channelFee(amount, 0, 70) : 0,
      at,
    });
    const csv = writeMidtransSettlementCsv([
      line('PY000NOTOURS01', 10_000),
      line(paid.payNo, 31_000),
      line(unpaid!.payNo, unpaid!.amount),
      line(settledBefore.payNo, 20_000),
    ]);
    const done = await importReport(qris.id, csv, 'second.csv');
    expect(done.code, JSON.stringify(done)).toBe(Code.ok);
    expect(done.data).toMatchObject({ lineCount: 4, matchedCount: 0, unmatchedCount: 4, feeTotal: 0, netTotal: 0 });
    expect(done.data.unmatched.map((u: { matchStatus: number }) => u.matchStatus)).toEqual([
      MatchStatus.unknownOrder,
      MatchStatus.otherAmount,
      MatchStatus.notPaid,
      MatchStatus.alreadySettled,
    ]);
    const [noPosting] = await db()
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.tenantId, 2), eq(ledgerTransactions.idempotencyKey, `settlement:${done.data.importNo}`)));
    expect(noPosting).toBeUndefined();
  });

  it('refuses an unreadable file with the line it stopped at, and a merchant of another operator', async () => {
    const qris = await channelOf('QRIS');
    const bad = await importReport(qris.id, 'Order ID,Amount,Fee,Settlement Time\nPY1,abc,0,2026-11-20 10:00:00\n');
    expect(bad.code).toBe(Code.validation);
    expect(bad.data.fields.file).toMatch(/2/);
    const [theirs] = await db().select().from(paymentChannels).where(eq(paymentChannels.tenantId, 3)).limit(1);
    expect((await importReport(theirs!.id, await sandboxReport(qris.id), 'x.csv')).code).toBe(Code.notFound);
  });

  it('settles an order once when two reports naming it are imported at once', async () => {
    const qris = await channelOf('QRIS');
    const order = await paidTopUp('QRIS', 40_000);
    const at = new Date();
    const report = (extra: string) =>
      writeMidtransSettlementCsv([
        { orderId: order.payNo, transactionId: `tx-${order.payNo}`, type: 'payment', paymentType: 'qris', amount: 40_000, fee: 280, at },
        { orderId: extra, transactionId: `tx-${extra}`, type: 'payment', paymentType: 'qris', amount: 1_000, fee: 7, at },
      ]);
    const fin = await t.signIn('kitabike.fin.01');
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => importReport(qris.id, report(`PYNONE${i}`), `race-${i}.csv`, fin)));
    expect(results.map((r) => r.code)).toEqual(results.map(() => Code.ok));
    expect(results.filter((r) => r.data.matchedCount === 1)).toHaveLength(1);
    const matched = await db()
      .select()
      .from(settlementLines)
      .where(and(eq(settlementLines.paymentOrderId, order.id), eq(settlementLines.matchStatus, MatchStatus.matched)));
    expect(matched).toHaveLength(1);
  });
});
