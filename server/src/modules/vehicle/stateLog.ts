import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { vehicleLiveStatus, vehicleStateLog } from '../../db/schema.ts';
import type { AuthContext } from '../../platform/auth/context.ts';
import { actorOf } from './actors.ts';

export interface StateChange {
  tenantId: number;
  cityCode: number;
  vehicleId: number;
  fromState: number | null;
  toState: number;
  event: string;
  ref?: { type: string; id: number };
}

/**
 * Records a vehicle's op_state change (DOMAIN §3.2: every change is a vehicle_state_log row), in the transaction that
 * made it, and copies the state to the vehicle's live status, which the monitor map and GBFS read.
 */
export async function logStateChange(tx: Db, auth: AuthContext, change: StateChange) {
  const { ref, ...row } = change;
  await tx.insert(vehicleStateLog).values({ ...row, refType: ref?.type ?? null, refId: ref?.id ?? null, ...actorOf(auth) });
  if (change.fromState !== null) {
    await tx.update(vehicleLiveStatus).set({ opState: change.toState }).where(eq(vehicleLiveStatus.vehicleId, change.vehicleId));
  }
}
