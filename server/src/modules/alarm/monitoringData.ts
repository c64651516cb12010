import { Code } from '@kayuh/contract/codes';
import { MONITORING_DATA_PERM, TELEMETRY_TRACK_PATH, trackQuery } from '@kayuh/contract/api/monitoring';
import { telemetryFrameResource } from '@kayuh/contract/resources/telemetry';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { vehicles, vehicleTelemetry } from '../../db/schema.ts';
import { authOf } from '../../platform/access.ts';
import { readTrack } from '../../platform/devices/track.ts';
import { ok } from '../../platform/envelope.ts';
import { BizError } from '../../platform/errors.ts';
import { bindResource } from '../../platform/resources/binding.ts';
import { allOf, scopeConditions } from '../../platform/resources/queries.ts';
import type { Services } from '../../platform/services.ts';
import { vehicleBinding } from '../vehicle/vehicles.ts';

/** The raw frames (monitoring_data's table): the engine's read-only list over the partitioned vehicle_telemetry. */
export const telemetryFrameBinding = bindResource(telemetryFrameResource, vehicleTelemetry);

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
      const track = await readTrack(db, vehicle, new Date(from), new Date(to));
      return ok(track);
    },
  );
};
