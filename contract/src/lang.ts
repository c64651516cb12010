/** Interface languages (spec §1): ID is the default. */
export const LANGS = ['ID', 'EN', 'ZH'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'ID';

/** `currentlanguage` header values (spec §7). */
export const CURRENT_LANGUAGE: Record<Lang, string> = { ZH: 'ZH_CN', EN: 'EN_US', ID: 'ID_IN' };

/** Reads a lang from a `lang` or `currentlanguage` header value; anything unknown is the default. */
export function parseLang(value: unknown): Lang {
  if (typeof value !== 'string') return DEFAULT_LANG;
  const head = value.trim().slice(0, 2).toUpperCase();
  if (head === 'IN') return 'ID';
  return (LANGS as readonly string[]).includes(head) ? (head as Lang) : DEFAULT_LANG;
}

/** A trilingual text as the catalogues are written: every key has all three. */
export type Trilingual = { id: string; en: string; zh: string };
export type Catalogue = Record<string, Trilingual>;
