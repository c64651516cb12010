// Members' passes and coupons (DOMAIN §2.7, §3.11). §9.5 gives no volumes for them; ours, at scale 1:
// - user_cards 600,000 over the 365 days before AS_OF (about one member in four buys a pass in a year, some several):
//   the operator's on-sale passes (the demo's), bought on a uniform day, valid their days from then; 1% refunded,
//   0.5% suspended, the rest expired or active by their end. Ride quotas and today's minutes as a member leaves them.
// - coupons 40 per operator (kinds, scopes and validities mixed; a few drafts, delisted and expired);
// - user_coupons 3,000,000 granted over the year, apportioned over the coupons that were ever listed, so issued_qty is
//   what was granted; 40% used (a ride's discount), 2% revoked, the rest unused or expired by their window.
import { CardKind, CardRuleStatus } from '@kayuh/contract/resources/cardRules';
import {
  CouponKind,
  CouponScope,
  CouponStatus,
  CouponValidKind,
  UserCouponStatus,
  couponResource,
  userCouponResource,
} from '@kayuh/contract/resources/coupons';
import { UserCardStatus, userCardResource } from '@kayuh/contract/resources/userCards';
import { cardRules, coupons, members, userCards, userCoupons } from '../../../server/src/db/schema.ts';
import { DEMO_PASSES } from '../../../server/src/db/seed/demoBilling.ts';
import { apportion, DAY_MS, stamped, type Context } from '../context.ts';
import { rngFor, type Rng } from '../rng.ts';
import { defineTable } from '../spec.ts';
import { memberPlan } from './money.ts';
import { userIdOf } from './staff.ts';

export const PASS_VOLUMES = { userCards: 600_000, couponsPerTenant: 40, userCoupons: 3_000_000 } as const;
const HISTORY_DAYS = 365;
const ON_SALE = DEMO_PASSES.map((p, k) => ({ ...p, k })).filter((p) => p.status === CardRuleStatus.onSale);

/** A coupon's terms by its place in the operator's list: every kind, scope and validity, a few not (or no longer) listed. */
function couponOf(k: number, ctx: Context) {
  const kind = [CouponKind.amountOff, CouponKind.percentOff, CouponKind.freeMinutes, CouponKind.freeUnlock][k % 4]!;
  const fixed = k % 3 === 0;
  const from = new Date(ctx.asOf.getTime() - (HISTORY_DAYS - k * 8) * DAY_MS);
  const status =
    k % 10 === 9 ? CouponStatus.draft : k % 10 === 8 ? CouponStatus.delisted : fixed && k < 30 ? CouponStatus.expired : CouponStatus.listed;
  return {
    nameKey: `Kupon ${k + 1}`,
    kind,
    amount: kind === CouponKind.amountOff ? 1_000 * (1 + (k % 5)) : null,
    percentBp: kind === CouponKind.percentOff ? 1_000 * (1 + (k % 3)) : null,
    maxDiscount: kind === CouponKind.percentOff ? 5_000 : null,
    minSpend: k % 4 === 1 ? 5_000 : null,
    freeMinutes: kind === CouponKind.freeMinutes ? 10 : null,
    currency: 'IDR',
    scope: k % 7 === 6 ? CouponScope.any : CouponScope.ride,
    validKind: fixed ? CouponValidKind.fixedWindow : CouponValidKind.daysAfterGrant,
    validFrom: fixed ? from : null,
    validTo: fixed ? new Date(from.getTime() + 60 * DAY_MS) : null,
    validDays: fixed ? null : 30,
    perMemberLimit: 3,
    status,
    from,
  };
}

interface CouponPlan {
  /** Each tenant's coupons, in id order: the first id and how many of its rows each coupon has. */
  firstId: number[];
  issued: number[][];
}

/** How many members hold each coupon: the grants apportioned over the coupons ever listed (own stream). */
function couponPlan(ctx: Context): CouponPlan {
  const cached = (ctx as Context & { couponPlan?: CouponPlan }).couponPlan;
  if (cached) return cached;
  const rng = rngFor(ctx.seed, 'coupons.issued');
  const perTenant = apportion(
    Math.round(PASS_VOLUMES.userCoupons * ctx.scale),
    ctx.tenants.map((t) => t.cities.reduce((n, c) => n + c.weight, 0)),
  );
  const plan: CouponPlan = { firstId: [], issued: [] };
  ctx.tenants.forEach((_t, ti) => {
    plan.firstId.push(ti * PASS_VOLUMES.couponsPerTenant + 1);
    const weights = Array.from({ length: PASS_VOLUMES.couponsPerTenant }, (_, k) =>
      couponOf(k, ctx).status === CouponStatus.draft ? 0 : 0.5 + rng.next(),
    );
    plan.issued.push(apportion(perTenant[ti]!, weights));
  });
  (ctx as Context & { couponPlan?: CouponPlan }).couponPlan = plan;
  return plan;
}

/** A member of the tenant, uniformly. */
const memberOf = (rng: Rng, ctx: Context, ti: number) => {
  const plan = memberPlan(ctx);
  return plan.firstId[ti]! + rng.int(0, plan.counts[ti]! - 1);
};

function* userCardRows(rng: Rng, ctx: Context): Generator<typeof userCards.$inferInsert> {
  const counts = apportion(
    Math.round(PASS_VOLUMES.userCards * ctx.scale),
    ctx.tenants.map((t) => t.cities.reduce((n, c) => n + c.weight, 0)),
  );
  let id = 0;
  for (let ti = 0; ti < ctx.tenants.length; ti++) {
    const t = ctx.tenants[ti]!;
    for (let i = 0; i < counts[ti]!; i++) {
      const pass = rng.pick(ON_SALE);
      const bought = new Date(ctx.asOf.getTime() - rng.int(0, HISTORY_DAYS * 24 * 3_600 - 1) * 1000);
      const endAt = new Date(bought.getTime() + pass.validDays * DAY_MS);
      const x = rng.next();
      const status =
        x < 0.01
          ? UserCardStatus.refunded
          : x < 0.015
            ? UserCardStatus.suspended
            : endAt <= ctx.asOf
              ? UserCardStatus.expired
              : UserCardStatus.active;
      const running = status === UserCardStatus.active;
      id++;
      yield {
        id,
        tenantId: t.id,
        cardRuleId: ti * DEMO_PASSES.length + pass.k + 1,
        memberId: memberOf(rng, ctx, ti),
        kind: pass.kind,
        price: pass.price,
        currency: pass.currency,
        startAt: bought,
        endAt,
        ridesLeft: null,
        swapsLeft: pass.kind === CardKind.swapPlan ? rng.int(0, pass.swapQuota ?? 0) : null,
        minutesUsedToday: running && pass.kind === CardKind.ridePass ? rng.int(0, pass.dailyFreeMinutes ?? 0) : 0,
        usageDay: running ? new Date(ctx.asOf.getTime() - DAY_MS).toISOString().slice(0, 10) : null,
        status,
        purchaseKey: `bench-${id}`,
        ...stamped(bought),
      };
    }
  }
}

function* couponRows(_rng: Rng, ctx: Context): Generator<typeof coupons.$inferInsert> {
  const plan = couponPlan(ctx);
  for (let ti = 0; ti < ctx.tenants.length; ti++) {
    const t = ctx.tenants[ti]!;
    for (let k = 0; k < PASS_VOLUMES.couponsPerTenant; k++) {
      const { from, ...coupon } = couponOf(k, ctx);
      const issued = plan.issued[ti]![k]!;
      yield {
        ...coupon,
        id: plan.firstId[ti]! + k,
        tenantId: t.id,
        totalQty: Math.max(issued, 10) * 2,
        issuedQty: issued,
        createdBy: userIdOf(t.id),
        ...stamped(new Date(from.getTime() - DAY_MS)),
      };
    }
  }
}

function* userCouponRows(rng: Rng, ctx: Context): Generator<typeof userCoupons.$inferInsert> {
  const plan = couponPlan(ctx);
  let id = 0;
  for (let ti = 0; ti < ctx.tenants.length; ti++) {
    for (let k = 0; k < PASS_VOLUMES.couponsPerTenant; k++) {
      const coupon = couponOf(k, ctx);
      const couponId = plan.firstId[ti]! + k;
      const lastGrant = coupon.validTo ? Math.min(coupon.validTo.getTime(), ctx.asOf.getTime()) : ctx.asOf.getTime();
      for (let n = 0; n < plan.issued[ti]![k]!; n++) {
        const granted = new Date(coupon.from.getTime() + rng.next() * Math.max(DAY_MS, lastGrant - coupon.from.getTime() - 3_600_000));
        const validFrom = coupon.validFrom ?? granted;
        const validTo = coupon.validTo ?? new Date(granted.getTime() + (coupon.validDays ?? 30) * DAY_MS);
        const x = rng.next();
        const used = x < 0.4;
        const status = used
          ? UserCouponStatus.used
          : x < 0.42
            ? UserCouponStatus.revoked
            : validTo <= ctx.asOf
              ? UserCouponStatus.expired
              : UserCouponStatus.unused;
        const usedAt = used
          ? new Date(Math.min(ctx.asOf.getTime() - 60_000, granted.getTime() + rng.next() * (validTo.getTime() - granted.getTime())))
          : null;
        id++;
        yield {
          id,
          tenantId: ctx.tenants[ti]!.id,
          couponId,
          memberId: memberOf(rng, ctx, ti),
          source: rng.pick([1, 1, 3, 4, 5]),
          validFrom,
          validTo,
          status,
          usedAt,
          usedOrderType: used ? 'ride_order' : null,
          discount: used ? (coupon.amount ?? 2_000) : null,
          currency: 'IDR',
          ...stamped(granted),
        };
      }
    }
  }
}

export const passTables = [
  defineTable({
    table: userCards,
    rows: userCardRows,
    references: [
      [userCards.cardRuleId, cardRules.id],
      [userCards.memberId, members.id],
    ],
    rules: [
      { name: 'a pass ending before it starts', sql: `SELECT count(*) FROM user_cards WHERE end_at <= start_at` },
      {
        name: "a pass of another operator's rule",
        sql: `SELECT count(*) FROM user_cards u JOIN card_rules r ON r.id = u.card_rule_id WHERE r.tenant_id <> u.tenant_id OR r.kind <> u.kind`,
      },
    ],
    resource: userCardResource,
  }),
  defineTable({ table: coupons, rows: couponRows, resource: couponResource }),
  defineTable({
    table: userCoupons,
    rows: userCouponRows,
    references: [
      [userCoupons.couponId, coupons.id],
      [userCoupons.memberId, members.id],
    ],
    rules: [
      {
        name: 'a coupon whose issued_qty is not what its members hold',
        sql: `SELECT count(*) FROM coupons c WHERE c.issued_qty <> (SELECT count(*) FROM user_coupons u WHERE u.coupon_id = c.id)`,
      },
      { name: 'a used coupon without its use', sql: `SELECT count(*) FROM user_coupons WHERE status = 3 AND (used_at IS NULL OR discount IS NULL)` },
    ],
    resource: userCouponResource,
  }),
];
