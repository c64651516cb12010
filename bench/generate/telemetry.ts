// vehicle_telemetry at DOMAIN §9.5 scale (1 day at 5-min cadence, ≈ 29,000,000 frames; --telemetry-days raises it),
// made inside PostgreSQL with generate_series after the load: CSV files of that size would cost more to write and copy
// than the database takes to make the rows itself. Each vehicle with a live status reports every 5 minutes around
// where it stands (riding ones wander further), its SOC falling slowly; the values are a hash of the vehicle, the
// moment and the seed, so the same --seed gives the same frames.
import { OpState } from '@kayuh/contract/resources/fleet';
import pg from 'pg';
import { openDatabase } from '../../server/src/db/client.ts';
import { keepTelemetryPartitions } from '../../server/src/platform/devices/telemetryPartitions.ts';
import { DAY_MS, FIRST_TENANT_ID } from './context.ts';

const CADENCE = '5 minutes';

export async function generateTelemetry(opts: { url: string; days: number; seed: string; asOf: Date; log: (line: string) => void }): Promise<number> {
  if (opts.days <= 0) return 0;
  const database = await openDatabase({ url: opts.url });
  try {
    // Each call makes the day before the one it is given to three days after: one per day covers the range.
    for (let d = 0; d < opts.days; d += 4) await keepTelemetryPartitions(database.db, new Date(opts.asOf.getTime() - d * DAY_MS));
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: opts.url });
  await client.connect();
  try {
    const { rows: cities } = await client.query<{ city_code: string; n: string }>(
      'SELECT city_code, count(*) AS n FROM vehicle_live_status WHERE tenant_id >= $1 GROUP BY city_code ORDER BY city_code',
      [FIRST_TENANT_ID],
    );
    const seed = Number.parseInt(opts.seed, 10) || 0;
    const from = new Date(opts.asOf.getTime() - opts.days * DAY_MS);
    let total = 0;
    for (const c of cities) {
      const began = performance.now();
      // u(k) is a number in [0, 1) from the vehicle, the frame's moment and the seed.
      const { rowCount } = await client.query(
        `WITH f AS (
           SELECT s.*, v.imei, t + (s.vehicle_id % 300) * interval '1 second' AS at,
                  (abs(hashint8(s.vehicle_id * 1000003 + extract(epoch FROM t)::bigint + $4::bigint)::bigint) % 1000000) / 1000000.0 AS u1,
                  (abs(hashint8(s.vehicle_id * 7919 - extract(epoch FROM t)::bigint + $4::bigint)::bigint) % 1000000) / 1000000.0 AS u2,
                  extract(epoch FROM ($3::timestamptz - t)) / 86400.0 AS age_days
             FROM vehicle_live_status s
             JOIN vehicles v ON v.id = s.vehicle_id AND v.imei IS NOT NULL
            -- Each box keeps its own beat: its frames are its vehicle's second of the 5 minutes after the grid's.
            CROSS JOIN generate_series($2::timestamptz, $3::timestamptz - interval '${CADENCE}', interval '${CADENCE}') AS t
            WHERE s.tenant_id >= $5 AND s.city_code = $1)
         INSERT INTO vehicle_telemetry (tenant_id, city_code, vehicle_id, imei, msg_type, reported_at, received_at, lat, lng,
                                        speed_kph, heading_deg, satellites, gps_valid, lock_state, soc, battery_voltage_mv,
                                        gsm_signal, odometer_m, alarm_bits)
         SELECT tenant_id, city_code, vehicle_id, imei, 2, at, at + interval '1 second',
                lat + (u1 - 0.5) * CASE WHEN op_state = ${OpState.inUse} THEN 0.02 ELSE 0.0004 END,
                lng + (u2 - 0.5) * CASE WHEN op_state = ${OpState.inUse} THEN 0.02 ELSE 0.0004 END,
                CASE WHEN op_state = ${OpState.inUse} THEN round((8 + u1 * 16)::numeric, 1) ELSE 0 END,
                (u2 * 359)::int, 6 + (u1 * 10)::int, u2 > 0.02, CASE WHEN op_state = ${OpState.inUse} THEN 1 ELSE 0 END,
                least(100, coalesce(soc, 60) + (age_days * 12)::int), 42000 + (u1 * 12000)::int,
                10 + (u2 * 21)::int, 1000000 - (age_days * 20000)::int, 0
           FROM f`,
        [c.city_code, from.toISOString(), opts.asOf.toISOString(), seed, FIRST_TENANT_ID],
      );
      total += rowCount ?? 0;
      opts.log(`vehicle_telemetry ${c.city_code} ${String(rowCount).padStart(10)} rows  ${((performance.now() - began) / 1000).toFixed(1)} s`);
    }
    await client.query('VACUUM ANALYZE vehicle_telemetry');
    return total;
  } finally {
    await client.end();
  }
}
