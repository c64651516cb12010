import { KycReviewStatus } from '@kayuh/contract/resources/kycReviews';
import { LevelBenefitKind, LoyaltyStatus, PointEvent } from '@kayuh/contract/resources/loyalty';
import { CouponKind, CouponScope, CouponStatus, CouponValidKind } from '@kayuh/contract/resources/coupons';
import { PaymentStatus } from '@kayuh/contract/api/wallet';
import { RIDE_ORDER_BIZ, RideStatus } from '@kayuh/contract/resources/rideOrders';
import { eq, sql } from 'drizzle-orm';
import { grantLevelCoupon, grantMonthOf } from '../../modules/member/loyalty/levelBenefits.ts';
import { relevelMembers } from '../../modules/member/loyalty/points.ts';
import type { Db } from '../client.ts';
import { coupons, levelBenefits, levelPointRules, memberLevels } from '../schema.ts';
import type { DemoTenant } from './demoOrg.ts';

/** The demo's ladder and its rules for every level: no caps, no level's own rule (so the history below is theirs). */
export const DEMO_LEVELS = [
  { levelNo: 1, nameKey: 'Perunggu', minGrowth: 0 },
  { levelNo: 2, nameKey: 'Perak', minGrowth: 200 },
  { levelNo: 3, nameKey: 'Emas', minGrowth: 600 },
  { levelNo: 4, nameKey: 'Platinum', minGrowth: 1_500 },
];
export const DEMO_POINT_RULES = [
  { event: PointEvent.rideCompleted, points: 10 },
  { event: PointEvent.perThousandPaid, points: 1 },
  { event: PointEvent.topUp, points: 5 },
  { event: PointEvent.kycDone, points: 50 },
];

/** What each level gives (docs/loyalty.md "Benefits"), by level number; the monthly coupon is Platinum's. */
export const DEMO_BENEFITS: Array<{ levelNo: number; benefit: number; value?: number }> = [
  { levelNo: 2, benefit: LevelBenefitKind.freeUnlocks, value: 2 },
  { levelNo: 3, benefit: LevelBenefitKind.freeUnlocks, value: 4 },
  { levelNo: 3, benefit: LevelBenefitKind.rideDiscount, value: 10 },
  { levelNo: 4, benefit: LevelBenefitKind.freeUnlocks, value: 8 },
  { levelNo: 4, benefit: LevelBenefitKind.rideDiscount, value: 15 },
  { levelNo: 4, benefit: LevelBenefitKind.monthlyCoupon },
  { levelNo: 4, benefit: LevelBenefitKind.depositWaiver },
  { levelNo: 4, benefit: LevelBenefitKind.prioritySupport },
];

/**
 * Each operator's levels and point rules, and the points its riders earned so far (seeded last, over the rides, the
 * top-ups and the identity checks already there): the awards the server would have made, written at the time of each
 * ride, top-up and check, with the running balance; then every member at the level their growth reaches.
 */
export async function seedDemoLoyalty(db: Db, t: DemoTenant) {
  await db.insert(memberLevels).values(DEMO_LEVELS.map((l) => ({ tenantId: t.id, ...l, status: LoyaltyStatus.active })));
  await db.insert(levelPointRules).values(DEMO_POINT_RULES.map((r) => ({ tenantId: t.id, ...r })));
  const points = (event: number) => sql.raw(String(DEMO_POINT_RULES.find((r) => r.event === event)!.points));
  await db.execute(sql`
    WITH awards AS (
      SELECT member_id, ${PointEvent.rideCompleted}::smallint AS event, ${points(PointEvent.rideCompleted)} AS delta,
             ${RIDE_ORDER_BIZ} AS ref_type, id AS ref_id, coalesce(end_at, start_at) AS at
        FROM ride_orders WHERE tenant_id = ${t.id} AND status IN (${RideStatus.paid}, ${RideStatus.refunded})
      UNION ALL
      SELECT member_id, ${PointEvent.perThousandPaid}::smallint, (paid / 1000) * ${points(PointEvent.perThousandPaid)},
             ${RIDE_ORDER_BIZ}, id, coalesce(end_at, start_at)
        FROM ride_orders WHERE tenant_id = ${t.id} AND status IN (${RideStatus.paid}, ${RideStatus.refunded}) AND paid >= 1000
      UNION ALL
      SELECT member_id, ${PointEvent.topUp}::smallint, ${points(PointEvent.topUp)}, 'payment_order', id, paid_at
        FROM payment_orders WHERE tenant_id = ${t.id} AND purpose = 'TOPUP' AND member_id IS NOT NULL AND paid_at IS NOT NULL
          AND status IN (${PaymentStatus.paid}, ${PaymentStatus.partiallyRefunded}, ${PaymentStatus.refunded})
      UNION ALL
      SELECT member_id, ${PointEvent.kycDone}::smallint, ${points(PointEvent.kycDone)}, 'kyc_review', id, coalesce(reviewed_at, created_at)
        FROM kyc_reviews WHERE tenant_id = ${t.id} AND status = ${KycReviewStatus.approved}
    )
    INSERT INTO point_ledger (tenant_id, member_id, delta, balance_after, event, ref_type, ref_id, created_at)
    SELECT ${t.id}, member_id, delta, sum(delta) OVER (PARTITION BY member_id ORDER BY at, event, ref_id), event, ref_type, ref_id, at
      FROM awards WHERE delta > 0`);
  await db.execute(sql`
    UPDATE members m SET points = s.total, growth = s.total
      FROM (SELECT member_id, sum(delta)::int AS total FROM point_ledger WHERE tenant_id = ${t.id} GROUP BY member_id) s
     WHERE m.id = s.member_id`);
  await relevelMembers(db, t.id);
  await seedBenefits(db, t);
}

/** The levels' benefits, and this month's Platinum coupon granted as the daily job grants it. */
async function seedBenefits(db: Db, t: DemoTenant) {
  const levels = await db.select({ id: memberLevels.id, levelNo: memberLevels.levelNo }).from(memberLevels).where(eq(memberLevels.tenantId, t.id));
  const [monthly] = await db
    .insert(coupons)
    .values({
      tenantId: t.id,
      nameKey: 'Platinum bulanan Rp 5.000',
      kind: CouponKind.amountOff,
      amount: 5_000,
      currency: 'IDR',
      scope: CouponScope.ride,
      perMemberLimit: 12,
      validKind: CouponValidKind.daysAfterGrant,
      validDays: 30,
      status: CouponStatus.listed,
    })
    .returning({ id: coupons.id });
  const added = await db
    .insert(levelBenefits)
    .values(
      DEMO_BENEFITS.map((b) => ({
        tenantId: t.id,
        levelId: levels.find((l) => l.levelNo === b.levelNo)!.id,
        benefit: b.benefit,
        value: b.value ?? null,
        couponId: b.benefit === LevelBenefitKind.monthlyCoupon ? monthly!.id : null,
      })),
    )
    .returning({ id: levelBenefits.id, benefit: levelBenefits.benefit });
  const now = new Date();
  for (const b of added.filter((a) => a.benefit === LevelBenefitKind.monthlyCoupon)) await grantLevelCoupon(db, b.id, grantMonthOf(now), now);
}
