import { z } from 'zod';

/**
 * The rider app's passes and coupons (docs/passes.md): the passes on sale, buying one from the wallet, my passes and
 * my coupons. A coupon is applied to a ride at unlock (rides.ts unlockRequest). Amounts in the currency's smallest unit.
 */

export const buyCardRequest = z.object({
  cardRuleId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).describe('The pass on sale to buy (GET /api/app/cards/rules)'),
});

export const cardRuleView = z.object({
  cardRuleId: z.number().int(),
  /** card_rules.kind: 1 ride pass, 2 swap plan. */
  kind: z.number().int(),
  name: z.string(),
  price: z.number().int(),
  currency: z.string(),
  validDays: z.number().int(),
  perRideFreeMinutes: z.number().int().nullable(),
  dailyFreeMinutes: z.number().int().nullable(),
  rideQuota: z.number().int().nullable(),
  swapQuota: z.number().int().nullable(),
  cityCodes: z.array(z.number().int()).nullable(),
});
export type CardRuleView = z.infer<typeof cardRuleView>;

export const userCardView = z.object({
  userCardId: z.number().int(),
  cardRuleId: z.number().int(),
  kind: z.number().int(),
  name: z.string(),
  /** user_cards.status: 0 pending start (after the pass it follows), 1 active, 2 expired, 3 refunded, 4 suspended. */
  status: z.number().int(),
  startAt: z.string(),
  endAt: z.string(),
  ridesLeft: z.number().int().nullable(),
  swapsLeft: z.number().int().nullable(),
  /** Today's free minutes left (a ride pass with a daily limit), else null. */
  dailyFreeMinutesLeft: z.number().int().nullable(),
  price: z.number().int(),
  currency: z.string(),
});
export type UserCardView = z.infer<typeof userCardView>;

export const userCouponView = z.object({
  userCouponId: z.number().int(),
  couponId: z.number().int(),
  name: z.string(),
  /** coupons.kind: 1 amount off, 2 percent off, 3 free minutes, 4 free unlock. */
  kind: z.number().int(),
  /** coupons.scope: 0 any, 1 ride, 2 swap … */
  scope: z.number().int(),
  amount: z.number().int().nullable(),
  percentBp: z.number().int().nullable(),
  maxDiscount: z.number().int().nullable(),
  minSpend: z.number().int().nullable(),
  freeMinutes: z.number().int().nullable(),
  currency: z.string(),
  /** user_coupons.status: 1 unused, 2 locked by a ride under way, 3 used, 4 expired, 5 revoked. */
  status: z.number().int(),
  validFrom: z.string(),
  validTo: z.string(),
  discount: z.number().int().nullable(),
});
export type UserCouponView = z.infer<typeof userCouponView>;

export const myCouponsQuery = z.object({
  /** usable: unused and valid now (what unlock accepts); all: every one, newest first. */
  which: z.enum(['usable', 'all']).default('usable'),
});
