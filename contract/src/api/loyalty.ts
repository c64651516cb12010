import { z } from 'zod';

/**
 * A benefit of a level (docs/loyalty.md "Benefits"): level_benefits.benefit (1 free unlocks a month, 2 ride discount
 * in percent, 3 a monthly coupon, 4 deposit waiver, 5 priority support) and its value where it has one.
 */
export const benefitView = z.object({ benefit: z.number(), value: z.number().nullable() });

/** A rung of the operator's ladder, as the rider app shows it, with what it gives. */
export const levelView = z.object({
  levelNo: z.number(),
  name: z.string(),
  minGrowth: z.number(),
  iconUrl: z.string().nullable(),
  benefits: z.array(benefitView),
});

/** One award of my points history. */
export const pointEntryView = z.object({
  /** level_point_rules.event: 1 ride completed, 2 per Rp1,000 paid, 3 top-up, 4 daily check-in, 5 referral, 6 KYC done. */
  event: z.number(),
  delta: z.number(),
  balanceAfter: z.number(),
  at: z.string(),
});

/** My points and level (GET /api/app/me/level): where I stand, what the next level needs, my latest awards. */
export const myLevel = z.object({
  points: z.number(),
  growth: z.number(),
  level: levelView.nullable(),
  /** The next rung up, with the growth still to earn; null at the top (or with no ladder). */
  next: levelView.extend({ toGo: z.number() }).nullable(),
  recent: z.array(pointEntryView),
});
export type MyLevel = z.infer<typeof myLevel>;

/** How many of my latest awards the app shows. */
export const MY_POINTS_RECENT = 20;
