import { Code } from '@kayuh/contract/codes';
import { RideStatus } from '@kayuh/contract/resources/rideOrders';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rideOrders } from '../../../db/schema.ts';
import { BizError } from '../../../platform/errors.ts';

export type RideRow = typeof rideOrders.$inferSelect;
type RideState = (typeof RideStatus)[keyof typeof RideStatus];

/** The dictionary's name of a ride state, for a refusal's message ("statusnya sekarang Dibayar"). */
const refusedIn = (status: number) =>
  new BizError(Code.transitionNotAllowed, 'ride.state', undefined, { status: `dict.ride_orders_status.${status}` });

/**
 * Moves a ride from one of `from` to what `values` say, as one conditional update (two calls at once: one wins, the
 * other answers 2004 naming the state it found).
 */
export async function moveRide(tx: Db, id: number, from: readonly RideState[], values: Partial<RideRow>): Promise<RideRow> {
  const [row] = await tx
    .update(rideOrders)
    .set({ ...values, updatedAt: new Date(), version: sql`${rideOrders.version} + 1` })
    .where(and(eq(rideOrders.id, id), inArray(rideOrders.status, [...from]), isNull(rideOrders.deletedAt)))
    .returning();
  if (row) return row;
  const [now] = await tx.select({ status: rideOrders.status }).from(rideOrders).where(eq(rideOrders.id, id));
  throw refusedIn(now?.status ?? RideStatus.cancelled);
}

/** One of the member's own rides by its number (another member's, or none, is undefined). */
export async function memberRide(db: Db, rider: { tenantId: number; memberId: number }, orderNo: string): Promise<RideRow | undefined> {
  const [row] = await db
    .select()
    .from(rideOrders)
    .where(
      and(
        eq(rideOrders.tenantId, rider.tenantId),
        eq(rideOrders.memberId, rider.memberId),
        eq(rideOrders.orderNo, orderNo),
        isNull(rideOrders.deletedAt),
      ),
    );
  return row;
}

/** The member's ride under way (reserved, riding or paused), if any. */
export async function rideUnderWay(db: Db, tenantId: number, memberId: number): Promise<RideRow | undefined> {
  const [row] = await db
    .select()
    .from(rideOrders)
    .where(
      and(
        eq(rideOrders.tenantId, tenantId),
        eq(rideOrders.memberId, memberId),
        inArray(rideOrders.status, [RideStatus.reserved, RideStatus.riding, RideStatus.paused]),
        isNull(rideOrders.deletedAt),
      ),
    );
  return row;
}
