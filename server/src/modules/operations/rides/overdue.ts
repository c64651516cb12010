import { CommandSource } from '@kayuh/contract/api/device';
import { RideAbnormal, RideEndSource, RideStatus, RIDE_ORDER_BIZ } from '@kayuh/contract/resources/rideOrders';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { billingRules, rideOrders, vehicles } from '../../../db/schema.ts';
import { systemActor } from '../../../platform/auth/context.ts';
import type { Services } from '../../../platform/services.ts';
import { finishRide } from './finish.ts';
import { abnormalEnd, fixOf } from './lifecycle.ts';
import type { RideRow } from './rideRows.ts';

/** Rides ended in one run at most; the next run takes the rest. */
const BATCH = 200;

/**
 * Ends the rides under way longer than their billing rule's longest ride (DOMAIN §3.4 end_anomaly, reason 4): abnormal
 * at the vehicle's last known position, end_source 3 (system timeout), the vehicle freed and sent a lock, for customer
 * service to price. Each ride in its own transaction, moved only if still under way (a rider's end at the same moment
 * wins or loses whole). Answers how many it ended.
 */
export async function endOverdueRides(
  services: Pick<Services, 'db' | 'commands'>,
  log: FastifyBaseLogger,
  now: Date,
  signal?: AbortSignal,
): Promise<number> {
  const { db } = services;
  const overdue = await db
    .select({ ride: rideOrders, imei: vehicles.imei })
    .from(rideOrders)
    .innerJoin(billingRules, eq(billingRules.id, rideOrders.billingRuleId))
    .innerJoin(vehicles, eq(vehicles.id, rideOrders.vehicleId))
    .where(
      and(
        inArray(rideOrders.status, [RideStatus.riding, RideStatus.paused]),
        isNull(rideOrders.deletedAt),
        sql`${rideOrders.startAt} + make_interval(mins => ${billingRules.maxRideMinutes}) < ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(rideOrders.startAt)
    .limit(BATCH);
  let ended = 0;
  for (const { ride, imei } of overdue) {
    if (signal?.aborted) break;
    try {
      const point = await fixOf(db, ride.vehicleId);
      await db.transaction((tx) =>
        finishRide(tx, systemActor(ride.tenantId), ride as RideRow, abnormalEnd(point, RideAbnormal.overMaxDuration, RideEndSource.systemTimeout)),
      );
      ended++;
    } catch (err) {
      // Ended by its rider meanwhile (2004), or a fault: the next run sees what is left.
      log.warn({ err, rideId: ride.id }, 'overdue ride not ended');
      continue;
    }
    if (imei)
      services.commands.sendLater({ id: ride.vehicleId, imei, tenantId: ride.tenantId, cityCode: ride.cityCode }, 'lock', {
        source: CommandSource.rideEnd,
        requestedByType: 3,
        requestedById: null,
        ref: { type: RIDE_ORDER_BIZ, id: ride.id },
      });
  }
  return ended;
}
