import { Code } from '@kayuh/contract/codes';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

const t = useTestApp();

const find = async (lang: string, headers: Record<string, string> = {}) =>
  (await t.call('POST', '/api/system/i18n/find', { body: { lang }, headers })).data as Record<string, string>;

describe('i18n/admin: the console catalogue', () => {
  it('shows an edit of a platform text in /system/i18n/find at once', async () => {
    const root = await t.signIn('superadmin');
    expect((await find('ID'))['menu.operations']).toBe('Pusat Operasi');
    const rows = (
      (await t.call('POST', '/api/system/i18n/admin/list', { headers: root, body: { i18nKey: 'menu.operations', lang: 'ID' } })).rows as Array<{
        i18nKey: string;
        i18nId: number;
        version: number;
      }>
    ).filter((r) => r.i18nKey === 'menu.operations');
    expect(rows).toHaveLength(1);
    const edit = await t.call('POST', '/api/system/i18n/admin/edit', {
      headers: root,
      body: { i18nId: rows[0].i18nId, version: rows[0].version, text: 'Pusat Operasional' },
    });
    expect(edit.code).toBe(Code.ok);
    expect((await find('ID'))['menu.operations']).toBe('Pusat Operasional');
  });

  it("lets a tenant override a text for itself only, and never edit the platform's", async () => {
    const admin = await t.signIn('gowesbali.admin');
    const platform = (
      (await t.call('POST', '/api/system/i18n/admin/list', { headers: admin, body: { i18nKey: 'menu.mall', lang: 'EN' } })).rows as Array<{
        i18nKey: string;
        i18nId: number;
        version: number;
        tenantId: number;
      }>
    ).find((r) => r.i18nKey === 'menu.mall')!;
    expect(platform.tenantId).toBe(1);
    expect(
      (
        await t.call('POST', '/api/system/i18n/admin/edit', {
          headers: admin,
          body: { i18nId: platform.i18nId, version: platform.version, text: 'Shop' },
        })
      ).code,
    ).toBe(Code.tenantRestricted);
    const own = await t.call('POST', '/api/system/i18n/admin/add', {
      headers: admin,
      body: { i18nKey: 'menu.mall', lang: 'EN', module: 'menu', text: 'Gowes Shop' },
    });
    expect(own.code).toBe(Code.ok);
    expect((await find('EN', admin))['menu.mall']).toBe('Gowes Shop');
    expect((await find('EN', await t.signIn('kitabike.admin')))['menu.mall']).toBe('Mall');
    const app = await t.call('POST', '/api/system/i18n/entry/list', { headers: admin, body: { i18nKey: 'menu.mall' } });
    expect(app.rows).toEqual([]);
  });
});
