import { MemberStatus } from '@kayuh/contract/resources/members';
import { TAG_RIDES_DAYS_DEFAULT, TAG_RULE_FIELDS } from '@kayuh/contract/resources/memberTags';
import { RideStatus } from '@kayuh/contract/resources/rideOrders';
import { and, eq, gte, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { members, memberTagLinks, memberTags, rideOrders } from '../../../db/schema.ts';

export type TagRow = typeof memberTags.$inferSelect;

const DAY_MS = 86_400_000;
/** Rides that count towards a rule: ended, paid or refunded (not reserved, under way, abnormal or cancelled). */
const FINISHED = [RideStatus.ended, RideStatus.paid, RideStatus.refunded];

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** Whether a tag's rule sets at least one condition (ruleRidesDays alone counts nothing). */
export const hasCondition = (tag: Record<string, unknown>) =>
  TAG_RULE_FIELDS.some((name) => name !== 'ruleRidesDays' && tag[name] !== null && tag[name] !== undefined && tag[name] !== '');

/**
 * The members a rule tag holds at `now` (docs/member-tags.md): the tenant's live members meeting every condition the
 * rule sets. Closed accounts only when the rule asks for them. Rides are counted along the tenant's newest-first
 * ride index over the period, grouped once, rather than per member.
 */
export function ruleMatch(tag: TagRow, now: Date): SQL {
  const conditions: Array<SQL | undefined> = [eq(members.tenantId, tag.tenantId), isNull(members.deletedAt)];
  conditions.push(tag.ruleMemberStatus === null ? ne(members.status, MemberStatus.closed) : eq(members.status, tag.ruleMemberStatus));
  if (tag.ruleKycStatus !== null) conditions.push(eq(members.kycStatus, tag.ruleKycStatus));
  if (tag.ruleCityCode !== null) conditions.push(eq(members.registerCityCode, tag.ruleCityCode));
  if (tag.ruleRegisterSource !== null) conditions.push(eq(members.registerSource, tag.ruleRegisterSource));
  if (tag.ruleSignedUpDays !== null) conditions.push(gte(members.createdAt, daysBefore(now, tag.ruleSignedUpDays)));
  if (tag.ruleInactiveDays !== null)
    conditions.push(lt(sql`coalesce(${members.lastActiveAt}, ${members.createdAt})`, daysBefore(now, tag.ruleInactiveDays)));
  if (tag.ruleRidesMin !== null) {
    const since = daysBefore(now, tag.ruleRidesDays ?? TAG_RIDES_DAYS_DEFAULT);
    conditions.push(
      inArray(
        members.id,
        sql`(SELECT ${rideOrders.memberId} FROM ${rideOrders}
             WHERE ${rideOrders.tenantId} = ${tag.tenantId} AND ${rideOrders.createdAt} >= ${since} AND ${rideOrders.deletedAt} IS NULL
               AND ${rideOrders.status} IN (${sql.raw(FINISHED.join(', '))})
             GROUP BY ${rideOrders.memberId} HAVING count(*) >= ${tag.ruleRidesMin})`,
      ),
    );
  }
  return and(...conditions)!;
}

/** Counts a tag's live members onto its row (the caller holds the tag's lock). */
export async function recountTags(tx: Db, tagIds: number[]) {
  if (!tagIds.length) return;
  await tx
    .update(memberTags)
    .set({
      memberCount: sql`(SELECT count(*) FROM ${memberTagLinks} WHERE ${memberTagLinks.tagId} = ${memberTags.id} AND ${memberTagLinks.deletedAt} IS NULL)`,
    })
    .where(inArray(memberTags.id, tagIds));
}

/**
 * Makes a rule tag hold exactly the members its rule matches now: links of members no longer matching go (a rule's
 * membership keeps no history), matching members not yet linked come, the count and the time follow. The caller
 * holds the tag's row lock, so evaluations of one tag run one after the other. Returns how many members it holds.
 */
export async function evaluateTag(tx: Db, tag: TagRow, now = new Date()): Promise<number> {
  const match = ruleMatch(tag, now);
  await tx.execute(sql`
    DELETE FROM ${memberTagLinks}
    WHERE ${memberTagLinks.tagId} = ${tag.id} AND ${memberTagLinks.deletedAt} IS NULL
      AND NOT EXISTS (SELECT 1 FROM ${members} WHERE ${members.id} = ${memberTagLinks.memberId} AND ${match})`);
  await tx.execute(sql`
    INSERT INTO ${memberTagLinks} (tenant_id, tag_id, member_id, created_at, updated_at)
    SELECT ${tag.tenantId}, ${tag.id}, ${members.id}, ${now}, ${now} FROM ${members} WHERE ${match}
    ON CONFLICT (tag_id, member_id) WHERE deleted_at IS NULL DO NOTHING`);
  await recountTags(tx, [tag.id]);
  const [after] = await tx
    .update(memberTags)
    .set({ evaluatedAt: now })
    .where(eq(memberTags.id, tag.id))
    .returning({ memberCount: memberTags.memberCount });
  return after?.memberCount ?? 0;
}
