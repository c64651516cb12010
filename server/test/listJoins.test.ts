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
