import { Code } from '@kayuh/contract/codes';
import { COUPON_GRANT_MAX, COUPON_SEGMENT_GRANT_MAX, CouponStatus, CouponValidKind, UserCouponStatus } from '@kayuh/contract/resources/coupons';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { coupons, memberLevels, memberTagLinks, memberTags, userCoupons } from '../../../db/schema.ts';
import { BizError, invalid } from '../../../platform/errors.ts';
import { rowsOf } from '../../../platform/rows.ts';
import { membersOfPhoneList, refusedValues } from '../../member/memberPhoneList.ts';
import { MemberStatus } from '@kayuh/contract/resources/members';

type CouponRow = typeof coupons.$inferSelect;
const DAY_MS = 86_400_000;

/** The window a coupon granted now is valid in: its fixed window, or its days from now. */
export function grantWindow(
  coupon: Pick<CouponRow, 'validKind' | 'validFrom' | 'validTo' | 'validDays'>,
  now: Date,
): { validFrom: Date; validTo: Date } {
  if (coupon.validKind === CouponValidKind.fixedWindow) return { validFrom: coupon.validFrom ?? now, validTo: coupon.validTo ?? now };
  return { validFrom: now, validTo: new Date(now.getTime() + (coupon.validDays ?? 1) * DAY_MS) };
}

/**
 * Staff grant a listed coupon (DOMAIN §3.11 grant) to members by phone, all or none: every phone must name a member
 * still under the coupon's per-member limit; or to every member of a tag or at a level, skipping those at their limit
 * (and closed accounts). Either way the coupon must have that many left. The coupon's row is locked by the transition, so
 * parallel grants count one another; issued_qty never passes total_qty (a check holds it too).
 */
export async function grantCoupon(
  tx: Db,
  coupon: CouponRow,
  grant: { phones: string; tagId: number | null; levelId: number | null; source: number; note: string | null; by: number | null },
): Promise<number> {
  if (coupon.status !== CouponStatus.listed) throw new BizError(Code.transitionNotAllowed, 'coupon.notListed');
  const now = new Date();
  const window = grantWindow(coupon, now);
  if (window.validTo <= now) throw new BizError(Code.transitionNotAllowed, 'coupon.ended');
  const chosen = [grant.phones.trim() !== '', grant.tagId !== null, grant.levelId !== null];
  if (chosen.filter(Boolean).length !== 1)
    throw invalid({ phones: 'coupon.oneAudience', tagId: 'coupon.oneAudience', levelId: 'coupon.oneAudience' });
  const memberIds = chosen[0]
    ? await phoneTakers(tx, coupon, grant.phones)
    : await segmentTakers(tx, coupon, grant.tagId !== null ? { field: 'tagId', id: grant.tagId } : { field: 'levelId', id: grant.levelId! });
  if (coupon.totalQty !== null && coupon.issuedQty + memberIds.length > coupon.totalQty)
    throw new BizError(Code.transitionNotAllowed, 'coupon.soldOut', undefined, { left: coupon.totalQty - coupon.issuedQty });
  await issueCoupon(tx, coupon, memberIds, { source: grant.source, window, note: grant.note, by: grant.by });
  return memberIds.length;
}

/**
 * One of the coupon to each member, unused, in its window (in batches of 5,000 rows), and its issued count raised by as
 * many: the insert both grants share, under the coupon's lock their callers hold.
 */
export async function issueCoupon(
  tx: Db,
  coupon: CouponRow,
  memberIds: readonly number[],
  issue: { source: number; sourceRef?: number; window: { validFrom: Date; validTo: Date }; note: string | null; by: number | null },
) {
  for (let at = 0; at < memberIds.length; at += 5_000)
    await tx.insert(userCoupons).values(
      memberIds.slice(at, at + 5_000).map((memberId) => ({
        tenantId: coupon.tenantId,
        couponId: coupon.id,
        memberId,
        source: issue.source,
        sourceRef: issue.sourceRef ?? null,
        ...issue.window,
        status: UserCouponStatus.unused,
        currency: coupon.currency,
        remark: issue.note,
        createdBy: issue.by,
      })),
    );
  await tx
    .update(coupons)
    .set({ issuedQty: sql`${coupons.issuedQty} + ${memberIds.length}` })
    .where(eq(coupons.id, coupon.id));
}

/** How many of a coupon each of these members holds (revoked ones not counted). */
async function heldBy(tx: Db, couponId: number, memberIds: number[]) {
  const held = await tx
    .select({ memberId: userCoupons.memberId, n: sql<number>`count(*)`.mapWith(Number) })
    .from(userCoupons)
    .where(
      and(
        eq(userCoupons.couponId, couponId),
        inArray(userCoupons.memberId, memberIds),
        ne(userCoupons.status, UserCouponStatus.revoked),
        isNull(userCoupons.deletedAt),
      ),
    )
    .groupBy(userCoupons.memberId);
  return new Map(held.map((h) => [h.memberId, h.n]));
}

/** The members of a pasted list of phones, all of them under their limit, or a refusal naming who is not. */
async function phoneTakers(tx: Db, coupon: CouponRow, phones: string): Promise<number[]> {
  const found = await membersOfPhoneList(tx, coupon.tenantId, { field: 'phones', text: phones, max: COUPON_GRANT_MAX });
  const held = await heldBy(
    tx,
    coupon.id,
    found.map((m) => m.id),
  );
  const full = found.filter((m) => (held.get(m.id) ?? 0) >= coupon.perMemberLimit).map((m) => m.phone);
  if (full.length) throw refusedValues('coupon.memberLimit', 'phones', full);
  return found.map((m) => m.id);
}

/** A segment a coupon is granted to: a tag's members, or the members at a level. */
type Segment = { field: 'tagId' | 'levelId'; id: number };

/**
 * The members of a segment of the coupon's tenant who may still take it: not closed, under the per-member limit. A
 * segment of more than COUPON_SEGMENT_GRANT_MAX members is refused before anything is read for it.
 */
async function segmentTakers(tx: Db, coupon: CouponRow, segment: Segment): Promise<number[]> {
  const table = segment.field === 'tagId' ? memberTags : memberLevels;
  const [found] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, segment.id), eq(table.tenantId, coupon.tenantId), isNull(table.deletedAt)));
  if (!found) throw invalid({ [segment.field]: 'validation.invalidOption' });
  const members =
    segment.field === 'tagId'
      ? sql`SELECT member_id FROM ${memberTagLinks} WHERE tag_id = ${segment.id} AND deleted_at IS NULL`
      : sql`SELECT id AS member_id FROM members WHERE tenant_id = ${coupon.tenantId} AND level_id = ${segment.id}`;
  const [size] = rowsOf<{ n: number }>(await tx.execute(sql`SELECT count(*)::int AS n FROM (${members} LIMIT ${COUPON_SEGMENT_GRANT_MAX + 1}) s`));
  if ((size?.n ?? 0) > COUPON_SEGMENT_GRANT_MAX)
    throw new BizError(
      Code.validation,
      'coupon.segmentTooBig',
      { fields: { [segment.field]: 'coupon.segmentTooBig' } },
      { max: COUPON_SEGMENT_GRANT_MAX },
    );
  const rows = rowsOf<{ member_id: string }>(
    await tx.execute(sql`
    SELECT s.member_id FROM (${members}) s
    JOIN members m ON m.id = s.member_id AND m.deleted_at IS NULL AND m.status <> ${MemberStatus.closed}
    WHERE (SELECT count(*) FROM ${userCoupons} u
           WHERE u.coupon_id = ${coupon.id} AND u.member_id = s.member_id
             AND u.status <> ${UserCouponStatus.revoked} AND u.deleted_at IS NULL) < ${coupon.perMemberLimit}
    ORDER BY s.member_id`),
  );
  const ids = rows.map((r) => Number(r.member_id));
  if (!ids.length) throw new BizError(Code.transitionNotAllowed, 'coupon.segmentEmpty');
  return ids;
}
