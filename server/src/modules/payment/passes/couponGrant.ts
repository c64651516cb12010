import { Code } from '@kayuh/contract/codes';
import { COUPON_GRANT_MAX, CouponStatus, CouponValidKind, UserCouponStatus } from '@kayuh/contract/resources/coupons';
import { toE164 } from '@kayuh/contract/rules/phone';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { countries, coupons, members, tenants, userCoupons } from '../../../db/schema.ts';
import { BizError } from '../../../platform/errors.ts';

type CouponRow = typeof coupons.$inferSelect;
const DAY_MS = 86_400_000;

const refused = (msgKey: string, field: string, list: string[]) =>
  new BizError(Code.validation, msgKey, { fields: { [field]: msgKey }, values: list }, { values: list.slice(0, 10).join(', ') });

/** The phones of a pasted list (one per line, or separated by commas or semicolons) in E.164, each once. */
async function phonesOf(tx: Db, tenantId: number, text: string): Promise<string[]> {
  const [country] = await tx
    .select({ phoneCode: countries.phoneCode })
    .from(tenants)
    .innerJoin(countries, eq(countries.id, tenants.countryId))
    .where(eq(tenants.id, tenantId));
  const typed = text
    .split(/[\n,;]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const wrong = typed.filter((p) => !toE164(p, country?.phoneCode ?? '62'));
  if (wrong.length) throw refused('coupon.badPhones', 'phones', wrong);
  const phones = [...new Set(typed.map((p) => toE164(p, country?.phoneCode ?? '62')!))];
  if (!phones.length) throw refused('coupon.badPhones', 'phones', []);
  if (phones.length > COUPON_GRANT_MAX) throw refused('coupon.tooManyPhones', 'phones', [String(COUPON_GRANT_MAX)]);
  return phones;
}

/** The window a coupon granted now is valid in: its fixed window, or its days from now. */
export function grantWindow(
  coupon: Pick<CouponRow, 'validKind' | 'validFrom' | 'validTo' | 'validDays'>,
  now: Date,
): { validFrom: Date; validTo: Date } {
  if (coupon.validKind === CouponValidKind.fixedWindow) return { validFrom: coupon.validFrom ?? now, validTo: coupon.validTo ?? now };
  return { validFrom: now, validTo: new Date(now.getTime() + (coupon.validDays ?? 1) * DAY_MS) };
}

/**
 * Staff grant a listed coupon to members by phone (DOMAIN §3.11 grant), all or none: every phone must name a member
 * still under the coupon's per-member limit, and the coupon must have that many left. The coupon's row is locked by
 * the transition, so parallel grants count one another; issued_qty never passes total_qty (a check holds it too).
 */
export async function grantCoupon(
  tx: Db,
  coupon: CouponRow,
  grant: { phones: string; source: number; note: string | null; by: number | null },
): Promise<number> {
  if (coupon.status !== CouponStatus.listed) throw new BizError(Code.transitionNotAllowed, 'coupon.notListed');
  const now = new Date();
  const window = grantWindow(coupon, now);
  if (window.validTo <= now) throw new BizError(Code.transitionNotAllowed, 'coupon.ended');
  const phones = await phonesOf(tx, coupon.tenantId, grant.phones);
  const found = await tx
    .select({ id: members.id, phone: members.phone })
    .from(members)
    .where(and(eq(members.tenantId, coupon.tenantId), inArray(members.phone, phones), isNull(members.deletedAt)));
  const unknown = phones.filter((p) => !found.some((m) => m.phone === p));
  if (unknown.length) throw refused('coupon.unknownPhones', 'phones', unknown);
  const held = await tx
    .select({ memberId: userCoupons.memberId, n: sql<number>`count(*)`.mapWith(Number) })
    .from(userCoupons)
    .where(
      and(
        eq(userCoupons.couponId, coupon.id),
        inArray(
          userCoupons.memberId,
          found.map((m) => m.id),
        ),
        ne(userCoupons.status, UserCouponStatus.revoked),
        isNull(userCoupons.deletedAt),
      ),
    )
    .groupBy(userCoupons.memberId);
  const full = found.filter((m) => (held.find((h) => h.memberId === m.id)?.n ?? 0) >= coupon.perMemberLimit).map((m) => m.phone);
  if (full.length) throw refused('coupon.memberLimit', 'phones', full);
  if (coupon.totalQty !== null && coupon.issuedQty + found.length > coupon.totalQty)
    throw new BizError(Code.transitionNotAllowed, 'coupon.soldOut', undefined, { left: coupon.totalQty - coupon.issuedQty });
  await tx.insert(userCoupons).values(
    found.map((m) => ({
      tenantId: coupon.tenantId,
      couponId: coupon.id,
      memberId: m.id,
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
    .set({ issuedQty: sql`${coupons.issuedQty} + ${found.length}` })
    .where(eq(coupons.id, coupon.id));
  return found.length;
}
