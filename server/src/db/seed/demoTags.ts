import { KycStatus } from '@kayuh/contract/resources/kycReviews';
import { MemberTagKind } from '@kayuh/contract/resources/memberTags';
import { and, asc, eq, isNull, like } from 'drizzle-orm';
import { recountTags, evaluateTag, type TagRow } from '../../modules/member/tags/tagRule.ts';
import type { Db } from '../client.ts';
import { members, memberTagLinks, memberTags } from '../schema.ts';
import type { DemoTenant } from './demoOrg.ts';

/**
 * Each operator's tags (seeded last, over the riders and rides already there): a manual VIP tag of its first riders,
 * and rule tags evaluated as the nightly job would — regular riders, new sign-ups, riders gone quiet, verified ones.
 */
export async function seedDemoTags(db: Db, t: DemoTenant, now: Date) {
  const rule = (name: string, color: string, conditions: Partial<TagRow>) => ({
    tenantId: t.id,
    name,
    color,
    kind: MemberTagKind.rule,
    ...conditions,
  });
  const tags = await db
    .insert(memberTags)
    .values([
      { tenantId: t.id, name: 'VIP', color: 'gold', kind: MemberTagKind.manual, remark: 'Pelanggan korporat dan komunitas' },
      rule('Pengendara rutin', 'green', { ruleRidesMin: 3, ruleRidesDays: 30 }),
      rule('Anggota baru', 'blue', { ruleSignedUpDays: 14 }),
      rule('Tidak aktif 30 hari', 'orange', { ruleInactiveDays: 30 }),
      rule('KYC terverifikasi', 'cyan', { ruleKycStatus: KycStatus.verified }),
    ])
    .returning();
  const vip = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.tenantId, t.id), isNull(members.deletedAt), like(members.phone, '+62812%')))
    .orderBy(asc(members.id))
    .limit(6);
  await db.transaction(async (tx) => {
    const d = tx as unknown as Db;
    if (vip.length) await d.insert(memberTagLinks).values(vip.map((m) => ({ tenantId: t.id, tagId: tags[0]!.id, memberId: m.id })));
    await recountTags(d, [tags[0]!.id]);
    for (const tag of tags.slice(1)) await evaluateTag(d, tag, now);
  });
}
