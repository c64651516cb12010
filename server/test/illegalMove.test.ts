import { Code } from '@kayuh/contract/codes';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alarms, illegalMoveLocks, iotCommands } from '../src/db/schema.ts';
import { FrameRules } from '../src/modules/alarm/frameRules.ts';
import { IllegalMoveLocks } from '../src/modules/alarm/illegalMove.ts';
import { VehicleCommands } from '../src/modules/vehicle/commands.ts';
import { MONAS, parkedFrame, useDeviceBoxes } from './deviceBoxes.ts';
import { useTestApp } from './harness.ts';

/** The illegal-move rule (DOMAIN §6.2, §6.3; docs/iot.md): a vehicle moved without an order is locked and watched. */
const t = useTestApp({ deviceCommandTimeoutMs: 1_500 });
const { box, settled } = useDeviceBoxes(t);

/** Metres north of Monas, as latitude. */
const north = (m: number) => ({ lat: MONAS.lat + m / 111_320, lng: MONAS.lng });
const alarmsOf = (vehicleId: number) =>
  t.database.db
    .select()
    .from(alarms)
    .where(and(eq(alarms.vehicleId, vehicleId), eq(alarms.alarmCode, 'ILLEGAL_MOVE')));
const locksOf = (vehicleId: number) =>
  t.database.db.select().from(illegalMoveLocks).where(eq(illegalMoveLocks.vehicleId, vehicleId)).orderBy(illegalMoveLocks.id);
const commandsOf = (vehicleId: number) =>
  t.database.db.select().from(iotCommands).where(eq(iotCommands.vehicleId, vehicleId)).orderBy(iotCommands.id);

describe('a vehicle moved without an order', () => {
  it('carried 120 m while locked: one critical alarm, a lock with its siren from the rule, and the row on getMoveBikeLock', async () => {
    const bike = await box(0);
    await bike.report(parkedFrame({}, 0.4));
    await bike.report(parkedFrame(north(30), 0.3));
    await settled(async () => expect(await alarmsOf(bike.vehicle.id)).toHaveLength(0));
    await bike.report(parkedFrame({ ...north(120), speedKph: 4 }, 0.2));
    await bike.report(parkedFrame(north(160), 0.1));

    const [alarm] = await alarmsOf(bike.vehicle.id);
    expect(alarm).toMatchObject({ level: 1, status: 0, occurCount: 1 });
    await settled(async () => expect((await locksOf(bike.vehicle.id))[0]?.result).toBe(1));
    const [lock] = await locksOf(bike.vehicle.id);
    expect(lock).toMatchObject({ trigger: 2, action: 2, alarmId: alarm!.id, tenantId: 2, cityCode: 2001, clearedAt: null });
    expect(lock!.displacementM).toBeGreaterThanOrEqual(115);
    expect(lock!.displacementM).toBeLessThanOrEqual(125);
    await settled(async () => expect(bike.heard.map((c) => c.command)).toEqual(['lock', 'ring']));
    // The siren's ack lands a moment after the box hears it.
    await settled(async () =>
      expect((await commandsOf(bike.vehicle.id)).map((c) => [c.command, c.source, c.requestedByType, c.refType, c.refId, c.result])).toEqual([
        [2, 5, 3, 'illegal_move_lock', lock!.id, 1],
        [3, 5, 3, 'illegal_move_lock', lock!.id, 1],
      ]),
    );
    const commands = await commandsOf(bike.vehicle.id);
    expect(lock!.commandId).toBe(commands[0]!.id);

    // Its staff see it on the log page; another operator's do not.
    const headers = await t.signIn('kitabike.admin');
    const page = await t.call('POST', '/api/log/moveBikeLock/list', { headers, body: { pageSize: 10, vehicleId: bike.vehicle.id } });
    expect(page.code).toBe(Code.ok);
    expect(page.rows).toEqual([
      expect.objectContaining({
        lockId: lock!.id,
        vehicleIdLabel: bike.vehicle.vehicleNo,
        commandIdLabel: commands[0]!.commandNo,
        alarmIdLabel: alarm!.alarmNo,
        result: 1,
      }),
    ]);
    const other = await t.call('POST', '/api/log/moveBikeLock/list', { headers: await t.signIn('gowesbali.admin'), body: { pageSize: 100 } });
    expect(other.rows.filter((r: { vehicleId: number }) => r.vehicleId === bike.vehicle.id)).toEqual([]);
  });

  it('ridden while unlocked is no illegal move; locked where the ride ended, it is parked there', async () => {
    const bike = await box(1);
    await bike.report(parkedFrame({ lockState: 1, speedKph: 15 }, 0.5));
    await bike.report(parkedFrame({ ...north(600), lockState: 1, speedKph: 15 }, 0.3));
    await bike.report(parkedFrame(north(900), 0.2));
    await bike.report(parkedFrame(north(930), 0.1));
    await settled(async () => expect(await alarmsOf(bike.vehicle.id)).toHaveLength(0));
    expect(await locksOf(bike.vehicle.id)).toEqual([]);
  });

  it('shaken where it stands: a lock without siren; a box that does not answer leaves the row "lock failed"', async () => {
    const bike = await box(2, () => undefined);
    await bike.report(parkedFrame({}, 0.2));
    await bike.report(parkedFrame({ alarmBits: 1 }, 0.1));
    await settled(async () => expect(await locksOf(bike.vehicle.id)).toEqual([expect.objectContaining({ trigger: 1, action: 1, displacementM: 0 })]));
    await settled(async () => expect((await locksOf(bike.vehicle.id))[0]!.result).toBe(2), 4_000);
    expect(bike.heard.map((c) => c.command)).toEqual(['lock']);
    expect((await commandsOf(bike.vehicle.id)).map((c) => c.result)).toEqual([3]);
  });

  it('resolved by staff: the row is cleared by them, the vehicle is parked where it stands, and a next move raises anew', async () => {
    const bike = await box(3);
    await bike.report(parkedFrame({}, 0.6));
    await bike.report(parkedFrame(north(200), 0.5));
    await settled(async () => expect(await alarmsOf(bike.vehicle.id)).toHaveLength(1));
    const [first] = await alarmsOf(bike.vehicle.id);
    const headers = await t.signIn('kitabike.ops.jakarta');
    const resolved = await t.call('POST', '/api/alarm/alarm/resolve', {
      headers,
      body: { alarmId: first!.id, version: first!.version, resolution: 'Moved by our own crew to the depot' },
    });
    expect(resolved.code, JSON.stringify(resolved)).toBe(Code.ok);
    const [cleared] = await locksOf(bike.vehicle.id);
    expect(cleared!.clearedAt).toBeInstanceOf(Date);
    expect(cleared!.clearedBy).not.toBeNull();

    // 40 m from where it was left: still parked. 150 m: moved again, a second alarm and lock.
    await bike.report(parkedFrame(north(240), 0.4));
    await settled(async () => expect(await alarmsOf(bike.vehicle.id)).toEqual([expect.objectContaining({ id: first!.id, status: 2 })]));
    await bike.report(parkedFrame(north(350), 0.3));
    await settled(async () => expect((await alarmsOf(bike.vehicle.id)).map((a) => a.status).sort()).toEqual([0, 2]));
    expect(await locksOf(bike.vehicle.id)).toHaveLength(2);
  });

  it('locks once when twenty instances hear the same move at once', async () => {
    const bike = await box(4);
    const commands = new VehicleCommands({ db: t.database.db, devices: t.services.devices, log: t.app.log, timeoutMs: 1_500 });
    const instances = Array.from(
      { length: 20 },
      () =>
        new FrameRules(t.services, t.app.log, {
          ILLEGAL_MOVE: new IllegalMoveLocks({ db: t.database.db, issue: (...a) => commands.issue(...a), log: t.app.log }),
        }),
    );
    const moved = { tenantId: 2, cityCode: 2001, vehicleId: bike.vehicle.id, at: new Date(), soc: 60, speedKph: 5, alarmBits: 0, lockState: 0 };
    const facts = { ...moved, fixed: true, inServiceArea: true, ...north(300), parked: MONAS, onRide: false };
    await Promise.all(instances.map((rules) => rules.evaluate([facts])));
    expect(await alarmsOf(bike.vehicle.id)).toEqual([expect.objectContaining({ occurCount: 1, status: 0 })]);
    expect(await locksOf(bike.vehicle.id)).toHaveLength(1);
    await settled(async () => expect(bike.heard.map((c) => c.command)).toEqual(['lock', 'ring']));
  });
});
