import { Code } from '@kayuh/contract/codes';
import { menuIdOf } from '@kayuh/contract/menus/index';
import type { PaymentDashboard } from '@kayuh/contract/api/paymentDashboard';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { accountBooks, alarms, ledgerAudits, paymentOrders, refunds, roleMenus, roles } from '../src/db/schema.ts';
import { runLedgerAudit } from '../src/modules/payment/ledgerAudit.ts';
import { useTestApp } from './harness.ts';

/** GET /payment/dashboard: the payment centre Home's figures and charts, in the caller's scope, from real top-ups. */
const t = useTestApp();
const PATH = '/api/payment/dashboard';
const APP = { 'tenant-code': 'KITABIKE' };
const KITA = 2;
const BANDUNG = 2002;
const SURABAYA = 2003;
const db = () => t.database.db as Db;
let seq = 0;
const key = () => `dashboard-test-${Date.now()}-${seq++}`;

type Headers = Record<string, string>;
const read = async (headers: Headers, cityCode?: number): Promise<PaymentDashboard> => {
  const res = await t.call('GET', `${PATH}${cityCode === undefined ? '' : `?cityCode=${cityCode}`}`, { headers });
  expect(res.code, JSON.stringify(res)).toBe(Code.ok);
  return res.data;
};

/** The operator's test number signs in to the rider app with its fixed code. */
async function member() {
  await t.call('POST', '/api/app/auth/otp/send', { headers: APP, body: { phone: '+6280000000001' } });
  const res = await t.call('POST', '/api/app/auth/otp/verify', { headers: APP, body: { phone: '+6280000000001', code: '123456' } });
  expect(res.code, JSON.stringify(res)).toBe(Code.ok);
  return { ...APP, authorization: `Bearer ${res.data.token}` };
}

/** A QRIS top-up started in a city; paid through the sandbox unless told otherwise. Answers the order and what the gateway sent. */
async function topUp(amount: number, cityCode: number, settle: 'paid' | 'none' = 'paid') {
  const started = await t.call('POST', '/api/app/wallet/topup', {
    headers: { ...(await member()), 'idempotency-key': key() },
    body: { amount, channelCode: 'QRIS', cityCode },
  });
  expect(started.code, JSON.stringify(started)).toBe(Code.ok);
  const payNo = started.data.payNo as string;
  let notification: { headers: Record<string, string>; body: string } | undefined;
  if (settle === 'paid') {
    const paid = await t.call('POST', '/api/payment/sandbox/settle', { headers: await t.signIn('kitabike.admin'), body: { payNo } });
    expect(paid.data?.outcome, JSON.stringify(paid)).toBe('accepted');
    notification = paid.data.notification;
  }
  const [order] = await db().select().from(paymentOrders).where(eq(paymentOrders.payNo, payNo));
  return { order: order!, notification };
}

/** Customer service asks from the Top Up List for part of a paid top-up back; answers the refund. */
async function askRefund(order: typeof paymentOrders.$inferSelect, amount: number) {
  const [current] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, order.id));
  const asked = await t.call('POST', '/api/payment/topupOrder/requestRefund', {
    headers: await t.signIn('kitabike.cs.01'),
    body: { paymentOrderId: order.id, version: current!.version, amount, reason: 4, destination: 1 },
  });
  expect(asked.code, JSON.stringify(asked)).toBe(Code.ok);
  const [row] = await db().select().from(refunds).where(eq(refunds.paymentOrderId, order.id)).orderBy(desc(refunds.id)).limit(1);
  return row!;
}

const deliver = (headers: Record<string, string>, body: string) =>
  t.app.inject({ method: 'POST', url: '/api/pay/notify/QRIS', headers: { 'content-type': 'application/json', ...headers }, payload: body });

const channel = (d: PaymentDashboard, code: string | null) => d.byChannel.find((c) => c.channelCode === code) ?? { count: 0, amount: 0 };
const outcome = (d: PaymentDashboard, name: string) => d.failedCallbacks.find((c) => c.outcome === name)?.count ?? 0;
const alarmCount = (d: PaymentDashboard, code: string) => d.openAlarms.find((a) => a.code === code)!.count;
/** The hour of now on a clock `offset` hours ahead of UTC. */
const hourNow = (offset: number) => Math.floor(((Date.now() + offset * 3_600_000) % 86_400_000) / 3_600_000);

describe('the payment centre Home', () => {
  it("counts today's paid top-ups by channel, by hour and over the last days, in the city asked for", async () => {
    const fin = await t.signIn('kitabike.fin.01');
    const before = await read(fin, BANDUNG);
    const jakartaBefore = await read(fin, 2001);
    const allBefore = await read(fin);
    await topUp(50_000, BANDUNG);
    await topUp(20_000, BANDUNG);
    // Started but never paid: not money received.
    await topUp(30_000, BANDUNG, 'none');

    const after = await read(fin, BANDUNG);
    expect(after.currency).toBe('IDR');
    expect(after.utcOffsetHours).toBe(7);
    expect(after.paidToday.count - before.paidToday.count).toBe(2);
    expect(after.paidToday.amount - before.paidToday.amount).toBe(70_000);
    expect(after.topupsToday.amount - before.topupsToday.amount).toBe(70_000);
    expect(after.topupsToday.count - before.topupsToday.count).toBe(2);
    expect(channel(after, 'QRIS').amount - channel(before, 'QRIS').amount).toBe(70_000);
    expect(channel(after, 'QRIS').count - channel(before, 'QRIS').count).toBe(2);
    // Today, hour by hour up to now on Bandung's clock (WIB): this hour holds the two.
    const hour = hourNow(7);
    expect(after.today).toHaveLength(hour + 1);
    expect(after.today[hour]!.amount - (before.today[hour]?.amount ?? 0)).toBe(70_000);
    // Seven business days, oldest first, today last (by Bandung's calendar).
    expect(after.days).toHaveLength(7);
    expect(after.days.at(-1)!.day).toBe(new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10));
    expect(after.days[0]!.day).toBe(new Date(Date.now() + 7 * 3_600_000 - 6 * 86_400_000).toISOString().slice(0, 10));
    expect(after.days.at(-1)!.amount - before.days.at(-1)!.amount).toBe(70_000);
    expect(after.days.slice(0, 6)).toEqual(before.days.slice(0, 6));

    // Another city does not see them; all the cities do.
    expect((await read(fin, 2001)).paidToday).toEqual(jakartaBefore.paidToday);
    const all = await read(fin);
    expect(all.paidToday.amount - allBefore.paidToday.amount).toBe(70_000);
  });

  it('counts a payment on the day it was paid, not before it', async () => {
    const fin = await t.signIn('kitabike.fin.01');
    const before = await read(fin, SURABAYA);
    const { order } = await topUp(40_000, SURABAYA);
    // Paid three days ago: in the series, not today.
    await db()
      .update(paymentOrders)
      .set({ paidAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(paymentOrders.id, order.id));
    const after = await read(fin, SURABAYA);
    expect(after.paidToday).toEqual(before.paidToday);
    expect(after.days[3]!.amount - before.days[3]!.amount).toBe(40_000);
    expect(after.days[3]!.count - before.days[3]!.count).toBe(1);
  });

  it('adds up the refunds waiting for approval, under way and failed', async () => {
    const fin = await t.signIn('kitabike.fin.01');
    const before = await read(fin, BANDUNG);
    const { order } = await topUp(60_000, BANDUNG);
    await askRefund(order, 10_000);
    await askRefund(order, 7_000);
    const underWay = await askRefund(order, 5_000);
    const failed = await askRefund(order, 3_000);
    // The gateway's side of the machine (§3.8) is its own test (refunds.test.ts): here the rows are put in its states.
    await db().update(refunds).set({ status: 2 }).where(eq(refunds.id, underWay.id));
    await db().update(refunds).set({ status: 4, failReason: 'test' }).where(eq(refunds.id, failed.id));

    const after = await read(fin, BANDUNG);
    expect(after.refundsPending.count - before.refundsPending.count).toBe(2);
    expect(after.refundsPending.amount - before.refundsPending.amount).toBe(17_000);
    expect(after.refundsUnderWay.count - before.refundsUnderWay.count).toBe(1);
    expect(after.refundsUnderWay.amount - before.refundsUnderWay.amount).toBe(5_000);
    expect(after.refundsFailed.count - before.refundsFailed.count).toBe(1);
    expect(after.refundsFailed.amount - before.refundsFailed.amount).toBe(3_000);
    // Refunds are not taken off the paid volume: they are its own figures.
    expect(after.paidToday.amount - before.paidToday.amount).toBe(60_000);
  });

  it('counts refused and parked gateway notifications of today, and the open LATE_PAYMENT alarm', async () => {
    const fin = await t.signIn('kitabike.fin.01');
    const before = await read(fin);
    // A forged copy of a real notification (another amount, the same signature) is refused; a repeat is only a duplicate.
    const { notification } = await topUp(25_000, BANDUNG);
    const forged = notification!.body.replace('"25000.00"', '"250000.00"');
    expect(forged).not.toBe(notification!.body);
    expect((await deliver(notification!.headers, forged)).json().code).toBe(Code.forbidden);
    await deliver(notification!.headers, notification!.body);
    // A payment that arrives after its order expired is parked, and finance is alarmed.
    const { order } = await topUp(15_000, BANDUNG, 'none');
    await db().update(paymentOrders).set({ status: 4 }).where(eq(paymentOrders.id, order.id));
    const late = await t.call('POST', '/api/payment/sandbox/settle', { headers: await t.signIn('kitabike.admin'), body: { payNo: order.payNo } });
    expect(late.data?.outcome, JSON.stringify(late)).toBe('parked_late');

    const after = await read(fin);
    expect(outcome(after, 'refused_signature') - outcome(before, 'refused_signature')).toBe(1);
    expect(outcome(after, 'parked_late') - outcome(before, 'parked_late')).toBe(1);
    expect(after.failedCallbacks.map((c) => c.outcome)).not.toContain('duplicate');
    expect(alarmCount(after, 'LATE_PAYMENT') - alarmCount(before, 'LATE_PAYMENT')).toBe(1);
    expect(after.openAlarms.map((a) => a.code)).toEqual(['LATE_PAYMENT', 'LEDGER_DRIFT']);
    // The late money is not counted as paid.
    expect(after.paidToday.amount - before.paidToday.amount).toBe(25_000);
    // The alarm is Bandung's; resolved, it no longer waits.
    await db()
      .update(alarms)
      .set({ status: 2 })
      .where(and(eq(alarms.tenantId, KITA), eq(alarms.alarmCode, 'LATE_PAYMENT')));
    expect(alarmCount(await read(fin, BANDUNG), 'LATE_PAYMENT')).toBe(0);
  });

  it('reports the newest ledger audit: ok, then a drift in a later run', async () => {
    const fin = await t.signIn('kitabike.fin.01');
    const from = new Date(Date.now() - 3_600_000);
    await runLedgerAudit(t.services, KITA, { statDate: from.toISOString().slice(0, 10), from, to: new Date(Date.now() + 3_600_000) });
    const ok = (await read(fin)).ledgerAudit!;
    // Ours, or the nightly task's if it ran since (the demo's books agree either way).
    expect(ok).toMatchObject({ result: 'ok', driftBooks: 0, statDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(ok.books).toBeGreaterThan(0);

    // A later run in which one book did not agree.
    const [book] = await db().select().from(accountBooks).where(eq(accountBooks.tenantId, KITA)).limit(1);
    await db()
      .insert(ledgerAudits)
      .values({
        tenantId: KITA,
        bookId: book!.id,
        currency: 'IDR',
        statDate: from.toISOString().slice(0, 10),
        accountCount: 1,
        balanceTotal: 100,
        entriesTotal: 90,
        debitTotal: 0,
        creditTotal: 0,
        driftAccounts: 1,
        unbalancedTxns: 0,
        status: 1,
        durationMs: 1,
        // Later than any run the nightly task might make while this test runs.
        createdAt: new Date(Date.now() + 60_000),
      });
    expect((await read(fin)).ledgerAudit).toMatchObject({ result: 'drift', books: 1, driftBooks: 1 });
    // Another tenant's audits are its own. Its clock is Denpasar's (WITA, its first city); its hours run to the
    // latest current hour of its cities, Denpasar's and Jakarta-south's (WIB) days each as they are.
    const gowes = await read(await t.signIn('gowesbali.fin.01'));
    // (The nightly task may have audited it meanwhile: not with KitaBike's drift.)
    expect(gowes.ledgerAudit?.driftBooks ?? 0).toBe(0);
    expect(gowes.utcOffsetHours).toBe(8);
    expect(gowes.today).toHaveLength(Math.max(hourNow(8), hourNow(7)) + 1);
  });

  it('shows city-bound staff only their cities, nothing of a city they cannot see, and needs the Home', async () => {
    // The Bandung operations role may open the payment centre's Home, for this test.
    const [role] = await db()
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.tenantId, KITA), eq(roles.roleKey, 'city_ops_bandung')));
    await db()
      .insert(roleMenus)
      .values({ tenantId: KITA, roleId: role!.id, menuId: menuIdOf('payment:index:view') });
    const bandung = await t.signIn('kitabike.ops.bandung');
    const fin = await t.signIn('kitabike.fin.01');
    const own = await read(bandung);
    expect(own.paidToday).toEqual((await read(fin, BANDUNG)).paidToday);
    expect(own.refundsPending).toEqual((await read(fin, BANDUNG)).refundsPending);

    const elsewhere = await read(bandung, 2001);
    expect(elsewhere.paidToday).toEqual({ count: 0, amount: 0 });
    expect(elsewhere.byChannel).toEqual([]);
    expect(elsewhere.failedCallbacks).toEqual([]);
    expect(elsewhere.ledgerAudit).toBeNull();

    expect((await t.call('GET', PATH, { headers: await t.signIn('kitabike.ops.jakarta') })).code).toBe(Code.forbidden);
    expect((await t.call('GET', `${PATH}?cityCode=x`, { headers: fin })).code).toBe(Code.validation);
    expect((await t.call('GET', PATH, {})).code).toBe(Code.noSession);
  });
});
