import { TRACK_POINTS_MAX, type Track } from '@kayuh/contract/api/monitoring';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../rows.ts';

type PointRow = {
  at: Date;
  lat: string | null;
  lng: string | null;
  soc: number | null;
  speed_kph: string | null;
  gsm_signal: number | null;
  n: number;
};
const num = (v: string | null) => (v === null ? null : Number(v));

/**
 * A vehicle's frames from `from` to `to` as a drawing (monitoring_data, a ride's detail): read from the range's
 * partitions only, and thinned evenly to TRACK_POINTS_MAX, the first and last kept.
 */
export async function readTrack(db: Db, vehicle: { id: number; vehicleNo: string; tenantId: number }, from: Date, to: Date): Promise<Track> {
  const rows = rowsOf<PointRow>(
    await db.execute(sql`
      WITH f AS (
        SELECT reported_at AS at, CASE WHEN gps_valid THEN lat END AS lat, CASE WHEN gps_valid THEN lng END AS lng,
               soc, speed_kph, gsm_signal,
               row_number() OVER (ORDER BY reported_at, id) - 1 AS i, count(*) OVER () AS n
        FROM vehicle_telemetry
        WHERE tenant_id = ${vehicle.tenantId} AND vehicle_id = ${vehicle.id}
          AND reported_at >= ${from.toISOString()} AND reported_at < ${to.toISOString()}
      )
      SELECT at, lat, lng, soc, speed_kph, gsm_signal, n::int AS n FROM f
      WHERE n <= ${TRACK_POINTS_MAX} OR i % ceil(n::numeric / ${TRACK_POINTS_MAX})::int = 0 OR i = n - 1
      ORDER BY at`),
  );
  return {
    vehicleId: vehicle.id,
    vehicleNo: vehicle.vehicleNo,
    frames: rows[0]?.n ?? 0,
    points: rows.map((r) => ({
      at: new Date(r.at).toISOString(),
      lat: num(r.lat),
      lng: num(r.lng),
      soc: r.soc,
      speedKph: num(r.speed_kph),
      gsmSignal: r.gsm_signal,
    })),
  };
}
