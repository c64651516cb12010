import { Code } from '@kayuh/contract/codes';
import { kycReviewResource, KycReviewStatus, KycStatus } from '@kayuh/contract/resources/kycReviews';
import { IdType } from '@kayuh/contract/rules/identity';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { kycReviews, members } from '../../../db/schema.ts';
import { actorUserId } from '../../../platform/auth/context.ts';
import { BizError } from '../../../platform/errors.ts';
import { bindResource, type HookContext } from '../../../platform/resources/binding.ts';
import { isUniqueViolation } from '../../../platform/resources/writes.ts';
import { memberPhoneOf } from '../memberPhone.ts';
import { PointEvent } from '@kayuh/contract/resources/loyalty';
import { awardPoints } from '../loyalty/points.ts';

const memberPhone = memberPhoneOf('kyc_reviews');

/**
 * The member on whom the same document number is already verified: an approved check of the same type and digest,
 * its member still verified (found through the digest's index).
 */
const verifiedElsewhere = (review: string) =>
  sql.raw(`(SELECT m.member_no FROM kyc_reviews k JOIN members m ON m.id = k.member_id
    WHERE k.tenant_id = ${review}.tenant_id AND k.id_number_digest = ${review}.id_number_digest AND k.id_type = ${review}.id_type
      AND k.status = ${KycReviewStatus.approved} AND k.member_id <> ${review}.member_id AND m.kyc_status = ${KycStatus.verified}
      AND m.deleted_at IS NULL LIMIT 1)`);

/** Approvals of one number wait for each other, so two members cannot both be verified with it. */
async function duplicateOf(tx: Db, review: HookContext['current'] & object): Promise<string | undefined> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`kyc:${String(review.tenantId)}:${String(review.idNumberDigest)}`}))`);
  const [found] = await tx
    .select({ memberNo: sql<string | null>`${verifiedElsewhere('kyc_reviews')}` })
    .from(kycReviews)
    .where(eq(kycReviews.id, Number(review.id)));
  return found?.memberNo ?? undefined;
}

const decided = (ctx: HookContext) => ({ reviewerId: actorUserId(ctx.auth), reviewedAt: new Date() });

/**
 * Identity checks in the console (/user_main/userReview, docs/kyc.md). Approving verifies the member with the name on
 * the document — and, from a KTP, the NIK (its sealed form copied, never opened) — unless the number is verified on
 * another member; rejecting returns the member to "rejected" so the app asks again. Both in the review's transaction.
 */
export const kycReviewBinding = bindResource(kycReviewResource, kycReviews, {
  noCityIsEveryCity: true,
  computed: {
    memberPhone: memberPhone.computed,
    age: sql<number | null>`(CASE WHEN kyc_reviews.birth_date IS NULL THEN NULL ELSE date_part('year', age(kyc_reviews.birth_date))::int END)`,
    duplicateOf: sql<string | null>`${verifiedElsewhere('kyc_reviews')}`,
  },
  computedFilters: { memberPhone: memberPhone.filter },
  events: {
    approveKyc: {
      guard: async ({ tx, current }) => {
        const memberNo = await duplicateOf(tx, current!);
        if (memberNo) throw new BizError(Code.duplicate, 'kyc.review.duplicate', undefined, { memberNo });
      },
      set: decided,
      effects: async ({ tx, current }) => {
        const review = current as typeof kycReviews.$inferSelect;
        const ktp = review.idType === IdType.ktp;
        try {
          await tx
            .update(members)
            .set({
              kycStatus: KycStatus.verified,
              realName: review.realName,
              ...(ktp ? { nikEnc: review.idNumberEnc, nikMasked: review.idNumberMasked, nikDigest: review.idNumberDigest } : {}),
              ...(ktp && review.birthDate ? { birthDate: sql`coalesce(${members.birthDate}, ${review.birthDate}::date)` } : {}),
              updatedAt: new Date(),
            })
            .where(and(eq(members.id, review.memberId), eq(members.tenantId, review.tenantId)));
        } catch (err) {
          if (isUniqueViolation(err, 'members_nik_uq')) throw new BizError(Code.duplicate, 'kyc.duplicate');
          throw err;
        }
        // Verified: the points KYC earns (docs/loyalty.md).
        await awardPoints(tx, {
          tenantId: review.tenantId,
          memberId: review.memberId,
          event: PointEvent.kycDone,
          refType: 'kyc_review',
          refId: review.id,
          cityCode: review.cityCode,
        });
      },
    },
    rejectKyc: {
      set: (ctx) => ({ ...decided(ctx), rejectReason: Number(ctx.event!.payload.rejectReason) }),
      effects: async ({ tx, current }) => {
        await tx
          .update(members)
          .set({ kycStatus: KycStatus.rejected, updatedAt: new Date() })
          .where(and(eq(members.id, Number(current!.memberId)), eq(members.kycStatus, KycStatus.pending)));
      },
    },
  },
});
