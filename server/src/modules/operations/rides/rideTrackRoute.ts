import { RIDE_TRACK_PERM, rideTrackPath } from '@kayuh/contract/api/rides';
import { Code } from '@kayuh/contract/codes';
import { idValue } from '@kayuh/contract/resources/schemas';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rideOrders, vehicles } from '../../../db/schema.ts';
import { authOf } from '../../../platform/access.ts';
import { readTrack } from '../../../platform/devices/track.ts';
import { ok } from '../../../platform/envelope.ts';
import { BizError } from '../../../platform/errors.ts';
import { allOf, scopeConditions } from '../../../platform/resources/queries.ts';
import type { Services } from '../../../platform/services.ts';
import { rideOrderBinding } from './rideOrderBinding.ts';

/** GET a ride's track for its detail: the vehicle's frames from the ride's start to its end (or now), for a ride the caller sees. */
export const rideTrackRoute: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  app.get(
    rideTrackPath(':rideOrderId'),
    {
      config: { access: RIDE_TRACK_PERM },
      schema: { tags: ['rideOrder'], summary: "A ride's track from the vehicle's telemetry", params: z.object({ rideOrderId: idValue() }) },
    },
    async (req) => {
      const auth = authOf(req);
      const [ride] = await db
        .select({ startAt: rideOrders.startAt, endAt: rideOrders.endAt, id: vehicles.id, vehicleNo: vehicles.vehicleNo, tenantId: vehicles.tenantId })
        .from(rideOrders)
        .innerJoin(vehicles, eq(vehicles.id, rideOrders.vehicleId))
        .where(allOf([eq(rideOrders.id, req.params.rideOrderId), ...scopeConditions(rideOrderBinding, auth)]));
      if (!ride?.startAt) throw new BizError(Code.notFound);
      return ok(await readTrack(db, ride, ride.startAt, ride.endAt ?? new Date()));
    },
  );
};
