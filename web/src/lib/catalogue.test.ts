import { describe, expect, it } from 'vitest';
import { adminCatalogue } from '@kayuh/contract/i18n/index';
import { shellCatalogue } from '@kayuh/contract/i18n/shell';
import { countryResource } from '@kayuh/contract/resources/country';
import { postResource } from '@kayuh/contract/resources/post';
import { fieldLabel } from '@kayuh/contract/resources/types';

/** Every web source file (tests excluded), as text. */
const SOURCES = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true });

/** Every quoted catalogue key in the sources (ternary branches too); template keys are expanded below. */
function usedKeys(): string[] {
  const keys = new Set<string>();
  for (const source of Object.values(SOURCES)) {
    for (const match of source.matchAll(/'((?:shell|page|common|engine|code|dict|validation|menu|action)\.[\w.]+)'/g)) keys.add(match[1]!);
  }
  return [...keys];
}

describe('console catalogue (DESIGN §6: all visible text through i18n, ID complete)', () => {
  it('holds every key the web uses', () => {
    const expanded = [
      'shell.has.tenantRestricted',
      ...['fleet', 'cities', 'secure'].map((key) => `shell.login.point.${key}`),
      'dict.login_logs_status.0',
      'dict.login_logs_status.1',
      'dict.sys_user_sex.0',
      'dict.sys_user_sex.1',
      'dict.sys_user_sex.2',
      ...['large', 'middle', 'small'].map((density) => `engine.density.${density}`),
      'engine.createdAt',
      'engine.updatedAt',
      // The resource engine's pages: each entity's name and every field's label.
      ...[postResource, countryResource].flatMap((r) => [`resource.${r.key}`, ...r.fields.map((f) => fieldLabel(r, f))]),
    ];
    expect(usedKeys().length).toBeGreaterThan(80);
    const missing = [...usedKeys(), ...expanded].filter((key) => !(key in adminCatalogue));
    expect(missing).toEqual([]);
  });

  it('gives every shell entry real Indonesian, English and Chinese text', () => {
    for (const [key, text] of Object.entries(shellCatalogue)) {
      expect(key).toMatch(/^(shell|page|common|engine|resource|field)\./);
      for (const lang of ['id', 'en', 'zh'] as const) expect(text[lang].trim(), `${key} ${lang}`).not.toBe('');
    }
  });

  it("carries the spec's fixed texts", () => {
    expect(adminCatalogue['shell.city.all']).toMatchObject({ id: 'Semua Kota', en: 'All City' });
    expect(adminCatalogue['common.more']!.en).toBe('More');
    expect(adminCatalogue['common.tips']!.en).toBe('Tips');
    expect(adminCatalogue['common.ok']!.en).toBe('OK');
    expect(adminCatalogue['action.view']!.en).toBe('View');
    expect(adminCatalogue['code.3001']).toMatchObject({
      id: 'Pengguna telah masuk di perangkat lain',
      en: 'User has logged in elsewhere',
      zh: '用户已在其他地方登录',
    });
    expect(adminCatalogue['code.4001']).toMatchObject({ id: 'Info masuk kedaluwarsa, masuk lagi', zh: '登录已过期，请重新登录' });
  });
});
