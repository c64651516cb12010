import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

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
    expect(res.rows).toEqual([{ cityCode: 3001, timeZone: 8, status: 1, cityName: '登巴萨', cityInName: 'Denpasar', countryName: 'Indonesia' }]);
    expect(res.total).toBe(1);
  });

  it("lists only the tenant's depts, with ancestors", async () => {
    const res = await t.call('GET', '/api/system/dept/list?type=sys', { headers: await t.signIn('gowesbali.admin') });
    const depts = res.data as Array<{ deptId: number; parentId: number; ancestors: string; tenantId: number }>;
    expect(depts.every((d) => d.tenantId === 3)).toBe(true);
    expect(depts.find((d) => d.deptId === 3001)).toMatchObject({ parentId: 300, ancestors: '0,1,300' });
  });
});
