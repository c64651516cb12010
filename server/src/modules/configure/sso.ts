import { loginRequest, type LoginResult } from '@kayuh/contract/api/auth';
import { Code } from '@kayuh/contract/codes';
import { LOGIN_LOCK_MS } from '@kayuh/contract/constants';
import { parseLang } from '@kayuh/contract/lang';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginLogs, tenants, users } from '../../db/schema.ts';
import { authOf } from '../../platform/access.ts';
import { admitSuccess, recordFailure, releaseAttempt, reserveAttempt } from '../../platform/auth/lockout.ts';
import { verifyPassword } from '../../platform/auth/passwords.ts';
import { loadRolePosts, loadRoles } from '../../platform/auth/roles.ts';
import { isTenantActive, tenantState } from '../../platform/auth/tenantStatus.ts';
import { openSession, RevokeReason, revokeSession } from '../../platform/auth/sessions.ts';
import { describeUserAgent } from '../../platform/auth/userAgent.ts';
import { ok } from '../../platform/envelope.ts';
import { BizError } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';

/** Sign-in and sign-out (spec §7 /system/sso/login). Every attempt lands in the login journal. */
export const ssoRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;

  const journal = (userName: string, tenantId: number | null, ok: boolean, msg: string, ip: string, ua?: string) =>
    db
      .insert(loginLogs)
      .values({ userName: userName.slice(0, 64), tenantId, ipaddr: ip, loginLocation: '', ...describeUserAgent(ua), status: ok ? '0' : '1', msg });

  app.post(
    '/system/sso/login',
    {
      config: { access: 'public', limits: ['signInPerIp', 'signInPerUserName'] },
      schema: { body: loginRequest, tags: ['auth'], summary: 'Sign in; a new session ends the older one (3001)' },
    },
    async (req) => {
      const { username, password } = req.body;
      const ua = req.headers['user-agent'];
      const now = new Date();
      const [row] = await db
        .select({ user: users, tenant: tenantState })
        .from(users)
        .leftJoin(tenants, eq(tenants.id, users.tenantId))
        .where(and(eq(users.userName, username), isNull(users.deletedAt)))
        .limit(1);
      const user = row?.user;

      const locked = async (until: Date, msg: string) => {
        await journal(username, user?.tenantId ?? null, false, msg, req.ip, ua);
        return new BizError(Code.accountLocked, undefined, undefined, { minutes: Math.ceil((until.getTime() - now.getTime()) / 60_000) });
      };
      // The attempt is counted (or refused by the lock) before its password is looked at.
      const reservation = user ? await reserveAttempt(db, user.id, now) : undefined;
      if (reservation && !reservation.ok) {
        if (reservation.lockedUntil) throw await locked(reservation.lockedUntil, 'login.msg.lockedAttempt');
        await journal(username, user!.tenantId, false, 'login.msg.attemptsInFlight', req.ip, ua);
        throw new BizError(Code.accountLocked, 'auth.attemptsInFlight');
      }
      const valid = await verifyPassword(user?.passwordHash ?? null, password);
      if (!user || !valid || user.status !== '0') {
        if (user && !valid && (await recordFailure(db, user.id, now))) {
          throw await locked(new Date(now.getTime() + LOGIN_LOCK_MS), 'login.msg.locked');
        }
        if (user && valid) await releaseAttempt(db, user.id);
        await journal(username, user?.tenantId ?? null, false, 'login.msg.badCredentials', req.ip, ua);
        throw new BizError(Code.badCredentials);
      }

      if (!isTenantActive(row?.tenant, now)) {
        await releaseAttempt(db, user.id);
        await journal(username, user.tenantId, false, 'login.msg.tenantInactive', req.ip, ua);
        throw new BizError(Code.forbidden, 'auth.tenantInactive');
      }
      // Failures that ran alongside this attempt may have locked the account meanwhile; the lock stands.
      if (!(await admitSuccess(db, user.id, now, req.ip))) throw await locked(new Date(now.getTime() + LOGIN_LOCK_MS), 'login.msg.lockedAttempt');
      const token = await openSession(db, user, { ip: req.ip, ...describeUserAgent(ua) }, now);
      await journal(username, user.tenantId, true, 'login.msg.success', req.ip, ua);
      const roles = await loadRoles(db, user);
      const result: LoginResult = {
        token,
        userId: user.id,
        userName: user.userName,
        nickName: user.nickName,
        tenantId: user.tenantId,
        lang: parseLang(user.lang),
        mustChangePwd: user.mustChangePwd,
        roleIdAndpostIds: await loadRolePosts(db, user.id, roles),
        roles,
      };
      return ok(result);
    },
  );

  app.post(
    '/system/sso/logout',
    {
      config: { access: 'authenticated', duringPasswordChange: true },
      schema: { tags: ['auth'], summary: 'Sign out: ends this session' },
    },
    async (req) => {
      const auth = authOf(req);
      await revokeSession(db, auth.sessionId, RevokeReason.logout);
      await journal(auth.userName, auth.tenantId, true, 'login.msg.logout', req.ip, req.headers['user-agent']);
      return ok();
    },
  );
};
