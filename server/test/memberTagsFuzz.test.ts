import { Code } from '@kayuh/contract/codes';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { TAG_RULE_FIELDS } from '@kayuh/contract/resources/memberTags';
import { memberTags } from '../src/db/schema.ts';
import { rowsOf } from '../src/platform/rows.ts';
import { useTestApp } from './harness.ts';
import { bodyOf, hostile, noFault, testMember } from './hostileInput.ts';

/**
 * Bad input to member tags never gives a 500 and never leaves a tag counting other than its members: hostile tag
 * forms (every rule condition), pasted phone lists and ids to the tag's events, and a coupon granted to a hostile tag.
 */
const t = useTestApp();
const db = () => t.database.db as Db;
const SEED = 20_261_128;
const TAG_FIELDS = ['tagId', 'version', 'name', 'color', 'kind', 'memberCount', ...TAG_RULE_FIELDS];

/** Tags whose kept count is not their live members. */
const miscounted = async () =>
  rowsOf(
    await db().execute(sql`
      SELECT t.id FROM member_tags t
      WHERE t.member_count <> (SELECT count(*) FROM member_tag_links l WHERE l.tag_id = t.id AND l.deleted_at IS NULL)`),
  );

describe('member tags under hostile input', () => {
  it('the tag form, its events and a grant to a tag answer bad input cleanly; every count stays true', async () => {
    const cs = await t.signIn('kitabike.cs.01');
    const admin = await t.signIn('kitabike.admin');
    await testMember(t);
    const [vip] = (await t.call('POST', '/api/user/memberTag/list', { headers: cs, body: { pageSize: 1, name: 'VIP' } })).rows;
    const [coupon] = (await t.call('POST', '/api/payment/coupon/list', { headers: admin, body: { pageSize: 1, status: '1' } })).rows;
    await fc.assert(
      fc.asyncProperty(
        bodyOf(TAG_FIELDS, hostile('1', '2', 'VIP', 'blue', 2001, 30, '+6280000000001')),
        hostile(vip.tagId, '+6280000000001', '0800 0000 0001\n+62 812', 'x'.repeat(20_000)),
        async (body, value) => {
          for (const url of ['/api/user/memberTag/add', '/api/user/memberTag/edit']) {
            const res = await t.app.inject({ method: 'POST', url, headers: cs, payload: body });
            noFault(res.statusCode, res.json().code);
          }
          for (const event of ['assignTag', 'unassignTag', 'evaluateTag']) {
            const res = await t.app.inject({
              method: 'POST',
              url: `/api/user/memberTag/${event}`,
              headers: cs,
              payload: { tagId: body.tagId ?? vip.tagId, version: body.version ?? 0, phones: value },
            });
            noFault(res.statusCode, res.json().code);
          }
          const grant = await t.app.inject({
            method: 'POST',
            url: '/api/payment/coupon/grantCoupon',
            headers: admin,
            payload: { couponId: coupon.couponId, version: coupon.version, tagId: value, levelId: body.ruleCityCode, phones: body.name, source: '3' },
          });
          noFault(grant.statusCode, grant.json().code);
        },
      ),
      { seed: SEED, numRuns: 60 },
    );
    expect(await miscounted()).toEqual([]);
    // The demo's VIP tag kept its members.
    expect((await db().select({ n: memberTags.memberCount }).from(memberTags).where(eq(memberTags.id, vip.tagId)))[0]!.n).toBeGreaterThanOrEqual(6);
    expect((await t.call('POST', '/api/user/memberTag/assignTag', { headers: cs, body: { tagId: vip.tagId } })).code).toBe(Code.validation);
  });
});
