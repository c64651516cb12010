import { Code } from '@kayuh/contract/codes';
import { CouponKind, CouponScope, UserCouponStatus } from '@kayuh/contract/resources/coupons';
import { RIDE_ORDER_BIZ } from '@kayuh/contract/resources/rideOrders';
import type { Fare, FareCoupon } from '@kayuh/contract/rules/fare';
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { coupons, userCoupons } from '../../../db/schema.ts';
import { BizError } from '../../../platform/errors.ts';

type CouponRow = typeof coupons.$inferSelect;

/** A ride's side of a coupon: the ride's number locks it, its id uses it. */
interface CouponRide {
  id: number;
  orderNo: string;
  tenantId: number;
  memberId: number;
  cityCode: number;
  currency: string;
  userCouponId: number | null;
}

/** The coupon a ride is priced with. */
export interface RideCoupon {
  userCouponId: number;
  fareCoupon: FareCoupon;
}

/** A coupon as the fare reads it (contract/rules/fare.ts). */
function fareCouponOf(c: CouponRow): FareCoupon {
  const minSpend = c.minSpend;
  if (c.kind === CouponKind.amountOff) return { kind: 1, amount: c.amount ?? 0, minSpend };
  if (c.kind === CouponKind.percentOff) return { kind: 2, percentBp: c.percentBp ?? 0, maxDiscount: c.maxDiscount, minSpend };
  if (c.kind === CouponKind.freeMinutes) return { kind: 3, freeMinutes: c.freeMinutes ?? 0, minSpend };
  return { kind: 4, minSpend };
}

const update = (values: Partial<typeof userCoupons.$inferInsert>) => ({ ...values, updatedAt: new Date(), version: sql`${userCoupons.version} + 1` });

/**
 * The rider applies one of their coupons to the ride being unlocked (DOMAIN §3.11 unused → locked by the order): it
 * must be theirs, unused, valid now, for rides (or any order) in the ride's city and currency; else 2004.
 */
export async function lockCouponForRide(tx: Db, ride: CouponRide, userCouponId: number): Promise<void> {
  const now = new Date();
  const [held] = await tx
    .select({ userCoupon: userCoupons, coupon: coupons })
    .from(userCoupons)
    .innerJoin(coupons, eq(coupons.id, userCoupons.couponId))
    .where(
      and(
        eq(userCoupons.id, userCouponId),
        eq(userCoupons.tenantId, ride.tenantId),
        eq(userCoupons.memberId, ride.memberId),
        isNull(userCoupons.deletedAt),
      ),
    )
    .for('update', { of: userCoupons });
  if (!held) throw new BizError(Code.notFound, 'coupon.notYours');
  const { userCoupon, coupon } = held;
  if (userCoupon.status !== UserCouponStatus.unused || userCoupon.validFrom > now || userCoupon.validTo <= now)
    throw new BizError(Code.transitionNotAllowed, 'coupon.notUsable', undefined, { status: `dict.user_coupons_status.${userCoupon.status}` });
  const forRides = coupon.scope === CouponScope.any || coupon.scope === CouponScope.ride;
  const inCity = !coupon.cityCodes?.length || coupon.cityCodes.includes(ride.cityCode);
  if (!forRides || !inCity || coupon.currency.trim() !== ride.currency.trim()) throw new BizError(Code.transitionNotAllowed, 'coupon.notForRide');
  await tx
    .update(userCoupons)
    .set(update({ status: UserCouponStatus.locked, lockedBy: ride.orderNo }))
    .where(eq(userCoupons.id, userCouponId));
}

/** The coupon a ride holds, as its fare reads it. */
export async function couponOfRide(tx: Db, ride: CouponRide): Promise<RideCoupon | null> {
  if (ride.userCouponId === null) return null;
  const [held] = await tx
    .select({ coupon: coupons })
    .from(userCoupons)
    .innerJoin(coupons, eq(coupons.id, userCoupons.couponId))
    .where(and(eq(userCoupons.id, ride.userCouponId), eq(userCoupons.status, UserCouponStatus.locked), eq(userCoupons.lockedBy, ride.orderNo)));
  return held ? { userCouponId: ride.userCouponId, fareCoupon: fareCouponOf(held.coupon) } : null;
}

/** The ride is not made (its unlock failed), or did not reach the coupon's minimum: the coupon is the member's again. */
export async function releaseRideCoupon(tx: Db, ride: CouponRide): Promise<void> {
  if (ride.userCouponId === null) return;
  await tx
    .update(userCoupons)
    .set(update({ status: UserCouponStatus.unused, lockedBy: null }))
    .where(and(eq(userCoupons.id, ride.userCouponId), eq(userCoupons.status, UserCouponStatus.locked), eq(userCoupons.lockedBy, ride.orderNo)));
}

/**
 * The ride is paid: a coupon that took something off is used, with its discount (§3.11 locked → used); one that took
 * nothing goes back to the member. Answers the coupon the ride keeps.
 */
export async function settleRideCoupon(tx: Db, ride: CouponRide, coupon: RideCoupon | null, fare: Fare): Promise<number | null> {
  if (!coupon || !fare.couponApplied || fare.couponDiscount <= 0) {
    await releaseRideCoupon(tx, ride);
    return null;
  }
  await tx
    .update(userCoupons)
    .set(
      update({
        status: UserCouponStatus.used,
        usedAt: new Date(),
        usedOrderType: RIDE_ORDER_BIZ,
        usedOrderId: ride.id,
        discount: fare.couponDiscount,
      }),
    )
    .where(eq(userCoupons.id, coupon.userCouponId));
  return coupon.userCouponId;
}

/** A ride refunded in full gives its coupon back while the coupon is still valid, else it is expired (§3.11 design). */
export async function restoreRideCoupon(tx: Db, ride: { id: number; userCouponId: number | null }): Promise<void> {
  if (ride.userCouponId === null) return;
  const now = new Date();
  const back = and(eq(userCoupons.id, ride.userCouponId), eq(userCoupons.status, UserCouponStatus.used), eq(userCoupons.usedOrderId, ride.id));
  const cleared = { lockedBy: null, usedAt: null, usedOrderType: null, usedOrderId: null, discount: null };
  await tx
    .update(userCoupons)
    .set(update({ ...cleared, status: UserCouponStatus.unused }))
    .where(and(back, gt(userCoupons.validTo, now)));
  await tx
    .update(userCoupons)
    .set(update({ ...cleared, status: UserCouponStatus.expired }))
    .where(and(back, lte(userCoupons.validTo, now)));
}
