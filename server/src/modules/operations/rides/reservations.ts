import { RideStatus, RidePayMethod, RIDE_ORDER_BIZ } from '@kayuh/contract/resources/rideOrders';
import { OpState } from '@kayuh/contract/resources/fleet';
import { RESERVE_GRACE_MINUTES, reservationFeeOf } from '@kayuh/contract/rules/fare';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { billingRules, rideOrders } from '../../../db/schema.ts';
import { systemActor } from '../../../platform/auth/context.ts';
import { platformAccounts } from '../../../platform/ledger/accounts.ts';
import { payFromBalances } from '../../../platform/ledger/memberPay.ts';
import { setRideVehicle } from './rideVehicle.ts';
import { moveRide, type RideRow } from './rideRows.ts';

/** Reservations expired in one run at most; the next run takes the rest. */
const BATCH = 200;

/**
 * A reservation ends without a ride (DOMAIN §3.4 expire / cancel → 7): the vehicle available again, and the minutes
 * held past the rule's free ones charged as the ride's time fee — from the member's balances, BONUS then WALLET, debt
 * allowed, Cr REV_RIDE, once (its key) — in the transaction that cancels it. Only a reservation still held moves.
 */
export async function endReservation(tx: Db, ride: RideRow, at: Date, event: 'reserve_cancel' | 'reserve_expire'): Promise<RideRow> {
  const [rule] = await tx.select().from(billingRules).where(eq(billingRules.id, ride.billingRuleId));
  const heldS = Math.max(0, (at.getTime() - (ride.reservedAt ?? at).getTime()) / 1000);
  const fee = reservationFeeOf(rule!, heldS);
  const ended = await moveRide(tx, ride.id, [RideStatus.reserved], { status: RideStatus.cancelled, endAt: at, timeFee: fee, payable: fee });
  const auth = event === 'reserve_expire' ? systemActor(ride.tenantId) : systemActor(ride.tenantId, 'member');
  await setRideVehicle(tx, ended, OpState.reserved, OpState.available, event, null, auth);
  if (fee === 0) return ended;
  const accounts = await platformAccounts(tx, ride.tenantId, ride.currency, ['REV_RIDE']);
  const paid = await payFromBalances(tx, ride.tenantId, {
    kind: 'RIDE_PAY',
    idempotencyKey: `ride:${ride.orderNo}:reserve`,
    bizType: RIDE_ORDER_BIZ,
    bizId: ride.id,
    cityCode: ride.cityCode,
    occurredAt: at,
    memberId: ride.memberId,
    currency: ride.currency,
    amount: fee,
    allowDebt: true,
    creditAccountId: accounts.REV_RIDE,
  });
  return moveRide(tx, ride.id, [RideStatus.cancelled], { paid: fee, payMethod: RidePayMethod.wallet, ledgerTxnId: paid.posted.txnId });
}

/**
 * Expires the reservations held past their free minutes and RESERVE_GRACE_MINUTES more (DOMAIN §3.2 reserve_expire),
 * each in its own transaction; one the member unlocked or cancelled meanwhile is left as it is. Answers how many.
 */
export async function expireReservations(db: Db, log: FastifyBaseLogger, now: Date, signal?: AbortSignal): Promise<number> {
  const due = await db
    .select({ ride: rideOrders })
    .from(rideOrders)
    .innerJoin(billingRules, eq(billingRules.id, rideOrders.billingRuleId))
    .where(
      and(
        eq(rideOrders.status, RideStatus.reserved),
        isNull(rideOrders.deletedAt),
        sql`${rideOrders.reservedAt} + make_interval(mins => ${billingRules.reserveFreeMinutes} + ${RESERVE_GRACE_MINUTES}) < ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(rideOrders.reservedAt)
    .limit(BATCH);
  let expired = 0;
  for (const { ride } of due) {
    if (signal?.aborted) break;
    try {
      await db.transaction((tx) => endReservation(tx, ride as RideRow, now, 'reserve_expire'));
      expired++;
    } catch (err) {
      log.warn({ err, rideId: ride.id }, 'reservation not expired');
    }
  }
  return expired;
}
