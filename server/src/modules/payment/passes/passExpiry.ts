import { CouponStatus, CouponValidKind, UserCouponStatus } from '@kayuh/contract/resources/coupons';
import { UserCardStatus } from '@kayuh/contract/resources/userCards';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { coupons, userCards, userCoupons } from '../../../db/schema.ts';

const bump = <T extends { version: unknown }>(t: T) => ({ updatedAt: new Date(), version: sql`${t.version} + 1` });

/**
 * Passes and coupons move with the clock (DOMAIN §2.7, §3.11): a pass pending start starts at its start, an active
 * or pending one expires at its end; a listed fixed-window coupon expires at its end, and an unused member's coupon at
 * its own. Each step is one conditional update, so a run that overlaps another changes nothing twice.
 */
export async function expirePassesAndCoupons(db: Db, now: Date): Promise<number> {
  const live = isNull(userCards.deletedAt);
  const expired = await db
    .update(userCards)
    .set({ status: UserCardStatus.expired, ...bump(userCards) })
    .where(and(sql`${userCards.status} IN (${UserCardStatus.pendingStart}, ${UserCardStatus.active})`, lte(userCards.endAt, now), live))
    .returning({ id: userCards.id });
  const started = await db
    .update(userCards)
    .set({ status: UserCardStatus.active, ...bump(userCards) })
    .where(and(eq(userCards.status, UserCardStatus.pendingStart), lte(userCards.startAt, now), live))
    .returning({ id: userCards.id });
  const couponsEnded = await db
    .update(coupons)
    .set({ status: CouponStatus.expired, ...bump(coupons) })
    .where(
      and(
        eq(coupons.status, CouponStatus.listed),
        eq(coupons.validKind, CouponValidKind.fixedWindow),
        lte(coupons.validTo, now),
        isNull(coupons.deletedAt),
      ),
    )
    .returning({ id: coupons.id });
  const held = await db
    .update(userCoupons)
    .set({ status: UserCouponStatus.expired, ...bump(userCoupons) })
    .where(and(eq(userCoupons.status, UserCouponStatus.unused), lte(userCoupons.validTo, now), isNull(userCoupons.deletedAt)))
    .returning({ id: userCoupons.id });
  return expired.length + started.length + couponsEnded.length + held.length;
}
