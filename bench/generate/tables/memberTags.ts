// Member tags (DOMAIN §2.3 member_tags, member_tag_links; docs/member-tags.md): each tenant has four manual tags of
// 0.3–5% of its members, added by hand over the last 180 days, and two rule tags as last night's evaluation left them —
// the members of its first city and its KYC-verified members (about 2,000,000 links at scale 1).
import { KycStatus } from '@kayuh/contract/resources/kycReviews';
import { MemberTagKind, memberTagLinkResource, memberTagResource } from '@kayuh/contract/resources/memberTags';
import { members, memberTagLinks, memberTags } from '../../../server/src/db/schema.ts';
import { type Context, DAY_MS, stamped } from '../context.ts';
import { rngFor } from '../rng.ts';
import { defineTable } from '../spec.ts';
import { kycPlan } from './kycReviews.ts';
import { memberPlan } from './money.ts';

const MANUAL = [
  { name: 'VIP', color: 'gold', share: 0.003 },
  { name: 'Korporat', color: 'blue', share: 0.01 },
  { name: 'Komunitas', color: 'green', share: 0.02 },
  { name: 'Pelajar', color: 'purple', share: 0.05 },
] as const;
const PER_TENANT = MANUAL.length + 2;
/** Last night's evaluation of the rule tags. */
const evaluatedAt = (ctx: Context) => new Date(ctx.asOf.getTime() - 6 * 3_600_000);

type Tag = { id: number; ti: number; kind: number; share?: number; cityCode?: number; kyc?: number };

/** Each tenant's tags, in id order: the manual ones, then its first city's, then its verified members'. */
function tagPlan(ctx: Context): Tag[] {
  return ctx.tenants.flatMap((t, ti) => [
    ...MANUAL.map((m, k) => ({ id: ti * PER_TENANT + k + 1, ti, kind: MemberTagKind.manual, share: m.share })),
    { id: ti * PER_TENANT + MANUAL.length + 1, ti, kind: MemberTagKind.rule, cityCode: t.cities[0]!.cityCode },
    { id: ti * PER_TENANT + MANUAL.length + 2, ti, kind: MemberTagKind.rule, kyc: KycStatus.verified },
  ]);
}

/** The members of each tag, by member id, drawn once (the tags' counts and the links agree). */
function linkPlan(ctx: Context): Map<number, number[]> {
  const cached = (ctx as Context & { tagLinks?: Map<number, number[]> }).tagLinks;
  if (cached) return cached;
  const plan = memberPlan(ctx);
  const kyc = kycPlan(ctx);
  const rng = rngFor(ctx.seed, 'member_tag_links.manual');
  const links = new Map<number, number[]>();
  for (const tag of tagPlan(ctx)) {
    const held: number[] = [];
    const first = plan.firstId[tag.ti]!;
    for (let id = first; id < first + plan.counts[tag.ti]!; id++) {
      const i = id - 1;
      if (tag.share !== undefined ? rng.chance(tag.share) : tag.cityCode !== undefined ? plan.cityOf[i] === tag.cityCode : kyc[i] === tag.kyc)
        held.push(id);
    }
    links.set(tag.id, held);
  }
  (ctx as Context & { tagLinks?: Map<number, number[]> }).tagLinks = links;
  return links;
}

export const memberTagTables = [
  defineTable({
    table: memberTags,
    *rows(_rng, ctx) {
      const links = linkPlan(ctx);
      for (const tag of tagPlan(ctx)) {
        const t = ctx.tenants[tag.ti]!;
        const manual = tag.kind === MemberTagKind.manual ? MANUAL[(tag.id - 1) % PER_TENANT]! : undefined;
        yield {
          id: tag.id,
          tenantId: t.id,
          name: manual?.name ?? (tag.cityCode !== undefined ? `Kota ${t.cities[0]!.name}` : 'KYC terverifikasi'),
          color: manual?.color ?? 'cyan',
          kind: tag.kind,
          ruleCityCode: tag.cityCode ?? null,
          ruleKycStatus: tag.kyc ?? null,
          memberCount: links.get(tag.id)!.length,
          evaluatedAt: manual ? null : evaluatedAt(ctx),
          ...stamped(new Date(ctx.asOf.getTime() - 200 * DAY_MS)),
        };
      }
    },
    rules: [
      {
        name: 'a tag counting other than its members',
        sql: `SELECT count(*) FROM member_tags t WHERE t.member_count <> (SELECT count(*) FROM member_tag_links l WHERE l.tag_id = t.id AND l.deleted_at IS NULL)`,
      },
    ],
    resource: memberTagResource,
  }),
  defineTable({
    table: memberTagLinks,
    *rows(rng, ctx) {
      const links = linkPlan(ctx);
      let id = 0;
      for (const tag of tagPlan(ctx)) {
        const tenantId = ctx.tenants[tag.ti]!.id;
        for (const memberId of links.get(tag.id)!) {
          const at = tag.kind === MemberTagKind.rule ? evaluatedAt(ctx) : new Date(ctx.asOf.getTime() - Math.floor(rng.next() * 180 * DAY_MS));
          yield { id: ++id, tenantId, tagId: tag.id, memberId, ...stamped(at) };
        }
      }
    },
    references: [
      [memberTagLinks.memberId, members.id],
      [memberTagLinks.tagId, memberTags.id],
    ],
    rules: [
      {
        name: "a link to another tenant's member or tag",
        sql: `SELECT count(*) FROM member_tag_links l JOIN members m ON m.id = l.member_id JOIN member_tags t ON t.id = l.tag_id WHERE m.tenant_id <> l.tenant_id OR t.tenant_id <> l.tenant_id`,
      },
      {
        name: "a rule tag's member its rule does not match",
        sql: `SELECT count(*) FROM member_tag_links l JOIN member_tags t ON t.id = l.tag_id JOIN members m ON m.id = l.member_id
              WHERE t.kind = 2 AND (m.register_city_code IS DISTINCT FROM coalesce(t.rule_city_code, m.register_city_code)
                                    OR m.kyc_status <> coalesce(t.rule_kyc_status, m.kyc_status))`,
      },
    ],
    resource: memberTagLinkResource,
  }),
];
