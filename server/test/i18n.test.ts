import { adminCatalogue } from '@kayuh/contract/i18n/index';
import { MODULES } from '@kayuh/contract/menus/index';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

const t = useTestApp();

const find = async (body: unknown, headers: Record<string, string> = {}) =>
  (await t.call('POST', '/api/system/i18n/find', { body, headers })).data as Record<string, string>;

describe('/system/i18n/find', () => {
  it('serves the whole console catalogue in each language without a session', async () => {
    const [id, en, zh] = await Promise.all([find({ lang: 'ID' }), find({ lang: 'EN' }), find({ lang: 'ZH' })]);
    for (const catalogue of [id, en, zh]) expect(Object.keys(catalogue).length).toBe(Object.keys(adminCatalogue).length);
    expect(Object.keys(id).length).toBeGreaterThan(300);
    expect(id['menu.configure']).not.toBe(en['menu.configure']);
    expect(zh['menu.configure']).toMatch(/[\u4e00-\u9fff]/);
  });

  it('has every menu title in every language', async () => {
    const zh = await find({ lang: 'ZH' });
    for (const m of MODULES) for (const p of m.pages) expect(zh[p.title], p.title).toBeTruthy();
  });

  it('takes the language from a form body or the lang header, defaulting to ID', async () => {
    const form = (await t.call('POST', '/api/system/i18n/find', { form: { lang: 'EN' } })).data;
    expect(form['code.2011']).toBe('Wrong user name or password');
    expect((await find({}, { lang: 'ZH' }))['code.2011']).toBe('用户名或密码错误');
    expect((await find({}))['code.2011']).toBe('Nama pengguna atau kata sandi salah');
  });

  it('serves the platform catalogue for a tenant-id that names no tenant', async () => {
    const platform = await find({ lang: 'EN' });
    expect(await find({ lang: 'EN' }, { 'tenant-id': '987654' })).toEqual(platform);
    expect(await find({ lang: 'EN' }, { 'tenant-id': 'abc' })).toEqual(platform);
  });

  it('lets a tenant override a platform text for that tenant only', async () => {
    const { i18nEntries } = await import('../src/db/schema.ts');
    await t.database.db
      .insert(i18nEntries)
      .values({ tenantId: 3, client: 'admin', module: 'menu', i18nKey: 'menu.operations', lang: 'ID', text: 'Operasional Gowes' });
    t.services.catalogues.invalidate();
    const gowes = await t.signIn('gowesbali.admin');
    const kita = await t.signIn('kitabike.admin');
    const root = await t.signIn('superadmin');
    expect((await find({ lang: 'ID' }, gowes))['menu.operations']).toBe('Operasional Gowes');
    expect((await find({ lang: 'ID' }, { ...root, 'tenant-id': '3' }))['menu.operations']).toBe('Operasional Gowes');
    expect((await find({ lang: 'ID' }, kita))['menu.operations']).not.toBe('Operasional Gowes');
    // Before sign-in, a tenant-id header alone reveals nothing of a tenant's own texts.
    expect((await find({ lang: 'ID' }, { 'tenant-id': '3' }))['menu.operations']).not.toBe('Operasional Gowes');
    // Nor does another tenant's id beside a session, or a session that has ended.
    expect((await find({ lang: 'ID' }, { ...kita, 'tenant-id': '3' }))['menu.operations']).not.toBe('Operasional Gowes');
    await t.call('POST', '/api/system/sso/logout', { headers: gowes });
    expect((await find({ lang: 'ID' }, gowes))['menu.operations']).not.toBe('Operasional Gowes');
  });
});

describe("GET /system/i18n/find (the console's cached copy)", () => {
  it('answers the catalogue with an ETag, 304 while it is unchanged, and a new ETag once a text changes', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/system/i18n/find?lang=EN' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data['code.2011']).toBe('Wrong user name or password');
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await t.app.inject({ method: 'GET', url: '/api/system/i18n/find?lang=EN', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another language, or a tenant's own texts, is another catalogue.
    const id = await t.app.inject({ method: 'GET', url: '/api/system/i18n/find?lang=ID', headers: { 'if-none-match': etag } });
    expect(id.statusCode).toBe(200);
    const { i18nEntries } = await import('../src/db/schema.ts');
    const { and, eq } = await import('drizzle-orm');
    await t.database.db
      .update(i18nEntries)
      .set({ text: 'Wrong name or password' })
      .where(and(eq(i18nEntries.i18nKey, 'code.2011'), eq(i18nEntries.lang, 'EN'), eq(i18nEntries.tenantId, 1)));
    t.services.changes.announce('catalogue');
    const changed = await t.app.inject({ method: 'GET', url: '/api/system/i18n/find?lang=EN', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().data['code.2011']).toBe('Wrong name or password');
  });
});

describe('shipped rows on a later start', () => {
  it('adds texts and menus a newer version ships, and keeps edited texts', async () => {
    const { syncShippedRows } = await import('../src/db/seed/sync.ts');
    const { i18nEntries, menus } = await import('../src/db/schema.ts');
    const { and, eq } = await import('drizzle-orm');
    const db = t.database.db;
    await db.delete(i18nEntries).where(and(eq(i18nEntries.i18nKey, 'code.2011'), eq(i18nEntries.lang, 'EN')));
    await db
      .update(i18nEntries)
      .set({ text: 'Beranda kami' })
      .where(and(eq(i18nEntries.i18nKey, 'menu.configure.index'), eq(i18nEntries.lang, 'ID'), eq(i18nEntries.tenantId, 1)));
    await db.delete(menus).where(eq(menus.perms, 'configure:dept:add'));
    expect(await syncShippedRows(db)).toEqual({ texts: 1, menus: 1, dicts: 0 });
    t.services.catalogues.invalidate();
    t.services.menuAccess.invalidate();
    expect((await find({ lang: 'EN' }))['code.2011']).toBe('Wrong user name or password');
    expect((await find({ lang: 'ID' }))['menu.configure.index']).toBe('Beranda kami');
    expect(await syncShippedRows(db)).toEqual({ texts: 0, menus: 0, dicts: 0 });
  });
});
