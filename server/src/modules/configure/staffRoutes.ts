import { Code } from '@kayuh/contract/codes';
import { PLATFORM_TENANT_ID } from '@kayuh/contract/constants';
import { fieldSchema } from '@kayuh/contract/resources/schemas';
import { userResource } from '@kayuh/contract/resources/user';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { authOf } from '../../platform/access.ts';
import type { AuthContext } from '../../platform/auth/context.ts';
import { toMenuTree } from '../../platform/auth/menuAccess.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { RevokeReason, revokeUserSessions } from '../../platform/auth/sessions.ts';
import { ok } from '../../platform/envelope.ts';
import { BizError } from '../../platform/errors.ts';
import { visibleRows } from '../../platform/scope.ts';
import type { Services } from '../../platform/services.ts';

const passwordField = userResource.fields.find((f) => f.name === 'password')!;

/** Staff actions beyond the form: reset a password, force a sign-out, and the menu tree a role form grants. */
export const staffRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db, menuAccess } = services;

  /** Locks the user if the caller's scope admits them; another tenant's user is "not found" and nothing happens. */
  const lockUserInScope = async (tx: Db, auth: AuthContext, userId: number) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), visibleRows(auth, users)))
      .limit(1)
      .for('update');
    if (!user) throw new BizError(Code.notFound);
  };

  app.post(
    '/system/user/resetPwd',
    {
      config: { access: 'configure:user:reset', audit: { title: 'menu.configure.user', businessType: 2 } },
      schema: {
        tags: ['user'],
        summary: "Set a user's password; their sessions end",
        body: z.object({ userId: z.coerce.number().int().positive(), password: fieldSchema(passwordField) }),
      },
    },
    async (req) => {
      const auth = authOf(req);
      const passwordHash = await hashPassword(String(req.body.password));
      await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        await lockUserInScope(t, auth, req.body.userId);
        await t
          .update(users)
          .set({
            passwordHash,
            pwdUpdatedAt: new Date(),
            mustChangePwd: true,
            loginFailCount: 0,
            lockedUntil: null,
            version: sql`${users.version} + 1`,
            updatedAt: new Date(),
            updatedBy: auth.userId,
          })
          .where(eq(users.id, req.body.userId));
        await revokeUserSessions(t, req.body.userId, RevokeReason.kicked);
      });
      return ok();
    },
  );

  app.post(
    '/system/user/forceLogout',
    {
      config: { access: 'configure:user:forceLogout', audit: { title: 'menu.configure.user', businessType: 7 } },
      schema: {
        tags: ['user'],
        summary: 'End every session of a user (their next call answers 10007)',
        body: z.object({ userId: z.coerce.number().int().positive() }),
      },
    },
    async (req) => {
      const auth = authOf(req);
      await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        await lockUserInScope(t, auth, req.body.userId);
        await revokeUserSessions(t, req.body.userId, RevokeReason.kicked);
      });
      return ok();
    },
  );

  app.get(
    '/system/menu/treeselect',
    {
      config: { access: 'configure:role:view' },
      schema: {
        tags: ['role'],
        summary: 'The menus a role of this tenant may grant (or, for a package, any tenant may hold), as a tree',
        querystring: z.object({ purpose: z.enum(['role', 'package']).default('role') }),
      },
    },
    async (req) => {
      const auth = authOf(req);
      const tenantId = auth.scopeTenantId ?? PLATFORM_TENANT_ID;
      // A tenant grants what its package holds; the platform grants everything; a package holds no platform page.
      const rows =
        req.query.purpose === 'package' ? (await menuAccess.rows()).filter((m) => !m.platformOnly) : await menuAccess.grantableRows(tenantId);
      return ok(toMenuTree(rows));
    },
  );
};
