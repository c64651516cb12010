import { changePassword, profileUpdate, type Profile } from '@kayuh/contract/api/auth';
import { Code } from '@kayuh/contract/codes';
import { parseLang } from '@kayuh/contract/lang';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { depts, posts, roles, tenants, userPosts, userRoles, users } from '../../db/schema.ts';
import { authOf } from '../../platform/access.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import { RevokeReason, revokeUserSessions } from '../../platform/auth/sessions.ts';
import { ok } from '../../platform/envelope.ts';
import { BizError } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';

/** The user's own account (personal_info, changePwd): every role has it. */
export const profileRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db, catalogues } = services;

  async function loadProfile(userId: number): Promise<Profile> {
    const [row] = await db
      .select({ user: users, deptName: depts.deptName, tenantName: tenants.brandName, tenantCode: tenants.tenantCode })
      .from(users)
      .leftJoin(depts, eq(depts.id, users.deptId))
      .innerJoin(tenants, eq(tenants.id, users.tenantId))
      .where(eq(users.id, userId));
    if (!row) throw new BizError(Code.notFound);
    const roleNames = await db
      .select({ name: roles.roleName })
      .from(roles)
      .innerJoin(userRoles, eq(userRoles.roleId, roles.id))
      .where(and(eq(userRoles.userId, userId), isNull(roles.deletedAt)));
    const postNames = await db
      .select({ name: posts.postName })
      .from(posts)
      .innerJoin(userPosts, eq(userPosts.postId, posts.id))
      .where(and(eq(userPosts.userId, userId), isNull(posts.deletedAt)));
    const u = row.user;
    return {
      userId: u.id,
      userName: u.userName,
      nickName: u.nickName,
      email: u.email,
      phone: u.phone,
      sex: (u.sex as Profile['sex']) ?? null,
      lang: parseLang(u.lang),
      deptName: row.deptName,
      tenantName: row.tenantName,
      tenantCode: row.tenantCode,
      roleNames: roleNames.map((r) => r.name),
      postNames: postNames.map((p) => p.name),
      loginIp: u.loginIp,
      loginAt: u.loginAt?.toISOString() ?? null,
      pwdUpdatedAt: u.pwdUpdatedAt?.toISOString() ?? null,
      createdAt: u.createdAt.toISOString(),
    };
  }

  app.get(
    '/system/user/profile',
    {
      config: { access: 'authenticated', duringPasswordChange: true },
      schema: { tags: ['profile'], summary: 'My profile' },
    },
    async (req) => ok(await loadProfile(authOf(req).userId)),
  );

  app.post(
    '/system/user/profile',
    {
      config: { access: 'authenticated', audit: { title: 'menu.configure.personal_info', businessType: 2 } },
      schema: { tags: ['profile'], summary: 'Edit my profile', body: profileUpdate },
    },
    async (req) => {
      const auth = authOf(req);
      const { nickName, email, phone, sex, lang } = req.body;
      await db
        .update(users)
        .set({
          nickName,
          email: email || null,
          phone: phone || null,
          sex: sex ?? null,
          ...(lang ? { lang } : {}),
          updatedAt: new Date(),
          updatedBy: auth.userId,
          version: sql`${users.version} + 1`,
        })
        .where(eq(users.id, auth.userId));
      // The name a notice shows as its sender comes from the cached caller profile.
      services.changes.announce('auth');
      return ok(await loadProfile(auth.userId));
    },
  );

  app.post(
    '/system/user/profile/updatePwd',
    {
      config: {
        access: 'authenticated',
        duringPasswordChange: true,
        limits: ['oldPasswordCheck'],
        audit: { title: 'menu.configure.changePwd', businessType: 2 },
      },
      schema: { tags: ['profile'], summary: 'Change my password; every session of mine ends', body: changePassword },
    },
    async (req) => {
      const auth = authOf(req);
      const [user] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, auth.userId));
      if (!(await verifyPassword(user?.hash ?? null, req.body.oldPassword))) {
        throw new BizError(Code.validation, undefined, { fields: { oldPassword: await catalogues.t(req.lang, 'validation.wrongOldPassword') } });
      }
      await db
        .update(users)
        .set({
          passwordHash: await hashPassword(req.body.newPassword),
          pwdUpdatedAt: new Date(),
          mustChangePwd: false,
          updatedAt: new Date(),
          updatedBy: auth.userId,
          version: sql`${users.version} + 1`,
        })
        .where(eq(users.id, auth.userId));
      await revokeUserSessions(db, auth.userId, RevokeReason.logout);
      return ok();
    },
  );
};
