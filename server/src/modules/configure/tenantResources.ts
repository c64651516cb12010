import { Code } from '@kayuh/contract/codes';
import { PLATFORM_TENANT_ID } from '@kayuh/contract/constants';
import { tenantPackageResource, tenantResource } from '@kayuh/contract/resources/tenant';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { countries, menus, tenantPackages, tenants, users } from '../../db/schema.ts';
import { BizError, invalid } from '../../platform/errors.ts';
import { bindResource } from '../../platform/resources/binding.ts';
import { provisionTenant, syncAdminRoleMenus } from './tenantProvisioning.ts';

const platformLocked = () => new BizError(Code.transitionNotAllowed, 'tenant.platformLocked');

async function assertLive(db: Db, table: typeof countries | typeof tenantPackages, id: unknown, field: string) {
  if (id === undefined) return;
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, Number(id)), isNull(table.deletedAt)));
  if (!row) throw invalid({ [field]: 'validation.invalidOption' });
}

/** Tenants: adding one provisions it (tenantProvisioning.ts); the platform tenant is never disabled or removed. */
export const tenantBinding = bindResource(tenantResource, tenants, {
  announces: 'auth',
  async check({ values, tx, mode, body }) {
    await assertLive(tx, tenantPackages, values.packageId, 'packageId');
    await assertLive(tx, countries, values.countryId, 'countryId');
    if (mode !== 'add') return;
    // Staff user names are unique across the platform: sign-in has no tenant field.
    const userName = String(body.adminUserName);
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.userName, userName), isNull(users.deletedAt)))
      .limit(1);
    if (taken) throw new BizError(Code.duplicate, undefined, { fields: { adminUserName: userName } });
  },
  async create({ tx, values, auth, body }) {
    const [tenant] = await tx
      .insert(tenants)
      .values(values as typeof tenants.$inferInsert)
      .returning();
    await provisionTenant(tx, tenant!, { userName: String(body.adminUserName), password: String(body.adminPassword) }, auth.userId);
    return tenant as Record<string, unknown>;
  },
  events: {
    disable: {
      guard({ current }) {
        if (Number(current!.id) === PLATFORM_TENANT_ID) throw platformLocked();
      },
    },
  },
  async afterWrite({ tx, mode, current: before, row: after }) {
    if (mode !== 'edit' || !before || !after) return;
    if (after.packageId !== before.packageId)
      await syncAdminRoleMenus(tx, Number(after.id), after.packageId === null ? null : Number(after.packageId));
  },
  async beforeRemove({ ids }) {
    if (ids.includes(PLATFORM_TENANT_ID)) throw platformLocked();
  },
});

/** Packages: only menus a tenant may hold; an edit re-grants its tenants' admin roles; one in use stays. */
export const tenantPackageBinding = bindResource(tenantPackageResource, tenantPackages, {
  announces: 'auth',
  async check({ values, tx }) {
    const ids = values.menuIds as number[] | undefined;
    if (ids === undefined) return;
    const unique = [...new Set(ids)];
    values.menuIds = unique;
    const found = unique.length
      ? await tx
          .select({ id: menus.id })
          .from(menus)
          .where(and(inArray(menus.id, unique), eq(menus.platformOnly, false), isNull(menus.deletedAt)))
      : [];
    if (!unique.length || found.length !== unique.length) throw invalid({ menuIds: 'validation.invalidOption' });
  },
  async afterWrite({ tx, mode, row: after }) {
    if (mode !== 'edit') return;
    const holders = await tx
      .select({ id: tenants.id })
      .from(tenants)
      .where(and(eq(tenants.packageId, Number(after!.id)), isNull(tenants.deletedAt)));
    for (const tenant of holders) await syncAdminRoleMenus(tx, tenant.id, Number(after!.id));
  },
  async beforeRemove({ tx, ids }) {
    const [used] = await tx
      .select({ id: tenants.id })
      .from(tenants)
      .where(and(inArray(tenants.packageId, ids), isNull(tenants.deletedAt)))
      .limit(1);
    if (used) throw new BizError(Code.transitionNotAllowed, 'tenantPackage.inUse');
  },
});
