/**
 * Member levels and points (DOMAIN §2.3 member_levels, level_point_rules, point_ledger; docs/loyalty.md). Re-exported
 * by ../schema.ts. A member's points, growth and level are cached on members; point_ledger is the truth.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { appendOnly, audited, id, tenantId, ts } from '../columns.ts';

const live = sql`deleted_at IS NULL`;

export const memberLevels = pgTable(
  'member_levels',
  {
    id: id(),
    tenantId: tenantId(),
    levelNo: smallint('level_no').notNull(),
    nameKey: text('name_key').notNull(),
    minGrowth: integer('min_growth').notNull(),
    iconUrl: text('icon_url'),
    status: smallint('status').notNull().default(0),
    ...audited(),
  },
  (t) => [
    uniqueIndex('member_levels_no_uq').on(t.tenantId, t.levelNo).where(live),
    uniqueIndex('member_levels_growth_uq').on(t.tenantId, t.minGrowth).where(live),
    check('member_levels_growth_ck', sql`${t.minGrowth} >= 0`),
  ],
);

export const levelPointRules = pgTable(
  'level_point_rules',
  {
    id: id(),
    tenantId: tenantId(),
    /** Null: every level (a level's own rule for the event wins). */
    levelId: bigint('level_id', { mode: 'number' }),
    event: smallint('event').notNull(),
    points: integer('points').notNull(),
    multiplierBp: integer('multiplier_bp').notNull().default(10_000),
    dailyCap: integer('daily_cap'),
    status: smallint('status').notNull().default(0),
    ...audited(),
  },
  (t) => [
    uniqueIndex('level_point_rules_uq')
      .on(t.tenantId, t.event, sql`coalesce(${t.levelId}, 0)`)
      .where(live),
    check('level_point_rules_points_ck', sql`${t.points} > 0 AND ${t.multiplierBp} > 0`),
  ],
);

/** [A] Every award: once per (event, business row, member), the unique key that makes awards idempotent. */
export const pointLedger = pgTable(
  'point_ledger',
  {
    id: id(),
    tenantId: tenantId(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    event: smallint('event').notNull(),
    refType: text('ref_type'),
    refId: bigint('ref_id', { mode: 'number' }),
    expiresAt: ts('expires_at'),
    ...appendOnly(),
  },
  (t) => [
    uniqueIndex('point_ledger_award_uq').on(t.tenantId, t.event, t.refType, t.refId, t.memberId),
    index('point_ledger_member_idx').on(t.memberId, t.createdAt, t.id),
    index('point_ledger_created_idx').on(t.tenantId, t.createdAt, t.id),
  ],
);

/**
 * What members at a level get (docs/loyalty.md "Benefits"): one of each kind per level. `value` is the free unlocks a
 * month or the ride discount in percent; a monthly coupon names its coupon, and last_granted_month ('YYYY-MM') is the
 * month its members last received it, so the monthly grant runs once however often the job does.
 */
export const levelBenefits = pgTable(
  'level_benefits',
  {
    id: id(),
    tenantId: tenantId(),
    levelId: bigint('level_id', { mode: 'number' }).notNull(),
    benefit: smallint('benefit').notNull(),
    value: integer('value'),
    couponId: bigint('coupon_id', { mode: 'number' }),
    status: smallint('status').notNull().default(0),
    lastGrantedMonth: text('last_granted_month'),
    ...audited(),
  },
  (t) => [
    uniqueIndex('level_benefits_uq').on(t.tenantId, t.levelId, t.benefit).where(live),
    check('level_benefits_benefit_ck', sql`${t.benefit} BETWEEN 1 AND 5`),
  ],
);
