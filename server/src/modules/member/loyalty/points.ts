import { LoyaltyStatus, MULTIPLIER_ONE_BP, PointEvent } from '@kayuh/contract/resources/loyalty';
import { businessDayOf } from '@kayuh/contract/rules/zone';
import { and, desc, eq, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { cities, levelPointRules, memberLevels, members, pointLedger } from '../../../db/schema.ts';

/** Western Indonesia Time: the business day of a member registered in no city. */
const DEFAULT_OFFSET = 7;

export interface Award {
  tenantId: number;
  memberId: number;
  event: number;
  /** The business row it is for (a ride, a payment order, an identity check): with the event, awarded once. */
  refType: string;
  refId: number;
  /** For PointEvent.perThousandPaid: what was paid, in rupiah. */
  paid?: number;
  /** The city whose business day the daily cap counts in (the ride's); else the member's registration city's. */
  cityCode?: number | null;
  at?: Date;
}

/** The level a growth reaches: the highest active level whose minimum it has met, or none. */
export async function levelFor(tx: Db, tenantId: number, growth: number): Promise<number | null> {
  const [level] = await tx
    .select({ id: memberLevels.id })
    .from(memberLevels)
    .where(
      and(
        eq(memberLevels.tenantId, tenantId),
        eq(memberLevels.status, LoyaltyStatus.active),
        isNull(memberLevels.deletedAt),
        lte(memberLevels.minGrowth, growth),
      ),
    )
    .orderBy(desc(memberLevels.minGrowth))
    .limit(1);
  return level?.id ?? null;
}

/** The active rule of an event for a level: the level's own, else the one for every level. */
async function ruleFor(tx: Db, tenantId: number, event: number, levelId: number | null) {
  const rules = await tx
    .select()
    .from(levelPointRules)
    .where(
      and(
        eq(levelPointRules.tenantId, tenantId),
        eq(levelPointRules.event, event),
        eq(levelPointRules.status, LoyaltyStatus.active),
        isNull(levelPointRules.deletedAt),
        levelId === null ? isNull(levelPointRules.levelId) : or(eq(levelPointRules.levelId, levelId), isNull(levelPointRules.levelId)),
      ),
    );
  return rules.find((r) => r.levelId !== null) ?? rules[0];
}

/**
 * Awards a member the points an event earns under the tenant's rules (docs/loyalty.md), in the caller's transaction:
 * the rule of the member's level (else of every level), its multiplier, its daily cap on the business day; once per
 * event and business row (point_ledger's unique key), so an award asked again — a retried notification, a parallel
 * request — adds nothing. The member's row is locked first, so their awards are counted one after the other; the
 * balance, growth and level follow. Returns the points added (0: no rule, nothing earned, capped or already given).
 */
export async function awardPoints(tx: Db, award: Award): Promise<number> {
  const [member] = await tx
    .select({ points: members.points, growth: members.growth, levelId: members.levelId, registerCityCode: members.registerCityCode })
    .from(members)
    .where(and(eq(members.id, award.memberId), eq(members.tenantId, award.tenantId)))
    .for('update');
  if (!member) return 0;
  const rule = await ruleFor(tx, award.tenantId, award.event, member.levelId);
  if (!rule) return 0;
  const units = award.event === PointEvent.perThousandPaid ? Math.floor((award.paid ?? 0) / 1_000) : 1;
  let delta = Math.floor((units * rule.points * rule.multiplierBp) / MULTIPLIER_ONE_BP);
  const at = award.at ?? new Date();
  if (rule.dailyCap !== null && delta > 0) {
    const cityCode = award.cityCode ?? member.registerCityCode;
    const [city] = cityCode ? await tx.select({ tz: cities.timeZone }).from(cities).where(eq(cities.cityCode, cityCode)) : [];
    const day = businessDayOf(at, city ? Number(city.tz) : DEFAULT_OFFSET);
    const [today] = await tx
      .select({ n: sql<number>`coalesce(sum(${pointLedger.delta}), 0)`.mapWith(Number) })
      .from(pointLedger)
      .where(
        and(
          eq(pointLedger.memberId, award.memberId),
          eq(pointLedger.event, award.event),
          gte(pointLedger.createdAt, day.from),
          lt(pointLedger.createdAt, day.to),
        ),
      );
    delta = Math.min(delta, Math.max(0, rule.dailyCap - (today?.n ?? 0)));
  }
  if (delta <= 0) return 0;
  const [entry] = await tx
    .insert(pointLedger)
    .values({
      tenantId: award.tenantId,
      memberId: award.memberId,
      delta,
      balanceAfter: member.points + delta,
      event: award.event,
      refType: award.refType,
      refId: award.refId,
      createdAt: at,
    })
    .onConflictDoNothing()
    .returning({ id: pointLedger.id });
  if (!entry) return 0;
  // The row is locked: what it held plus the award is what it holds now.
  const growth = member.growth + delta;
  await tx
    .update(members)
    .set({ points: member.points + delta, growth, levelId: await levelFor(tx, award.tenantId, growth) })
    .where(eq(members.id, award.memberId));
  return delta;
}

/** Every member of a tenant at the level their growth reaches (after the levels were edited). */
export async function relevelMembers(tx: Db, tenantId: number) {
  await tx.execute(sql`
    UPDATE members m SET level_id = target.level_id
    FROM (
      SELECT m2.id, (
        SELECT l.id FROM member_levels l
        WHERE l.tenant_id = m2.tenant_id AND l.status = ${LoyaltyStatus.active} AND l.deleted_at IS NULL AND l.min_growth <= m2.growth
        ORDER BY l.min_growth DESC LIMIT 1) AS level_id
      FROM members m2 WHERE m2.tenant_id = ${tenantId}) target
    WHERE m.id = target.id AND m.level_id IS DISTINCT FROM target.level_id`);
}
