import { RIDE_ORDER_BIZ } from '@kayuh/contract/resources/rideOrders';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { vehicleLiveStatus, vehicles } from '../../../db/schema.ts';
import { systemActor, type AuthContext } from '../../../platform/auth/context.ts';
import { logStateChange } from '../../vehicle/stateLog.ts';
import type { RideRow } from './rideRows.ts';

/** Moves the ride's vehicle from one state to another (only from that state), with its state log and live ride. */
export async function setRideVehicle(
  tx: Db,
  ride: RideRow,
  from: number,
  to: number,
  event: string,
  currentRideId: number | null,
  auth: AuthContext = systemActor(ride.tenantId, 'member'),
) {
  const [moved] = await tx
    .update(vehicles)
    .set({ opState: to, updatedAt: new Date() })
    .where(and(eq(vehicles.id, ride.vehicleId), eq(vehicles.opState, from)))
    .returning({ id: vehicles.id });
  if (!moved) return;
  await logStateChange(tx, auth, {
    tenantId: ride.tenantId,
    cityCode: ride.cityCode,
    vehicleId: ride.vehicleId,
    fromState: from,
    toState: to,
    event,
    ref: { type: RIDE_ORDER_BIZ, id: ride.id },
  });
  await tx.update(vehicleLiveStatus).set({ currentRideId }).where(eq(vehicleLiveStatus.vehicleId, ride.vehicleId));
}
