import { Code } from '@kayuh/contract/codes';
import { distanceM } from '@kayuh/contract/rules/geo';
import { and, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ledgerTransactions, members, rideOrders, vehicleLiveStatus, vehicleTelemetry } from '../src/db/schema.ts';
import { SIM_RIDER_PHONES } from '../src/db/seed/demoMembers.ts';
import { Fleet } from '../src/sim/fleet.ts';
import { issueFleetKeys, ridersInProcess } from '../src/sim/inProcess.ts';
import { DEFAULT_SIM_OPTIONS, type SimOptions } from '../src/sim/options.ts';
import { useTestApp } from './harness.ts';

/** The simulator (docs/simulator.md) driving Jakarta Selatan of GowesBali (city 3002) over the real device link, its riders through the rider app. */
const t = useTestApp({ deviceCommandTimeoutMs: 1_500 });
const CITY = 3002;
const quiet = { info: () => {}, warn: () => {} };
// Sixty times as fast: a rider reports every 0.25 s and rides 8–25 s, every box reports within 0.5 s of the start.
const options: SimOptions = { ...DEFAULT_SIM_OPTIONS, cities: [CITY], speed: 60, riding: 0.3, offline: 0.05, lostAcks: 0, illegalMoveAfterS: 1 };
let fleet: Fleet;
let started: Date;

beforeAll(async () => {
  await t.services.devices.start(0);
  started = new Date();
  const vehicles = await issueFleetKeys(t.services, [CITY]);
  const riders = await ridersInProcess(t.app, t.database.db, t.gateways, vehicles);
  fleet = new Fleet({ mqttUrl: `mqtt://127.0.0.1:${t.services.devices.port}`, options, log: quiet, riders }, vehicles);
  await fleet.start();
});
afterAll(async () => {
  await fleet?.stop();
});

const live = async (vehicleIds: number[]) => {
  await t.services.devices.flush();
  return t.database.db.select().from(vehicleLiveStatus).where(inArray(vehicleLiveStatus.vehicleId, vehicleIds));
};
const framesSinceStart = (vehicleId: number) =>
  t.database.db
    .select()
    .from(vehicleTelemetry)
    .where(and(eq(vehicleTelemetry.vehicleId, vehicleId), gte(vehicleTelemetry.receivedAt, started)))
    .orderBy(vehicleTelemetry.reportedAt);
const withRole = (role: string) => [...fleet.vehicles.values()].filter((v) => v.role === role);
const command = async (vehicleId: number, name: string) =>
  t.call('POST', '/api/vehicle/vehicle/command', { headers: await t.signIn('gowesbali.admin'), body: { vehicleId, command: name } });

describe('the simulated fleet', () => {
  it('signs every box in with the key issued for it, and each reports: its vehicle is online with a fresh frame', async () => {
    expect(fleet.vehicles.size).toBeGreaterThan(40);
    expect(fleet.devices.size).toBe(fleet.vehicles.size);
    const ids = [...fleet.vehicles.keys()];
    await vi.waitFor(
      async () => {
        const rows = await live(ids);
        expect(rows.filter((r) => r.isOnline && r.lastReportedAt >= started)).toHaveLength(ids.length);
      },
      { timeout: 15_000, interval: 200 },
    );
  });

  it('rides along the streets: a rider moves between its frames, unlocked, at street speed', async () => {
    const rider = withRole('rider').find((v) => v.mode === 'riding')!;
    const id = rider.v.vehicleId;
    const [before] = await live([id]);
    await vi.waitFor(
      async () => {
        const [now] = await live([id]);
        expect(distanceM({ lat: Number(before!.lat), lng: Number(before!.lng) }, { lat: Number(now!.lat), lng: Number(now!.lng) })).toBeGreaterThan(
          20,
        );
      },
      { timeout: 10_000, interval: 200 },
    );
    const frames = (await framesSinceStart(id)).filter((f) => Number(f.speedKph) > 0);
    expect(frames.length).toBeGreaterThan(1);
    for (const f of frames) {
      expect(f.lockState).toBe(1);
      expect(Number(f.speedKph)).toBeGreaterThanOrEqual(11);
      expect(Number(f.speedKph)).toBeLessThanOrEqual(21);
    }
  });

  it('rides through the rider app: a simulated rider signs in, tops up, unlocks, rides, ends, and the ride is priced on its track and paid', async () => {
    expect(fleet.riders.length).toBeGreaterThan(5);
    await vi.waitFor(() => expect(fleet.riderCounts.paid).toBeGreaterThan(0), { timeout: 90_000, interval: 500 });
    expect(fleet.riderCounts.topUps).toBeGreaterThanOrEqual(fleet.riderCounts.signedIn);
    const [ride] = await t.database.db
      .select({ order: rideOrders, phone: members.phone })
      .from(rideOrders)
      .innerJoin(members, eq(members.id, rideOrders.memberId))
      .where(and(eq(rideOrders.status, 4), gt(rideOrders.paid, 0), gte(rideOrders.startAt, started), inArray(members.phone, [...SIM_RIDER_PHONES])))
      .limit(1);
    expect(ride).toBeDefined();
    const order = ride!.order;
    // The fare is the server's own, on the track the box reported while the ride was under way.
    expect(order.distanceM).toBeGreaterThan(50);
    const frames = (await framesSinceStart(order.vehicleId)).filter((f) => f.reportedAt >= order.startAt! && f.reportedAt <= order.endAt!);
    expect(frames.filter((f) => Number(f.speedKph) > 0).length).toBeGreaterThan(1);
    const [posting] = await t.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `ride:${order.orderNo}:pay`));
    expect(posting).toBeDefined();
  }, 100_000);

  it('pays one ride in five by QRIS after it ended: the ride is paid with its payment order, Dr CLEARING:QRIS', async () => {
    await vi.waitFor(() => expect(fleet.riderCounts.paidByQris).toBeGreaterThan(0), { timeout: 90_000, interval: 500 });
    const [ride] = await t.database.db
      .select()
      .from(rideOrders)
      .where(and(eq(rideOrders.status, 4), eq(rideOrders.payMethod, 2), gte(rideOrders.startAt, started)))
      .limit(1);
    expect(ride?.paymentOrderId).toBeTruthy();
    const [posting] = await t.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `ride:${ride!.orderNo}:pay`));
    expect(posting).toBeDefined();
  }, 100_000);

  it('carries exactly one locked bike off more than 50 m, with the vibration bit set', async () => {
    const [thief] = withRole('illegalMove');
    expect(withRole('illegalMove')).toHaveLength(1);
    await vi.waitFor(
      async () => {
        const frames = await framesSinceStart(thief!.v.vehicleId);
        const first = frames[0]!;
        const carried = frames.filter((f) => f.alarmBits & 1);
        expect(carried.length).toBeGreaterThan(0);
        expect(carried.every((f) => f.lockState === 0)).toBe(true);
        const far = Math.max(
          ...carried.map((f) => distanceM({ lat: Number(first.lat), lng: Number(first.lng) }, { lat: Number(f.lat), lng: Number(f.lng) })),
        );
        expect(far).toBeGreaterThan(50);
      },
      { timeout: 15_000, interval: 250 },
    );
    const others = await t.database.db
      .select({ n: sql<number>`count(distinct ${vehicleTelemetry.vehicleId})::int` })
      .from(vehicleTelemetry)
      .where(and(gte(vehicleTelemetry.receivedAt, started), sql`${vehicleTelemetry.alarmBits} & 1 = 1`));
    expect(others[0]!.n).toBe(1);
  });

  it('lets the offline share report once and go quiet, their boxes no longer connected', async () => {
    const silent = withRole('offline');
    expect(silent.length).toBeGreaterThan(0);
    await vi.waitFor(() => expect(silent.every((v) => t.services.devices.isConnected(v.v.imei) === false)).toBe(true), { timeout: 10_000 });
    for (const v of silent) expect(await framesSinceStart(v.v.vehicleId)).toHaveLength(1);
  });

  it('acks a lock from the console: the ride ends and the vehicle reports itself locked', async () => {
    const rider = withRole('rider').find((v) => v.mode === 'riding')!;
    const res = await command(rider.v.vehicleId, 'lock');
    expect(res.code, JSON.stringify(res)).toBe(Code.ok);
    expect(res.data).toMatchObject({ command: 'lock' });
    expect(rider.mode).toBe('parked');
    await vi.waitFor(async () => expect((await live([rider.v.vehicleId]))[0]).toMatchObject({ lockState: 0, speedKph: 0 }), { timeout: 5_000 });
  });

  it('loses the acks of its lost share: the console is answered 2009 when the wait ends', async () => {
    options.lostAcks = 1;
    try {
      const parked = withRole('parked')[0]!;
      const res = await command(parked.v.vehicleId, 'unlock');
      expect(res.code, JSON.stringify(res)).toBe(Code.deviceTimeout);
      expect(fleet.counts.lostAcks).toBeGreaterThan(0);
    } finally {
      options.lostAcks = 0;
    }
  });
});
