import { Code } from '@kayuh/contract/codes';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLogs } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './harness.ts';

const API = '/api/operate/admin/guideSettings';
const TOUR = '/api/operate/admin/tenantGuide/getGuideByTenantId';

let t: TestApp;
let platform: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  platform = await t.signIn('superadmin', { lang: 'EN' });
});
afterAll(async () => {
  await t?.close();
});

const step = { titleKey: 'guide.step.post', requestInterface: '/system/post/add', routeWeb: '/configure/post', orderNum: 8, status: '0' };
const tourOf = async (userName: string, tenantId: number) =>
  (await t.call('POST', TOUR, { headers: await t.signIn(userName), body: { tenantId } })).data as Array<Record<string, unknown>>;

describe('guide settings through the spec routes (spec §7, DOMAIN §5.1)', () => {
  it('lists the settings in order, in the paged RuoYi shape', async () => {
    const res = await t.call('POST', `${API}/getListByPage`, { headers: platform, body: { pageNum: 1, pageSize: 5 } });
    expect(res).toMatchObject({ code: Code.ok, total: 7 });
    expect(res.rows).toHaveLength(5);
    expect(res.rows.map((r: { titleKey: string }) => r.titleKey)).toEqual([
      'guide.step.city',
      'guide.step.dept',
      'guide.step.role',
      'guide.step.user',
      'guide.step.billingRule',
    ]);
    const form = await t.call('POST', `${API}/getListByPage`, { headers: platform, form: { pageNum: '2', pageSize: '5' } });
    expect(form.rows.map((r: { orderNum: number }) => r.orderNum)).toEqual([6, 7]);
  });

  it('adds without an id, edits with id and version, and removes by id', async () => {
    const added = await t.call('POST', `${API}/saveOrUpdate`, { headers: platform, body: step });
    expect(added.code, JSON.stringify(added)).toBe(Code.ok);
    expect(added.data).toMatchObject({ ...step, version: 0 });
    const edited = await t.call('POST', `${API}/saveOrUpdate`, {
      headers: platform,
      form: { id: String(added.data.id), version: '0', remark: '<p>Jabatan siap</p>' },
    });
    expect(edited.code, JSON.stringify(edited)).toBe(Code.ok);
    expect(edited.data).toMatchObject({ id: added.data.id, version: 1, remark: '<p>Jabatan siap</p>', titleKey: 'guide.step.post' });
    // The operation journal tells the add from the edit.
    const journal = await t.database.db
      .select({ businessType: operationLogs.businessType })
      .from(operationLogs)
      .where(eq(operationLogs.operUrl, `${API}/saveOrUpdate`))
      .orderBy(desc(operationLogs.id))
      .limit(2);
    expect(journal.map((j) => j.businessType)).toEqual([2, 1]);
    const stale = await t.call('POST', `${API}/saveOrUpdate`, { headers: platform, body: { id: added.data.id, version: 0, orderNum: 9 } });
    expect(stale.code).toBe(Code.versionConflict);

    expect((await t.call('POST', `${API}/removeById`, { headers: platform, form: { id: String(added.data.id) } })).code).toBe(Code.ok);
    const list = await t.call('POST', `${API}/getListByPage`, { headers: platform, body: { pageSize: 50 } });
    expect(list.rows.map((r: { id: number }) => r.id)).not.toContain(added.data.id);
    expect((await t.call('POST', `${API}/removeById`, { headers: platform, body: { id: added.data.id } })).code).toBe(Code.notFound);
  });

  it('refuses invalid steps with translated field messages', async () => {
    const res = await t.call('POST', `${API}/saveOrUpdate`, {
      headers: platform,
      body: { titleKey: 'Add a city', requestInterface: 'system/city/add', routeWeb: '/configure/post', orderNum: -1, remark: 'x'.repeat(2001) },
    });
    expect(res.code).toBe(Code.validation);
    expect(res.data.fields).toEqual({
      titleKey: 'Invalid format',
      requestInterface: 'Invalid format',
      orderNum: 'Must be at least 0',
      remark: 'At most 2000 characters',
    });
    const page = await t.call('POST', `${API}/saveOrUpdate`, { headers: platform, body: { ...step, routeWeb: '/configure/nowhere' } });
    expect(page.data.fields).toEqual({ routeWeb: 'Not a page of the console' });
    // The platform's own pages are not for tenants' staff.
    const platformPage = await t.call('POST', `${API}/saveOrUpdate`, { headers: platform, body: { ...step, routeWeb: '/operations/steps/list' } });
    expect(platformPage.data.fields).toEqual({ routeWeb: 'Not a page of the console' });
    const missing = await t.call('POST', `${API}/saveOrUpdate`, { headers: platform, body: {} });
    expect(missing.data.fields).toEqual({ orderNum: 'Required', titleKey: 'Required', requestInterface: 'Required', routeWeb: 'Required' });
  });

  it("is the platform's: an operator's admin may neither read nor change it", async () => {
    const admin = await t.signIn('gowesbali.admin', { lang: 'EN' });
    expect((await t.call('POST', `${API}/getListByPage`, { headers: admin, body: {} })).code).toBe(Code.forbidden);
    expect((await t.call('POST', `${API}/saveOrUpdate`, { headers: admin, body: step })).code).toBe(Code.forbidden);
    expect((await t.call('POST', `${API}/saveOrUpdate`, { headers: admin, body: { id: 1, version: 0, orderNum: 1 } })).code).toBe(Code.forbidden);
    expect((await t.call('POST', `${API}/removeById`, { headers: admin, body: { id: 1 } })).code).toBe(Code.forbidden);
    expect((await t.call('POST', `${API}/saveOrUpdate`, { body: step })).code).toBe(Code.noSession);
  });

  it('brings an edit to the steps tenants still have to do, and leaves finished steps as they were', async () => {
    const rows = (await t.call('POST', `${API}/getListByPage`, { headers: platform, body: { pageSize: 50 } })).rows;
    const last = rows.at(-1);
    const remark = '<p>Selesai!</p><img src=x onerror="window.__xss=1">';
    const res = await t.call('POST', `${API}/saveOrUpdate`, { headers: platform, body: { id: last.id, version: last.version, remark } });
    expect(res.code).toBe(Code.ok);
    // Stored as sent: the console sanitizes it where it shows it.
    expect((await tourOf('gowesbali.admin', 3)).at(-1)!.remark).toBe(remark);
    // KitaBike finished its tour: its last step keeps the remark it was finished with.
    expect((await tourOf('kitabike.admin', 2)).at(-1)!.remark).not.toBe(remark);
  });

  it('takes a removed step out of the tours where it is still pending', async () => {
    const rows = (await t.call('POST', `${API}/getListByPage`, { headers: platform, body: { pageSize: 50 } })).rows;
    const vehicle = rows.find((r: { titleKey: string }) => r.titleKey === 'guide.step.vehicle');
    expect((await t.call('POST', `${API}/removeById`, { headers: platform, body: { id: vehicle.id } })).code).toBe(Code.ok);
    expect((await tourOf('gowesbali.admin', 3)).map((s) => s.titleKey)).not.toContain('guide.step.vehicle');
    expect((await tourOf('kitabike.admin', 2)).map((s) => s.titleKey)).toContain('guide.step.vehicle');
  });
});
