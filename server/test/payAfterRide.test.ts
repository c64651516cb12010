import { Code } from '@kayuh/contract/codes';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { paymentOrders, rideOrders } from '../src/db/schema.ts';
import { failUnpaidRides } from '../src/modules/operations/rides/payAfterRide.ts';
import { parkedFrame, useDeviceBoxes } from './deviceBoxes.ts';
import { useTestApp } from './harness.ts';
import { useRiders } from './riders.ts';

/**
 * Paying a ride by QRIS after it ended (DOMAIN §3.4 pay_ok / pay_fail, §4.4 "Ride paid directly by QRIS";
 * docs/rides.md "Pay after the ride"). Jakarta's demo prices: Rp 2,000 to unlock, Rp 500 a minute.
 */
const t = useTestApp({ deviceCommandTimeoutMs: 1_500 });
const { box } = useDeviceBoxes(t);
const db = () => t.database.db as Db;
/** Stasiun Gambir: a demo parking zone in Jakarta. */
const GAMBIR = { lat: -6.1767, lng: 106.8306 };
const { rider, unlock, wallet, rideOf, backdate, ridingAt, postingsOf } = useRiders(t, '+62800010');
const quiet = { info: () => {}, warn: () => {} } as never;
let keys = 0;

/** A ten-minute ride ended at Gambir, to be paid by QRIS: answers the ended ride's view. */
async function rideToPayLater(me: Awaited<ReturnType<typeof rider>>, vehicle: number) {
  const bike = await box(vehicle);
  await bike.report(parkedFrame({ ...GAMBIR }, 0));
  const started = await unlock(me, bike.vehicle.vehicleNo);
  expect(started.code, JSON.stringify(started)).toBe(Code.ok);
  await backdate(started.data.orderNo, 10);
  await bike.report(ridingAt(GAMBIR));
  const ended = await t.call('POST', '/api/app/rides/current/end', { headers: me.headers, body: { payWith: 'qris' } });
  expect(ended.code, JSON.stringify(ended)).toBe(Code.ok);
  return ended.data;
}
const pay = (me: { headers: Record<string, string> }, orderNo: string, payWith: 'qris' | 'balance', key = `ride-pay-${++keys}`) =>
  t.call('POST', `/api/app/rides/${orderNo}/pay`, { headers: { ...me.headers, 'idempotency-key': key }, body: { payWith } });
const settle = async (payNo: string) =>
  t.call('POST', '/api/payment/sandbox/settle', { headers: await t.signIn('kitabike.admin'), body: { payNo, outcome: 'paid' } });

describe('paying a ride by QRIS after it ends', () => {
  it('waits priced (3), blocks the next unlock, and is paid (4) by the QRIS payment: Dr CLEARING:QRIS / Cr REV_RIDE, the wallet untouched', async () => {
    const me = await rider(20_000);
    const ended = await rideToPayLater(me, 30);
    expect(ended).toMatchObject({ status: 3, paid: 0, fare: { unlockFee: 2_000 } });
    const payable = ended.fare.payable as number;
    expect(payable).toBeGreaterThanOrEqual(2_000 + 10 * 500);
    expect((await wallet(me)).wallet).toBe(20_000);

    // Another bike meanwhile: pay first.
    const next = await box(31);
    const blocked = await unlock(me, next.vehicle.vehicleNo);
    expect(blocked).toMatchObject({ code: Code.insufficientBalance, data: { unpaid: ended.orderNo, amount: payable } });
    expect(blocked.msg).toContain(ended.orderNo);

    // The QRIS code, once per key.
    const asked = await pay(me, ended.orderNo, 'qris', 'first-key');
    expect(asked.code, JSON.stringify(asked)).toBe(Code.ok);
    expect(asked.data.payment).toMatchObject({ amount: payable, currency: 'IDR', status: 1, pay: { kind: 'qris' } });
    expect(asked.data.ride).toMatchObject({ orderNo: ended.orderNo, status: 3 });
    expect((await pay(me, ended.orderNo, 'qris', 'first-key')).data.payment.payNo).toBe(asked.data.payment.payNo);
    const [order] = await db().select().from(paymentOrders).where(eq(paymentOrders.payNo, asked.data.payment.payNo));
    expect(order).toMatchObject({ purpose: 'RIDE', bizType: 'ride_order', amount: payable });

    expect((await settle(asked.data.payment.payNo)).data.delivered).toBe(true);
    const ride = await rideOf(ended.orderNo);
    expect(ride).toMatchObject({ status: 4, payMethod: 2, paid: payable, paymentOrderId: order!.id });
    expect(await postingsOf(ride.id)).toEqual([
      ['RIDE_PAY', 'CLEARING:QRIS', 'D', payable],
      ['RIDE_PAY', 'REV_RIDE', 'C', payable],
    ]);
    expect((await wallet(me)).wallet).toBe(20_000);
    // Paid: neither another code nor the balance pays it again; the next bike unlocks.
    expect((await pay(me, ended.orderNo, 'balance')).code).toBe(Code.transitionNotAllowed);
    expect((await unlock(me, next.vehicle.vehicleNo)).code).toBe(Code.ok);
  });

  it('pays from the balances instead, once however many ask at once', async () => {
    const me = await rider(30_000);
    const ended = await rideToPayLater(me, 32);
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(me, ended.orderNo, 'balance')));
    expect(answers.filter((a) => a.code === Code.ok)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== Code.ok).every((a) => a.code === Code.transitionNotAllowed)).toBe(true);
    const ride = await rideOf(ended.orderNo);
    expect(ride).toMatchObject({ status: 4, payMethod: 1, paid: ended.fare.payable });
    expect(await postingsOf(ride.id)).toEqual([
      ['RIDE_PAY', 'WALLET', 'D', ended.fare.payable],
      ['RIDE_PAY', 'REV_RIDE', 'C', ended.fare.payable],
    ]);
    expect((await wallet(me)).wallet).toBe(30_000 - ended.fare.payable);
  });

  it('turns abnormal (reason 5) when not paid within 24 hours; a late payment is parked; customer service charges the balances', async () => {
    const me = await rider(25_000);
    const ended = await rideToPayLater(me, 33);
    const asked = await pay(me, ended.orderNo, 'qris');
    expect(asked.code).toBe(Code.ok);
    // Not yet 24 hours: the task leaves it waiting.
    await failUnpaidRides(db(), quiet, new Date());
    expect((await rideOf(ended.orderNo)).status).toBe(3);
    await db()
      .update(rideOrders)
      .set({ endAt: sql`${rideOrders.endAt} - interval '25 hours'` })
      .where(eq(rideOrders.orderNo, ended.orderNo));
    expect(await failUnpaidRides(db(), quiet, new Date())).toBe(1);
    const failed = await rideOf(ended.orderNo);
    expect(failed).toMatchObject({ status: 6, abnormalReason: 5, paid: 0 });

    // The rider pays the old code after all: nothing is posted to the ride (finance sees the parked payment).
    expect((await settle(asked.data.payment.payNo)).data.delivered).toBe(true);
    expect((await rideOf(ended.orderNo)).status).toBe(6);
    expect(await postingsOf(failed.id)).toEqual([]);

    const cs = await t.signIn('kitabike.admin');
    const resolved = await t.call('POST', '/api/operations/rideOrder/resolveRide', {
      headers: cs,
      body: { rideOrderId: failed.id, note: 'QRIS not paid; charged to the wallet' },
    });
    expect(resolved.code, JSON.stringify(resolved)).toBe(Code.ok);
    expect(await rideOf(ended.orderNo)).toMatchObject({ status: 4, payMethod: 1, paid: failed.payable, payable: failed.payable });
    expect((await wallet(me)).wallet).toBe(25_000 - failed.payable);
  });

  it('answers 2004 for a ride that is not waiting for its payment, and 404 for another member’s', async () => {
    const me = await rider(20_000);
    const other = await rider(0);
    const ended = await rideToPayLater(me, 34);
    expect((await pay(other, ended.orderNo, 'qris')).code).toBe(Code.notFound);
    expect((await pay(me, ended.orderNo, 'balance')).code).toBe(Code.ok);
    const again = await pay(me, ended.orderNo, 'qris');
    expect(again.code).toBe(Code.transitionNotAllowed);
  });
});
