import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { vehicleLiveStatus } from '../src/db/schema.ts';
import { keepTelemetryPartitions } from '../src/platform/devices/telemetryPartitions.ts';
import { jobRegistry } from '../src/platform/jobs/handlers.ts';
import { rowsOf } from '../src/platform/rows.ts';
import { useTestApp } from './harness.ts';

/** What keeps the telemetry honest over time: its daily partitions, and vehicles that stopped reporting. */
const t = useTestApp();
const DAY_MS = 86_400_000;

const days = async () =>
  rowsOf<{ name: string }>(
    await t.database.db.execute(sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = 'vehicle_telemetry' ORDER BY 1`),
  ).map((r) => r.name);
const dayOf = (at: number) => `vehicle_telemetry_p${new Date(at).toISOString().slice(0, 10).replaceAll('-', '')}`;

const run = async (target: 'deviceTask.keepTelemetry' | 'deviceTask.markOffline') =>
  (await jobRegistry(t.services).get(target)!({ signal: new AbortController().signal } as never)) ?? {};

describe('the telemetry partitions', () => {
  it('hold yesterday to three days ahead, and the days past 90 are dropped with their frames', async () => {
    const now = Date.now();
    expect(await days()).toEqual(expect.arrayContaining([dayOf(now - DAY_MS), dayOf(now), dayOf(now + 3 * DAY_MS), 'vehicle_telemetry_default']));

    // A server that ran 100 days ago made that day's partition; a frame of a day without one went to the default.
    await keepTelemetryPartitions(t.database.db, new Date(now - 100 * DAY_MS));
    expect(await days()).toContain(dayOf(now - 100 * DAY_MS));
    await t.database.db.execute(sql`INSERT INTO vehicle_telemetry (tenant_id, city_code, vehicle_id, imei, msg_type, reported_at,
      received_at, gps_valid, lock_state, alarm_bits) VALUES (2, 2001, 1, '860000000000001', 1, ${new Date(now - 95 * DAY_MS).toISOString()},
      now(), false, 0, 0)`);

    const result = await run('deviceTask.keepTelemetry');
    expect(result.rowsAffected).toBeGreaterThan(0);
    const after = await days();
    expect(after.filter((name) => /_p\d{8}$/.test(name) && name < dayOf(now - 90 * DAY_MS))).toEqual([]);
    expect(after).toContain(dayOf(now));
    const [left] = rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM vehicle_telemetry_default`));
    expect(left!.n).toBe(0);
  });
});

describe('a vehicle that stops reporting', () => {
  it('is offline once its last frame is older than 20 minutes', async () => {
    const [silent] = await t.database.db.select({ id: vehicleLiveStatus.vehicleId }).from(vehicleLiveStatus).limit(1);
    await t.database.db
      .update(vehicleLiveStatus)
      .set({ isOnline: true, lastReportedAt: new Date(Date.now() - 21 * 60_000) })
      .where(sql`${vehicleLiveStatus.vehicleId} = ${silent!.id}`);
    const result = await run('deviceTask.markOffline');
    expect(result.rowsAffected).toBeGreaterThan(0);
    const [row] = await t.database.db
      .select()
      .from(vehicleLiveStatus)
      .where(sql`${vehicleLiveStatus.vehicleId} = ${silent!.id}`);
    expect(row!.isOnline).toBe(false);
  });
});
