import { CABINET_SLOT_STATES, deviceTopics } from '@kayuh/contract/api/device';
import { Code } from '@kayuh/contract/codes';
import { AlarmTarget } from '@kayuh/contract/resources/alarmRule';
import { StationType } from '@kayuh/contract/resources/fleet';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { alarmEvents, alarmRules, alarms, batteries, cabinetSlots, stations, vehicles } from '../src/db/schema.ts';
import { CabinetRules } from '../src/modules/alarm/cabinetRules.ts';
import { CabinetDoors } from '../src/modules/operations/swaps/cabinetDoors.ts';
import { SwapFlow } from '../src/modules/operations/swaps/swapFlow.ts';
import { parkedFrame, useDeviceBoxes } from './deviceBoxes.ts';
import { useTestApp } from './harness.ts';

/**
 * The battery and cabinet rules of DOMAIN §6.3 (docs/iot.md "Alarm rules"): BATTERY_TEMP from a vehicle's frames and
 * from a cabinet's bays, BATTERY_SOH from the bays, CABINET_NO_FULL from a cabinet's full bays — each held for its
 * rule's hold time, raised once, recovered after its recover time; a city's rule switched off raises nothing.
 */
const t = useTestApp({ deviceCommandTimeoutMs: 1_500 });
const { box, settled, connect } = useDeviceBoxes(t);
const db = () => t.database.db;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

const alarmsOn = (targetType: number, targetId: number, alarmCode: string) =>
  db()
    .select()
    .from(alarms)
    .where(and(eq(alarms.targetType, targetType), eq(alarms.targetId, targetId), eq(alarms.alarmCode, alarmCode)));
const eventsOf = async (alarmId: number) =>
  (await db().select({ event: alarmEvents.event }).from(alarmEvents).where(eq(alarmEvents.alarmId, alarmId)).orderBy(alarmEvents.id)).map(
    (e) => e.event,
  );

type Bay = {
  slotNo: number;
  state: (typeof CABINET_SLOT_STATES)[number];
  batterySn?: string | null;
  soc?: number;
  soh?: number;
  tempC?: number;
  doorOpen: boolean;
};

/**
 * The cabinet handler of a second instance (its own rules, read fresh): a report goes through it as one heard on the
 * link does — bays, packs, then the rules — and is done when it answers.
 */
let flow: SwapFlow | undefined;
const handle = (imei: string, payload: unknown) => {
  if (!flow) {
    const rules = new CabinetRules(t.services, t.app.log);
    const doors = new CabinetDoors({ devices: t.services.devices, log: t.app.log, timeoutMs: 1_500 });
    flow = new SwapFlow({ db: t.database.db, doors, log: t.app.log, onReported: (facts) => rules.evaluate(facts) });
  }
  return flow.onReport({ imei, kind: 'cabinet', payload: Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload)) });
};

/**
 * The nth swap cabinet of a KitaBike city, not heard yet (the demo's last report, and its packs' last readings,
 * forgotten), with its bays and their packs.
 */
async function cabinet(cityCode: number, nth: number) {
  const [row] = await db()
    .select()
    .from(stations)
    .where(and(eq(stations.tenantId, 2), eq(stations.cityCode, cityCode), eq(stations.type, StationType.swapCabinet)))
    .orderBy(asc(stations.id))
    .offset(nth)
    .limit(1);
  await db().update(stations).set({ lastReportedAt: null }).where(eq(stations.id, row!.id));
  const bays = await db()
    .select({ slotNo: cabinetSlots.slotNo, state: cabinetSlots.state, batteryId: batteries.id, batterySn: batteries.batterySn, soc: batteries.soc })
    .from(cabinetSlots)
    .leftJoin(batteries, eq(batteries.id, cabinetSlots.batteryId))
    .where(eq(cabinetSlots.stationId, row!.id))
    .orderBy(asc(cabinetSlots.slotNo));
  await db().update(batteries).set({ readingAt: null }).where(eq(batteries.stationId, row!.id));
  /** Its bays as they are, changed by `change`. */
  const slots = (change: (bays: Bay[]) => void = () => undefined): Bay[] => {
    const now: Bay[] = bays.map((b) => ({
      slotNo: b.slotNo,
      state: CABINET_SLOT_STATES[b.state]!,
      batterySn: b.batterySn,
      ...(b.soc === null ? {} : { soc: b.soc }),
      doorOpen: false,
    }));
    change(now);
    return now;
  };
  const packBay = bays.find((b) => b.batteryId !== null)!;
  const report = (reportedAt: string, change?: (bays: Bay[]) => void) => handle(row!.deviceSn!, { reportedAt, slots: slots(change) });
  return { station: row!, bays, packBay, slots, report };
}

const packOf = async (id: number) => (await db().select().from(batteries).where(eq(batteries.id, id)))[0]!;

describe('BATTERY_TEMP from a vehicle’s frames', () => {
  it('held past its hold raises one alarm on the battery in the vehicle, and recovers after its recover time', async () => {
    const bike = await box(0);
    const [vehicle] = await db().select({ batteryId: vehicles.batteryId }).from(vehicles).where(eq(vehicles.id, bike.vehicle.id));
    const batteryId = vehicle!.batteryId!;
    expect(batteryId).toBeTypeOf('number');
    const hot = (batteryTempC: number, minutes: number) => bike.report(parkedFrame({ batteryTempC }, minutes));

    // KitaBike's default: above 60 °C for 60 s (level 1); below it for 300 s to recover.
    await hot(70, 12);
    await settled(async () => expect(await alarmsOn(AlarmTarget.battery, batteryId, 'BATTERY_TEMP')).toEqual([]));
    await hot(71, 11.5);
    expect(await alarmsOn(AlarmTarget.battery, batteryId, 'BATTERY_TEMP')).toEqual([]);
    await hot(72, 10.5);
    const [raised] = await alarmsOn(AlarmTarget.battery, batteryId, 'BATTERY_TEMP');
    expect(raised).toMatchObject({ level: 1, status: 0, occurCount: 1, vehicleId: bike.vehicle.id, batteryId, cityCode: 2001 });

    // Still hot: the same alarm, not counted again.
    await hot(75, 10);
    await hot(74, 9.5);
    expect(await alarmsOn(AlarmTarget.battery, batteryId, 'BATTERY_TEMP')).toEqual([expect.objectContaining({ id: raised!.id, occurCount: 1 })]);
    // Nothing on the vehicle itself.
    expect(await alarmsOn(AlarmTarget.vehicle, bike.vehicle.id, 'BATTERY_TEMP')).toEqual([]);

    // Cool for 3 minutes is not yet recovered; for 5, it is.
    await hot(45, 9);
    await hot(40, 6);
    expect((await alarmsOn(AlarmTarget.battery, batteryId, 'BATTERY_TEMP'))[0]!.status).toBe(0);
    await hot(38, 3.5);
    const [recovered] = await alarmsOn(AlarmTarget.battery, batteryId, 'BATTERY_TEMP');
    expect(recovered).toMatchObject({ id: raised!.id, status: 3 });
    const events = await eventsOf(raised!.id);
    expect(events[0]).toBe('raised');
    expect(events.at(-1)).toBe('recovered');
  });

  it('falls back to the vehicle when no battery is linked to it', async () => {
    const bike = await box(1);
    await db().update(vehicles).set({ batteryId: null }).where(eq(vehicles.id, bike.vehicle.id));
    await bike.report(parkedFrame({ batteryTempC: 80 }, 4));
    await bike.report(parkedFrame({ batteryTempC: 80 }, 2));
    await settled(async () =>
      expect(await alarmsOn(AlarmTarget.vehicle, bike.vehicle.id, 'BATTERY_TEMP')).toEqual([
        expect.objectContaining({ level: 1, status: 0, vehicleId: bike.vehicle.id, batteryId: null }),
      ]),
    );
  });
});

describe('a cabinet’s report', () => {
  it('writes the readings of a pack it names, and a pack with SOH 50 raises BATTERY_SOH once on it, recovered at 60 or more', async () => {
    const cab = await cabinet(2001, 0);
    const pack = cab.packBay;
    // Over the link, as a cabinet sends it.
    const admin = await t.signIn('kitabike.admin');
    const issued = await t.call('POST', '/api/merchant/station/deviceKey', { headers: admin, body: { stationId: cab.station.id } });
    expect(issued.code, JSON.stringify(issued)).toBe(Code.ok);
    const client = await connect(issued.data.imei, issued.data.deviceKey);
    const reportedAt = minutesAgo(3);
    const slots = cab.slots((bays) =>
      Object.assign(
        bays.find((b) => b.slotNo === pack.slotNo)!,
        { soc: 77, soh: 50, tempC: 35 },
      ),
    );
    await client.publishAsync(deviceTopics(issued.data.imei).cabinet, JSON.stringify({ reportedAt, slots }), { qos: 1 });
    await vi.waitFor(
      async () =>
        expect(await alarmsOn(AlarmTarget.battery, pack.batteryId!, 'BATTERY_SOH')).toEqual([
          expect.objectContaining({ level: 3, status: 0, occurCount: 1, batteryId: pack.batteryId, stationId: cab.station.id, cityCode: 2001 }),
        ]),
      { timeout: 5_000, interval: 50 },
    );
    expect(await packOf(pack.batteryId!)).toMatchObject({ soc: 77, soh: 50, temperatureC: 35, readingAt: new Date(reportedAt) });

    // Reported again, still 50: no second alarm, not counted again.
    await cab.report(minutesAgo(2), (bays) =>
      Object.assign(
        bays.find((b) => b.slotNo === pack.slotNo)!,
        { soh: 50 },
      ),
    );
    const [raised] = await alarmsOn(AlarmTarget.battery, pack.batteryId!, 'BATTERY_SOH');
    expect(raised).toMatchObject({ occurCount: 1, status: 0 });
    // A report that reads no SOH leaves the pack's and the alarm as they were.
    await cab.report(minutesAgo(1.5));
    expect(await packOf(pack.batteryId!)).toMatchObject({ soh: 50, temperatureC: 35 });
    expect((await alarmsOn(AlarmTarget.battery, pack.batteryId!, 'BATTERY_SOH'))[0]!.status).toBe(0);

    // 60 is healthy again (hold and recover 0): recovered at once.
    await cab.report(minutesAgo(1), (bays) =>
      Object.assign(
        bays.find((b) => b.slotNo === pack.slotNo)!,
        { soh: 60 },
      ),
    );
    expect(await alarmsOn(AlarmTarget.battery, pack.batteryId!, 'BATTERY_SOH')).toEqual([expect.objectContaining({ id: raised!.id, status: 3 })]);
    expect(await eventsOf(raised!.id)).toEqual(['raised', 'recovered']);
    expect((await packOf(pack.batteryId!)).soh).toBe(60);
  });

  it('with one full bay past 900 s raises CABINET_NO_FULL once on the cabinet; three full bays for 300 s recover it', async () => {
    const cab = await cabinet(2001, 1);
    const full = (n: number) => (bays: Bay[]) =>
      bays.forEach((b, i) => Object.assign(b, { state: i < n ? 'full' : 'empty', batterySn: null, soc: undefined }));
    const noFull = () => alarmsOn(AlarmTarget.cabinet, cab.station.id, 'CABINET_NO_FULL');

    await cab.report(minutesAgo(40), full(1));
    await cab.report(minutesAgo(30), full(1));
    expect(await noFull()).toEqual([]);
    await cab.report(minutesAgo(24), full(1));
    const [raised] = await noFull();
    expect(raised).toMatchObject({ level: 3, status: 0, occurCount: 1, stationId: cab.station.id, cityCode: 2001, vehicleId: null });
    await cab.report(minutesAgo(23), full(0));
    expect(await noFull()).toEqual([expect.objectContaining({ id: raised!.id, occurCount: 1, status: 0 })]);

    // Three full: not yet after 3 minutes, recovered after 6.
    await cab.report(minutesAgo(20), full(3));
    await cab.report(minutesAgo(17), full(3));
    expect((await noFull())[0]!.status).toBe(0);
    await cab.report(minutesAgo(14), full(3));
    expect(await noFull()).toEqual([expect.objectContaining({ id: raised!.id, status: 3 })]);
    // No ticket: tickets are a vehicle's.
    expect((await noFull())[0]!.ticketId).toBeNull();
  });

  it('raises nothing for a rule its city has switched off; the city’s other rules still hold there (BATTERY_TEMP from a bay)', async () => {
    // Bandung switches CABINET_NO_FULL and BATTERY_SOH off; KitaBike's defaults hold everywhere else.
    for (const alarmCode of ['CABINET_NO_FULL', 'BATTERY_SOH'])
      await db()
        .insert(alarmRules)
        .values({
          tenantId: 2,
          cityCode: 2002,
          alarmCode,
          targetType: alarmCode === 'BATTERY_SOH' ? 2 : 3,
          level: 3,
          threshold: '2',
          holdS: 0,
          recoverS: 0,
          enabled: false,
        });
    const cab = await cabinet(2002, 0);
    const pack = cab.packBay;
    const sick = (tempC: number) => (bays: Bay[]) =>
      bays.forEach((b) =>
        Object.assign(b, b.slotNo === pack.slotNo ? { state: 'charging', soh: 30, tempC } : { state: 'empty', batterySn: null, soc: undefined }),
      );
    await cab.report(minutesAgo(30), sick(85));
    await cab.report(minutesAgo(5), sick(86));
    expect(await alarmsOn(AlarmTarget.cabinet, cab.station.id, 'CABINET_NO_FULL')).toEqual([]);
    expect(await alarmsOn(AlarmTarget.battery, pack.batteryId!, 'BATTERY_SOH')).toEqual([]);
    expect(await packOf(pack.batteryId!)).toMatchObject({ soh: 30, temperatureC: 86 });
    // BATTERY_TEMP is on: above 60 °C for 25 minutes, raised once (level 1), on the pack, where the cabinet is.
    expect(await alarmsOn(AlarmTarget.battery, pack.batteryId!, 'BATTERY_TEMP')).toEqual([
      expect.objectContaining({ level: 1, status: 0, occurCount: 1, stationId: cab.station.id, cityCode: 2002, vehicleId: null }),
    ]);
  });

  it('with a bay’s SOH or temperature out of bounds is dropped whole: nothing written, no alarm, no error', async () => {
    const cab = await cabinet(2001, 2);
    const pack = cab.packBay;
    const before = await packOf(pack.batteryId!);
    const bad: Array<Record<string, unknown>> = [
      { soh: 101 },
      { soh: -1 },
      { soh: 50.5 },
      { soh: '50' },
      { tempC: 126 },
      { tempC: -41 },
      { tempC: 20.5 },
      { tempC: 'hot' },
      { soh: 10, tempC: 1e9 },
    ];
    for (const reading of bad)
      await expect(
        cab.report(minutesAgo(1), (bays) =>
          Object.assign(
            bays.find((b) => b.slotNo === pack.slotNo)!,
            { soh: 10, tempC: 90, ...reading },
          ),
        ),
      ).resolves.toBeUndefined();
    const [station] = await db().select({ at: stations.lastReportedAt }).from(stations).where(eq(stations.id, cab.station.id));
    expect(station!.at).toBeNull();
    expect(await packOf(pack.batteryId!)).toMatchObject({ soh: before.soh, temperatureC: before.temperatureC, readingAt: before.readingAt });
    expect(await alarmsOn(AlarmTarget.battery, pack.batteryId!, 'BATTERY_SOH')).toEqual([]);

    // Without them, as a cabinet built before them sends it, the report lands.
    const reportedAt = minutesAgo(0.5);
    await cab.report(reportedAt);
    const [heard] = await db().select({ at: stations.lastReportedAt }).from(stations).where(eq(stations.id, cab.station.id));
    expect(heard!.at?.toISOString()).toBe(reportedAt);
  });
});
