import { z } from 'zod';

/**
 * Identity checks (KYC, docs/kyc.md). The rider app sends its document and a selfie as one multipart form; customer
 * service approves or rejects it on /user_main/userReview. Numbers are kept sealed: staff see them masked and reveal
 * one with a permission, every reveal journalled.
 */

/** The form fields beside the two photos (files `idPhoto` and `selfie`). */
export const kycSubmitFields = z.object({
  /** kyc_reviews.id_type: 1 KTP, 2 passport, 3 KITAS, 4 SIM. */
  idType: z.coerce.number().int().min(1).max(4),
  /** As printed; spaces, dots and dashes are ignored. */
  idNumber: z.string().trim().min(1).max(40),
  /** The name as printed on the document. */
  realName: z.string().trim().min(2).max(100),
});
export type KycSubmitFields = z.infer<typeof kycSubmitFields>;

/** The files the form carries, by field name. */
export const KYC_PHOTOS = ['idPhoto', 'selfie'] as const;
export type KycPhoto = (typeof KYC_PHOTOS)[number];

/** The member's identity check as the app shows it. */
export const kycView = z.object({
  /** members.kyc_status: 0 not submitted, 1 pending, 2 verified, 3 rejected. */
  kycStatus: z.number().int(),
  /** The latest submission, when there is one. */
  review: z
    .object({
      idType: z.number().int(),
      idNumberMasked: z.string(),
      realName: z.string(),
      /** kyc_reviews.status: 0 pending, 1 approved, 2 rejected. */
      status: z.number().int(),
      /** kyc_reviews.reject_reason: 1 blurry, 2 mismatch, 3 underage, 4 duplicate, 5 other. */
      rejectReason: z.number().int().nullable(),
      submittedAt: z.string(),
      reviewedAt: z.string().nullable(),
    })
    .nullable(),
});
export type KycView = z.infer<typeof kycView>;

/** Reveal one submission's number (user:userReview:reveal). */
export const revealKycRequest = z.object({ kycReviewId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
/** Reveal one member's verified NIK (user:user_admin:reveal). */
export const revealNikRequest = z.object({ memberId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export const revealed = z.object({ idNumber: z.string() });

/** A submission's photo, read by reviewers (user:userReview:view). */
export const kycPhotoParams = z.object({
  kycReviewId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  which: z.enum(KYC_PHOTOS),
});
