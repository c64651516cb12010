import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

const t = useTestApp();

describe('a list with reference fields', () => {
  it("answers each referenced row's name from its own query: a user's dept, a tenant's package", async () => {
    const admin = await t.signIn('kitabike.admin');
    const users = (await t.call('POST', '/api/system/user/list', { headers: admin, body: { userName: 'kitabike.ops.jakarta' } })).rows;
    expect(users).toEqual([
      expect.objectContaining({ userName: 'kitabike.ops.jakarta', deptId: expect.any(Number), deptIdLabel: 'Tim Operasional Jakarta' }),
    ]);
    const root = await t.signIn('superadmin');
    const tenants = (await t.call('POST', '/api/system/tenant/list', { headers: root, body: { tenantCode: 'KITABIKE' } })).rows;
    expect(tenants).toEqual([expect.objectContaining({ tenantCode: 'KITABIKE', packageIdLabel: 'Operator standar' })]);
  });

  it('still pages, filters and sorts as before, and a plain list carries no names it does not have', async () => {
    const admin = await t.signIn('kitabike.admin');
    const page = await t.call('POST', '/api/system/user/list', {
      headers: admin,
      body: { pageSize: 5, pageNum: 2, orderByColumn: 'userName', isAsc: 'asc' },
    });
    expect(page.rows).toHaveLength(5);
    // The page's rows are found first and then named: the same rows, in the same order, as one longer page holds.
    const first10 = await t.call('POST', '/api/system/user/list', {
      headers: admin,
      body: { pageSize: 10, pageNum: 1, orderByColumn: 'userName', isAsc: 'asc' },
    });
    expect(page.rows.map((row: { userName: string }) => row.userName)).toEqual(
      first10.rows.slice(5).map((row: { userName: string }) => row.userName),
    );
    expect(page.total).toBe(first10.total);
    expect(page.rows.every((row: { deptIdLabel?: string }) => typeof row.deptIdLabel === 'string')).toBe(true);
    const posts = (await t.call('POST', '/api/system/post/list', { headers: admin, body: {} })).rows;
    expect(Object.keys(posts[0]).some((key) => key.endsWith('Label'))).toBe(false);
  });

  it("writes the same names into an export, not the referenced rows' ids", async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const queued = await t.call('POST', '/api/system/user/export', { headers: admin, body: { userName: 'kitabike.ops.jakarta' } });
    expect(await t.workers.exports.poll()).toBe(true);
    const file = await t.app.inject({ method: 'GET', url: `/api/system/export/download/${queued.data.jobId}`, headers: admin });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const [header, row] = workbook.worksheets[0]!.getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1));
    expect(row![header!.indexOf('Department')]).toBe('Tim Operasional Jakarta');
  });
});

describe('a computed field', () => {
  it("answers a role's holders from the list's own query, sorts by it, and follows removals", async () => {
    const admin = await t.signIn('kitabike.admin');
    const list = async (body: Record<string, unknown> = {}) => (await t.call('POST', '/api/system/role/list', { headers: admin, body })).rows;
    const byKey = (rows: Array<{ roleKey: string; userCount: number }>) => Object.fromEntries(rows.map((r) => [r.roleKey, r.userCount]));
    const counts = byKey(await list());
    // DOMAIN §9.2: one tenant admin, four technicians in each of three cities, two in customer service.
    expect(counts).toMatchObject({ tenant_admin: 1, technician: 12, cs: 2, city_ops_jakarta: 1 });
    const sorted = (await list({ orderByColumn: 'userCount', isAsc: 'desc' })).map((r: { userCount: number }) => r.userCount);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
    // By cursor too, in the computed order.
    const first = await t.call('POST', '/api/system/role/list', { headers: admin, body: { orderByColumn: 'userCount', isAsc: 'desc', pageSize: 2 } });
    const next = await t.call('POST', '/api/system/role/list', {
      headers: admin,
      body: { orderByColumn: 'userCount', isAsc: 'desc', pageSize: 2, cursor: first.nextCursor },
    });
    expect([...first.rows, ...next.rows].map((r: { userCount: number }) => r.userCount)).toEqual(sorted.slice(0, 4));

    const cs = (await t.call('POST', '/api/system/user/list', { headers: admin, body: { userName: 'kitabike.cs.01' } })).rows[0];
    expect((await t.call('POST', `/api/system/user/remove/${cs.userId}`, { headers: admin })).code).toBe(1000);
    expect(byKey(await list()).cs).toBe(1);
    const role = (await list()).find((r: { roleKey: string }) => r.roleKey === 'cs');
    expect((await t.call('GET', `/api/system/role/${role.roleId}`, { headers: admin })).data.userCount).toBe(1);
    // Never written from a request.
    const edited = await t.call('POST', '/api/system/role/edit', { headers: admin, body: { ...role, userCount: 99 } });
    expect((await t.call('GET', `/api/system/role/${role.roleId}`, { headers: admin })).data.userCount).toBe(1);
    expect([1000, 2001]).toContain(edited.code);
  });
});
