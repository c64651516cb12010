import { z } from 'zod';

/** A rung of the operator's ladder, as the rider app shows it. */
export const levelView = z.object({ levelNo: z.number(), name: z.string(), minGrowth: z.number(), iconUrl: z.string().nullable() });

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
