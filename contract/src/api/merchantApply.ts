import { z } from 'zod';
import { MERCHANT_PLANNED_SITES_MAX, NIB, NPWP } from '../resources/merchants.ts';

/**
 * The applicant's own channel (DOMAIN §3.6 "submit: applicant (app / H5)"; docs/merchants.md): a signed-in rider asks
 * to become a merchant from the rider app, follows the application and withdraws it until it is decided. The phone is
 * the rider's own; the photos come as files of the same multipart form.
 */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** The text fields of the form (`POST /api/app/merchant/applications`), each as the console's form bounds it. */
export const merchantApplyFields = z.object({
  applicantName: z.string().trim().min(1).max(60),
  companyName: optional(z.string().trim().min(1).max(100)),
  /** merchants.type: 1 swap-site host, 2 rental dealer, 3 retail/parking host, 4 mall seller. */
  merchantType: z.coerce.number().int().min(1).max(4),
  cityCode: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  address: z.string().trim().min(1).max(200),
  lat: optional(z.coerce.number().min(-90).max(90)),
  lng: optional(z.coerce.number().min(-180).max(180)),
  nib: optional(z.string().trim().regex(new RegExp(NIB))),
  npwp: optional(z.string().trim().regex(new RegExp(NPWP))),
  plannedSites: z.coerce.number().int().min(1).max(MERCHANT_PLANNED_SITES_MAX).default(1),
});
export type MerchantApplyFields = z.infer<typeof merchantApplyFields>;

/** The files the form carries: the applicant's KTP and the shop (required), the NIB certificate (optional). */
export const MERCHANT_APPLY_PHOTOS = ['ktpPhoto', 'nibPhoto', 'shopPhoto'] as const;
export type MerchantApplyPhoto = (typeof MERCHANT_APPLY_PHOTOS)[number];
export const MERCHANT_APPLY_REQUIRED_PHOTOS: readonly MerchantApplyPhoto[] = ['ktpPhoto', 'shopPhoto'];

/** An application as the applicant follows it. */
export const myMerchantApplication = z.object({
  applicationNo: z.string(),
  applicantName: z.string(),
  companyName: z.string().nullable(),
  merchantType: z.number().int(),
  cityCode: z.number().int(),
  plannedSites: z.number().int(),
  /** merchant_applications.status (DOMAIN §3.6): 0 submitted, 1 under review, 2 approved, 3 rejected, 4 withdrawn. */
  status: z.number().int(),
  rejectReason: z.string().nullable(),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type MyMerchantApplication = z.infer<typeof myMerchantApplication>;
