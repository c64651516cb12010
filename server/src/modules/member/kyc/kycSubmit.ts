import { KYC_PHOTOS, kycSubmitFields, type KycView } from '@kayuh/contract/api/kyc';
import { Code } from '@kayuh/contract/codes';
import type { Lang } from '@kayuh/contract/lang';
import { KycReviewStatus, KycStatus } from '@kayuh/contract/resources/kycReviews';
import { MemberStatus } from '@kayuh/contract/resources/members';
import { IdType, isValidIdNumber, maskIdNumber, nikFacts, normalizeIdNumber } from '@kayuh/contract/rules/identity';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { kycReviews, members } from '../../../db/schema.ts';
import { BizError } from '../../../platform/errors.ts';
import { isUniqueViolation } from '../../../platform/resources/writes.ts';
import type { Services } from '../../../platform/services.ts';
import type { MemberContext } from '../../../platform/types.ts';
import { checkedFields, type FieldFault, removePhotos } from '../../../platform/files/photoForm.ts';
import type { KycForm } from './kycPhotos.ts';

/** The form checked as one: its fields, the number fitted to its document, both photos there; normalized. */
async function checkedForm(services: Services, form: KycForm, lang: Lang, tenantId: number) {
  const sent = await checkedFields(services, {
    form,
    schema: kycSubmitFields,
    lang,
    tenantId,
    faults: (fields) => {
      const faults: Record<string, FieldFault> = {};
      if (fields && !isValidIdNumber(fields.idType, normalizeIdNumber(fields.idNumber))) faults.idNumber = ['validation.idNumber'];
      for (const photo of KYC_PHOTOS) if (!form.photos[photo] && !form.refused[photo]) faults[photo] = ['validation.required'];
      return faults;
    },
  });
  return { ...sent, idNumber: normalizeIdNumber(sent.idNumber) };
}

/**
 * A member sends their identity for review (docs/kyc.md): refused while one waits or once verified, and from a member
 * who may not act. The number is sealed, its masked form and digest kept beside it; a KTP's birth date is read from
 * its NIK. The member's KYC status turns pending in the same transaction. Photos of a form not kept are removed.
 */
export async function submitKyc(services: Services, rider: MemberContext, form: KycForm, lang: Lang): Promise<KycView> {
  const { db, cipher } = services;
  try {
    const sent = await checkedForm(services, form, lang, rider.tenantId);
    await db.transaction(async (tx) => {
      const [member] = await tx
        .select({ status: members.status, kycStatus: members.kycStatus, cityCode: members.registerCityCode })
        .from(members)
        .where(and(eq(members.id, rider.memberId), eq(members.tenantId, rider.tenantId)))
        .for('update');
      if (member?.status !== MemberStatus.normal) throw new BizError(Code.forbidden, 'ride.memberBlocked');
      if (member.kycStatus === KycStatus.pending) throw new BizError(Code.transitionNotAllowed, 'kyc.pending');
      if (member.kycStatus === KycStatus.verified) throw new BizError(Code.transitionNotAllowed, 'kyc.verified');
      await tx.insert(kycReviews).values({
        tenantId: rider.tenantId,
        memberId: rider.memberId,
        cityCode: member.cityCode,
        idType: sent.idType,
        idNumberEnc: cipher.seal(sent.idNumber),
        idNumberMasked: maskIdNumber(sent.idNumber),
        idNumberDigest: cipher.digest(sent.idNumber),
        realName: sent.realName,
        birthDate: sent.idType === IdType.ktp ? nikFacts(sent.idNumber)!.birthDate : null,
        idPhotoUrl: form.photos.idPhoto!,
        selfieUrl: form.photos.selfie!,
      });
      await tx.update(members).set({ kycStatus: KycStatus.pending, updatedAt: new Date() }).where(eq(members.id, rider.memberId));
    });
  } catch (err) {
    await removePhotos(services.files, form);
    if (isUniqueViolation(err, 'kyc_reviews_member_pending_uq')) throw new BizError(Code.transitionNotAllowed, 'kyc.pending');
    throw err;
  }
  return kycOf(db, rider);
}

/** The member's KYC status and their latest submission, as the app shows it. */
export async function kycOf(db: Db, rider: Pick<MemberContext, 'memberId' | 'tenantId'>): Promise<KycView> {
  const [member] = await db
    .select({ kycStatus: members.kycStatus })
    .from(members)
    .where(and(eq(members.id, rider.memberId), eq(members.tenantId, rider.tenantId)));
  const [review] = await db
    .select()
    .from(kycReviews)
    .where(and(eq(kycReviews.memberId, rider.memberId), eq(kycReviews.tenantId, rider.tenantId)))
    .orderBy(desc(kycReviews.id))
    .limit(1);
  return {
    kycStatus: member?.kycStatus ?? KycStatus.none,
    review: review
      ? {
          idType: review.idType,
          idNumberMasked: review.idNumberMasked,
          realName: review.realName,
          status: review.status,
          rejectReason: review.status === KycReviewStatus.rejected ? review.rejectReason : null,
          submittedAt: review.createdAt.toISOString(),
          reviewedAt: review.reviewedAt?.toISOString() ?? null,
        }
      : null,
  };
}
