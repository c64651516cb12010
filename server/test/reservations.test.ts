import { Code } from '@kayuh/contract/codes';
import { OpState } from '@kayuh/contract/resources/fleet';
import { RideStatus } from '@kayuh/contract/resources/rideOrders';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { rideOrders } from '../src/db/schema.ts';
import { expireReservations } from '../src/modules/operations/rides/reservations.ts';
import { parkedFrame, useDeviceBoxes } from './deviceBoxes.ts';
import { useTestApp } from './harness.ts';
import { useRiders } from './riders.ts';

/**
 * Reservations (DOMAIN §3.4 reserve, expire / cancel; docs/rides.md "Reservations"): a member holds an available vehicle
 * that nobody else may take; unlocking it starts the ride; cancelling or letting it expire frees the vehicle and
 * charges the minutes held past the free ones. Jakarta's rule: 10 free minutes, then Rp 200 a minute.
 */
const t = useTestApp({ deviceCommandTimeoutMs: 1_500 });
const { box } = useDeviceBoxes(t);
const db = () => t.database.db as Db;
const { rider, unlock, end, wallet, rideOf, opStateOf, backdate, ridingAt, postingsOf } = useRiders(t, '+62800013');
const GAMBIR = { lat: -6.1767, lng: 106.8306 };

const reserve = (who: { headers: Record<string, string> }, vehicleNo: string) =>
  t.call('POST', '/api/app/rides/reserve', { headers: who.headers, body: { vehicleNo } });
const cancel = (who: { headers: Record<string, string> }) => t.call('POST', '/api/app/rides/current/cancel', { headers: who.headers });
/** The reservation was made `minutes` ago. */
const heldFor = (orderNo: string, minutes: number) =>
  db()
    .update(rideOrders)
    .set({ reservedAt: sql`${rideOrders.reservedAt} - make_interval(mins => ${minutes})` })
    .where(eq(rideOrders.orderNo, orderNo));
const noLog = { warn: () => undefined } as unknown as Parameters<typeof expireReservations>[1];

describe('reservations', () => {
  it('hold a vehicle for its member alone; unlocking it starts the ride', async () => {
    const bike = await box(71);
    await bike.report(parkedFrame({ ...GAMBIR }, 0));
    const [me, other] = [await rider(20_000), await rider(20_000)];
    const held = await reserve(me, bike.vehicle.vehicleNo);
    expect(held.code, JSON.stringify(held)).toBe(Code.ok);
    expect(held.data).toMatchObject({ status: RideStatus.reserved, vehicleNo: bike.vehicle.vehicleNo, startAt: null });
    expect(held.data.reservedAt).not.toBeNull();
    expect(await opStateOf(bike.vehicle.id)).toBe(OpState.reserved);

    // Nobody else takes it; its member holds one thing at a time.
    expect(await unlock(other, bike.vehicle.vehicleNo)).toMatchObject({ code: Code.transitionNotAllowed });
    expect(await reserve(other, bike.vehicle.vehicleNo)).toMatchObject({ code: Code.transitionNotAllowed });
    const second = await box(72);
    expect(await reserve(me, second.vehicle.vehicleNo)).toMatchObject({ code: Code.transitionNotAllowed });
    expect(await unlock(me, second.vehicle.vehicleNo)).toMatchObject({ code: Code.transitionNotAllowed });
    expect((await t.call('GET', '/api/app/rides/current', { headers: me.headers })).data).toMatchObject({ orderNo: held.data.orderNo, status: 0 });

    // Unlocked: the same order rides; the reservation's minutes cost nothing.
    await heldFor(held.data.orderNo, 5);
    const started = await unlock(me, bike.vehicle.vehicleNo);
    expect(started.code, JSON.stringify(started)).toBe(Code.ok);
    expect(started.data).toMatchObject({ orderNo: held.data.orderNo, status: RideStatus.riding });
    expect(await opStateOf(bike.vehicle.id)).toBe(OpState.inUse);
    await backdate(held.data.orderNo, 6);
    await bike.report(ridingAt(GAMBIR));
    const ended = await end(me);
    // Rp 2,000 to unlock and 6 minutes at Rp 500: nothing for the 5 minutes reserved.
    expect(ended.data).toMatchObject({ orderNo: held.data.orderNo, status: RideStatus.paid, paid: 5_000 });
  });

  it('cost nothing cancelled within the free minutes, and each minute past them after', async () => {
    const bike = await box(73);
    const me = await rider(20_000);
    const first = await reserve(me, bike.vehicle.vehicleNo);
    await heldFor(first.data.orderNo, 9);
    const freed = await cancel(me);
    expect(freed.data).toMatchObject({ status: RideStatus.cancelled, paid: 0, fare: { timeFee: 0 } });
    expect(await opStateOf(bike.vehicle.id)).toBe(OpState.available);
    expect(await postingsOf((await rideOf(first.data.orderNo)).id)).toEqual([]);
    expect((await cancel(me)).code).toBe(Code.notFound);

    const again = await reserve(me, bike.vehicle.vehicleNo);
    await heldFor(again.data.orderNo, 13);
    const charged = await cancel(me);
    // 13 minutes held: 3 past the 10 free ones.
    expect(charged.data).toMatchObject({ status: RideStatus.cancelled, paid: 600, fare: { timeFee: 600, payable: 600 } });
    expect(await postingsOf((await rideOf(again.data.orderNo)).id)).toEqual([
      ['RIDE_PAY', 'WALLET', 'D', 600],
      ['RIDE_PAY', 'REV_RIDE', 'C', 600],
    ]);
    expect((await wallet(me)).wallet).toBe(19_400);
  });

  it('expire past their free minutes and ten more, charged and the vehicle freed, once', async () => {
    const bike = await box(74);
    const me = await rider(20_000);
    const held = await reserve(me, bike.vehicle.vehicleNo);
    await heldFor(held.data.orderNo, 19);
    expect(await expireReservations(db(), noLog, new Date())).toBe(0);
    await heldFor(held.data.orderNo, 2);
    const runs = await Promise.all(Array.from({ length: 5 }, () => expireReservations(db(), noLog, new Date())));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    const expired = await rideOf(held.data.orderNo);
    expect(expired).toMatchObject({ status: RideStatus.cancelled, timeFee: 2_200, paid: 2_200 });
    expect(await opStateOf(bike.vehicle.id)).toBe(OpState.available);
    expect((await wallet(me)).wallet).toBe(17_800);
  });

  it('give one vehicle to one of twenty members reserving it at once', async () => {
    const bike = await box(75);
    // One after another: each top-up's settlement signs the admin in afresh (one session per user).
    const members: Array<Awaited<ReturnType<typeof rider>>> = [];
    for (let i = 0; i < 20; i++) members.push(await rider(10_000));
    const answers = await Promise.all(members.map((m) => reserve(m, bike.vehicle.vehicleNo)));
    expect(answers.filter((a) => a.code === Code.ok)).toHaveLength(1);
    expect(answers.every((a) => a.code === Code.ok || a.code === Code.transitionNotAllowed)).toBe(true);
    const held = await db().select().from(rideOrders).where(eq(rideOrders.vehicleId, bike.vehicle.id));
    expect(held.filter((r) => r.status === RideStatus.reserved)).toHaveLength(1);
  });

  it('stay held when the unlock of the reserved vehicle is not answered (2009)', async () => {
    const bike = await box(76, () => undefined);
    const me = await rider(20_000);
    const held = await reserve(me, bike.vehicle.vehicleNo);
    expect((await unlock(me, bike.vehicle.vehicleNo)).code).toBe(Code.deviceTimeout);
    expect(await rideOf(held.data.orderNo)).toMatchObject({ status: RideStatus.reserved, startAt: null, deletedAt: null });
    expect(await opStateOf(bike.vehicle.id)).toBe(OpState.reserved);
    expect((await cancel(me)).data).toMatchObject({ status: RideStatus.cancelled });
  });

  it('refuse a member below the minimum balance or in debt, as an unlock does', async () => {
    const bike = await box(77);
    const poor = await rider(0);
    expect(await reserve(poor, bike.vehicle.vehicleNo)).toMatchObject({ code: Code.insufficientBalance, data: { needed: 5_000 } });
    expect((await reserve(poor, 'NO-SUCH-BIKE')).code).toBe(Code.notFound);
    expect((await reserve(poor, '')).code).toBe(Code.validation);
    expect(await opStateOf(bike.vehicle.id)).toBe(OpState.available);
  });
});
