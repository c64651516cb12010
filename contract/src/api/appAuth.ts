import { z } from 'zod';
import { LANGS } from '../lang.ts';

/**
 * The rider app's sign-in (docs/app-api.md): a one-time code sent to the rider's phone is traded for a bearer token.
 * Every call under /api/app names its operator by the `tenant-code` header; signed-in calls add
 * `Authorization: Bearer <token>`.
 */
export const AppHeader = { tenantCode: 'tenant-code', authorization: 'authorization' } as const;

/** The headers every /api/app call sends (extra headers pass through). */
export const appHeaders = z.looseObject({
  'tenant-code': z.string().trim().min(1).max(20).describe("The operator's tenant code (tenants.tenant_code), e.g. KITABIKE"),
});

export const OTP_CHANNELS = ['sms', 'whatsapp'] as const;
export type OtpChannel = (typeof OTP_CHANNELS)[number];

/** A phone as riders type it: the server reads it as E.164 with the operator's country code (+62 …, 0812 …). */
const phone = z
  .string()
  .trim()
  .min(6)
  .max(24)
  .regex(/^\+?[0-9 ().-]+$/)
  .describe('Mobile number: +6281234567890, 081234567890 or with spaces and dashes');

export const otpSendRequest = z.object({
  phone,
  channel: z.enum(OTP_CHANNELS).default('sms').describe('How the code is sent'),
});
export type OtpSendRequest = z.infer<typeof otpSendRequest>;

export const otpSendResult = z.object({
  /** The number the code went to, as the server reads it (E.164). */
  phone: z.string(),
  channel: z.enum(OTP_CHANNELS),
  /** Seconds the code signs in for. */
  expiresInSeconds: z.number(),
  /** Seconds before another code may be asked for. */
  resendInSeconds: z.number(),
});
export type OtpSendResult = z.infer<typeof otpSendResult>;

export const APP_PLATFORMS = ['android', 'ios', 'h5'] as const;

export const otpVerifyRequest = z.object({
  phone,
  code: z
    .string()
    .trim()
    .regex(/^[0-9]{4,8}$/)
    .describe('The code received (or a test number’s fixed code)'),
  /** Where a first sign-in registers from (members.register_source); android when not sent. */
  platform: z.enum(APP_PLATFORMS).optional(),
});
export type OtpVerifyRequest = z.infer<typeof otpVerifyRequest>;

export const otpVerifyResult = z.object({
  /** The bearer token: sent as `Authorization: Bearer <token>` on every signed-in call. */
  token: z.string(),
  memberId: z.number(),
  memberNo: z.string(),
  /** This sign-in registered the rider. */
  isNew: z.boolean(),
});
export type OtpVerifyResult = z.infer<typeof otpVerifyResult>;

/** A 2012 answer to a locked phone: when it may try again. */
export const phoneLocked = z.object({ lockedUntil: z.string() });
export type PhoneLocked = z.infer<typeof phoneLocked>;

/** The signed-in rider's own profile (GET /api/app/me). */
export const memberProfile = z.object({
  memberId: z.number(),
  memberNo: z.string(),
  phone: z.string(),
  nickName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  email: z.string().nullable(),
  /** 0 male, 1 female, 2 unknown. */
  gender: z.number().nullable(),
  birthDate: z.string().nullable(),
  lang: z.enum(LANGS),
  /** 0 normal (a signed-in rider is always normal: frozen, blacklisted and closed riders cannot sign in). */
  status: z.number(),
  /** 0 none, 1 pending, 2 verified, 3 rejected. */
  kycStatus: z.number(),
  points: z.number(),
  tenantCode: z.string(),
  brandName: z.string(),
  createdAt: z.string(),
});
export type MemberProfile = z.infer<typeof memberProfile>;
