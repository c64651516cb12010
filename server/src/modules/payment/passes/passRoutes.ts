import { appHeaders } from '@kayuh/contract/api/appAuth';
import { buyCardRequest, myCouponsQuery, type CardRuleView, type UserCardView, type UserCouponView } from '@kayuh/contract/api/passes';
import { UserCouponStatus } from '@kayuh/contract/resources/coupons';
import { businessDateOf } from '@kayuh/contract/rules/zone';
import { and, desc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardRules, cities, coupons, userCoupons } from '../../../db/schema.ts';
import { memberOf } from '../../../platform/access.ts';
import { ok } from '../../../platform/envelope.ts';
import { MEMBER_SECURITY } from '../../../platform/openapi.ts';
import type { Services } from '../../../platform/services.ts';
import type { MemberContext } from '../../../platform/types.ts';
import { cityOf } from '../topup.ts';
import { idempotentAppHeaders } from '../walletRoutes.ts';
import { buyCard, cardRulesOnSale, memberCards, type CardRuleRow, type UserCardRow } from './cards.ts';

const ruleView = (r: CardRuleRow): CardRuleView => ({
  cardRuleId: r.id,
  kind: r.kind,
  name: r.nameKey,
  price: r.price,
  currency: r.currency.trim(),
  validDays: r.validDays,
  perRideFreeMinutes: r.perRideFreeMinutes,
  dailyFreeMinutes: r.dailyFreeMinutes,
  rideQuota: r.rideQuota,
  swapQuota: r.swapQuota,
  cityCodes: r.cityCodes,
});

function cardView(card: UserCardRow, rule: CardRuleRow, today: string): UserCardView {
  const usedToday = card.usageDay === today ? card.minutesUsedToday : 0;
  return {
    userCardId: card.id,
    cardRuleId: card.cardRuleId,
    kind: card.kind,
    name: rule.nameKey,
    status: card.status,
    startAt: card.startAt.toISOString(),
    endAt: card.endAt.toISOString(),
    ridesLeft: card.ridesLeft,
    swapsLeft: card.swapsLeft,
    dailyFreeMinutesLeft: rule.dailyFreeMinutes === null ? null : Math.max(0, rule.dailyFreeMinutes - usedToday),
    price: card.price,
    currency: card.currency.trim(),
  };
}

/** The rider app's passes and coupons (docs/passes.md), each call the signed-in member's own. */
export const passRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  const route = (summary: string, description?: string) => ({ tags: ['app'], summary, description, security: MEMBER_SECURITY });
  const member = { config: { access: 'member' as const } };
  /** Today in the member's city (where they registered, else the tenant's first): the day a pass's daily minutes count on. */
  const todayOf = async (rider: MemberContext) => {
    const [city] = await db
      .select({ timeZone: cities.timeZone })
      .from(cities)
      .where(eq(cities.cityCode, await cityOf(db, rider, undefined)));
    return businessDateOf(new Date(), Number(city?.timeZone ?? 7));
  };

  app.get('/app/cards/rules', { ...member, schema: { headers: appHeaders, ...route('Passes on sale') } }, async (req) =>
    ok((await cardRulesOnSale(db, memberOf(req).tenantId)).map(ruleView)),
  );

  app.post(
    '/app/cards',
    {
      ...member,
      schema: {
        headers: idempotentAppHeaders,
        body: buyCardRequest,
        ...route(
          'Buy a pass from my balances',
          "Paid from BONUS, then WALLET, at once. The Idempotency-Key makes a repeated request answer the same pass. 2008: the balances do not cover it. 2004: off sale, or the pass's purchase limit is reached. An unstackable pass bought while one of its kind runs starts when that one ends (status 0).",
        ),
      },
    },
    async (req) => {
      const rider = memberOf(req);
      const card = await buyCard(db, rider, req.body.cardRuleId, req.headers['idempotency-key']);
      const [rule] = await db.select().from(cardRules).where(eq(cardRules.id, card.cardRuleId));
      return ok(cardView(card, rule!, await todayOf(rider)));
    },
  );

  app.get(
    '/app/cards',
    { ...member, schema: { headers: appHeaders, ...route('My passes', 'Running ones first, then the rest newest first (at most 100).') } },
    async (req) => {
      const rider = memberOf(req);
      const today = await todayOf(rider);
      return ok((await memberCards(db, rider.tenantId, rider.memberId)).map((c) => cardView(c, c.rule, today)));
    },
  );

  app.get(
    '/app/coupons',
    {
      ...member,
      schema: {
        headers: appHeaders,
        querystring: myCouponsQuery,
        ...route('My coupons', "usable: the ones a ride's unlock accepts now (unused, in their window); all: every one, newest first (at most 100)."),
      },
    },
    async (req) => {
      const rider = memberOf(req);
      const now = new Date();
      const rows = await db
        .select({ held: userCoupons, coupon: coupons })
        .from(userCoupons)
        .innerJoin(coupons, eq(coupons.id, userCoupons.couponId))
        .where(
          and(
            eq(userCoupons.tenantId, rider.tenantId),
            eq(userCoupons.memberId, rider.memberId),
            isNull(userCoupons.deletedAt),
            ...(req.query.which === 'usable'
              ? [eq(userCoupons.status, UserCouponStatus.unused), lte(userCoupons.validFrom, now), gt(userCoupons.validTo, now)]
              : []),
          ),
        )
        .orderBy(desc(userCoupons.createdAt), desc(userCoupons.id))
        .limit(100);
      return ok(
        rows.map(({ held, coupon }): UserCouponView => ({
          userCouponId: held.id,
          couponId: coupon.id,
          name: coupon.nameKey,
          kind: coupon.kind,
          scope: coupon.scope,
          amount: coupon.amount,
          percentBp: coupon.percentBp,
          maxDiscount: coupon.maxDiscount,
          minSpend: coupon.minSpend,
          freeMinutes: coupon.freeMinutes,
          currency: held.currency.trim(),
          status: held.status,
          validFrom: held.validFrom.toISOString(),
          validTo: held.validTo.toISOString(),
          discount: held.discount,
        })),
      );
    },
  );
};
