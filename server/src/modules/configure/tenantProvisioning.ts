import { ALL_CITIES_DEPT_ID } from '@kayuh/contract/constants';
import { parseLang } from '@kayuh/contract/lang';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { depts, guideSettings, menus, roleMenus, roles, tenantGuideSteps, tenantPackages, tenants, userRoles, users } from '../../db/schema.ts';
import { starterName } from '../../db/seed/starterNames.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { openPlatformAccounts } from '../../platform/ledger/platformAccounts.ts';
import { tenantRows } from '../../platform/scope.ts';
import { seedAlarmCentre } from '../../db/seed/alarmRules.ts';
import { seedProductTypes } from '../../db/seed/money.ts';
import { seedFaultTypes } from '../../db/seed/faultTypes.ts';

/** The role every tenant is given at birth; it follows the tenant's package. */
export const TENANT_ADMIN_ROLE_KEY = 'tenant_admin';

type Tenant = typeof tenants.$inferSelect;

/** The tour (DOMAIN §5.1): one row per enabled guide setting, the first `done` of them already finished. */
export async function copyGuideSteps(tx: Db, tenantId: number, opts: { done?: number; createdBy?: number | null } = {}) {
  const settings = await tx
    .select()
    .from(guideSettings)
    .where(and(isNull(guideSettings.deletedAt), eq(guideSettings.status, '0')))
    .orderBy(asc(guideSettings.orderNum));
  if (!settings.length) return;
  const done = opts.done ?? 0;
  await tx.insert(tenantGuideSteps).values(
    settings.map((s, i) => ({
      tenantId,
      guideSettingId: s.id,
      status: i < done ? '1' : '0',
      requestInterface: s.requestInterface,
      routeWeb: s.routeWeb,
      remark: s.remark,
      orderNum: s.orderNum,
      finishedAt: i < done ? new Date() : null,
      createdBy: opts.createdBy ?? null,
    })),
  );
}

/** The menus a package grants that a tenant may hold (never the platform's own pages). */
async function packageMenus(tx: Db, packageId: number | null): Promise<number[]> {
  if (packageId === null) return [];
  const [pkg] = await tx.select({ ids: tenantPackages.menuIds }).from(tenantPackages).where(eq(tenantPackages.id, packageId));
  if (!pkg?.ids.length) return [];
  const rows = await tx
    .select({ id: menus.id })
    .from(menus)
    .where(and(inArray(menus.id, pkg.ids), eq(menus.platformOnly, false)));
  return rows.map((r) => r.id);
}

/** The tenant admin role holds exactly its package's menus: after a package is set, changed or edited. */
export async function syncAdminRoleMenus(tx: Db, tenantId: number, packageId: number | null) {
  const [role] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(tenantRows(tenantId, roles), eq(roles.roleKey, TENANT_ADMIN_ROLE_KEY)));
  if (!role) return;
  const menuIds = await packageMenus(tx, packageId);
  await tx.delete(roleMenus).where(eq(roleMenus.roleId, role.id));
  if (menuIds.length) await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ tenantId, roleId: role.id, menuId })));
}

/**
 * Everything a new tenant needs to sign in and start (DOMAIN §5.1): its company dept under the platform root,
 * the admin role holding its package's menus, the admin user — who must set a new password at first sign-in —,
 * its tour steps, and its platform ledger accounts. Runs inside the add's transaction: all or nothing.
 */
export async function provisionTenant(tx: Db, tenant: Tenant, admin: { userName: string; password: string }, createdBy: number) {
  const stamp = { tenantId: tenant.id, createdBy, updatedBy: createdBy };
  const [dept] = await tx
    .insert(depts)
    .values({
      ...stamp,
      parentId: ALL_CITIES_DEPT_ID,
      ancestors: `0,${ALL_CITIES_DEPT_ID}`,
      deptName: starterName(parseLang(tenant.defaultLang), 'companyDept', { brand: tenant.brandName }),
      kind: 1,
      orderNum: tenant.id,
      leader: tenant.contactUserName,
      phone: tenant.contactPhone,
      email: tenant.email,
    })
    .returning({ id: depts.id });
  const [role] = await tx
    .insert(roles)
    .values({
      ...stamp,
      roleName: starterName(parseLang(tenant.defaultLang), 'tenantAdminRole'),
      roleKey: TENANT_ADMIN_ROLE_KEY,
      roleSort: 1,
      dataScope: '1',
    })
    .returning({ id: roles.id });
  await syncAdminRoleMenus(tx, tenant.id, tenant.packageId);
  const [user] = await tx
    .insert(users)
    .values({
      ...stamp,
      deptId: dept!.id,
      userName: admin.userName,
      nickName: tenant.contactUserName.slice(0, 30),
      email: tenant.email,
      phone: tenant.contactPhone,
      lang: tenant.defaultLang,
      passwordHash: await hashPassword(admin.password),
      mustChangePwd: true,
      pwdUpdatedAt: new Date(),
    })
    .returning({ id: users.id });
  await tx.insert(userRoles).values({ tenantId: tenant.id, userId: user!.id, roleId: role!.id });
  await copyGuideSteps(tx, tenant.id, { createdBy });
  await openPlatformAccounts(tx, tenant.id, tenant.defaultCurrency, createdBy);
  await seedFaultTypes(tx, tenant.id, createdBy);
  await seedAlarmCentre(tx, tenant.id, createdBy);
  await seedProductTypes(tx, tenant.id, createdBy);
}
