import { Code } from '@kayuh/contract/codes';
import { RideStatus } from '@kayuh/contract/resources/rideOrders';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { coupons, members, memberTagLinks, memberTags, rideOrders, userCoupons } from '../src/db/schema.ts';
import { relevelMembers } from '../src/modules/member/loyalty/points.ts';
import { evaluateRuleTags } from '../src/modules/member/tags/tagJobs.ts';
import { useTestApp } from './harness.ts';
import { useRiders } from './riders.ts';

/**
 * Member tags (docs/member-tags.md): customer service fills a manual tag by phone and takes members out of it; a
 * rule tag holds the members its rule matches, evaluated on save, on demand and nightly; a coupon is granted to a
 * tag's members at once, skipping those at their limit.
 */
const t = useTestApp();
const db = () => t.database.db as Db;
const { rider } = useRiders(t, '+62800009');
let seq = 0;

const list = async (headers: Record<string, string>, what: string, body: Record<string, unknown>) =>
  (await t.call('POST', `/api/user/${what}/list`, { headers, body: { pageSize: 50, ...body } })).rows;
const tagRow = async (tagId: number) => (await db().select().from(memberTags).where(eq(memberTags.id, tagId)))[0]!;
const fire = async (headers: Record<string, string>, event: string, tagId: number, payload: Record<string, unknown> = {}) =>
  t.call('POST', `/api/user/memberTag/${event}`, { headers, body: { tagId, version: (await tagRow(tagId)).version, ...payload } });
const liveLinks = async (tagId: number) =>
  (
    await db()
      .select({ memberId: memberTagLinks.memberId })
      .from(memberTagLinks)
      .where(and(eq(memberTagLinks.tagId, tagId), isNull(memberTagLinks.deletedAt)))
  ).map((l) => l.memberId);

async function addTag(headers: Record<string, string>, body: Record<string, unknown>) {
  const added = await t.call('POST', '/api/user/memberTag/add', { headers, body: { name: `Tag ${seq++}`, color: 'green', kind: '1', ...body } });
  return added;
}

describe('member tags', () => {
  it('a manual tag takes members in and lets them go by phone, all or none, each once', async () => {
    const cs = await t.signIn('kitabike.cs.01', { lang: 'EN' });
    const [a, b] = [await rider(0), await rider(0)];
    const added = await addTag(cs, { name: 'Komunitas gowes' });
    expect(added.code, JSON.stringify(added)).toBe(Code.ok);
    const { tagId } = added.data;

    // A rule's conditions mean nothing on a manual tag.
    const ruled = await addTag(cs, { ruleRidesMin: 3 });
    expect(ruled).toMatchObject({ code: Code.validation, data: { fields: { ruleRidesMin: 'A manual tag has no rule' } } });

    const unknown = await fire(cs, 'assignTag', tagId, { phones: `${a.phone}\n+62899999999999` });
    expect(unknown).toMatchObject({
      code: Code.validation,
      data: { fields: { phones: 'Not members: +62899999999999' }, values: ['+62899999999999'] },
    });
    expect(await liveLinks(tagId)).toEqual([]);

    // The local form of a phone is the same member; pasted twice, tagged once.
    expect((await fire(cs, 'assignTag', tagId, { phones: `${a.phone}, 0${a.phone.slice(3)}; ${b.phone}` })).code).toBe(Code.ok);
    expect((await fire(cs, 'assignTag', tagId, { phones: a.phone })).code).toBe(Code.ok);
    expect((await liveLinks(tagId)).sort()).toEqual([a.memberId, b.memberId].sort());
    const [listed] = await list(cs, 'memberTag', { name: 'Komunitas gowes' });
    expect(listed).toMatchObject({ name: 'Komunitas gowes', kind: 1, memberCount: 2 });

    // The member's detail lists their tags; the tag's detail its members by phone.
    const mine = await list(cs, 'memberTagLink', { memberId: a.memberId });
    expect(mine.map((l: { tagId: number }) => l.tagId)).toContain(tagId);
    const [aLink] = await list(cs, 'memberTagLink', { tagId, memberPhone: a.phone });
    expect(aLink).toMatchObject({ memberPhone: a.phone, tagId });

    // Taken out (a member not in the tag is skipped): the link is kept as removed.
    const c = await rider(0);
    expect((await fire(cs, 'unassignTag', tagId, { phones: `${a.phone}\n${c.phone}` })).code).toBe(Code.ok);
    expect(await liveLinks(tagId)).toEqual([b.memberId]);
    const [removed] = await db().select().from(memberTagLinks).where(eq(memberTagLinks.id, aLink.linkId));
    expect(removed!.deletedAt).not.toBeNull();
    expect((await tagRow(tagId)).memberCount).toBe(1);
    // Taken out, then added again: a new link beside the removed one.
    expect((await fire(cs, 'assignTag', tagId, { phones: a.phone })).code).toBe(Code.ok);
    expect((await tagRow(tagId)).memberCount).toBe(2);

    // Another operator sees neither the tag nor its members.
    const bali = await t.signIn('gowesbali.admin', { lang: 'EN' });
    expect(await list(bali, 'memberTag', { name: 'Komunitas gowes' })).toEqual([]);
    expect(await list(bali, 'memberTagLink', { tagId })).toEqual([]);
    expect((await t.call('POST', '/api/user/memberTag/unassignTag', { headers: bali, body: { tagId, version: 0, phones: b.phone } })).code).toBe(
      Code.notFound,
    );

    // The platform finds a rider by phone across operators (each operator's member of that phone).
    const platform = await t.signIn('superadmin', { lang: 'EN' });
    expect((await list(platform, 'memberTagLink', { memberPhone: b.phone })).map((l: { tagId: number }) => l.tagId)).toContain(tagId);

    // A removed tag takes its links with it.
    expect((await t.call('POST', `/api/user/memberTag/remove/${tagId}`, { headers: cs })).code).toBe(Code.ok);
    expect(await liveLinks(tagId)).toEqual([]);
  });

  it('a rule tag holds what its rule matches: on save, on demand and nightly; its members are not edited by hand', async () => {
    const cs = await t.signIn('kitabike.cs.01', { lang: 'EN' });
    expect((await addTag(cs, { kind: '2' })).data).toMatchObject({ fields: { ruleMemberStatus: 'A rule tag needs at least one condition' } });
    // The period alone counts nothing.
    expect((await addTag(cs, { kind: '2', ruleRidesDays: 30 })).code).toBe(Code.validation);

    const added = await addTag(cs, { kind: '2', name: 'Riders of the month', ruleRidesMin: 3, ruleRidesDays: 30 });
    expect(added.code, JSON.stringify(added)).toBe(Code.ok);
    const { tagId } = added.data;
    // The members with at least three finished rides in 30 days, no others.
    const since = new Date(Date.now() - 30 * 86_400_000);
    const expected = (
      await db()
        .select({ memberId: rideOrders.memberId })
        .from(rideOrders)
        .where(
          and(
            eq(rideOrders.tenantId, 2),
            sql`${rideOrders.createdAt} >= ${since}`,
            inArray(rideOrders.status, [RideStatus.ended, RideStatus.paid, RideStatus.refunded]),
          ),
        )
        .groupBy(rideOrders.memberId)
        .having(sql`count(*) >= 3`)
    ).map((r) => r.memberId);
    expect(expected.length).toBeGreaterThan(0);
    expect((await liveLinks(tagId)).sort()).toEqual(expected.sort());
    const row = await tagRow(tagId);
    expect(row.memberCount).toBe(expected.length);
    expect(row.evaluatedAt).not.toBeNull();

    // The rule's members are the rule's: no adding by phone, no taking out.
    const rider1 = await rider(0);
    const assign = await fire(cs, 'assignTag', tagId, { phones: rider1.phone });
    expect(assign.code).toBe(Code.transitionNotAllowed);
    const [link] = await list(cs, 'memberTagLink', { tagId });
    expect((await fire(cs, 'unassignTag', tagId, { phones: link.memberPhone })).code).toBe(Code.transitionNotAllowed);
    expect(await liveLinks(tagId)).toContain(link.memberId);

    // A regular rider's rides move out of the period: evaluated now, they leave the tag.
    const gone = expected[0]!;
    await db()
      .update(rideOrders)
      .set({ createdAt: sql`${rideOrders.createdAt} - interval '60 days'` })
      .where(eq(rideOrders.memberId, gone));
    expect((await fire(cs, 'evaluateTag', tagId)).code).toBe(Code.ok);
    expect(await liveLinks(tagId)).not.toContain(gone);
    expect((await tagRow(tagId)).memberCount).toBe(expected.length - 1);

    // Edited to a wider rule, it is evaluated on save; the nightly job evaluates every rule tag again.
    const edited = await t.call('POST', '/api/user/memberTag/edit', {
      headers: cs,
      body: { tagId, version: (await tagRow(tagId)).version, ruleRidesMin: 1, ruleRidesDays: 365 },
    });
    expect(edited.code, JSON.stringify(edited)).toBe(Code.ok);
    expect(await liveLinks(tagId)).toContain(gone);
    await db().update(members).set({ status: 3 }).where(eq(members.id, gone));
    expect(await evaluateRuleTags(db())).toBeGreaterThanOrEqual(5);
    // A closed account belongs to no tag unless the rule asks for closed accounts.
    expect(await liveLinks(tagId)).not.toContain(gone);
    await db().update(members).set({ status: 0 }).where(eq(members.id, gone));
  });

  it("the demo's tags: the VIP tag by hand, the new sign-ups by rule", async () => {
    const cs = await t.signIn('kitabike.cs.01', { lang: 'EN' });
    const tags = await list(cs, 'memberTag', {});
    const byName = Object.fromEntries(tags.map((r: { name: string }) => [r.name, r]));
    expect(byName.VIP).toMatchObject({ kind: 1, color: 'gold', memberCount: 6 });
    expect(byName['Anggota baru']).toMatchObject({ kind: 2 });
    const fresh = await list(cs, 'memberTagLink', { tagId: byName['Anggota baru'].tagId });
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.some((l: { memberPhone: string }) => l.memberPhone.startsWith('+62813'))).toBe(true);
  });

  it('twenty pastes of one phone at once tag the member once and count one', async () => {
    const cs = await t.signIn('kitabike.cs.01', { lang: 'EN' });
    const me = await rider(0);
    const { tagId } = (await addTag(cs, {})).data;
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        for (;;) {
          const res = await fire(cs, 'assignTag', tagId, { phones: me.phone });
          if (res.code !== Code.versionConflict) return res.code;
        }
      }),
    );
    expect(answers.every((code) => code === Code.ok)).toBe(true);
    expect(await liveLinks(tagId)).toEqual([me.memberId]);
    expect((await tagRow(tagId)).memberCount).toBe(1);
  });
});

describe('a coupon granted to a tag', () => {
  it("reaches every member of the tag still under the coupon's limit, within the quantity", async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const [a, b, c] = [await rider(0), await rider(0), await rider(0)];
    const { tagId } = (await addTag(admin, {})).data;
    expect((await fire(admin, 'assignTag', tagId, { phones: [a.phone, b.phone, c.phone].join('\n') })).code).toBe(Code.ok);

    const coupon = await t.call('POST', '/api/payment/coupon/add', {
      headers: admin,
      body: {
        nameKey: `Tag coupon ${seq++}`,
        kind: '1',
        scope: '1',
        amount: 1_000,
        currency: 'IDR',
        validKind: '2',
        validDays: 7,
        perMemberLimit: 1,
        stackable: false,
        totalQty: 4,
      },
    });
    const { couponId } = coupon.data;
    const version = async () => (await db().select({ v: coupons.version }).from(coupons).where(eq(coupons.id, couponId)))[0]!.v;
    expect((await t.call('POST', '/api/payment/coupon/listCoupon', { headers: admin, body: { couponId, version: 0 } })).code).toBe(Code.ok);
    const grant = async (body: Record<string, unknown>) =>
      t.call('POST', '/api/payment/coupon/grantCoupon', { headers: admin, body: { couponId, version: await version(), source: '3', ...body } });

    // Phones, a tag or a level: one of them.
    expect((await grant({})).data.fields).toMatchObject({ phones: "Give members' phones, or pick one tag or one level" });
    expect((await grant({ phones: a.phone, tagId })).code).toBe(Code.validation);
    // Another operator's tag is no choice.
    const bali = await t.signIn('gowesbali.admin', { lang: 'EN' });
    const baliTag = (await addTag(bali, {})).data.tagId;
    expect((await grant({ tagId: baliTag })).data.fields).toMatchObject({ tagId: 'Not one of the allowed options' });

    expect((await grant({ phones: a.phone })).code).toBe(Code.ok);
    // a holds one already: b and c get theirs.
    expect((await grant({ tagId })).code).toBe(Code.ok);
    const held = await db().select({ memberId: userCoupons.memberId }).from(userCoupons).where(eq(userCoupons.couponId, couponId));
    expect(held.map((h) => h.memberId).sort()).toEqual([a.memberId, b.memberId, c.memberId].sort());
    // Everyone in the tag is at the limit now.
    expect(await grant({ tagId })).toMatchObject({ code: Code.transitionNotAllowed, msg: 'No member there can still take this coupon' });

    // More takers than the quantity left: nobody gets one.
    const [d, e] = [await rider(0), await rider(0)];
    expect((await fire(admin, 'assignTag', tagId, { phones: `${d.phone}\n${e.phone}` })).code).toBe(Code.ok);
    expect((await grant({ tagId })).msg).toBe('Only 1 of this coupon left');
    expect((await db().select().from(userCoupons).where(eq(userCoupons.couponId, couponId))).length).toBe(3);

    // To a level: its members (the one rider who reached it), not the others.
    const level = await t.call('POST', '/api/user/memberLevel/add', {
      headers: admin,
      body: { levelNo: 9, nameKey: 'Legenda', minGrowth: 1_000_000, status: '0' },
    });
    expect(level.code, JSON.stringify(level)).toBe(Code.ok);
    expect(await grant({ levelId: level.data.levelId })).toMatchObject({ code: Code.transitionNotAllowed });
    const f = await rider(0);
    await db().update(members).set({ growth: 1_000_000 }).where(eq(members.id, f.memberId));
    await relevelMembers(db(), 2);
    expect((await grant({ levelId: level.data.levelId })).code).toBe(Code.ok);
    const granted = await db().select({ memberId: userCoupons.memberId }).from(userCoupons).where(eq(userCoupons.couponId, couponId));
    expect(granted.map((g) => g.memberId)).toContain(f.memberId);
    expect(granted).toHaveLength(4);
  });
});
