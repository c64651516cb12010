import { Code } from '@kayuh/contract/codes';
import { TRACK_POINTS_MAX } from '@kayuh/contract/api/monitoring';
import { CURSOR_LIST_TOTAL_CAP } from '@kayuh/contract/constants';
import { and, eq, isNotNull, notExists } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { vehicles, vehicleTelemetry } from '../src/db/schema.ts';
import { useTestApp } from './harness.ts';

/** /alarm_main/monitoring_data: a vehicle's raw frames, and their drawing (SOC, speed, signal, track). */
const t = useTestApp();
const TRACK = '/api/alarm/monitoringData/track';
const HOUR = 3_600_000;

let quiet: Array<typeof vehicles.$inferSelect> | undefined;
/** GowesBali's Denpasar vehicles with a box and no frames yet (not the demo's with a history), chosen once. */
async function denpasarVehicle(n: number) {
  quiet ??= await t.database.db
    .select()
    .from(vehicles)
    .where(
      and(
        eq(vehicles.tenantId, 3),
        eq(vehicles.cityCode, 3001),
        isNotNull(vehicles.imei),
        notExists(t.database.db.select().from(vehicleTelemetry).where(eq(vehicleTelemetry.vehicleId, vehicles.id))),
      ),
    )
    .orderBy(vehicles.id)
    .limit(3);
  return quiet[n]!;
}
/** `count` frames a minute apart ending an hour ago, riding north; every tenth without a GPS fix. */
async function frames(v: { id: number; imei: string | null; tenantId: number; cityCode: number }, count: number) {
  const end = Date.now() - HOUR;
  await t.database.db.insert(vehicleTelemetry).values(
    Array.from({ length: count }, (_, i) => ({
      tenantId: v.tenantId,
      cityCode: v.cityCode,
      vehicleId: v.id,
      imei: v.imei!,
      msgType: 2,
      reportedAt: new Date(end - (count - 1 - i) * 60_000),
      receivedAt: new Date(end - (count - 1 - i) * 60_000 + 500),
      lat: String(-8.65 + i * 0.0001),
      lng: '115.2167',
      gpsValid: i % 10 !== 9,
      speedKph: String(12 + (i % 5)),
      soc: 90 - Math.floor(i / 20),
      gsmSignal: 20 + (i % 7),
      lockState: 1,
      alarmBits: 0,
    })),
  );
}
const track = (headers: Record<string, string>, query: Record<string, unknown>) =>
  t.call('GET', `${TRACK}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, { headers });
const range = (hoursBack: number) => ({ from: new Date(Date.now() - hoursBack * HOUR).toISOString(), to: new Date().toISOString() });

describe('a vehicle’s frames drawn', () => {
  it('answers every frame of a short range in order, without positions lacking a fix', async () => {
    const v = await denpasarVehicle(0);
    await frames(v, 30);
    const headers = await t.signIn('gowesbali.ops.denpasar');
    const res = await track(headers, { vehicleId: v.id, ...range(3) });
    expect(res.code, JSON.stringify(res)).toBe(Code.ok);
    expect(res.data).toMatchObject({ vehicleId: v.id, vehicleNo: v.vehicleNo, frames: 30 });
    const points = res.data.points as Array<{ at: string; lat: number | null; soc: number; speedKph: number; gsmSignal: number }>;
    expect(points).toHaveLength(30);
    expect(points.map((p) => p.at)).toEqual([...points.map((p) => p.at)].sort());
    expect(points[0]).toMatchObject({ lat: -8.65, soc: 90, speedKph: 12, gsmSignal: 20 });
    expect(points[9]!.lat).toBeNull();
  });

  it('thins a long range evenly to the most points a drawing holds, keeping the first and the last', async () => {
    const v = await denpasarVehicle(1);
    await frames(v, 1501);
    const headers = await t.signIn('gowesbali.ops.denpasar');
    const res = await track(headers, { vehicleId: v.id, ...range(30) });
    expect(res.data.frames).toBe(1501);
    const points = res.data.points as Array<{ soc: number; lat: number | null }>;
    expect(points.length).toBeLessThanOrEqual(TRACK_POINTS_MAX + 1);
    expect(points.length).toBeGreaterThan(TRACK_POINTS_MAX / 2);
    expect(points[0]!.soc).toBe(90);
    expect(points.at(-1)!.lat).toBeCloseTo(-8.65 + 1500 * 0.0001, 6);
  });

  it('refuses a range backwards or longer than 7 days, and a vehicle out of the caller’s reach', async () => {
    const v = await denpasarVehicle(0);
    const headers = await t.signIn('gowesbali.ops.denpasar', { lang: 'EN' });
    const back = await track(headers, { vehicleId: v.id, from: range(1).to, to: range(1).from });
    expect(back.code).toBe(Code.validation);
    expect(back.data.fields).toEqual({ to: 'The end must be after the start' });
    const long = await track(headers, { vehicleId: v.id, ...range(24 * 8) });
    expect(long.data.fields).toEqual({ to: 'At most 7 days' });
    expect((await track(headers, { vehicleId: 'x', ...range(1) })).code).toBe(Code.validation);
    const jakarta = await t.signIn('gowesbali.ops.jakarta');
    expect((await track(jakarta, { vehicleId: v.id, ...range(3) })).code).toBe(Code.notFound);
    expect((await track(await t.signIn('kitabike.admin'), { vehicleId: v.id, ...range(3) })).code).toBe(Code.notFound);
    expect((await track(await t.signIn('gowesbali.fin.01'), { vehicleId: v.id, ...range(3) })).code).toBe(Code.forbidden);
  });

  it('lists the raw frames newest first, by vehicle and day, in the caller’s cities only', async () => {
    const v = await denpasarVehicle(0);
    const headers = await t.signIn('gowesbali.ops.denpasar');
    const list = await t.call('POST', '/api/alarm/monitoringData/list', { headers, body: { vehicleId: v.id, pageSize: 5 } });
    expect(list.code).toBe(Code.ok);
    expect(list.rows).toHaveLength(5);
    expect(list.rows[0]).toMatchObject({ vehicleId: v.id, msgType: 2, soc: 89 });
    expect(list.nextCursor).toEqual(expect.any(String));
    const jakarta = await t.signIn('gowesbali.ops.jakarta');
    expect((await t.call('POST', '/api/alarm/monitoringData/list', { headers: jakarta, body: { vehicleId: v.id } })).rows).toEqual([]);
  });

  it('counts a log as far as "at least 10,000" (CURSOR_LIST_TOTAL_CAP), and still pages on past it', async () => {
    const v = await denpasarVehicle(2);
    for (let i = 0; i < 5; i++) await frames(v, 2_010);
    const headers = await t.signIn('gowesbali.ops.denpasar');
    const first = await t.call('POST', '/api/alarm/monitoringData/list', { headers, body: { vehicleId: v.id, pageSize: 500 } });
    expect(first).toMatchObject({ code: Code.ok, total: CURSOR_LIST_TOTAL_CAP });
    expect(first.rows).toHaveLength(500);
    expect(first.nextCursor).toEqual(expect.any(String));
  });
});
