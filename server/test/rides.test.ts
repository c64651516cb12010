import { Code } from '@kayuh/contract/codes';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { refunds, iotCommands, members, rideOrders, vehicleStateLog } from '../src/db/schema.ts';
import { endOverdueRides } from '../src/modules/operations/rides/overdue.ts';
import { MONAS, parkedFrame, useDeviceBoxes } from './deviceBoxes.ts';
import { useTestApp } from './harness.ts';
import { useRiders } from './riders.ts';

/**
 * A ride end to end through the rider app (DOMAIN §3.4, §8.2, §4.4; docs/rides.md): unlock by the vehicle's IoT box,
 * pause and resume, an end refused where parking is not allowed, the fare and its posting, and the vehicle freed.
 * Jakarta's demo prices (DOMAIN §9.3): Rp 2,000 to unlock, Rp 500 a minute, Rp 200 a paused minute, cap Rp 60,000.
 */
const t = useTestApp({ deviceCommandTimeoutMs: 1_500 });
const { box, settled } = useDeviceBoxes(t);
const db = () => t.database.db as Db;
/** Stasiun Gambir: a demo parking zone in Jakarta. */
const GAMBIR = { lat: -6.1767, lng: 106.8306 };
/** Monas park: a demo no-parking zone. */
const MONAS_PARK = MONAS;
/** Far out at sea, outside Jakarta's service area. */
const AT_SEA = { lat: -5.9, lng: 106.9 };
const { rider, unlock, end, wallet, rideOf, opStateOf, backdate, ridingAt, postingsOf } = useRiders(t, '+62800000');

describe('a ride through the rider app', () => {
  it('unlocks, pauses, resumes, is refused in a no-parking zone, ends in a parking zone and pays from the wallet', async () => {
    const bike = await box(10);
    const me = await rider(50_000);
    await bike.report(parkedFrame({ ...GAMBIR }, 0));

    const started = await unlock(me, bike.vehicle.vehicleNo);
    expect(started.code, JSON.stringify(started)).toBe(Code.ok);
    expect(started.data).toMatchObject({ status: 1, vehicleNo: bike.vehicle.vehicleNo, currency: 'IDR', cityCode: 2001 });
    expect(await opStateOf(bike.vehicle.id)).toBe(40);
    expect((await t.call('GET', '/api/app/rides/current', { headers: me.headers })).data.orderNo).toBe(started.data.orderNo);

    expect((await t.call('POST', '/api/app/rides/current/pause', { headers: me.headers })).data.status).toBe(2);
    // Paused for 3 minutes, then on again.
    await db()
      .update(rideOrders)
      .set({ pausedAt: sql`now() - interval '3 minutes'` })
      .where(eq(rideOrders.orderNo, started.data.orderNo));
    const resumed = await t.call('POST', '/api/app/rides/current/resume', { headers: me.headers });
    expect(resumed.data).toMatchObject({ status: 1, pausedS: expect.any(Number) });
    expect(resumed.data.pausedS).toBeGreaterThanOrEqual(180);
    expect(bike.heard.map((c) => c.command)).toEqual(['unlock', 'lock', 'unlock']);

    // At Monas, a no-parking zone: refused, saying what ending there anyway would cost.
    await bike.report(ridingAt(MONAS_PARK));
    const refused = await end(me);
    expect(refused).toMatchObject({ code: Code.transitionNotAllowed, data: { refusal: 'noParking', fee: 15_000, currency: 'IDR' } });
    expect(refused.msg).toContain('parkir');
    expect((await rideOf(started.data.orderNo)).status).toBe(1);

    // 12 minutes in all, 3 of them paused, ended at Stasiun Gambir.
    await backdate(started.data.orderNo, 12);
    await bike.report(ridingAt(GAMBIR));
    const ended = await end(me);
    expect(ended.code, JSON.stringify(ended)).toBe(Code.ok);
    // Rp 2,000 + 9 riding minutes × Rp 500 + 3 paused minutes × Rp 200 (a started unit in full: up to 10 and 4).
    const ride = await rideOf(started.data.orderNo);
    expect(ride).toMatchObject({ status: 4, endSource: 1, endInArea: true, payMethod: 1, penaltyFee: 0, unlockFee: 2_000 });
    expect(ride.timeFee).toBeGreaterThanOrEqual(9 * 500);
    expect(ride.timeFee).toBeLessThanOrEqual(10 * 500);
    expect(ride.pauseFee).toBeGreaterThanOrEqual(3 * 200);
    expect(ride.pauseFee).toBeLessThanOrEqual(4 * 200);
    expect(ride.payable).toBe(ride.unlockFee + ride.timeFee + ride.pauseFee);
    expect(ride.paid).toBe(ride.payable);
    expect(ended.data).toMatchObject({ status: 4, paid: ride.payable, fare: { payable: ride.payable } });
    expect(await postingsOf(ride.id)).toEqual([
      ['RIDE_PAY', 'WALLET', 'D', ride.payable],
      ['RIDE_PAY', 'REV_RIDE', 'C', ride.payable],
    ]);
    expect((await wallet(me)).wallet).toBe(50_000 - ride.payable);
    expect(await opStateOf(bike.vehicle.id)).toBe(20);
    const log = await db().select().from(vehicleStateLog).where(eq(vehicleStateLog.vehicleId, bike.vehicle.id)).orderBy(vehicleStateLog.id);
    expect(log.slice(-2).map((l) => [l.fromState, l.toState, l.event])).toEqual([
      [20, 40, 'unlock_ok'],
      [40, 20, 'ride_end'],
    ]);
    expect((await t.call('GET', '/api/app/rides/current', { headers: me.headers })).data).toBeNull();
    // The member's first ride (a valid one, over a minute) and last activity are the ride's.
    const [member] = await db().select().from(members).where(eq(members.id, me.memberId));
    expect(member!.firstRideAt).toEqual(ride.startAt);
    expect(member!.lastActiveAt).toEqual(ride.endAt);

    // Rated once; listed among the member's rides.
    expect((await t.call('POST', `/api/app/rides/${ride.orderNo}/rate`, { headers: me.headers, body: { rating: 5 } })).data.rating).toBe(5);
    expect((await t.call('POST', `/api/app/rides/${ride.orderNo}/rate`, { headers: me.headers, body: { rating: 1 } })).code).toBe(Code.duplicate);
    const mine = await t.call('GET', '/api/app/rides', { headers: me.headers });
    expect(mine.data.map((r: { orderNo: string }) => r.orderNo)).toEqual([ride.orderNo]);
  });

  it('makes no ride when the lock does not answer its unlock (2009), and the vehicle stays free', async () => {
    const bike = await box(11, () => undefined);
    const me = await rider(20_000);
    const res = await unlock(me, bike.vehicle.vehicleNo);
    expect(res.code).toBe(Code.deviceTimeout);
    expect((await t.call('GET', '/api/app/rides/current', { headers: me.headers })).data).toBeNull();
    expect((await t.call('GET', '/api/app/rides', { headers: me.headers })).data).toEqual([]);
    expect(await opStateOf(bike.vehicle.id)).toBe(20);
    const [command] = await db().select().from(iotCommands).where(eq(iotCommands.vehicleId, bike.vehicle.id));
    expect(command).toMatchObject({ command: 1, source: 1, requestedByType: 2, result: 3, refType: 'ride_order' });
  });

  it('refuses an unlock below the minimum balance, and one while a ride is under way', async () => {
    const poor = await rider(0);
    const bike = await box(12);
    const res = await unlock(poor, bike.vehicle.vehicleNo);
    expect(res).toMatchObject({ code: Code.insufficientBalance, data: { needed: 5_000, currency: 'IDR' } });
    expect(await opStateOf(bike.vehicle.id)).toBe(20);
    expect((await unlock(poor, 'NO-SUCH-BIKE')).code).toBe(Code.notFound);
  });

  it('ends outside the service area only when forced: abnormal, with the fee, for customer service to resolve and price', async () => {
    const bike = await box(13);
    const me = await rider(50_000);
    await bike.report(parkedFrame({ ...GAMBIR }, 0));
    const started = await unlock(me, bike.vehicle.vehicleNo);
    expect(started.code).toBe(Code.ok);
    await backdate(started.data.orderNo, 20);
    await bike.report(ridingAt(AT_SEA));
    expect(await end(me)).toMatchObject({ code: Code.transitionNotAllowed, data: { refusal: 'outOfArea', fee: 25_000 } });

    const forced = await end(me, true);
    expect(forced.data).toMatchObject({ status: 6, abnormalReason: 2, paid: 0 });
    const ride = await rideOf(started.data.orderNo);
    expect(ride).toMatchObject({ status: 6, penaltyFee: 25_000, endInArea: false });
    expect(await postingsOf(ride.id)).toEqual([]);
    expect(await opStateOf(bike.vehicle.id)).toBe(20);

    // Customer service finds the bike was at Gambir all along: it is priced there, with no penalty, and paid.
    const cs = await t.signIn('kitabike.admin');
    const resolved = await t.call('POST', '/api/operations/rideOrder/resolveRide', {
      headers: cs,
      body: { rideOrderId: ride.id, endLat: GAMBIR.lat, endLng: GAMBIR.lng, rideMinutes: 20, note: 'GPS drift; the bike is at Gambir' },
    });
    expect(resolved.code, JSON.stringify(resolved)).toBe(Code.ok);
    const after = await rideOf(ride.orderNo);
    expect(after).toMatchObject({ status: 4, penaltyFee: 0, endInArea: true, unlockFee: 2_000, timeFee: 20 * 500, payable: 12_000, paid: 12_000 });
    expect(await postingsOf(ride.id)).toEqual([
      ['RIDE_PAY', 'WALLET', 'D', 12_000],
      ['RIDE_PAY', 'REV_RIDE', 'C', 12_000],
    ]);
    // Resolved once: a second resolve finds it paid.
    const again = await t.call('POST', '/api/operations/rideOrder/resolveRide', { headers: cs, body: { rideOrderId: ride.id, note: 'again' } });
    expect(again.code).toBe(Code.transitionNotAllowed);
  });

  it('charges a ride the wallet cannot cover as debt, which blocks the next unlock', async () => {
    const bike = await box(14);
    const me = await rider(10_000);
    await bike.report(parkedFrame({ ...GAMBIR }, 0));
    const started = await unlock(me, bike.vehicle.vehicleNo);
    expect(started.code).toBe(Code.ok);
    await backdate(started.data.orderNo, 60);
    await bike.report(ridingAt(GAMBIR));
    const ended = await end(me);
    // Rp 2,000 + 60 × Rp 500 = Rp 32,000, of which the wallet held Rp 10,000.
    expect(ended.data).toMatchObject({ status: 4, paid: 32_000 });
    expect(await wallet(me)).toMatchObject({ wallet: 0, debt: 22_000 });
    expect(await unlock(me, bike.vehicle.vehicleNo)).toMatchObject({ code: Code.insufficientBalance, data: { debt: 22_000 } });
  });

  it("caps a member's rides in a city on one day: the second ride pays what the first left of the cap", async () => {
    const bike = await box(15);
    const me = await rider(100_000);
    const ride = async (minutes: number) => {
      await bike.report(parkedFrame({ ...GAMBIR }, 0));
      const started = await unlock(me, bike.vehicle.vehicleNo);
      expect(started.code, JSON.stringify(started)).toBe(Code.ok);
      await backdate(started.data.orderNo, minutes);
      await bike.report(ridingAt(GAMBIR));
      return rideOf((await end(me)).data.orderNo);
    };
    // Before local midnight's reach: both rides start on this business day only if it is not just after midnight.
    const first = await ride(100); // Rp 2,000 + Rp 50,000 = Rp 52,000
    expect(first).toMatchObject({ payable: 52_000, capDiscount: 0 });
    const second = await ride(30); // Rp 17,000, of which Rp 8,000 is left of the cap
    const sameDay =
      Math.floor((first.startAt!.getTime() + 7 * 3_600_000) / 86_400_000) === Math.floor((second.startAt!.getTime() + 7 * 3_600_000) / 86_400_000);
    if (sameDay) expect(second).toMatchObject({ payable: 8_000, capDiscount: 9_000 });
    else expect(second).toMatchObject({ payable: 17_000, capDiscount: 0 });
    // The app pages the member's rides newest first, after the one it names.
    const page = (query: string) =>
      t.call('GET', `/api/app/rides?${query}`, { headers: me.headers }).then((r) => r.data.map((x: { orderNo: string }) => x.orderNo));
    expect(await page('size=1')).toEqual([second.orderNo]);
    expect(await page(`size=1&before=${second.orderNo}`)).toEqual([first.orderNo]);
    expect(await page(`before=${first.orderNo}`)).toEqual([]);
    expect(await page('before=RD00000000000000')).toEqual([]);
  });

  it('ends abnormal when the box is not connected at the end, and customer service can end a stuck ride from the console', async () => {
    const bike = await box(16);
    const me = await rider(50_000);
    await bike.report(parkedFrame({ ...GAMBIR }, 0));
    const started = await unlock(me, bike.vehicle.vehicleNo);
    expect(started.code).toBe(Code.ok);
    await bike.report(ridingAt(GAMBIR));
    await bike.client.endAsync();
    await settled(async () => expect(t.services.devices.isConnected(bike.imei)).toBe(false));
    const ended = await end(me);
    expect(ended.data).toMatchObject({ status: 6, abnormalReason: 6 });

    const other = await box(17);
    const you = await rider(50_000);
    await other.report(parkedFrame({ ...GAMBIR }, 0));
    const stuck = await unlock(you, other.vehicle.vehicleNo);
    expect(stuck.code).toBe(Code.ok);
    await backdate(stuck.data.orderNo, 10);
    await other.report(ridingAt(GAMBIR));
    const cs = await t.signIn('kitabike.admin');
    const id = (await rideOf(stuck.data.orderNo)).id;
    const forced = await t.call('POST', '/api/operations/rideOrder/forceEnd', {
      headers: cs,
      body: { rideOrderId: id, note: 'Rider left the bike' },
    });
    expect(forced.code, JSON.stringify(forced)).toBe(Code.ok);
    expect(await rideOf(stuck.data.orderNo)).toMatchObject({ status: 4, endSource: 2, payable: 7_000, paid: 7_000, remark: 'Rider left the bike' });
    await settled(async () => expect(other.heard.map((c) => c.command)).toEqual(['unlock', 'lock']));
    expect(await opStateOf(other.vehicle.id)).toBe(20);

    // The console finds it by the member's phone and the vehicle, with its postings and its commands.
    const list = await t.call('POST', '/api/operations/rideOrder/list', { headers: cs, body: { pageSize: 10, memberPhone: you.phone } });
    expect(list.rows).toEqual([
      expect.objectContaining({ orderNo: stuck.data.orderNo, vehicleNo: other.vehicle.vehicleNo, memberPhone: you.phone, status: 4 }),
    ]);
    const byVehicle = await t.call('POST', '/api/operations/rideOrder/list', {
      headers: cs,
      body: { pageSize: 10, vehicleNo: other.vehicle.vehicleNo },
    });
    // Newest first: the ride just ended, then the demo's earlier rides of that vehicle.
    expect(byVehicle.rows[0].orderNo).toBe(stuck.data.orderNo);
    expect(byVehicle.rows.every((r: { vehicleNo: string }) => r.vehicleNo === other.vehicle.vehicleNo)).toBe(true);
    const entries = await t.call('POST', '/api/payment/accountFlow/list', { headers: cs, body: { pageSize: 10, rideOrderId: id } });
    expect(entries.rows.map((e: { direction: string; amount: number }) => [e.direction, e.amount]).sort()).toEqual([
      ['C', 7_000],
      ['D', 7_000],
    ]);
    const commands = await t.call('POST', '/api/log/bikeLock/list', { headers: cs, body: { pageSize: 10, rideOrderId: id } });
    expect(commands.rows.map((c: { command: number; source: number }) => [c.command, c.source])).toEqual([
      [2, 2],
      [1, 1],
    ]);
    const track = await t.call('GET', `/api/operations/rideOrder/${id}/track`, { headers: cs });
    expect(track.data).toMatchObject({ vehicleId: other.vehicle.id, vehicleNo: other.vehicle.vehicleNo });
    expect(track.data.frames).toBeGreaterThan(0);
    expect(track.data.points.at(-1)).toMatchObject({ lat: GAMBIR.lat, lng: GAMBIR.lng });
    // Another operator's staff do not see it.
    expect((await t.call('GET', `/api/operations/rideOrder/${id}/track`, { headers: await t.signIn('gowesbali.admin') })).code).toBe(Code.notFound);
    const other_ = await t.signIn('gowesbali.admin');
    expect((await t.call('GET', `/api/operations/rideOrder/${id}`, { headers: other_ })).code).toBe(Code.notFound);
  });
});

describe("a ride's refused steps and abnormal ends (DOMAIN §3.4)", () => {
  /** A ride under way at Gambir on the nth box, whose lock answers only while `lock.answers` holds. */
  async function rideOnSilenceableLock(nth: number) {
    const lock = { answers: true };
    const bike = await box(nth, (command) => (command === 'lock' && !lock.answers ? undefined : { result: 'ok' }));
    const me = await rider(50_000);
    await bike.report(parkedFrame({ ...GAMBIR }, 0));
    const started = await unlock(me, bike.vehicle.vehicleNo);
    expect(started.code).toBe(Code.ok);
    return { bike, lock, me, started };
  }

  it('pauses only a riding ride and resumes only a paused one; a pause the lock does not answer leaves it riding (2009)', async () => {
    const { bike, lock, me, started } = await rideOnSilenceableLock(40);
    const pause = () => t.call('POST', '/api/app/rides/current/pause', { headers: me.headers });
    const resume = () => t.call('POST', '/api/app/rides/current/resume', { headers: me.headers });

    expect(await resume()).toMatchObject({ code: Code.transitionNotAllowed });
    lock.answers = false;
    expect((await pause()).code).toBe(Code.deviceTimeout);
    expect(await rideOf(started.data.orderNo)).toMatchObject({ status: 1, pausedAt: null });
    lock.answers = true;
    expect((await pause()).data.status).toBe(2);
    expect((await pause()).code).toBe(Code.transitionNotAllowed);
    expect((await resume()).data.status).toBe(1);
    await bike.report(ridingAt(GAMBIR));
    expect((await end(me)).data.status).toBe(4);
    // No ride under way: nothing to pause, resume or end.
    expect((await pause()).code).toBe(Code.notFound);
    expect((await end(me)).code).toBe(Code.notFound);
  });

  it('ends abnormal (not locked) when the lock does not answer the end: the rider is charged nothing until customer service prices it', async () => {
    const { bike, lock, me, started } = await rideOnSilenceableLock(41);
    await backdate(started.data.orderNo, 10);
    await bike.report(ridingAt(GAMBIR));
    lock.answers = false;
    const ended = await end(me);
    expect(ended.data).toMatchObject({ status: 6, abnormalReason: 1, paid: 0 });
    const ride = await rideOf(started.data.orderNo);
    expect(ride).toMatchObject({ status: 6, abnormalReason: 1, endSource: 1, paid: 0 });
    expect(await postingsOf(ride.id)).toEqual([]);
    expect(bike.heard.map((c) => c.command)).toEqual(['unlock', 'lock']);
    const [lockCommand] = await db()
      .select()
      .from(iotCommands)
      .where(and(eq(iotCommands.vehicleId, bike.vehicle.id), eq(iotCommands.command, 2)));
    expect(lockCommand).toMatchObject({ result: 3, refType: 'ride_order', refId: ride.id });
    expect((await t.call('GET', '/api/app/rides/current', { headers: me.headers })).data).toBeNull();

    // Customer service, the bike seen locked at Gambir, prices the ten minutes.
    lock.answers = true;
    const cs = await t.signIn('kitabike.admin');
    const resolved = await t.call('POST', '/api/operations/rideOrder/resolveRide', {
      headers: cs,
      body: { rideOrderId: ride.id, endLat: GAMBIR.lat, endLng: GAMBIR.lng, rideMinutes: 10, note: 'Locked by the technician at Gambir' },
    });
    expect(resolved.code, JSON.stringify(resolved)).toBe(Code.ok);
    expect(await rideOf(ride.orderNo)).toMatchObject({ status: 4, payable: 7_000, paid: 7_000 });
  });

  it('ends abnormal (GPS lost) when the box has no valid fix of the last ten minutes, once it is locked', async () => {
    const bike = await box(42);
    const me = await rider(50_000);
    await bike.report(parkedFrame({ ...GAMBIR }, 0));
    const started = await unlock(me, bike.vehicle.vehicleNo);
    expect(started.code).toBe(Code.ok);
    await bike.report(parkedFrame({ ...GAMBIR, lockState: 1, gpsValid: false }, 0));
    const ended = await end(me);
    expect(ended.data).toMatchObject({ status: 6, abnormalReason: 3, paid: 0 });
    expect(bike.heard.map((c) => c.command)).toEqual(['unlock', 'lock']);
    expect(await opStateOf(bike.vehicle.id)).toBe(20);
  });
});

describe('a ride over its longest', () => {
  it('is ended by the timed task as abnormal (over max duration) where the bike last was, and the bike is locked', async () => {
    const bike = await box(30);
    const me = await rider(20_000);
    await bike.report(parkedFrame({ ...GAMBIR }, 0));
    const started = await unlock(me, bike.vehicle.vehicleNo);
    expect(started.code).toBe(Code.ok);
    await bike.report(ridingAt(GAMBIR));
    // The demo's rule: 720 minutes at most.
    await backdate(started.data.orderNo, 719);
    expect(await endOverdueRides(t.services, t.app.log, new Date())).toBe(0);
    await backdate(started.data.orderNo, 2);
    expect(await endOverdueRides(t.services, t.app.log, new Date())).toBe(1);
    expect(await rideOf(started.data.orderNo)).toMatchObject({ status: 6, abnormalReason: 4, endSource: 3, paid: 0 });
    expect(await opStateOf(bike.vehicle.id)).toBe(20);
    await settled(async () => expect(bike.heard.map((c) => c.command)).toEqual(['unlock', 'lock']));
    expect(await endOverdueRides(t.services, t.app.log, new Date())).toBe(0);
  });
});

describe("a ride's refund", () => {
  it('goes back to the balances as the ride took them, in part then the rest, through the refund machine', async () => {
    const bike = await box(24);
    const me = await rider(20_000);
    await bike.report(parkedFrame({ ...GAMBIR }, 0));
    const started = await unlock(me, bike.vehicle.vehicleNo);
    expect(started.code).toBe(Code.ok);
    await backdate(started.data.orderNo, 16);
    await bike.report(ridingAt(GAMBIR));
    // Rp 2,000 + 16 × Rp 500.
    expect((await end(me)).data).toMatchObject({ status: 4, paid: 10_000 });
    expect((await wallet(me)).wallet).toBe(10_000);
    const ride = await rideOf(started.data.orderNo);

    const cs = await t.signIn('kitabike.cs.01');
    const ask = async (amount: number) => {
      const current = await rideOf(ride.orderNo);
      return t.call('POST', '/api/operations/rideOrder/refundRide', {
        headers: cs,
        body: { rideOrderId: ride.id, version: current.version, amount, reason: '1', note: 'Brake felt loose' },
      });
    };
    const approveLatest = async () => {
      const asked = (await t.call('POST', '/api/payment/refund/list', { headers: cs, body: { pageSize: 10, rideOrderId: ride.id } })).rows[0];
      return t.call('POST', '/api/payment/refund/approve', { headers: cs, body: { refundId: asked.refundId, version: asked.version } });
    };

    const first = await ask(4_000);
    expect(first.code).toBe(Code.ok);
    expect(
      await db()
        .select({ amount: refunds.amount, bizType: refunds.bizType, status: refunds.status })
        .from(refunds)
        .where(eq(refunds.memberId, me.memberId)),
    ).toEqual([{ amount: 4_000, bizType: 'ride_order', status: 0 }]);
    // What a refund still under way holds is not refunded twice.
    const over = await ask(7_000);
    expect(over.code, JSON.stringify(over)).toBe(Code.validation);
    expect((await approveLatest()).code).toBe(Code.ok);
    expect(await rideOf(ride.orderNo)).toMatchObject({ status: 4, refunded: 4_000 });
    expect((await wallet(me)).wallet).toBe(14_000);

    expect((await ask(6_000)).code).toBe(Code.ok);
    expect((await approveLatest()).code).toBe(Code.ok);
    expect(await rideOf(ride.orderNo)).toMatchObject({ status: 5, refunded: 10_000 });
    expect((await wallet(me)).wallet).toBe(20_000);
    // Refunded in full: nothing more to refund.
    expect((await ask(1)).code).toBe(Code.transitionNotAllowed);
  });
});

describe('one ride at a time', () => {
  it('twenty riders unlocking one bike at once make one ride', async () => {
    const bike = await box(18);
    await bike.report(parkedFrame({ ...GAMBIR }, 0));
    const riders: Array<Awaited<ReturnType<typeof rider>>> = [];
    for (let i = 0; i < 20; i++) riders.push(await rider(20_000));
    const answers = await Promise.all(riders.map((r) => unlock(r, bike.vehicle.vehicleNo)));
    expect(answers.filter((a) => a.code === Code.ok)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== Code.ok).every((a) => a.code === Code.transitionNotAllowed)).toBe(true);
    const rides = await db()
      .select()
      .from(rideOrders)
      .where(and(eq(rideOrders.vehicleId, bike.vehicle.id), eq(rideOrders.status, 1)));
    expect(rides).toHaveLength(1);
    const winner = riders[answers.findIndex((a) => a.code === Code.ok)]!;
    await bike.report(ridingAt(GAMBIR));
    expect((await end(winner)).data.status).toBe(4);
  });

  it('one rider unlocking twenty bikes at once rides one of them', async () => {
    const bikes: Array<Awaited<ReturnType<typeof box>>> = [];
    for (let i = 0; i < 5; i++) bikes.push(await box(31 + i));
    for (const b of bikes) await b.report(parkedFrame({ ...GAMBIR }, 0));
    const me = await rider(20_000);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => unlock(me, bikes[i % bikes.length]!.vehicle.vehicleNo)));
    expect(answers.filter((a) => a.code === Code.ok)).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(rideOrders)
        .where(and(eq(rideOrders.memberId, me.memberId), eq(rideOrders.status, 1))),
    ).toHaveLength(1);
    const states = await Promise.all(bikes.map((b) => opStateOf(b.vehicle.id)));
    expect(states.filter((s) => s === 40)).toHaveLength(1);
    expect(states.filter((s) => s === 20)).toHaveLength(4);
  });
});
