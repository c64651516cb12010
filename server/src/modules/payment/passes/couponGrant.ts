import { Code } from '@kayuh/contract/codes';
import { COUPON_GRANT_MAX, COUPON_TAG_GRANT_MAX, CouponStatus, CouponValidKind, UserCouponStatus } from '@kayuh/contract/resources/coupons';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { coupons, memberTagLinks, memberTags, userCoupons } from '../../../db/schema.ts';
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
 * still under the coupon's per-member limit; or to every member of a tag, skipping those at their limit (and closed
 * accounts). Either way the coupon must have that many left. The coupon's row is locked by the transition, so
 * parallel grants count one another; issued_qty never passes total_qty (a check holds it too).
 */
export async function grantCoupon(
  tx: Db,
  coupon: CouponRow,
  grant: { phones: string; tagId: number | null; source: number; note: string | null; by: number | null },
): Promise<number> {
  if (coupon.status !== CouponStatus.listed) throw new BizError(Code.transitionNotAllowed, 'coupon.notListed');
  const now = new Date();
  const window = grantWindow(coupon, now);
  if (window.validTo <= now) throw new BizError(Code.transitionNotAllowed, 'coupon.ended');
  const byPhone = grant.phones.trim() !== '';
  if (byPhone === (grant.tagId !== null)) throw invalid({ phones: 'coupon.phonesOrTag', tagId: 'coupon.phonesOrTag' });
  const memberIds = byPhone ? await phoneTakers(tx, coupon, grant.phones) : await tagTakers(tx, coupon, grant.tagId!);
  if (coupon.totalQty !== null && coupon.issuedQty + memberIds.length > coupon.totalQty)
    throw new BizError(Code.transitionNotAllowed, 'coupon.soldOut', undefined, { left: coupon.totalQty - coupon.issuedQty });
  for (let at = 0; at < memberIds.length; at += 5_000)
    await tx.insert(userCoupons).values(
      memberIds.slice(at, at + 5_000).map((memberId) => ({
        tenantId: coupon.tenantId,
        couponId: coupon.id,
        memberId,
        source: grant.source,
        ...window,
        status: UserCouponStatus.unused,
        currency: coupon.currency,
        remark: grant.note,
        createdBy: grant.by,
      })),
    );
  await tx
    .update(coupons)
    .set({ issuedQty: sql`${coupons.issuedQty} + ${memberIds.length}` })
    .where(eq(coupons.id, coupon.id));
  return memberIds.length;
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

/** The members of a tag of the coupon's tenant who may still take it: not closed, under the per-member limit. */
async function tagTakers(tx: Db, coupon: CouponRow, tagId: number): Promise<number[]> {
  const [tag] = await tx
    .select({ memberCount: memberTags.memberCount })
    .from(memberTags)
    .where(and(eq(memberTags.id, tagId), eq(memberTags.tenantId, coupon.tenantId), isNull(memberTags.deletedAt)));
  if (!tag) throw invalid({ tagId: 'validation.invalidOption' });
  if (tag.memberCount > COUPON_TAG_GRANT_MAX)
    throw new BizError(Code.validation, 'coupon.tagTooBig', { fields: { tagId: 'coupon.tagTooBig' } }, { max: COUPON_TAG_GRANT_MAX });
  const rows = rowsOf<{ member_id: string }>(
    await tx.execute(sql`
    SELECT l.member_id FROM ${memberTagLinks} l
    JOIN members m ON m.id = l.member_id AND m.deleted_at IS NULL AND m.status <> ${MemberStatus.closed}
    WHERE l.tag_id = ${tagId} AND l.deleted_at IS NULL
      AND (SELECT count(*) FROM ${userCoupons} u
           WHERE u.coupon_id = ${coupon.id} AND u.member_id = l.member_id
             AND u.status <> ${UserCouponStatus.revoked} AND u.deleted_at IS NULL) < ${coupon.perMemberLimit}
    ORDER BY l.member_id`),
  );
  const ids = rows.map((r) => Number(r.member_id));
  if (!ids.length) throw new BizError(Code.transitionNotAllowed, 'coupon.tagEmpty');
  return ids;
}
