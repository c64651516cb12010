// Member levels and points (DOMAIN §2.3 member_levels, level_point_rules, point_ledger; docs/loyalty.md): each tenant
// has the demo's ladder of four levels and its four rules (server/src/db/seed/demoLoyalty.ts), and every paid or refunded ride earned its points as the
// server awards them — 10 for the ride and 1 per Rp 1,000 paid — at the ride's end, with the member's running balance
// (about 20,000,000 history rows at scale 1). members.points and growth are left as generated (0): the history is
// what the lists read.
import {
  LevelBenefitKind,
  LoyaltyStatus,
  PointEvent,
  levelBenefitResource,
  levelPointRuleResource,
  memberLevelResource,
  pointLedgerResource,
} from '@kayuh/contract/resources/loyalty';
import { RIDE_ORDER_BIZ, RideStatus } from '@kayuh/contract/resources/rideOrders';
import { levelBenefits, levelPointRules, memberLevels, members, pointLedger } from '../../../server/src/db/schema.ts';
import { DEMO_BENEFITS, DEMO_LEVELS, DEMO_POINT_RULES } from '../../../server/src/db/seed/demoLoyalty.ts';
import { stamped } from '../context.ts';
import { rngFor } from '../rng.ts';
import { defineTable } from '../spec.ts';
import { memberPlan } from './money.ts';
import { rideRows } from './rideOrders.ts';

const RIDE_POINTS = DEMO_POINT_RULES.find((r) => r.event === PointEvent.rideCompleted)!.points;

export const loyaltyTables = [
  defineTable({
    table: memberLevels,
    *rows(_rng, ctx) {
      let id = 0;
      for (const t of ctx.tenants)
        for (const level of DEMO_LEVELS)
          yield { id: ++id, tenantId: t.id, ...level, status: LoyaltyStatus.active, ...stamped(new Date(ctx.asOf.getTime() - 400 * 86_400_000)) };
    },
    resource: memberLevelResource,
  }),
  defineTable({
    table: levelPointRules,
    *rows(_rng, ctx) {
      let id = 0;
      for (const t of ctx.tenants)
        for (const rule of DEMO_POINT_RULES)
          yield { id: ++id, tenantId: t.id, ...rule, status: LoyaltyStatus.active, ...stamped(new Date(ctx.asOf.getTime() - 400 * 86_400_000)) };
    },
    resource: levelPointRuleResource,
  }),
  // The demo's benefits per level, but the monthly coupon (a coupon of its own the bench's coupons do not hold).
  defineTable({
    table: levelBenefits,
    *rows(_rng, ctx) {
      let id = 0;
      for (const [ti, t] of ctx.tenants.entries())
        for (const b of DEMO_BENEFITS.filter((x) => x.benefit !== LevelBenefitKind.monthlyCoupon))
          yield {
            id: ++id,
            tenantId: t.id,
            levelId: ti * DEMO_LEVELS.length + DEMO_LEVELS.findIndex((l) => l.levelNo === b.levelNo) + 1,
            benefit: b.benefit,
            value: b.value ?? null,
            status: LoyaltyStatus.active,
            ...stamped(new Date(ctx.asOf.getTime() - 300 * 86_400_000)),
          };
    },
    references: [[levelBenefits.levelId, memberLevels.id]],
    rules: [
      {
        name: "a benefit of another tenant's level",
        sql: `SELECT count(*) FROM level_benefits b JOIN member_levels l ON l.id = b.level_id WHERE l.tenant_id <> b.tenant_id`,
      },
    ],
    resource: levelBenefitResource,
  }),
  defineTable({
    table: pointLedger,
    *rows(_rng, ctx) {
      const balance = new Int32Array(memberPlan(ctx).tenantOf.length + 1);
      let id = 0;
      for (const ride of rideRows(rngFor(ctx.seed, 'ride_orders'), ctx)) {
        if (ride.status !== RideStatus.paid && ride.status !== RideStatus.refunded) continue;
        const award = (event: number, delta: number) => {
          balance[ride.memberId] = balance[ride.memberId]! + delta;
          return {
            id: ++id,
            tenantId: ride.tenantId,
            memberId: ride.memberId,
            delta,
            balanceAfter: balance[ride.memberId]!,
            event,
            refType: RIDE_ORDER_BIZ,
            refId: ride.id!,
            createdAt: ride.endAt!,
          };
        };
        yield award(PointEvent.rideCompleted, RIDE_POINTS);
        const perThousand = Math.floor((ride.paid ?? 0) / 1_000);
        if (perThousand > 0) yield award(PointEvent.perThousandPaid, perThousand);
      }
    },
    references: [[pointLedger.memberId, members.id]],
    rules: [
      {
        name: "an award for another member's or tenant's ride",
        sql: `SELECT count(*) FROM point_ledger p JOIN ride_orders r ON r.id = p.ref_id AND p.ref_type = 'ride_order' WHERE r.member_id <> p.member_id OR r.tenant_id <> p.tenant_id`,
      },
    ],
    resource: pointLedgerResource,
  }),
];
