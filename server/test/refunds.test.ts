import { Code } from '@kayuh/contract/codes';
import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import {
  accounts,
  ledgerEntries,
  ledgerTransactions,
  members,
  messageDeliveries,
  paymentOrders,
  refunds,
  timedTasks,
  topupPackages,
} from '../src/db/schema.ts';
import { memberAccounts, platformAccounts } from '../src/platform/ledger/accounts.ts';
import { payFromBalances } from '../src/platform/ledger/memberPay.ts';
import { useTestApp } from './harness.ts';

/** Refunds (DOMAIN §3.8, §4.4): asked for, approved within a limit, and the money moved through the ledger. */
const t = useTestApp();
const APP = { 'tenant-code': 'KITABIKE' };
const KITA = 2;
const db = () => t.database.db as Db;
let seq = 0;
const key = () => `refund-test-${Date.now()}-${seq++}`;

/** A new member of KitaBike signed in by a code from the recording sender. */
async function newMember() {
  const phone = `+62812${String(7_000_000 + seq++).padStart(7, '0')}`;
  await t.call('POST', '/api/app/auth/otp/send', { headers: APP, body: { phone } });
  // The recording sender keeps the code it would have sent.
  const [sent] = await db()
    .select({ params: messageDeliveries.params })
    .from(messageDeliveries)
    .where(eq(messageDeliveries.toAddress, phone))
    .orderBy(desc(messageDeliveries.id))
    .limit(1);
  const res = await t.call('POST', '/api/app/auth/otp/verify', { headers: APP, body: { phone, code: (sent!.params as { code: string }).code } });
  expect(res.code, JSON.stringify(res)).toBe(Code.ok);
  return { phone, memberId: res.data.memberId as number, headers: { ...APP, authorization: `Bearer ${res.data.token}` } };
}

/** A paid top-up through the sandbox QRIS (Midtrans), with the package of that amount when there is one. */
async function paidTopUp(member: { headers: Record<string, string> }, amount: number) {
  const [pkg] = await db()
    .select()
    .from(topupPackages)
    .where(and(eq(topupPackages.tenantId, KITA), eq(topupPackages.amount, amount)));
  const started = await t.call('POST', '/api/app/wallet/topup', {
    headers: { ...member.headers, 'idempotency-key': key() },
    body: { amount, channelCode: 'QRIS', ...(pkg ? { packageId: pkg.id } : {}) },
  });
  expect(started.code, JSON.stringify(started)).toBe(Code.ok);
  const admin = await t.signIn('kitabike.admin');
  const paid = await t.call('POST', '/api/payment/sandbox/settle', { headers: admin, body: { payNo: started.data.payNo } });
  expect(paid.data.outcome).toBe('accepted');
  return (await db().select().from(paymentOrders).where(eq(paymentOrders.payNo, started.data.payNo)))[0]!;
}

const wallet = async (member: { headers: Record<string, string> }) => (await t.call('GET', '/api/app/wallet', { headers: member.headers })).data;
const refundRow = async (refundId: number) => (await db().select().from(refunds).where(eq(refunds.id, refundId)))[0]!;
const fire = (headers: Record<string, string>, name: string, body: Record<string, unknown>) =>
  t.call('POST', `/api/payment/refund/${name}`, { headers, body });

/** Staff ask from the Top Up List for a refund of a paid top-up; answers the refund row. */
async function askRefund(order: typeof paymentOrders.$inferSelect, amount: number, destination = 1) {
  const cs = await t.signIn('kitabike.cs.01');
  const current = (await db().select().from(paymentOrders).where(eq(paymentOrders.id, order.id)))[0]!;
  const asked = await t.call('POST', '/api/payment/topupOrder/requestRefund', {
    headers: cs,
    body: { paymentOrderId: order.id, version: current.version, amount, reason: 4, destination },
  });
  expect(asked.code, JSON.stringify(asked)).toBe(Code.ok);
  const [row] = await db().select().from(refunds).where(eq(refunds.paymentOrderId, order.id)).orderBy(desc(refunds.id)).limit(1);
  return row!;
}

const submitRefunds = async () => {
  const admin = await t.signIn('superadmin');
  const [task] = await db().select().from(timedTasks).where(eq(timedTasks.invokeTarget, 'paymentTask.submitRefunds'));
  const run = await t.call('POST', '/api/monitor/job/run', { headers: admin, body: { jobId: task!.id } });
  expect(run.code, JSON.stringify(run)).toBe(Code.ok);
};

describe('a top-up refunded to its channel', () => {
  it('takes the money out of the wallet with its bonus in proportion, and the gateway gives it back', async () => {
    const member = await newMember();
    const order = await paidTopUp(member, 50_000);
    expect(await wallet(member)).toMatchObject({ wallet: 50_000, bonus: 5_000 });

    const asked = await askRefund(order, 30_000);
    expect(asked).toMatchObject({ status: 0, amount: 30_000, destination: 1, memberId: member.memberId, bizType: 'payment_order' });
    const cs = await t.signIn('kitabike.cs.01');
    const approved = await fire(cs, 'approve', { refundId: asked.id, version: asked.version });
    expect(approved.code, JSON.stringify(approved)).toBe(Code.ok);
    expect(await refundRow(asked.id)).toMatchObject({ status: 2 });
    // Out of the wallet at once, bonus 5,000 × 30,000 / 50,000 = 3,000 taken back.
    expect(await wallet(member)).toMatchObject({ wallet: 20_000, bonus: 2_000 });

    await submitRefunds();
    // The task runs beside the call that started it.
    await expect.poll(async () => (await refundRow(asked.id)).status, { timeout: 10_000 }).toBe(3);
    expect(await refundRow(asked.id)).toMatchObject({ status: 3, channelRefundId: expect.any(String), succeededAt: expect.any(Date) });
    expect((await db().select().from(paymentOrders).where(eq(paymentOrders.id, order.id)))[0]).toMatchObject({ status: 5, refundedAmount: 30_000 });
    // REFUND_IN_TRANSIT in and out; the channel's clearing account owes us 30,000 less.
    const txns = await db()
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.bizType, 'refund'), eq(ledgerTransactions.bizId, asked.id)));
    expect(txns.map((x) => x.kind).sort()).toEqual(['REFUND_DONE', 'REFUND_START']);
    const p = await platformAccounts(db(), KITA, 'IDR', ['CLEARING:QRIS']);
    const done = txns.find((x) => x.kind === 'REFUND_DONE')!;
    // On the clearing account, or the slice of it the transaction was booked on.
    const lines = await db()
      .select({
        accountId: sql<number>`coalesce(${accounts.sliceOf}, ${accounts.id})`.mapWith(Number),
        direction: ledgerEntries.direction,
        amount: ledgerEntries.amount,
      })
      .from(ledgerEntries)
      .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
      .where(eq(ledgerEntries.txnId, done.id));
    expect(lines).toContainEqual({ accountId: p['CLEARING:QRIS'], direction: 'C', amount: 30_000 });
  });

  it('refuses more than is left, and a second request of the last rupiah at the same time', async () => {
    const member = await newMember();
    const order = await paidTopUp(member, 20_000);
    const cs = await t.signIn('kitabike.cs.01');
    const over = await t.call('POST', '/api/payment/topupOrder/requestRefund', {
      headers: cs,
      body: { paymentOrderId: order.id, version: order.version, amount: 20_001, reason: 4, destination: 1 },
    });
    expect(over).toMatchObject({ code: Code.validation, data: { fields: { amount: expect.any(String) } } });
    const both = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call('POST', '/api/payment/refund/request', {
          headers: cs,
          body: { paymentOrderId: order.id, amount: 20_000, reason: 4, destination: 1, requestId: key() },
        }),
      ),
    );
    expect(both.filter((a) => a.code === Code.ok)).toHaveLength(1);
    expect(both.filter((a) => a.code !== Code.ok).every((a) => a.code === Code.validation)).toBe(true);
    expect(await db().select().from(refunds).where(eq(refunds.paymentOrderId, order.id))).toHaveLength(1);
  });

  it('a top-up is not refunded to the wallet its money is already in', async () => {
    const member = await newMember();
    const order = await paidTopUp(member, 20_000);
    const cs = await t.signIn('kitabike.cs.01');
    const asked = await t.call('POST', '/api/payment/refund/request', {
      headers: cs,
      body: { paymentOrderId: order.id, amount: 1_000, reason: 4, destination: 2, requestId: key() },
    });
    expect(asked).toMatchObject({ code: Code.validation, data: { fields: { destination: expect.any(String) } } });
  });

  it('a wallet that no longer holds the money cannot give it back: 2008, and nothing moves', async () => {
    const member = await newMember();
    const order = await paidTopUp(member, 20_000);
    const asked = await askRefund(order, 20_000);
    // The member spends it first (a pass bought from the wallet).
    const p = await platformAccounts(db(), KITA, 'IDR', ['REV_CARD']);
    await db().transaction((tx) =>
      payFromBalances(tx, KITA, {
        memberId: member.memberId,
        currency: 'IDR',
        amount: 15_000,
        allowDebt: false,
        creditAccountId: p.REV_CARD,
        kind: 'CARD_BUY',
        idempotencyKey: key(),
        bizType: 'user_card',
        bizId: 1,
      }),
    );
    const fin = await t.signIn('kitabike.fin.01');
    expect((await fire(fin, 'approve', { refundId: asked.id, version: asked.version })).code).toBe(Code.insufficientBalance);
    expect(await refundRow(asked.id)).toMatchObject({ status: 0 });
    expect(await wallet(member)).toMatchObject({ wallet: 5_000 });
  });
});

describe('approval', () => {
  it('customer service approves up to Rp 100,000; finance above', async () => {
    const member = await newMember();
    const order = await paidTopUp(member, 200_000);
    const asked = await askRefund(order, 150_000);
    const cs = await t.signIn('kitabike.cs.01', { lang: 'EN' });
    const refused = await fire(cs, 'approve', { refundId: asked.id, version: asked.version });
    expect(refused).toMatchObject({ code: Code.forbidden, msg: 'This refund is above your approval limit (Rp 100,000)' });
    const fin = await t.signIn('kitabike.fin.01');
    expect((await fire(fin, 'approve', { refundId: asked.id, version: asked.version })).code).toBe(Code.ok);
    expect(await refundRow(asked.id)).toMatchObject({ status: 2, approvedBy: expect.any(Number) });
  });

  it('a goodwill refund is approved and reaches the wallet at once', async () => {
    const member = await newMember();
    const cs = await t.signIn('kitabike.cs.01');
    // A goodwill refund is listed in the member's city: where they registered.
    await db().update(members).set({ registerCityCode: 2001 }).where(eq(members.id, member.memberId));
    const asked = await t.call('POST', '/api/payment/refund/request', {
      headers: cs,
      body: { memberPhone: member.phone, amount: 10_000, reason: 7, destination: 2, requestId: key() },
    });
    expect(asked.code, JSON.stringify(asked)).toBe(Code.ok);
    expect((await fire(cs, 'approve', { refundId: asked.data.refundId, version: 0 })).code).toBe(Code.ok);
    expect(await refundRow(asked.data.refundId)).toMatchObject({ status: 3, succeededAt: expect.any(Date) });
    expect(await wallet(member)).toMatchObject({ wallet: 10_000 });
    const own = await memberAccounts(db(), KITA, member.memberId, 'IDR');
    const lines = await db().select().from(ledgerEntries).where(eq(ledgerEntries.accountId, own.WALLET));
    expect(lines).toEqual([expect.objectContaining({ direction: 'C', amount: 10_000, balanceAfter: 10_000 })]);
  });

  it('rejects with a reason, and the same request twice asks once', async () => {
    const member = await newMember();
    const order = await paidTopUp(member, 20_000);
    const cs = await t.signIn('kitabike.cs.01');
    const requestId = key();
    const body = { paymentOrderId: order.id, amount: 5_000, reason: 4, destination: 1, requestId };
    const first = await t.call('POST', '/api/payment/refund/request', { headers: cs, body });
    const again = await t.call('POST', '/api/payment/refund/request', { headers: cs, body });
    expect(again.data.refundId).toBe(first.data.refundId);
    expect((await fire(cs, 'reject', { refundId: first.data.refundId, version: 0, reason: 'not the member' })).code).toBe(Code.ok);
    expect(await refundRow(first.data.refundId)).toMatchObject({ status: 5, failReason: 'not the member' });
  });
});

describe('the member withdraws', () => {
  it('asks for a refund of the newest top-up its channel can take back', async () => {
    const member = await newMember();
    await paidTopUp(member, 20_000);
    const order = await paidTopUp(member, 50_000);
    const asked = await t.call('POST', '/api/app/wallet/withdraw', {
      headers: { ...member.headers, 'idempotency-key': key() },
      body: { amount: 30_000 },
    });
    expect(asked.code, JSON.stringify(asked)).toBe(Code.ok);
    expect(await refundRow(asked.data.refundId)).toMatchObject({
      paymentOrderId: order.id,
      reason: 4,
      destination: 1,
      requestedByType: 1,
      status: 0,
    });
    const tooMuch = await t.call('POST', '/api/app/wallet/withdraw', {
      headers: { ...member.headers, 'idempotency-key': key() },
      body: { amount: 500_000 },
    });
    expect(tooMuch.code).toBe(Code.validation);
  });
});
