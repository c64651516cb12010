/**
 * Member tags (DOMAIN §2.3 member_tags, member_tag_links; docs/member-tags.md): segments of riders that customer
 * service fills by hand or a rule fills every night, and that coupons are granted to. Re-exported by ../schema.ts.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { audited, id, tenantId, ts } from '../columns.ts';

const live = sql`deleted_at IS NULL`;

/**
 * A tag: manual (members added by phone) or rule (the members the rule matches, re-evaluated nightly). The rule is
 * kept as typed columns, one per condition, so each is bounded by its type and dictionary; a condition left empty
 * does not narrow (docs/member-tags.md). member_count is kept by every change of the tag's members, under its lock.
 */
export const memberTags = pgTable(
  'member_tags',
  {
    id: id(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    color: text('color'),
    kind: smallint('kind').notNull(),
    ruleMemberStatus: smallint('rule_member_status'),
    ruleKycStatus: smallint('rule_kyc_status'),
    ruleCityCode: bigint('rule_city_code', { mode: 'number' }),
    ruleRegisterSource: smallint('rule_register_source'),
    ruleSignedUpDays: integer('rule_signed_up_days'),
    ruleInactiveDays: integer('rule_inactive_days'),
    ruleRidesMin: integer('rule_rides_min'),
    ruleRidesDays: integer('rule_rides_days'),
    memberCount: integer('member_count').notNull().default(0),
    evaluatedAt: ts('evaluated_at'),
    ...audited(),
  },
  (t) => [uniqueIndex('member_tags_name_uq').on(t.tenantId, t.name).where(live), check('member_tags_kind_ck', sql`${t.kind} IN (1, 2)`)],
);

/** A member carrying a tag; once per pair while live. A manual removal is kept (deleted_at); a rule's is not. */
export const memberTagLinks = pgTable(
  'member_tag_links',
  {
    id: id(),
    tenantId: tenantId(),
    tagId: bigint('tag_id', { mode: 'number' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    ...audited(),
  },
  (t) => [
    uniqueIndex('member_tag_links_uq').on(t.tagId, t.memberId).where(live),
    // A tag's members, newest first (the list and the coupon grant), and a member's tags (the member's detail).
    index('member_tag_links_tag_idx').on(t.tagId, t.createdAt, t.id).where(live),
    index('member_tag_links_member_idx').on(t.memberId).where(live),
  ],
);
