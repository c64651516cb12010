import { Code } from '@kayuh/contract/codes';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { accounts, ledgerEntries, ledgerTransactions, memberTestPhones, rideOrders, vehicles } from '../src/db/schema.ts';
import { parkedFrame } from './deviceBoxes.ts';
import type { TestApp } from './harness.ts';

/** The demo tenant's rider app. */
export const APP = { 'tenant-code': 'KITABIKE' };

/**
 * Riders of the demo tenant for a test file (rides, passes): each new rider signs in with an operator's test number
 * under `prefix` and has the balance asked for topped up through the sandbox QRIS; and the ride calls they make.
 */
export function useRiders(t: TestApp, prefix: string) {
  const db = () => t.database.db as Db;
  let phoneSeq = 100;
  let keySeq = 0;

  /** A new rider (an operator's test number, its fixed code signs in) with `balance` in the wallet, topped up through the sandbox QRIS. */
  async function rider(balance = 50_000) {
    const phone = `${prefix}${String(phoneSeq++).padStart(4, '0')}`;
    await db().insert(memberTestPhones).values({ tenantId: 2, phone, fixedCode: '246810' });
    await t.call('POST', '/api/app/auth/otp/send', { headers: APP, body: { phone } });
    const signed = await t.call('POST', '/api/app/auth/otp/verify', { headers: APP, body: { phone, code: '246810' } });
    expect(signed.code, JSON.stringify(signed)).toBe(Code.ok);
    const headers = { ...APP, authorization: `Bearer ${signed.data.token}` };
    if (balance > 0) {
      const order = await t.call('POST', '/api/app/wallet/topup', {
        headers: { ...headers, 'idempotency-key': `ride-topup-${Date.now()}-${keySeq++}` },
        body: { amount: balance, channelCode: 'QRIS' },
      });
      expect(order.code, JSON.stringify(order)).toBe(Code.ok);
      const staff = await t.signIn('kitabike.admin');
      const paid = await t.call('POST', '/api/payment/sandbox/settle', { headers: staff, body: { payNo: order.data.payNo, outcome: 'paid' } });
      expect(paid.data.delivered).toBe(true);
    }
    return { headers, phone, memberId: signed.data.memberId as number };
  }

  const unlock = (who: { headers: Record<string, string> }, vehicleNo: string) =>
    t.call('POST', '/api/app/rides/unlock', { headers: who.headers, body: { vehicleNo } });
  const end = (who: { headers: Record<string, string> }, force = false) =>
    t.call('POST', '/api/app/rides/current/end', { headers: who.headers, body: { force } });
  const wallet = async (who: { headers: Record<string, string> }) => (await t.call('GET', '/api/app/wallet', { headers: who.headers })).data;
  const rideOf = async (orderNo: string) => (await db().select().from(rideOrders).where(eq(rideOrders.orderNo, orderNo)))[0]!;
  const opStateOf = async (vehicleId: number) => (await db().select({ s: vehicles.opState }).from(vehicles).where(eq(vehicles.id, vehicleId)))[0]!.s;
  /** The ride began `minutes` ago (a test does not wait for the meter). */
  const backdate = (orderNo: string, minutes: number) =>
    db()
      .update(rideOrders)
      .set({ startAt: sql`${rideOrders.startAt} - make_interval(mins => ${minutes})` })
      .where(eq(rideOrders.orderNo, orderNo));
  /** A frame of the riding (unlocked) vehicle at `at`, now. */
  const ridingAt = (at: { lat: number; lng: number }) => parkedFrame({ ...at, lockState: 1 }, 0);

  /** A business row's postings (a ride's, by default) as [kind, account code, direction, amount]. */
  async function postingsOf(bizId: number, bizType = 'ride_order') {
    const rows = await db()
      .select({ code: accounts.code, direction: ledgerEntries.direction, amount: ledgerEntries.amount, kind: ledgerTransactions.kind })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.txnId))
      .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
      .where(and(eq(ledgerTransactions.bizType, bizType), eq(ledgerTransactions.bizId, bizId)))
      .orderBy(ledgerEntries.id);
    return rows.map((r) => [r.kind, r.code, r.direction, r.amount]);
  }

  return { rider, unlock, end, wallet, rideOf, opStateOf, backdate, ridingAt, postingsOf };
}
