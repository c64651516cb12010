import type { TopupResult } from '@kayuh/contract/api/wallet';
import { Code } from '@kayuh/contract/codes';
import { PAY_AFTER_RIDE_HOURS } from '@kayuh/contract/constants';
import { RideAbnormal, RideStatus, RIDE_ORDER_BIZ } from '@kayuh/contract/resources/rideOrders';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { rideOrders } from '../../../db/schema.ts';
import { BizError } from '../../../platform/errors.ts';
import { once } from '../../../platform/idempotency.ts';
import type { MemberContext } from '../../../platform/types.ts';
import type { Gateways } from '../../payment/gatewayLinks.ts';
import type { PaymentOrderRow } from '../../payment/settle.ts';
import { askChannel, channelFor, openOrder, topupResultOf } from '../../payment/topup.ts';
import { payPricedRide, payRideByChannel } from './finish.ts';
import { memberRide, type RideRow } from './rideRows.ts';

/** The member's ride by its number, locked, waiting for its payment (3); else 2004 naming its state. */
async function awaitingRide(tx: Db, rider: MemberContext, orderNo: string): Promise<RideRow> {
  const mine = await memberRide(tx, rider, orderNo);
  if (!mine) throw new BizError(Code.notFound);
  const [ride] = await tx.select().from(rideOrders).where(eq(rideOrders.id, mine.id)).for('update');
  if (ride!.status !== RideStatus.ended)
    throw new BizError(Code.transitionNotAllowed, 'ride.state', undefined, { status: `dict.ride_orders_status.${ride!.status}` });
  return ride!;
}

/** The rider pays an ended ride from the balances now (BONUS, then WALLET, debt allowed), once however often asked. */
export function payEndedRideFromBalance(db: Db, rider: MemberContext, orderNo: string): Promise<RideRow> {
  return db.transaction(async (tx) => payPricedRide(tx, await awaitingRide(tx, rider, orderNo)));
}

/**
 * A QRIS code for an ended ride's fare (DOMAIN §4.4 "Ride paid directly by QRIS"): a payment order of purpose RIDE
 * for the ride's payable, asked of the city's QRIS channel as a top-up is; the gateway's notification pays the ride
 * (`settleRidePayment`). Once per Idempotency-Key; a code that expired unpaid is replaced by asking again with a new key.
 */
export function payEndedRideByQris(
  db: Db,
  gateways: Gateways,
  rider: MemberContext,
  orderNo: string,
  idempotencyKey: string,
  clientIp: string,
): Promise<TopupResult> {
  return once(db, { tenantId: rider.tenantId, scope: `ridePay:${rider.memberId}`, key: idempotencyKey, payload: { orderNo } }, async () => {
    const ride = await db.transaction((tx) => awaitingRide(tx, rider, orderNo));
    const channel = await channelFor(db, rider.tenantId, 'QRIS', ride.currency, ride.cityCode);
    const order = await openOrder(db, {
      member: rider,
      channel,
      cityCode: ride.cityCode,
      currency: ride.currency,
      amount: ride.payable,
      bonus: 0,
      packageId: null,
      idempotencyKey,
      clientIp,
      paysFor: { purpose: 'RIDE', bizType: RIDE_ORDER_BIZ, bizId: ride.id },
    });
    return topupResultOf(order.status === 0 ? await askChannel(db, gateways, channel, order, rider) : order);
  });
}

/**
 * A paid notification for a ride's payment order, in the notification's transaction: the ride, locked, is paid by it
 * if it still waits for its payment. False when it no longer does (paid otherwise, or gone abnormal after 24 h): the
 * payment is then parked for finance like any late one, with nothing posted.
 */
export async function settleRidePayment(tx: Db, order: PaymentOrderRow, clearingAccountId: number): Promise<boolean> {
  const [ride] = await tx
    .select()
    .from(rideOrders)
    .where(and(eq(rideOrders.id, order.bizId!), eq(rideOrders.tenantId, order.tenantId), isNull(rideOrders.deletedAt)))
    .for('update');
  if (ride?.status !== RideStatus.ended || ride.payable !== order.amount) return false;
  await payRideByChannel(tx, ride, { orderId: order.id, clearingAccountId, amount: order.amount });
  return true;
}

/**
 * DOMAIN §3.4 pay_fail: rides ended waiting for a QRIS payment for more than PAY_AFTER_RIDE_HOURS become abnormal
 * (reason 5) for customer service, who resolve them from the member's balances. Answers how many.
 */
export async function failUnpaidRides(db: Db, log: FastifyBaseLogger, now: Date): Promise<number> {
  const failed = await db
    .update(rideOrders)
    .set({ status: RideStatus.abnormal, abnormalReason: RideAbnormal.paymentFailed, updatedAt: now, version: sql`${rideOrders.version} + 1` })
    .where(
      and(
        eq(rideOrders.status, RideStatus.ended),
        lt(rideOrders.endAt, new Date(now.getTime() - PAY_AFTER_RIDE_HOURS * 3_600_000)),
        isNull(rideOrders.deletedAt),
      ),
    )
    .returning({ orderNo: rideOrders.orderNo });
  if (failed.length) log.info({ rides: failed.map((r) => r.orderNo) }, 'rides not paid in time are abnormal');
  return failed.length;
}
