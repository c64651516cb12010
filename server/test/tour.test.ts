import { Code } from '@kayuh/contract/codes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantGuideSteps } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './harness.ts';

const LIST = '/api/operate/admin/tenantGuide/getGuideByTenantId';
const FINISH = '/api/operate/admin/tenantGuide/finishGuideSetting';

let t: TestApp;
let gowes: Record<string, string>;
let kita: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  gowes = await t.signIn('gowesbali.admin', { lang: 'EN' });
  kita = await t.signIn('kitabike.admin', { lang: 'EN' });
});
afterAll(async () => {
  await t?.close();
});

describe("a tenant's tour (spec §4/§7, DOMAIN §5.1)", () => {
  it('answers the own tenant its steps in order, as {id, status, requestInterface, routeWeb, remark} with the title key', async () => {
    const res = await t.call('POST', LIST, { headers: gowes, body: { tenantId: 3 } });
    expect(res.code).toBe(Code.ok);
    // Each the add call of the resource its page lists, as the console's HTTP client reports it.
    expect(res.data.map((s: { requestInterface: string }) => s.requestInterface)).toEqual([
      '/system/city/add',
      '/system/dept/add',
      '/system/role/add',
      '/system/user/add',
      '/operations/billingRule/add',
      '/vehicle/vehicle/add',
      '/operations/zone/add',
    ]);
    expect(res.data.map((s: { status: string }) => s.status)).toEqual(['1', '1', '1', '0', '0', '0', '0']);
    expect(Object.keys(res.data[3]).sort()).toEqual(['id', 'remark', 'requestInterface', 'routeWeb', 'status', 'titleKey']);
    expect(res.data[3]).toMatchObject({ routeWeb: '/configure/user', titleKey: 'guide.step.user', remark: null });
    // The closing 'Tips' text is the last step's remark.
    expect(res.data[6].remark).toContain('<p>');
  });

  it('accepts a form-encoded body like a JSON one', async () => {
    const res = await t.call('POST', LIST, { headers: gowes, form: { tenantId: '3' } });
    expect(res.code).toBe(Code.ok);
    expect(res.data).toHaveLength(7);
  });

  it("refuses another tenant's tour with 2007, reading or finishing", async () => {
    expect((await t.call('POST', LIST, { headers: gowes, body: { tenantId: 2 } })).code).toBe(Code.tenantRestricted);
    const kitaStep = (await t.call('POST', LIST, { headers: kita, body: { tenantId: 2 } })).data[0];
    expect((await t.call('POST', FINISH, { headers: gowes, body: { id: kitaStep.id, tenantId: 2 } })).code).toBe(Code.tenantRestricted);
    // Naming its own tenant with another tenant's step id finds nothing.
    expect((await t.call('POST', FINISH, { headers: gowes, body: { id: kitaStep.id, tenantId: 3 } })).code).toBe(Code.notFound);
  });

  it('finishes a step, answers the whole list, and a repeat changes nothing', async () => {
    const before = (await t.call('POST', LIST, { headers: gowes, body: { tenantId: 3 } })).data;
    const step = before[3];
    const res = await t.call('POST', FINISH, { headers: gowes, form: { id: String(step.id), tenantId: '3' } });
    expect(res.code).toBe(Code.ok);
    expect(res.data).toHaveLength(7);
    expect(res.data.map((s: { status: string }) => s.status)).toEqual(['1', '1', '1', '1', '0', '0', '0']);
    const [row] = await t.database.db.select().from(tenantGuideSteps).where(eq(tenantGuideSteps.id, step.id));
    expect(row!.finishedBy).toBeGreaterThan(0);
    expect(row!.finishedAt).toBeInstanceOf(Date);

    const again = await t.call('POST', FINISH, { headers: gowes, body: { id: step.id, tenantId: 3 } });
    expect(again.code).toBe(Code.ok);
    expect(again.data).toEqual(res.data);
    const [same] = await t.database.db.select().from(tenantGuideSteps).where(eq(tenantGuideSteps.id, step.id));
    expect(same!.finishedAt).toEqual(row!.finishedAt);
  });

  it('lets the super admin read and finish only the tour of the tenant it works in', async () => {
    const platform = await t.signIn('superadmin', { lang: 'EN' });
    expect((await t.call('POST', LIST, { headers: platform, body: { tenantId: 1 } })).data).toEqual([]);
    expect((await t.call('POST', LIST, { headers: platform, body: { tenantId: 3 } })).code).toBe(Code.tenantRestricted);
    const inGowes = { ...platform, 'tenant-id': '3' };
    const tour = await t.call('POST', LIST, { headers: inGowes, body: { tenantId: 3 } });
    expect(tour.data).toHaveLength(7);
    expect((await t.call('POST', LIST, { headers: inGowes, body: { tenantId: 2 } })).code).toBe(Code.tenantRestricted);
  });

  it('needs the tour page to read and its submit action to finish', async () => {
    const tech = await t.signIn('gowesbali.tech.denpasar.01', { lang: 'EN' });
    expect((await t.call('POST', LIST, { headers: tech, body: { tenantId: 3 } })).code).toBe(Code.forbidden);
    expect((await t.call('POST', FINISH, { headers: tech, body: { id: 1, tenantId: 3 } })).code).toBe(Code.forbidden);
    expect((await t.call('POST', LIST, { body: { tenantId: 3 } })).code).toBe(Code.noSession);
  });

  it('refuses a body without its ids with a translated 2001', async () => {
    const res = await t.call('POST', FINISH, { headers: gowes, body: { tenantId: 3 } });
    expect(res.code).toBe(Code.validation);
    expect(res.data.fields).toEqual({ id: 'Required' });
  });
});
