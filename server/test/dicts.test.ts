import { Code } from '@kayuh/contract/codes';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

const t = useTestApp();

describe('dictionaries [G+tenant]', () => {
  it("shows a tenant the platform's values beside its own, and lets it change only its own", async () => {
    const admin = await t.signIn('kitabike.admin');
    const list = await t.call('POST', '/api/system/dict/values/list', { headers: admin, body: { dictType: 'tickets_status', pageSize: 50 } });
    expect(list.rows).toHaveLength(9);
    expect(list.rows.every((r: { tenantId: number }) => r.tenantId === 1)).toBe(true);
    const platformRow = list.rows[0];
    const edit = await t.call('POST', '/api/system/dict/values/edit', {
      headers: admin,
      body: { dictCode: platformRow.dictCode, version: platformRow.version, dictLabel: 'Mine now' },
    });
    expect(edit.code).toBe(Code.tenantRestricted);
    expect((await t.call('POST', `/api/system/dict/values/remove/${platformRow.dictCode}`, { headers: admin })).code).toBe(Code.notFound);

    const own = await t.call('POST', '/api/system/dict/values/add', {
      headers: admin,
      body: { dictType: 'tickets_status', dictValue: '0', dictLabel: 'Baru masuk', dictSort: 0, listClass: 'warning' },
    });
    expect(own.code).toBe(Code.ok);
    const picker = await t.call('POST', '/api/system/dict/data/list', { headers: admin, form: { dictType: 'tickets_status' } });
    expect(picker.rows).toHaveLength(9);
    expect(picker.rows[0]).toMatchObject({ dictValue: '0', dictLabel: 'Baru masuk' });
    const gowes = await t.call('POST', '/api/system/dict/data/list', {
      headers: await t.signIn('gowesbali.admin'),
      form: { dictType: 'tickets_status' },
    });
    expect(gowes.rows[0].dictLabel).toBe('dict.tickets_status.0');
  });

  it('keeps dictionary types to the platform', async () => {
    const admin = await t.signIn('kitabike.admin');
    expect((await t.call('POST', '/api/system/dict/type/add', { headers: admin, body: { dictType: 'x_y', dictName: 'X' } })).code).toBe(
      Code.forbidden,
    );
    const types = await t.call('POST', '/api/system/dict/type/list', { headers: admin, body: { pageSize: 1 } });
    expect(types.total).toBeGreaterThan(200);
  });

  it('takes a value only for a dictionary type that exists, and offers the types to pick from', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const typo = await t.call('POST', '/api/system/dict/values/add', {
      headers: admin,
      body: { dictType: 'tickets_statsu', dictValue: 'x', dictLabel: 'X', dictSort: 0 },
    });
    expect(typo).toMatchObject({ code: Code.validation, data: { fields: { dictType: 'Not one of the allowed options' } } });
    const types = await t.call('GET', '/api/system/dict/type/options?keyword=tickets_status', { headers: admin });
    expect(types.data).toContainEqual({ value: 'tickets_status', label: 'tickets_status' });
  });
});
