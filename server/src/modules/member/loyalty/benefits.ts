import { LevelBenefitKind, LoyaltyStatus } from '@kayuh/contract/resources/loyalty';
import { RideStatus } from '@kayuh/contract/resources/rideOrders';
import type { FareLevel } from '@kayuh/contract/rules/fare';
import { and, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { levelBenefits, memberLevels, members, rideOrders } from '../../../db/schema.ts';

/** A level's active benefits of some kinds, by kind (one of each per level). */
export async function benefitsOfLevel(tx: Db, levelId: number, kinds: readonly number[]) {
  const rows = await tx
    .select({ benefit: levelBenefits.benefit, value: levelBenefits.value, couponId: levelBenefits.couponId })
    .from(levelBenefits)
    .innerJoin(
      memberLevels,
      and(eq(memberLevels.id, levelBenefits.levelId), eq(memberLevels.status, LoyaltyStatus.active), isNull(memberLevels.deletedAt)),
    )
    .where(
      and(
        eq(levelBenefits.levelId, levelId),
        inArray(levelBenefits.benefit, [...kinds]),
        eq(levelBenefits.status, LoyaltyStatus.active),
        isNull(levelBenefits.deletedAt),
      ),
    );
  return new Map(rows.map((r) => [r.benefit, r]));
}

/**
 * What the member's level gives a ride (docs/loyalty.md "Benefits"): the level's discount, and a free unlock while the
 * member has taken fewer of them since `monthStart` (their rides' level_free_unlock, the ride itself left out) than the
 * level allows. Null without a level or a ride benefit.
 */
export async function levelPerksForRide(tx: Db, ride: { id: number; memberId: number }, monthStart: Date): Promise<FareLevel | null> {
  const [member] = await tx.select({ levelId: members.levelId }).from(members).where(eq(members.id, ride.memberId));
  if (!member?.levelId) return null;
  const held = await benefitsOfLevel(tx, member.levelId, [LevelBenefitKind.freeUnlocks, LevelBenefitKind.rideDiscount]);
  if (!held.size) return null;
  const allowed = held.get(LevelBenefitKind.freeUnlocks)?.value ?? 0;
  let freeUnlock = false;
  if (allowed > 0) {
    const [taken] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(rideOrders)
      .where(
        and(
          eq(rideOrders.memberId, ride.memberId),
          gte(rideOrders.createdAt, monthStart),
          eq(rideOrders.levelFreeUnlock, true),
          inArray(rideOrders.status, [RideStatus.ended, RideStatus.paid]),
          ne(rideOrders.id, ride.id),
        ),
      );
    freeUnlock = (taken?.n ?? 0) < allowed;
  }
  return { freeUnlock, discountBp: (held.get(LevelBenefitKind.rideDiscount)?.value ?? 0) * 100 };
}
