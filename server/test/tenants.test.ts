import type { MenuNode } from '@kayuh/contract/api/system';
import { Code } from '@kayuh/contract/codes';
import { Header } from '@kayuh/contract/headers';
import { menuRows } from '@kayuh/contract/menus/index';
import { PLATFORM_ACCOUNTS, SHARED_ACCOUNT_SLICES } from '@kayuh/contract/rules/ledgerChart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let root: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  root = await t.signIn('superadmin', { lang: 'EN' });
});
afterAll(async () => {
  await t?.close();
});

const menuId = (perm: string) => menuRows().find((m) => m.perms === perm)!.menuId;
const pageIds = (...perms: string[]) => {
  const byId = new Map(menuRows().map((m) => [m.menuId, m]));
  const ids = new Set<number>();
  for (const perm of perms) for (let m = byId.get(menuId(perm)); m; m = byId.get(m.parentId)) ids.add(m.menuId);
  return [...ids];
};
const newTenant = {
  tenantCode: 'SEPEDAKU',
  brandName: 'Sepedaku',
  companyName: 'PT Sepeda Kita Nusantara',
  contactUserName: 'Dewi Lestari',
  contactPhone: '+62 812 3456 7890',
  email: 'ops@sepedaku.id',
  adminUserName: 'sepedaku.admin',
  adminPassword: 'Mulai-2026x',
  accountLimit: 2,
};
const permsOf = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [...(n.perms ? [n.perms] : []), ...permsOf(n.children)]);
const signInAs = async (username: string, password: string) => {
  const res = await t.call('POST', '/api/system/sso/login', { body: { username, password } });
  return { res, headers: { [Header.token]: res.data?.token, [Header.userId]: String(res.data?.userId), lang: 'EN' } };
};

describe('tenants and packages', () => {
  let packageId: number;
  let tenantId: number;

  it('a package holds only menus a tenant may have', async () => {
    const platformPage = await t.call('POST', '/api/system/tenant/package/add', {
      headers: root,
      body: {
        packageName: 'Posts only',
        menuIds: [...pageIds('configure:post:view'), menuId('configure:country:view')],
      },
    });
    expect(platformPage.code).toBe(Code.validation);
    expect(platformPage.data.fields.menuIds).toBeTruthy();
    const pkg = await t.call('POST', '/api/system/tenant/package/add', {
      headers: root,
      body: {
        packageName: 'Posts only',
        menuIds: pageIds('configure:post:view', 'configure:post:add', 'configure:user:view', 'configure:user:add'),
      },
    });
    expect(pkg.code, JSON.stringify(pkg)).toBe(Code.ok);
    packageId = pkg.data.packageId;
  });

  it('adding a tenant provisions its admin, dept, tour, platform accounts and fault catalogue, all at once', async () => {
    const added = await t.call('POST', '/api/system/tenant/add', { headers: root, body: { ...newTenant, packageId } });
    expect(added.code, JSON.stringify(added)).toBe(Code.ok);
    tenantId = added.data.tenantId;
    expect(added.data).not.toHaveProperty('adminPassword');

    const { res, headers } = await signInAs('sepedaku.admin', 'Mulai-2026x');
    expect(res.code).toBe(Code.ok);
    expect(res.data.mustChangePwd).toBe(true);
    const early = await t.call('GET', '/api/system/menu/getMenuForUserId', { headers });
    expect([early.code, early.msg]).toEqual([Code.forbidden, 'Set a new password first.']);
    const changed = await t.call('POST', '/api/system/user/profile/updatePwd', {
      headers,
      body: { oldPassword: 'Mulai-2026x', newPassword: 'Sepeda-2027y' },
    });
    expect(changed.code, JSON.stringify(changed)).toBe(Code.ok);
    const admin = (await signInAs('sepedaku.admin', 'Sepeda-2027y')).headers;
    const perms = permsOf((await t.call('GET', '/api/system/menu/getMenuForUserId', { headers: admin })).data);
    expect(perms).toEqual(expect.arrayContaining(['configure:post:view', 'configure:post:add', 'configure:user:add']));
    expect(perms).not.toContain('configure:role:view');

    const tour = await t.call('POST', '/api/operate/admin/tenantGuide/getGuideByTenantId', { headers: admin, body: { tenantId } });
    if (tour.code === Code.ok) expect((tour.data as Array<{ status: string }>).every((s) => s.status === '0')).toBe(true);
    const steps = await t.database.db.execute(`SELECT count(*)::int AS n FROM tenant_guide_steps WHERE tenant_id = ${tenantId} AND status = '0'`);
    expect((steps as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(7);
    const accounts = await t.database.db.execute(
      `SELECT code, count(*)::int AS n, sum(balance)::int AS balance FROM accounts WHERE tenant_id = ${tenantId} AND owner_type = 4 GROUP BY code`,
    );
    const rows = (accounts as unknown as { rows: Array<{ code: string; n: number; balance: number }> }).rows;
    // Each account at zero, a busy one with its slices.
    expect(Object.fromEntries(rows.map((r) => [r.code, [r.n, r.balance]]))).toEqual(
      Object.fromEntries(PLATFORM_ACCOUNTS.map((a) => [a.code, [a.sliced ? SHARED_ACCOUNT_SLICES : 1, 0]])),
    );
    // The standard catalogue of faults (DOMAIN §2.1), the tenant's own to edit.
    const faults = await t.database.db.execute(`SELECT code FROM fault_types WHERE tenant_id = ${tenantId} AND deleted_at IS NULL`);
    expect((faults as unknown as { rows: Array<{ code: string }> }).rows.map((r) => r.code)).toHaveLength(7);
  });

  it('refuses a taken admin user name, and leaves nothing behind', async () => {
    const clash = await t.call('POST', '/api/system/tenant/add', {
      headers: root,
      body: { ...newTenant, tenantCode: 'SEPEDAKU2', adminUserName: 'kitabike.admin', packageId },
    });
    expect(clash.code).toBe(Code.duplicate);
    const list = await t.call('POST', '/api/system/tenant/list', { headers: root, body: { tenantCode: 'SEPEDAKU2' } });
    expect(list.total).toBe(0);
  });

  it('enforces the account limit when the tenant adds staff', async () => {
    const admin = (await signInAs('sepedaku.admin', 'Sepeda-2027y')).headers;
    const user = (n: number) => ({
      userName: `sepedaku.staff.0${n}`,
      nickName: `Staff ${n}`,
      password: 'Kerja-2026x',
      deptId: undefined as number | undefined,
    });
    const depts = (await t.call('GET', '/api/system/dept/list', { headers: admin })).data as Array<{ deptId: number; deptName: string }>;
    const deptId = depts.find((d) => d.deptName === 'Kantor Pusat Sepedaku')!.deptId;
    expect((await t.call('POST', '/api/system/user/add', { headers: admin, body: { ...user(1), deptId } })).code).toBe(Code.ok);
    const third = await t.call('POST', '/api/system/user/add', { headers: admin, body: { ...user(2), deptId } });
    expect(third.code).toBe(Code.transitionNotAllowed);
    expect(third.msg).toBe("This tenant's account limit is reached.");
  });

  it('a disabled tenant cannot sign in; the platform tenant is never disabled; a used package stays', async () => {
    const row = (await t.call('GET', `/api/system/tenant/${tenantId}`, { headers: root })).data;
    const disabled = await t.call('POST', '/api/system/tenant/disable', { headers: root, body: { tenantId, version: row.version } });
    expect(disabled.code, JSON.stringify(disabled)).toBe(Code.ok);
    expect((await signInAs('sepedaku.admin', 'Sepeda-2027y')).res.code).not.toBe(Code.ok);

    const platform = (await t.call('GET', '/api/system/tenant/1', { headers: root })).data;
    const refused = await t.call('POST', '/api/system/tenant/disable', { headers: root, body: { tenantId: 1, version: platform.version } });
    expect(refused.code).toBe(Code.transitionNotAllowed);
    expect(refused.msg).toBe('The platform tenant cannot be disabled or removed.');
    expect((await t.call('POST', '/api/system/tenant/remove/1', { headers: root })).code).toBe(Code.transitionNotAllowed);
    expect((await t.call('POST', `/api/system/tenant/package/remove/${packageId}`, { headers: root })).code).toBe(Code.transitionNotAllowed);
  });

  it("editing a package re-grants its tenants' admin roles", async () => {
    const pkg = (await t.call('GET', `/api/system/tenant/package/${packageId}`, { headers: root })).data;
    const edited = await t.call('POST', '/api/system/tenant/package/edit', {
      headers: root,
      body: {
        packageId,
        version: pkg.version,
        menuIds: [...pkg.menuIds, ...pageIds('configure:dept:view')],
      },
    });
    expect(edited.code, JSON.stringify(edited)).toBe(Code.ok);
    const grants = await t.database.db.execute(`SELECT count(*)::int AS n FROM role_menus rm JOIN roles r ON r.id = rm.role_id
      WHERE r.tenant_id = ${tenantId} AND r.role_key = 'tenant_admin' AND rm.menu_id = ${menuId('configure:dept:view')}`);
    expect((grants as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(1);
  });

  it('only the super admin manages tenants', async () => {
    const admin = await t.signIn('kitabike.admin');
    expect((await t.call('POST', '/api/system/tenant/list', { headers: admin, body: {} })).code).toBe(Code.forbidden);
    expect((await t.call('POST', '/api/system/tenant/package/list', { headers: admin, body: {} })).code).toBe(Code.forbidden);
  });
});
