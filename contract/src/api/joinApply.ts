import { z } from 'zod';
import { JOIN_PLANNED_INVESTMENT_MAX, JOIN_PLANNED_UNITS_MAX } from '../resources/partners.ts';

/**
 * The applicant's own channel for join applications (DOMAIN §2.2, §3.6 "submit: applicant (app / H5)";
 * docs/partners.md): a signed-in rider asks to become the operator's agent, investor or contractor from the rider app,
 * follows the application and withdraws it until it is decided. The phone is the rider's own.
 */
export const JOIN_APPLY_PATH = '/app/partner/applications';

/** The body of `POST /api/app/partner/applications`, each field bounded as the console shows it. */
export const joinApplyBody = z.object({
  /** partner_agencies.kind: 1 operating agent, 2 investor, 3 contractor. */
  kind: z.number().int().min(1).max(3),
  applicantName: z.string().trim().min(1).max(60),
  company: z.string().trim().min(1).max(100).optional(),
  cityCode: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  plannedVehicles: z.number().int().min(0).max(JOIN_PLANNED_UNITS_MAX).optional(),
  plannedBatteries: z.number().int().min(0).max(JOIN_PLANNED_UNITS_MAX).optional(),
  /** In the currency's smallest unit (rupiah), in the tenant's currency. */
  plannedInvestment: z.number().int().min(0).max(JOIN_PLANNED_INVESTMENT_MAX).optional(),
});
export type JoinApplyBody = z.infer<typeof joinApplyBody>;

/** An application as the applicant follows it. */
export const myJoinApplication = z.object({
  applicationNo: z.string(),
  kind: z.number().int(),
  applicantName: z.string(),
  company: z.string().nullable(),
  cityCode: z.number().int(),
  /** join_applications.status (DOMAIN §3.6): 0 submitted, 1 under review, 2 approved, 3 rejected, 4 withdrawn. */
  status: z.number().int(),
  rejectReason: z.string().nullable(),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type MyJoinApplication = z.infer<typeof myJoinApplication>;
