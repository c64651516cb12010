import { AppHeader, appHeaders, otpSendRequest, otpVerifyRequest } from '@kayuh/contract/api/appAuth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberOf } from '../../platform/access.ts';
import { resolveAppTenant, revokeMemberSession } from '../../platform/auth/memberSessions.ts';
import { ok } from '../../platform/envelope.ts';
import { MEMBER_SECURITY } from '../../platform/openapi.ts';
import { errorMessage } from '../../platform/errorMessage.ts';
import type { Services } from '../../platform/services.ts';
import { logAuthEvent } from './authLog.ts';
import { isTestNumberCall, OtpThrottled, sendSignInCode, verifySignInCode, type Caller } from './otpSignIn.ts';
import type { OtpSender } from './otpSender.ts';

/** The rider app's sign-in by one-time code (docs/app-api.md). */
export const appAuthRoutes: FastifyPluginAsyncZod<{ services: Services; sender: OtpSender }> = async (app, { services, sender }) => {
  const { db } = services;
  const deps = { db, catalogues: services.catalogues, sender, log: app.log };
  const caller = (req: FastifyRequest): Caller => ({ ip: req.ip, userAgent: req.headers['user-agent'] ?? null, lang: req.lang });
  /** A call for one of the operator's test numbers: the per-address limits do not count it (nothing is sent). */
  const testNumber = (req: FastifyRequest) =>
    isTestNumberCall(db, req.headers[AppHeader.tenantCode] as string | undefined, (req.body as { phone?: unknown } | undefined)?.phone);

  /** 429 with Retry-After, the reason in the rider's language and the seconds to wait. */
  const throttled = async (req: FastifyRequest, reply: FastifyReply, err: OtpThrottled, tenantId: number) => {
    reply.status(429).header('retry-after', err.retryAfterSeconds);
    return {
      code: 429,
      msg: await errorMessage(services.catalogues, req.lang, err.msgKey, err.params, tenantId),
      data: { retryAfterSeconds: err.retryAfterSeconds },
    };
  };

  app.post(
    '/app/auth/otp/send',
    {
      config: { access: 'public', limits: ['otpSendPerIp'], limitsExempt: testNumber },
      schema: {
        headers: appHeaders,
        body: otpSendRequest,
        tags: ['app'],
        summary: 'Send a sign-in code to a phone',
        description:
          'Answers {phone, channel, expiresInSeconds, resendInSeconds}. 429 (Retry-After, data.retryAfterSeconds): asked again too soon or too often; 2012: the phone is locked (data.lockedUntil).',
        security: [],
      },
    },
    async (req, reply) => {
      const tenant = await resolveAppTenant(db, req.headers[AppHeader.tenantCode]);
      try {
        return ok(await sendSignInCode(deps, tenant, req.body, caller(req)));
      } catch (err) {
        if (err instanceof OtpThrottled) return throttled(req, reply, err, tenant.id);
        throw err;
      }
    },
  );

  app.post(
    '/app/auth/otp/verify',
    {
      config: { access: 'public', limits: ['otpVerifyPerIp'], limitsExempt: testNumber },
      schema: {
        headers: appHeaders,
        body: otpVerifyRequest,
        tags: ['app'],
        summary: 'Sign in with the code: answers a bearer token; the first sign-in of a phone registers the rider',
        description:
          'Answers {token, memberId, memberNo, isNew}. 2011: wrong (data.attemptsLeft), expired or spent code; 2012: locked after 5 wrong codes (data.lockedUntil); 2006: the rider is frozen, blacklisted or closed.',
        security: [],
      },
    },
    async (req) => {
      const tenant = await resolveAppTenant(db, req.headers[AppHeader.tenantCode]);
      return ok(await verifySignInCode(deps, tenant, req.body, caller(req)));
    },
  );

  app.post(
    '/app/auth/logout',
    {
      config: { access: 'member' },
      schema: { headers: appHeaders, tags: ['app'], summary: 'Sign out: ends this session', security: MEMBER_SECURITY },
    },
    async (req) => {
      const member = memberOf(req);
      await revokeMemberSession(db, member.sessionId);
      await logAuthEvent(db, { tenantId: member.tenantId, phone: member.phone, memberId: member.memberId, event: 'logout', ip: req.ip });
      return ok();
    },
  );
};
