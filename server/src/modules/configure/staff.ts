import { Code } from '@kayuh/contract/codes';
import { PLATFORM_TENANT_ID, SUPER_ADMIN_ROLE_ID } from '@kayuh/contract/constants';
import { roleResource } from '@kayuh/contract/resources/role';
import { userResource } from '@kayuh/contract/resources/user';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { depts, menus, posts, roleDepts, roleMenus, roles, tenantPackages, tenants, userPosts, userRoles, users } from '../../db/schema.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { RevokeReason, revokeUserSessions } from '../../platform/auth/sessions.ts';
import { BizError, invalid } from '../../platform/errors.ts';
import { bindResource } from '../../platform/resources/binding.ts';
import { tenantRows } from '../../platform/scope.ts';

/** Every listed id must be a live row of the tenant; otherwise the field is invalid. */
async function assertOwned(db: Db, table: typeof depts | typeof roles | typeof posts, ids: unknown, tenantId: number, field: string) {
  const list = (ids as number[] | undefined) ?? [];
  if (!list.length) return;
  const found = await db
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, list), tenantRows(tenantId, table)));
  if (found.length !== new Set(list).size) throw invalid({ [field]: 'validation.invalidOption' });
}

/** A tenant's account limit (DOMAIN §5.1, −1 = none) counts its live staff accounts. */
async function assertBelowAccountLimit(db: Db, tenantId: number) {
  const [tenant] = await db.select({ limit: tenants.accountLimit }).from(tenants).where(eq(tenants.id, tenantId));
  if (!tenant || tenant.limit < 0) return;
  const [held] = await db.select({ n: count() }).from(users).where(tenantRows(tenantId, users));
  if ((held?.n ?? 0) >= tenant.limit) throw new BizError(Code.transitionNotAllowed, 'tenant.accountLimit');
}

/** Menus a tenant may grant: its package (the platform: every menu). */
async function grantableMenuIds(db: Db, tenantId: number): Promise<Set<number> | null> {
  if (tenantId === PLATFORM_TENANT_ID) return null;
  const [row] = await db
    .select({ ids: tenantPackages.menuIds })
    .from(tenants)
    .innerJoin(tenantPackages, eq(tenantPackages.id, tenants.packageId))
    .where(eq(tenants.id, tenantId));
  return new Set(row?.ids ?? []);
}

export const roleBinding = bindResource(roleResource, roles, {
  announces: 'auth',
  computed: {
    // Built with joins, so drizzle names every column with its table: `roles.id` is the outer row's.
    userCount: sql<number>`(${new QueryBuilder()
      .select({ n: count() })
      .from(userRoles)
      .innerJoin(users, and(eq(users.id, userRoles.userId), isNull(users.deletedAt)))
      .where(eq(userRoles.roleId, roles.id))})`.mapWith(Number),
  },
  links: {
    menuIds: { table: roleMenus, owner: roleMenus.roleId, target: roleMenus.menuId, tenantId: roleMenus.tenantId },
    deptIds: { table: roleDepts, owner: roleDepts.roleId, target: roleDepts.deptId, tenantId: roleDepts.tenantId },
  },
  async check({ tx, tenantId, body, current }) {
    if (current && Number(current.id) === SUPER_ADMIN_ROLE_ID) throw new BizError(Code.forbidden);
    const menuIds = body.menuIds as number[] | undefined;
    if (menuIds?.length) {
      const grantable = await grantableMenuIds(tx, tenantId);
      const known = await tx.select({ id: menus.id, platformOnly: menus.platformOnly }).from(menus).where(inArray(menus.id, menuIds));
      const ok = known.length === new Set(menuIds).size && known.every((m) => grantable === null || (grantable.has(m.id) && !m.platformOnly));
      if (!ok) throw invalid({ menuIds: 'validation.invalidOption' });
    }
    await assertOwned(tx, depts, body.deptIds, tenantId, 'deptIds');
  },
  async beforeRemove({ tx, ids }) {
    if (ids.includes(SUPER_ADMIN_ROLE_ID)) throw new BizError(Code.forbidden);
    // Held by live staff: a removed user's old grant does not pin the role for ever.
    const [held] = await tx
      .select({ id: userRoles.userId })
      .from(userRoles)
      .innerJoin(users, and(eq(users.id, userRoles.userId), isNull(users.deletedAt)))
      .where(inArray(userRoles.roleId, ids))
      .limit(1);
    if (held) throw new BizError(Code.transitionNotAllowed, 'role.inUse');
  },
});

export const userBinding = bindResource(userResource, users, {
  announces: 'auth',
  links: {
    roleIds: { table: userRoles, owner: userRoles.userId, target: userRoles.roleId, tenantId: userRoles.tenantId },
    postIds: { table: userPosts, owner: userPosts.userId, target: userPosts.postId, tenantId: userPosts.tenantId },
  },
  async check({ values, tx, tenantId, body, mode }) {
    if (mode === 'add') {
      await assertBelowAccountLimit(tx, tenantId);
      // User names are unique across the platform: sign-in has no tenant field (DOMAIN §9.2).
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.userName, String(values.userName)), isNull(users.deletedAt)))
        .limit(1);
      if (taken) throw new BizError(Code.duplicate, undefined, { fields: { userName: String(values.userName) } });
      values.passwordHash = await hashPassword(String(body.password));
      values.pwdUpdatedAt = new Date();
    }
    if (values.deptId !== undefined) await assertOwned(tx, depts, [values.deptId], tenantId, 'deptId');
    await assertOwned(tx, roles, body.roleIds, tenantId, 'roleIds');
    await assertOwned(tx, posts, body.postIds, tenantId, 'postIds');
  },
  events: {
    // A disabled user's sessions end now, not at their next expiry.
    disable: { effects: ({ tx, row }) => revokeUserSessions(tx, Number(row!.id), RevokeReason.kicked) },
  },
  async beforeRemove({ tx, ids }) {
    for (const id of ids) await revokeUserSessions(tx, id, RevokeReason.kicked);
  },
});
