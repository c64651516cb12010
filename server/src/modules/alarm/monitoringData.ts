import { Code } from '@kayuh/contract/codes';
import { MONITORING_DATA_PERM, TELEMETRY_TRACK_PATH, TRACK_POINTS_MAX, trackQuery, type Track } from '@kayuh/contract/api/monitoring';
import { telemetryFrameResource } from '@kayuh/contract/resources/telemetry';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { vehicles, vehicleTelemetry } from '../../db/schema.ts';
import { authOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { BizError } from '../../platform/errors.ts';
import { bindResource } from '../../platform/resources/binding.ts';
import { allOf, scopeConditions } from '../../platform/resources/queries.ts';
import { rowsOf } from '../../platform/rows.ts';
import type { Services } from '../../platform/services.ts';
import { vehicleBinding } from '../vehicle/vehicles.ts';

/** The raw frames (monitoring_data's table): the engine's read-only list over the partitioned vehicle_telemetry. */
export const telemetryFrameBinding = bindResource(telemetryFrameResource, vehicleTelemetry);

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
 * GET the drawing of one vehicle's frames over a range (contract/api/monitoring): the vehicle must be one the caller
 * sees (else 2002); its frames are read from the range's partitions only, and thinned evenly to TRACK_POINTS_MAX.
 */
export const monitoringDataRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  app.get(
    TELEMETRY_TRACK_PATH,
    {
      config: { access: MONITORING_DATA_PERM },
      schema: {
        tags: [telemetryFrameResource.key],
        summary: "One vehicle's SOC, speed, signal and track over a time range",
        querystring: trackQuery,
      },
    },
    async (req) => {
      const auth = authOf(req);
      const { vehicleId, from, to } = req.query;
      const [vehicle] = await db
        .select({ id: vehicles.id, vehicleNo: vehicles.vehicleNo, tenantId: vehicles.tenantId })
        .from(vehicles)
        .where(allOf([eq(vehicles.id, vehicleId), ...scopeConditions(vehicleBinding, auth)]));
      if (!vehicle) throw new BizError(Code.notFound);
      const rows = rowsOf<PointRow>(
        await db.execute(sql`
          WITH f AS (
            SELECT reported_at AS at, CASE WHEN gps_valid THEN lat END AS lat, CASE WHEN gps_valid THEN lng END AS lng,
                   soc, speed_kph, gsm_signal,
                   row_number() OVER (ORDER BY reported_at, id) - 1 AS i, count(*) OVER () AS n
            FROM vehicle_telemetry
            WHERE tenant_id = ${vehicle.tenantId} AND vehicle_id = ${vehicle.id}
              AND reported_at >= ${new Date(from).toISOString()} AND reported_at < ${new Date(to).toISOString()}
          )
          SELECT at, lat, lng, soc, speed_kph, gsm_signal, n::int AS n FROM f
          WHERE n <= ${TRACK_POINTS_MAX} OR i % ceil(n::numeric / ${TRACK_POINTS_MAX})::int = 0 OR i = n - 1
          ORDER BY at`),
      );
      const track: Track = {
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
      return ok(track);
    },
  );
};
