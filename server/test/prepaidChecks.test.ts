import { Code } from '@kayuh/contract/codes';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { alarms, ledgerTransactions, members, prepaidOrders, refunds } from '../src/db/schema.ts';
import { memberBalances } from '../src/platform/ledger/memberPay.ts';
import { openPrepaidOrder } from '../src/modules/payment/prepaid.ts';
import { checkDuePrepaidOrders } from '../src/modules/payment/prepaidChecks.ts';
import { useTestApp } from './harness.ts';

/** The status-check task, a stuck order and finance settling it by hand (DOMAIN §3.10: never failed by the system). */
const t = useTestApp();
const db = () => t.database.db as Db;
const MINUTE = 60_000;

/** A demo member of KitaBike's with money in the wallet, and their balance. */
async function richMember(atLeast: number) {
  const rows = await db().select().from(members).where(eq(members.tenantId, 2));
  for (const m of rows) {
    const b = await memberBalances(db(), 2, m.id, 'IDR');
    if (b.wallet >= atLeast) return { member: m, wallet: b.wallet };
  }
  throw new Error('no demo member holds enough');
}

/** An order placed in the app and sent to the IAK sandbox, which leaves it processing until told otherwise. */
async function placed(productCode = 'hpln20000', customerId = '51234567890') {
  const { member } = await richMember(30_000);
  const link = (await t.gateways.prepaid.forTenant(2))!;
  const product = (await t.gateways.prepaid.catalogue(link)).find((p) => p.productCode === productCode)!;
  const order = await openPrepaidOrder(db(), {
    member: { tenantId: 2, memberId: member.id },
    cityCode: 2001,
    product,
    customerId,
    idempotencyKey: `checks-${Date.now()}-${Math.random().toString(36).slice(2)}`,
  });
  const answer = await link.iak.topUp({ refId: order.refId, productCode, customerId });
  expect(answer.status).toBe('processing');
  return order;
}

const orderOf = async (id: number) => (await db().select().from(prepaidOrders).where(eq(prepaidOrders.id, id)))[0]!;
const stuckAlarms = (orderId: number) =>
  db()
    .select()
    .from(alarms)
    .where(and(eq(alarms.alarmCode, 'PREPAID_STUCK'), eq(alarms.targetType, 4), eq(alarms.targetId, orderId)));
const run = (at: Date) => checkDuePrepaidOrders(t.services, t.gateways.prepaid, t.app.log, at);
const fire = (headers: Record<string, string>, resource: string, name: string, body: Record<string, unknown>) =>
  t.call('POST', `/api/payment/${resource}/${name}`, { headers, body });

describe('the status-check task', () => {
  it('asks at 1, 2, 5, 10 and 30 minutes, then leaves the order processing with PREPAID_STUCK for finance', async () => {
    const order = await placed();
    const placedAt = order.createdAt.getTime();
    // Not yet due: nothing asked.
    await run(new Date(placedAt + 30_000));
    expect((await orderOf(order.id)).checkCount).toBe(0);
    for (const [i, minutes] of [1, 2, 5, 10, 30].entries()) {
      await run(new Date(placedAt + minutes * MINUTE + 1_000));
      const now = await orderOf(order.id);
      expect(now).toMatchObject({ status: 0, checkCount: i + 1 });
      const next = [2, 5, 10, 30][i];
      expect(now.nextCheckAt?.getTime() ?? null).toBe(next === undefined ? null : placedAt + next * MINUTE);
    }
    expect(await stuckAlarms(order.id)).toEqual([expect.objectContaining({ status: 0, level: 2, cityCode: 2001 })]);
    // Hours later the system still fails nothing: the token may have been issued.
    await run(new Date(placedAt + 6 * 60 * MINUTE));
    expect(await orderOf(order.id)).toMatchObject({ status: 0, checkCount: 5, nextCheckAt: null });
  });

  it('keeps checking an order whose stuck alarm could not be raised, and raises it on the next run', async () => {
    const order = await placed();
    const placedAt = order.createdAt.getTime();
    for (const minutes of [1, 2, 5, 10]) await run(new Date(placedAt + minutes * MINUTE + 1_000));
    // The alarm's insert fails, as when the database goes away between the count and the alarm.
    await db().execute(sql`ALTER TABLE alarms ADD CONSTRAINT test_no_stuck CHECK (alarm_code <> 'PREPAID_STUCK') NOT VALID`);
    try {
      await run(new Date(placedAt + 30 * MINUTE + 1_000));
    } finally {
      await db().execute(sql`ALTER TABLE alarms DROP CONSTRAINT test_no_stuck`);
    }
    expect(await stuckAlarms(order.id)).toEqual([]);
    expect(await orderOf(order.id)).toMatchObject({ status: 0, checkCount: 4, nextCheckAt: new Date(placedAt + 30 * MINUTE) });
    await run(new Date(placedAt + 31 * MINUTE));
    expect(await stuckAlarms(order.id)).toEqual([expect.objectContaining({ status: 0, level: 2 })]);
    expect(await orderOf(order.id)).toMatchObject({ status: 0, checkCount: 5, nextCheckAt: null });
  });

  it('fails an order IAK never received, and refunds the wallet', async () => {
    // Never sent to IAK (the server died between the debit and the call): IAK answers "not found", the wallet is refunded.
    const { member, wallet } = await richMember(30_000);
    const link2 = (await t.gateways.prepaid.forTenant(2))!;
    const product = (await t.gateways.prepaid.catalogue(link2)).find((p) => p.productCode === 'hpln20000')!;
    const lost = await openPrepaidOrder(db(), {
      member: { tenantId: 2, memberId: member.id },
      cityCode: 2001,
      product,
      customerId: '51234567892',
      idempotencyKey: `lost-${Date.now()}`,
    });
    expect((await memberBalances(db(), 2, member.id, 'IDR')).wallet).toBe(wallet - 21_500);
    expect(await run(new Date(lost.createdAt.getTime() + MINUTE + 1_000))).toBeGreaterThanOrEqual(1);
    const after = await orderOf(lost.id);
    expect(after).toMatchObject({ status: 2, rc: '06' });
    const [refund] = await db().select().from(refunds).where(eq(refunds.id, after.refundId!));
    expect(refund).toMatchObject({ reason: 6, status: 3, amount: 21_500 });
    expect((await memberBalances(db(), 2, member.id, 'IDR')).wallet).toBe(wallet);
  });
});

describe('finance settles a stuck order', () => {
  it('as delivered with the token from IAK’s report: the books move once and the alarm recovers', async () => {
    const order = await placed('hpln20000', '51234567893');
    for (const minutes of [1, 2, 5, 10, 30]) await run(new Date(order.createdAt.getTime() + minutes * MINUTE + 1_000));
    expect(await stuckAlarms(order.id)).toHaveLength(1);
    const fin = await t.signIn('kitabike.fin.01');
    const current = await orderOf(order.id);
    const badToken = await fire(fin, 'plnOrder', 'resolveSuccess', {
      prepaidOrderId: order.id,
      version: current.version,
      sn: '1234-5678',
      note: 'Seen as success in the IAK report',
    });
    expect(badToken.code).toBe(Code.validation);
    const resolved = await fire(fin, 'plnOrder', 'resolveSuccess', {
      prepaidOrderId: order.id,
      version: current.version,
      sn: '1111-2222-3333-4444-5555',
      note: 'Seen as success in the IAK report',
    });
    expect(resolved.code, JSON.stringify(resolved)).toBe(Code.ok);
    const after = await orderOf(order.id);
    expect(after).toMatchObject({ status: 1, sn: '1111-2222-3333-4444-5555', remark: 'Seen as success in the IAK report', nextCheckAt: null });
    expect(after.resolvedBy).not.toBeNull();
    expect(await stuckAlarms(order.id)).toEqual([expect.objectContaining({ status: 3 })]);
    const posted = await db()
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.tenantId, 2), eq(ledgerTransactions.idempotencyKey, `prepaid:${order.orderNo}:success`)));
    expect(posted).toHaveLength(1);
    // Settled: no second resolution, either way.
    const again = await fire(fin, 'plnOrder', 'resolveFailed', { prepaidOrderId: order.id, version: after.version, note: 'again' });
    expect(again.code).toBe(Code.transitionNotAllowed);
  });

  it('as failed: the wallet gets the money back; another operator cannot see or touch the order', async () => {
    const order = await placed('xld25000', '0817777215');
    const { wallet } = await memberBalances(db(), 2, order.memberId, 'IDR');
    const other = await t.signIn('gowesbali.admin');
    const peek = await t.call('POST', '/api/payment/prepaidOrder/list', { headers: other, body: { pageSize: 100, orderNo: order.orderNo } });
    expect(peek.rows).toEqual([]);
    const theirs = await fire(other, 'prepaidOrder', 'resolveFailed', { prepaidOrderId: order.id, version: order.version, note: 'x' });
    expect([Code.notFound, Code.forbidden]).toContain(theirs.code);

    const fin = await t.signIn('kitabike.fin.01');
    const asked = await fire(fin, 'prepaidOrder', 'checkStatus', { prepaidOrderId: order.id, version: (await orderOf(order.id)).version });
    expect(asked.code, JSON.stringify(asked)).toBe(Code.ok);
    expect((await orderOf(order.id)).nextCheckAt!.getTime()).toBeLessThanOrEqual(Date.now());
    const failed = await fire(fin, 'prepaidOrder', 'resolveFailed', {
      prepaidOrderId: order.id,
      version: (await orderOf(order.id)).version,
      note: 'IAK report: failed, deposit returned',
    });
    expect(failed.code, JSON.stringify(failed)).toBe(Code.ok);
    const after = await orderOf(order.id);
    expect(after.status).toBe(2);
    const [refund] = await db().select().from(refunds).where(eq(refunds.id, after.refundId!));
    expect(refund).toMatchObject({ reason: 6, status: 3, requestedByType: 2, amount: 26_500 });
    expect((await memberBalances(db(), 2, order.memberId, 'IDR')).wallet).toBe(wallet + 26_500);

    // The PLN page lists PLN orders only; the IAK list every kind.
    const pln = await t.call('POST', '/api/payment/plnOrder/list', { headers: fin, body: { pageSize: 200 } });
    expect(pln.code).toBe(Code.ok);
    expect(pln.rows.every((r: { kind: number }) => r.kind === 1)).toBe(true);
    const all = await t.call('POST', '/api/payment/prepaidOrder/list', { headers: fin, body: { pageSize: 10, orderNo: order.orderNo } });
    expect(all.rows).toEqual([expect.objectContaining({ orderNo: order.orderNo, kind: 2, status: 2, refundIdLabel: refund!.refundNo })]);
  });
});
