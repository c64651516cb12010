import type { OtpSendRequest, OtpSendResult, OtpVerifyRequest, OtpVerifyResult } from '@kayuh/contract/api/appAuth';
import { Code } from '@kayuh/contract/codes';
import { OTP_RESEND_COOLDOWN_MS, OTP_TTL_MS } from '@kayuh/contract/constants';
import type { Lang } from '@kayuh/contract/lang';
import { toE164 } from '@kayuh/contract/rules/phone';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { members, memberTestPhones, messageDeliveries } from '../../db/schema.ts';
import { MEMBER_STATUS_NORMAL, openMemberSession, resolveAppTenant, type AppTenant } from '../../platform/auth/memberSessions.ts';
import { BizError, invalid } from '../../platform/errors.ts';
import type { Catalogues } from '../../platform/i18n.ts';
import { logAuthEvent } from './authLog.ts';
import { findOrCreateMember, memberByPhone, REGISTER_SOURCE } from './memberRegistry.ts';
import { checkCode, issueCode, newOtpCode } from './otpCodes.ts';
import type { OtpSender } from './otpSender.ts';
import { templateText } from './messageTemplates.ts';

export interface SignInDeps {
  db: Db;
  catalogues: Catalogues;
  sender: OtpSender;
  log: FastifyBaseLogger;
}

/** Who asks: their address and app, and the language the code's message is written in. */
export interface Caller {
  ip: string;
  userAgent: string | null;
  lang: Lang;
}

/** Too soon or too often for this phone: answered 429 with Retry-After and the seconds in `data`. */
export class OtpThrottled extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    readonly msgKey: string,
    readonly params: Record<string, number>,
  ) {
    super(msgKey);
  }
}

/** message_deliveries.channel (DOMAIN §2.9) and recipient_type. */
const CHANNEL_CODE = { sms: 3, whatsapp: 4 } as const;
const RECIPIENT_MEMBER = 1;
/** message_deliveries.status (DOMAIN §3.17). */
const DELIVERY = { sent: 1, failed: 3 } as const;

const minutesUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));

/** 2012 for a locked phone, saying until when. */
const phoneLocked = (until: Date, now: Date) =>
  new BizError(Code.accountLocked, 'app.otp.locked', { lockedUntil: until.toISOString() }, { minutes: minutesUntil(until, now) });

/** The number as E.164 in the operator's country, or a 2001 on the phone field. */
export function phoneOf(raw: string, tenant: AppTenant): string {
  const phone = toE164(raw, tenant.callingCode);
  if (!phone) throw invalid({ phone: 'validation.phone' });
  return phone;
}

/**
 * Whether an app sign-in call names one of its operator's test numbers: nothing is sent to those, so the per-address
 * limits (there against SMS pumping and code guessing from one place) do not count them — a simulator or a reviewer
 * signing many test riders in from one address is not an attack. The number's own 5-wrong-codes lock still holds.
 */
export async function isTestNumberCall(db: Db, tenantCode: string | undefined, rawPhone: unknown): Promise<boolean> {
  if (typeof rawPhone !== 'string') return false;
  try {
    const tenant = await resolveAppTenant(db, tenantCode);
    return (await fixedCodeOf(db, tenant.id, phoneOf(rawPhone, tenant))) !== undefined;
  } catch {
    return false;
  }
}

async function fixedCodeOf(db: Db, tenantId: number, phone: string): Promise<string | undefined> {
  const [row] = await db
    .select({ code: memberTestPhones.fixedCode })
    .from(memberTestPhones)
    .where(and(eq(memberTestPhones.tenantId, tenantId), eq(memberTestPhones.phone, phone), isNull(memberTestPhones.deletedAt)))
    .limit(1);
  return row?.code;
}

/**
 * Sends a sign-in code (POST /app/auth/otp/send). A test number of the tenant is sent nothing: its fixed code becomes
 * the phone's code, under the same expiry and lock. Every send through a provider is recorded in message_deliveries.
 */
export async function sendSignInCode(
  deps: SignInDeps,
  tenant: AppTenant,
  body: OtpSendRequest,
  caller: Caller,
  now = new Date(),
): Promise<OtpSendResult> {
  const { db } = deps;
  const phone = phoneOf(body.phone, tenant);
  const fixedCode = await fixedCodeOf(db, tenant.id, phone);
  const code = fixedCode ?? newOtpCode();
  const log = (event: Parameters<typeof logAuthEvent>[1]['event'], detail?: Record<string, unknown>, memberId?: number | null) =>
    logAuthEvent(db, { tenantId: tenant.id, phone, event, ip: caller.ip, detail, memberId, at: now });

  const issued = await issueCode(db, { tenantId: tenant.id, phone, code, ip: caller.ip, unthrottled: fixedCode !== undefined }, now);
  if (!issued.ok) {
    if (issued.reason === 'locked') {
      await log('otp.whileLocked', { step: 'send' });
      throw phoneLocked(issued.until, now);
    }
    const seconds = Math.ceil(issued.retryAfterMs / 1000);
    await log('otp.throttled', { reason: issued.reason, retryAfterSeconds: seconds });
    if (issued.reason === 'cooldown') throw new OtpThrottled(seconds, 'app.otp.cooldown', { seconds });
    throw new OtpThrottled(seconds, 'app.otp.tooMany', { minutes: Math.ceil(seconds / 60) });
  }
  const result: OtpSendResult = {
    phone,
    channel: body.channel,
    expiresInSeconds: OTP_TTL_MS / 1000,
    resendInSeconds: fixedCode === undefined ? OTP_RESEND_COOLDOWN_MS / 1000 : 0,
  };
  if (fixedCode !== undefined) {
    await log('otp.sent', { channel: body.channel, testNumber: true });
    return result;
  }

  const member = await memberByPhone(db, tenant.id, phone);
  const minutes = OTP_TTL_MS / 60_000;
  // The operator's own wording for this channel and language (templateList), else the console's.
  const values = { brand: tenant.brandName, code, minutes };
  const own = await templateText(db, { tenantId: tenant.id, code: 'OTP', channel: CHANNEL_CODE[body.channel], lang: caller.lang }, values);
  const text = own?.text ?? (await deps.catalogues.t(caller.lang, 'app.otp.text', values, tenant.id));
  const delivery = {
    tenantId: tenant.id,
    channel: CHANNEL_CODE[body.channel],
    recipientType: RECIPIENT_MEMBER,
    recipientId: member?.id ?? null,
    toAddress: phone,
    templateCode: 'OTP',
    // What the OTP template needs; the code itself only when nothing left the server (the message pages are then how it is read).
    params: {
      code: deps.sender.recordsCode ? code : '*'.repeat(code.length),
      minutes,
      brand: tenant.brandName,
      lang: caller.lang,
      ...(own ? { templateId: own.templateId } : {}),
    },
    attempts: 1,
    createdAt: now,
  };
  try {
    const sent = await deps.sender.send({
      tenantId: tenant.id,
      phone,
      code,
      lang: caller.lang,
      channel: body.channel,
      text,
      providerTemplateId: own?.providerTemplateId ?? null,
    });
    await db
      .insert(messageDeliveries)
      .values({ ...delivery, provider: sent.provider, providerMsgId: sent.providerMsgId, status: DELIVERY.sent, sentAt: now });
    await log('otp.sent', { channel: body.channel, provider: sent.provider }, member?.id);
    return result;
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    deps.log.warn({ provider: deps.sender.provider, err: reason }, 'sign-in code not sent');
    await db
      .insert(messageDeliveries)
      .values({ ...delivery, provider: deps.sender.provider, status: DELIVERY.failed, failReason: reason.slice(0, 500) });
    await log('otp.sendFailed', { channel: body.channel, provider: deps.sender.provider }, member?.id);
    // OTPs are never retried by the server (DOMAIN §3.17): the rider asks again.
    throw new BizError(Code.serverError, 'app.otp.sendFailed');
  }
}

/**
 * Trades a code for a session (POST /app/auth/otp/verify); the first sign-in of a phone registers the rider. A frozen,
 * blacklisted or closed rider is refused with the reason.
 */
export async function verifySignInCode(
  deps: SignInDeps,
  tenant: AppTenant,
  body: OtpVerifyRequest,
  caller: Caller,
  now = new Date(),
): Promise<OtpVerifyResult> {
  const { db } = deps;
  const phone = phoneOf(body.phone, tenant);
  const log = (event: Parameters<typeof logAuthEvent>[1]['event'], detail?: Record<string, unknown>, memberId?: number | null) =>
    logAuthEvent(db, { tenantId: tenant.id, phone, event, ip: caller.ip, detail, memberId, at: now });

  const checked = await checkCode(db, { tenantId: tenant.id, phone, code: body.code, ip: caller.ip }, now);
  if (!checked.ok) {
    switch (checked.reason) {
      case 'wrong':
        await log('otp.wrong', { attemptsLeft: checked.left });
        throw new BizError(Code.badCredentials, 'app.otp.wrong', { attemptsLeft: checked.left }, { left: checked.left });
      case 'expired':
        await log('otp.expired');
        throw new BizError(Code.badCredentials, 'app.otp.expired');
      case 'inFlight':
        await log('otp.inFlight');
        throw new BizError(Code.accountLocked, 'auth.attemptsInFlight');
      case 'locked':
        // The lock itself was logged as it was made ('phone.locked').
        if (!checked.justLocked) await log('otp.whileLocked', { step: 'verify' });
        throw phoneLocked(checked.until, now);
    }
  }

  const existing = await memberByPhone(db, tenant.id, phone);
  if (existing && existing.status !== MEMBER_STATUS_NORMAL) {
    await log('signin.refused', { status: existing.status }, existing.id);
    throw new BizError(Code.forbidden, `app.member.status.${existing.status}`);
  }
  const { member, isNew } = existing
    ? { member: existing, isNew: false }
    : await findOrCreateMember(
        db,
        { tenantId: tenant.id, phone, lang: caller.lang, registerSource: REGISTER_SOURCE[body.platform ?? 'android'] },
        now,
      );
  if (isNew) await log('member.created', { memberNo: member.memberNo }, member.id);
  else await db.update(members).set({ lastActiveAt: now }).where(eq(members.id, member.id));
  const { token, sessionId } = await openMemberSession(db, member, { ip: caller.ip, userAgent: caller.userAgent }, now);
  await log('signin', { sessionId, isNew }, member.id);
  return { token, memberId: member.id, memberNo: member.memberNo, isNew };
}
