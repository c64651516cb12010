import { KycReviewStatus } from '@kayuh/contract/resources/kycReviews';
import { LoyaltyStatus, PointEvent } from '@kayuh/contract/resources/loyalty';
import { PaymentStatus } from '@kayuh/contract/api/wallet';
import { RIDE_ORDER_BIZ, RideStatus } from '@kayuh/contract/resources/rideOrders';
import { sql } from 'drizzle-orm';
import { relevelMembers } from '../../modules/member/loyalty/points.ts';
import type { Db } from '../client.ts';
import { levelPointRules, memberLevels } from '../schema.ts';
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
}
