import { describe, expect, it } from 'vitest';
import { adminCatalogue, catalogueFor } from './index.ts';
import { alarmCatalogue } from './alarm.ts';
import { codeCatalogue } from './codes.ts';
import { dashboardsCatalogue } from './dashboards.ts';
import { engineSlotsCatalogue } from './engineSlots.ts';
import { fieldCatalogue } from './fields.ts';
import { guideCatalogue } from './guide.ts';
import { menuCatalogue } from './menu.ts';
import { noticesCatalogue } from './notices.ts';
import { shellCatalogue } from './shell.ts';
import { dictCatalogue } from '../dicts/index.ts';
import { Code } from '../codes.ts';
import { JOB_RUN_MESSAGES } from '../jobTargets.ts';
import { JOURNAL_TITLES } from '../resources/operationJournal.ts';

const parts = {
  menuCatalogue,
  shellCatalogue,
  noticesCatalogue,
  fieldCatalogue,
  codeCatalogue,
  guideCatalogue,
  alarmCatalogue,
  engineSlotsCatalogue,
  dashboardsCatalogue,
  dictCatalogue: dictCatalogue(),
};

describe('the console catalogue', () => {
  it('has a non-empty ID, EN and ZH text for every key (ID is the default and must be complete)', () => {
    for (const [key, text] of Object.entries(adminCatalogue)) {
      expect(text.id.trim(), `${key} ID`).not.toBe('');
      expect(text.en.trim(), `${key} EN`).not.toBe('');
      expect(text.zh.trim(), `${key} ZH`).not.toBe('');
    }
  });

  it('never defines one key in two parts (a later part would silently win)', () => {
    const seen = new Map<string, string>();
    for (const [part, catalogue] of Object.entries(parts)) {
      for (const key of Object.keys(catalogue)) {
        expect(seen.get(key), `${key} in ${part}`).toBeUndefined();
        seen.set(key, part);
      }
    }
  });

  it('has a text for every key the server stores in place of words (journal titles, run messages)', () => {
    const keys = [...JOURNAL_TITLES.map((choice) => choice.value), ...Object.values(JOB_RUN_MESSAGES)];
    for (const key of keys) expect(adminCatalogue[key], key).toBeDefined();
  });

  it("calls one thing by one word in Indonesian: an operator company is a 'tenant', never a 'penyewa' (a renter)", () => {
    const renters = Object.entries(adminCatalogue)
      .filter(([, text]) => /penyewa/i.test(text.id))
      .map(([key]) => key);
    expect(renters).toEqual([]);
  });

  it('has a message for every result code', () => {
    for (const code of Object.values(Code)) expect(adminCatalogue[`code.${code}`], `code.${code}`).toBeDefined();
  });

  it('keeps the same placeholders in every language', () => {
    const placeholders = (s: string) =>
      [...s.matchAll(/\{(\w+)\}/g)]
        .map((m) => m[1])
        .sort()
        .join(',');
    for (const [key, text] of Object.entries(adminCatalogue)) {
      expect(placeholders(text.en), key).toBe(placeholders(text.id));
      expect(placeholders(text.zh), key).toBe(placeholders(text.id));
    }
  });

  it('answers one language as key → text', () => {
    expect(catalogueFor('ZH')['code.3001']).toBe('用户已在其他地方登录');
    expect(catalogueFor('ID')['code.4001']).toBe('Info masuk kedaluwarsa, masuk lagi');
    expect(Object.keys(catalogueFor('EN')).length).toBeGreaterThan(300);
  });
});
