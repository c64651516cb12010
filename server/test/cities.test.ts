import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

const t = useTestApp();

const cityCodes = async (user: string, extra: Record<string, string> = {}) => {
  const res = await t.call('POST', '/api/system/city/list', { headers: await t.signIn(user, extra), form: { status: '1' } });
  return (res.rows as Array<{ cityCode: number }>).map((c) => c.cityCode);
};

describe('visible cities', () => {
  it('limits a city ops manager to their city', async () => {
    expect(await cityCodes('kitabike.ops.jakarta')).toEqual([2001]);
  });

  it("gives a tenant admin every city of their tenant and none of another's", async () => {
    expect(await cityCodes('kitabike.admin')).toEqual([2001, 2002, 2003]);
    expect(await cityCodes('gowesbali.admin')).toEqual([3001, 3002]);
  });

  it('gives the super admin every city, or one tenant with the tenant-id header', async () => {
    expect(await cityCodes('superadmin')).toEqual([2001, 2002, 2003, 3001, 3002]);
    expect(await cityCodes('superadmin', { 'tenant-id': '3' })).toEqual([3001, 3002]);
  });

  it("treats a blank form status as 'any status'", async () => {
    const res = await t.call('POST', '/api/system/city/list', { headers: await t.signIn('kitabike.admin'), form: { status: '' } });
    expect(res.rows).toHaveLength(3);
  });

  it('answers the spec row shape', async () => {
    const res = await t.call('POST', '/api/system/city/list', { headers: await t.signIn('gowesbali.ops.denpasar'), form: { status: '1' } });
    expect(res.rows).toEqual([
      expect.objectContaining({ cityCode: 3001, timeZone: 8, status: 1, cityName: '登巴萨', cityInName: 'Denpasar', countryName: 'Indonesia' }),
    ]);
    expect(res.total).toBe(1);
  });

  it("lists only the tenant's depts, with ancestors", async () => {
    const res = await t.call('GET', '/api/system/dept/list?type=sys', { headers: await t.signIn('gowesbali.admin') });
    const depts = res.data as Array<{ deptId: number; parentId: number; ancestors: string; tenantId: number }>;
    expect(depts.every((d) => d.tenantId === 3)).toBe(true);
    expect(depts.find((d) => d.deptId === 3001)).toMatchObject({ parentId: 300, ancestors: '0,1,300' });
  });
});

describe('city management', () => {
  it('creates a city with its dept, whose id is the city code, visible to the tenant and not to others', async () => {
    const admin = await t.signIn('kitabike.admin');
    const res = await t.call('POST', '/api/system/city/add', {
      headers: admin,
      form: {
        cityInName: 'Medan',
        cityName: '棉兰',
        countryId: '1',
        timeZone: '7',
        ianaTz: 'Asia/Jakarta',
        centerLat: '3.5952',
        centerLng: '98.6722',
      },
    });
    expect(res.code).toBe(1000);
    expect(res.data).toMatchObject({ cityInName: 'Medan', countryName: 'Indonesia', status: 1, timeZone: 7 });
    const code = res.data.cityCode;
    const depts = (await t.call('GET', '/api/system/dept/list?type=sys', { headers: admin })).data as Array<{
      deptId: number;
      parentId: number;
      kind: number;
      cityCode: number;
    }>;
    expect(depts.find((d) => d.deptId === code)).toMatchObject({ parentId: 200, kind: 2, cityCode: code });
    expect(await cityCodes('kitabike.admin')).toContain(code);
    expect(await cityCodes('gowesbali.admin')).not.toContain(code);
  });

  it('removes cities by form-encoded ids', async () => {
    const admin = await t.signIn('kitabike.admin');
    const list = await t.call('POST', '/api/system/city/list', { headers: admin, form: { cityInName: 'Medan' } });
    const removed = await t.call('POST', '/api/system/city/remove', { headers: admin, form: { ids: String(list.rows[0].cityId) } });
    expect(removed.code).toBe(1000);
    expect((await t.call('POST', '/api/system/city/list', { headers: admin, form: { cityInName: 'Medan' } })).rows).toEqual([]);
  });

  it('keeps a city out of reach of a manager whose roles do not include it', async () => {
    const { roleMenus, userRoles, roles, roleDepts, users } = await import('../src/db/schema.ts');
    const { eq, like } = await import('drizzle-orm');
    const db = t.database.db;
    const [role] = await db
      .insert(roles)
      .values({ tenantId: 2, roleName: 'City viewer Jakarta', roleKey: 'city_viewer', dataScope: '2' })
      .returning();
    const { menus } = await import('../src/db/schema.ts');
    const cityMenus = await db.select({ id: menus.id }).from(menus).where(like(menus.perms, 'configure:cityListPage:%'));
    await db
      .insert(roleMenus)
      .values([{ tenantId: 2, roleId: role!.id, menuId: 10000 }, ...cityMenus.map((m) => ({ tenantId: 2, roleId: role!.id, menuId: m.id }))]);
    await db.insert(roleDepts).values({ tenantId: 2, roleId: role!.id, deptId: 2001 });
    const [cs] = await db.select().from(users).where(eq(users.userName, 'kitabike.cs.02'));
    await db.delete(userRoles).where(eq(userRoles.userId, cs!.id));
    await db.insert(userRoles).values({ tenantId: 2, userId: cs!.id, roleId: role!.id });
    t.services.menuAccess.invalidate();
    const viewer = await t.signIn('kitabike.cs.02');
    const rows = (await t.call('POST', '/api/system/city/list', { headers: viewer, body: {} })).rows as Array<{ cityId: number; cityCode: number }>;
    expect(rows.map((r) => r.cityCode)).toEqual([2001]);
    const admin = await t.signIn('kitabike.admin');
    const bandung = (
      (await t.call('POST', '/api/system/city/list', { headers: admin, body: { cityCode: 2002 } })).rows as Array<{ cityId: number }>
    )[0]!;
    expect((await t.call('GET', `/api/system/city/${bandung.cityId}`, { headers: viewer })).code).toBe(2002);
    expect(
      (await t.call('POST', '/api/system/city/edit', { headers: viewer, body: { cityId: bandung.cityId, version: 0, cityName: 'x' } })).code,
    ).toBe(2002);
  });
});

describe('dept tree', () => {
  it('moves a dept with its subtree, rewriting every ancestors in one go, and refuses a cycle', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const add = async (parentId: number, deptName: string) =>
      (await t.call('POST', '/api/system/dept/add', { headers: admin, form: { parentId: String(parentId), deptName } })).data;
    const a = await add(2001, 'Area North');
    const b = await add(a.deptId, 'Shift B');
    const c = await add(b.deptId, 'Crew C');
    expect(c.ancestors).toBe(`0,1,200,2001,${a.deptId},${b.deptId}`);
    const moved = await t.call('POST', '/api/system/dept/edit', {
      headers: admin,
      form: { deptId: String(a.deptId), version: '0', parentId: '2002' },
    });
    expect(moved.data.ancestors).toBe('0,1,200,2002');
    const tree = (await t.call('POST', '/api/system/dept/list', { headers: admin, body: {} })).rows as Array<{ deptId: number; ancestors: string }>;
    expect(tree.find((d) => d.deptId === c.deptId)!.ancestors).toBe(`0,1,200,2002,${a.deptId},${b.deptId}`);
    const cycle = await t.call('POST', '/api/system/dept/edit', {
      headers: admin,
      form: { deptId: String(a.deptId), version: '1', parentId: String(c.deptId) },
    });
    expect(cycle.data.fields.parentId).toBe('A department cannot move under itself');
    expect((await t.call('POST', `/api/system/dept/remove/${a.deptId}`, { headers: admin })).msg).toBe('The department still has sub-departments');
    expect((await t.call('POST', '/api/system/dept/remove/2001', { headers: admin })).code).toBe(2004);
  });
});
