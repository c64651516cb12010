import type { Catalogue, Lang } from '../lang.ts';
import { codeCatalogue } from './codes.ts';
import { guideCatalogue } from './guide.ts';
import { menuCatalogue } from './menu.ts';
import { shellCatalogue } from './shell.ts';

/**
 * The console catalogue (client `admin`): seeded into i18n_entries and served by /system/i18n/find.
 * Split by who owns the words: menu titles, the web shell, and result-code / server messages.
 */
export const adminCatalogue: Catalogue = { ...menuCatalogue, ...shellCatalogue, ...codeCatalogue, ...guideCatalogue };

export function catalogueFor(lang: Lang, catalogue: Catalogue = adminCatalogue): Record<string, string> {
  const field = lang === 'ZH' ? 'zh' : lang === 'EN' ? 'en' : 'id';
  return Object.fromEntries(Object.entries(catalogue).map(([key, text]) => [key, text[field]]));
}
