import { JOB_RUN_MESSAGES } from '@kayuh/contract/jobTargets';
import { CouponStatus, UserCouponSource, UserCouponStatus } from '@kayuh/contract/resources/coupons';
import { LEVEL_BENEFIT_VALUE, LevelBenefitKind, LoyaltyStatus, levelBenefitResource } from '@kayuh/contract/resources/loyalty';
import { MemberStatus } from '@kayuh/contract/resources/members';
import { businessDateOf, DEFAULT_ZONE } from '@kayuh/contract/rules/zone';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { coupons, levelBenefits, members } from '../../../db/schema.ts';
import { invalid } from '../../../platform/errors.ts';
import type { JobRegistry } from '../../../platform/jobs/registry.ts';
import { bindResource } from '../../../platform/resources/binding.ts';
import type { Services } from '../../../platform/services.ts';
import { grantWindow, issueCoupon } from '../../payment/passes/couponGrant.ts';

/**
 * Level benefits (/user_main/level_benefits, docs/loyalty.md "Benefits"): a value only where the kind has one, within
 * its bounds (free unlocks 1–31 a month, a discount of 1–50%), and a coupon only for the monthly coupon, which needs
 * one.
 */
export const levelBenefitBinding = bindResource(levelBenefitResource, levelBenefits, {
  check({ next }) {
    const kind = Number(next.benefit);
    const bounds = LEVEL_BENEFIT_VALUE[kind];
    const value = next.value === null || next.value === undefined ? null : Number(next.value);
    if (!bounds && value !== null) throw invalid({ value: 'levelBenefit.noValue' });
    if (bounds && (value === null || value < bounds.min || value > bounds.max))
      throw invalid({ value: kind === LevelBenefitKind.freeUnlocks ? 'levelBenefit.freeUnlocksRange' : 'levelBenefit.discountRange' });
    const coupon = next.couponId === null || next.couponId === undefined ? null : Number(next.couponId);
    if (kind === LevelBenefitKind.monthlyCoupon && coupon === null) throw invalid({ couponId: 'levelBenefit.couponRequired' });
    if (kind !== LevelBenefitKind.monthlyCoupon && coupon !== null) throw invalid({ couponId: 'levelBenefit.noCoupon' });
  },
});

/** The month a monthly grant belongs to ('YYYY-MM'), on the operators' clock (WIB). */
export const grantMonthOf = (at: Date) => businessDateOf(at, DEFAULT_ZONE.offsetHours).slice(0, 7);

/**
 * One monthly coupon benefit's grant for `month`, in one transaction under the benefit's lock: the level's members
 * (not closed, under the coupon's per-member limit) each get one of the coupon, once per month — a second run, or twenty at once, find the month already
 * granted. A coupon no longer listed, or with fewer left than the level has members, grants nothing this run (the
 * next run tries again). Answers how many coupons it granted.
 */
export async function grantLevelCoupon(db: Db, benefitId: number, month: string, now = new Date()): Promise<number> {
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const [benefit] = await tx
      .select()
      .from(levelBenefits)
      .where(
        and(
          eq(levelBenefits.id, benefitId),
          eq(levelBenefits.benefit, LevelBenefitKind.monthlyCoupon),
          eq(levelBenefits.status, LoyaltyStatus.active),
          isNull(levelBenefits.deletedAt),
        ),
      )
      .for('update');
    if (!benefit || benefit.lastGrantedMonth === month || benefit.couponId === null) return 0;
    const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, benefit.couponId)).for('update');
    if (!coupon || coupon.deletedAt || coupon.status !== CouponStatus.listed || coupon.tenantId !== benefit.tenantId) return 0;
    const window = grantWindow(coupon, now);
    if (window.validTo <= now) return 0;
    const takers = await tx
      .select({ id: members.id })
      .from(members)
      .where(
        and(
          eq(members.tenantId, benefit.tenantId),
          eq(members.levelId, benefit.levelId),
          ne(members.status, MemberStatus.closed),
          isNull(members.deletedAt),
          // Members already holding as many of the coupon as it allows one member are skipped.
          sql`(SELECT count(*) FROM user_coupons u WHERE u.coupon_id = ${coupon.id} AND u.member_id = ${members.id}
                 AND u.status <> ${UserCouponStatus.revoked} AND u.deleted_at IS NULL) < ${coupon.perMemberLimit}`,
        ),
      )
      .orderBy(asc(members.id));
    if (coupon.totalQty !== null && coupon.issuedQty + takers.length > coupon.totalQty) return 0;
    await issueCoupon(
      tx,
      coupon,
      takers.map((m) => m.id),
      { source: UserCouponSource.levelBenefit, sourceRef: benefit.id, window, note: month, by: null },
    );
    await tx.update(levelBenefits).set({ lastGrantedMonth: month, updatedAt: now }).where(eq(levelBenefits.id, benefit.id));
    return takers.length;
  });
}

/** Every tenant's monthly coupon benefits, each granted for this month if it was not yet. */
export async function grantLevelCoupons(db: Db, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: levelBenefits.id })
    .from(levelBenefits)
    .where(
      and(eq(levelBenefits.benefit, LevelBenefitKind.monthlyCoupon), eq(levelBenefits.status, LoyaltyStatus.active), isNull(levelBenefits.deletedAt)),
    )
    .orderBy(asc(levelBenefits.id));
  let granted = 0;
  for (const { id } of due) granted += await grantLevelCoupon(db, id, grantMonthOf(now), now);
  return granted;
}

/** The monthly coupons with the clock: a daily run grants each benefit's month once (docs/loyalty.md). */
export function registerLevelBenefitJobs(registry: JobRegistry, services: Services) {
  registry.register('memberTask.grantLevelCoupons', async () => ({
    rowsAffected: await grantLevelCoupons(services.db),
    message: JOB_RUN_MESSAGES.levelCouponsGranted,
  }));
}
