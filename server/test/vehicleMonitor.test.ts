import { Code } from '@kayuh/contract/codes';
import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { iotCommands, vehicleLiveStatus, vehicles } from '../src/db/schema.ts';
import { useTestApp } from './harness.ts';

/** /vehicle_main/monitor: a city's vehicles where they last reported, and the panel's commands. */
const t = useTestApp();
const MONITOR = '/api/vehicle/monitor';
const COMMAND = '/api/vehicle/monitor/command';

describe('the live monitor', () => {
  it('answers every positioned vehicle of the city asked for, as its live status has it, with their models', async () => {
    const headers = await t.signIn('gowesbali.admin');
    const res = await t.call('GET', `${MONITOR}?cityCode=3001`, { headers });
    expect(res.code).toBe(Code.ok);
    const positioned = await t.database.db
      .select({ id: vehicleLiveStatus.vehicleId, lat: vehicleLiveStatus.lat, soc: vehicleLiveStatus.soc })
      .from(vehicleLiveStatus)
      .where(and(eq(vehicleLiveStatus.tenantId, 3), eq(vehicleLiveStatus.cityCode, 3001), isNotNull(vehicleLiveStatus.lat)));
    expect(res.data.vehicles).toHaveLength(positioned.length);
    const one = positioned[0]!;
    expect(res.data.vehicles.find((v: { vehicleId: number }) => v.vehicleId === one.id)).toMatchObject({ lat: Number(one.lat), soc: one.soc });
    expect(res.data.vehicles.every((v: { vehicleNo: string }) => v.vehicleNo.startsWith('GB-DPS-'))).toBe(true);
    expect(res.data.models.length).toBeGreaterThan(0);
    // Without a city: all of the caller's.
    const all = await t.call('GET', MONITOR, { headers });
    expect(all.data.vehicles.length).toBeGreaterThan(res.data.vehicles.length);
  });

  it('shows a city-bound manager only their city, another tenant none, and needs the monitor', async () => {
    const jakarta = (await t.call('GET', MONITOR, { headers: await t.signIn('gowesbali.ops.jakarta') })).data.vehicles;
    expect(jakarta.length).toBeGreaterThan(0);
    expect(jakarta.every((v: { vehicleNo: string }) => v.vehicleNo.startsWith('GB-JKT-'))).toBe(true);
    expect((await t.call('GET', `${MONITOR}?cityCode=3001`, { headers: await t.signIn('kitabike.admin') })).data.vehicles).toEqual([]);
    expect((await t.call('GET', MONITOR, { headers: await t.signIn('gowesbali.fin.01') })).code).toBe(Code.forbidden);
  });

  it('sends the panel’s commands under the monitor’s permissions, to vehicles in reach only', async () => {
    const [v] = await t.database.db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.tenantId, 3), eq(vehicles.cityCode, 3001), isNotNull(vehicles.imei)))
      .limit(1);
    const manager = await t.signIn('gowesbali.ops.denpasar', { lang: 'EN' });
    // The box is not connected here: refused at once with 2009, and the command is on record.
    const sent = await t.call('POST', COMMAND, { headers: manager, body: { vehicleId: v!.id, command: 'lock' } });
    expect(sent.code).toBe(Code.deviceTimeout);
    expect(sent.msg).toBe("This vehicle's IoT box is not connected; the command was not sent");
    const [row] = await t.database.db.select().from(iotCommands).where(eq(iotCommands.vehicleId, v!.id));
    expect(row).toMatchObject({ command: 2, source: 2, result: 3 });
    expect((await t.call('POST', COMMAND, { headers: manager, body: { vehicleId: v!.id, command: 'powerOff' } })).code).toBe(Code.validation);
    expect(
      (await t.call('POST', COMMAND, { headers: await t.signIn('gowesbali.ops.jakarta'), body: { vehicleId: v!.id, command: 'lock' } })).code,
    ).toBe(Code.notFound);
    // A technician locks from the vehicle list, not the monitor.
    expect(
      (await t.call('POST', COMMAND, { headers: await t.signIn('gowesbali.tech.denpasar.01'), body: { vehicleId: v!.id, command: 'lock' } })).code,
    ).toBe(Code.forbidden);
  });
});
