import type { Locale } from 'antd/es/locale';
import idID from 'antd/locale/id_ID';
import type { Lang } from '@kayuh/contract/lang';
import { useConfigStore } from '../stores/configStore';
import { get } from './http';
import { setCatalogue } from './i18n';
import { onSessionEnd } from './session';

const HTML_LANG: Record<Lang, string> = { ID: 'id', EN: 'en', ZH: 'zh-CN' };

const STORED_CATALOGUE = 'kayuh.catalogue';
// A kept copy may hold a tenant's own texts: it goes with the session, so the next person at this browser never
// sees them before signing in.
onSessionEnd(() => localStorage.removeItem(STORED_CATALOGUE));

/**
 * The last catalogue this browser loaded, for the language asked: the console paints with it at once and asks the
 * server again behind it (GET with an ETag, so an unchanged catalogue costs a 304, not 100 KB).
 */
export function storedCatalogue(lang: Lang): Record<string, string> | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(STORED_CATALOGUE) ?? 'null') as { lang: Lang; texts: Record<string, string> } | null;
    return stored?.lang === lang && stored.texts && typeof stored.texts === 'object' ? stored.texts : undefined;
  } catch {
    return undefined;
  }
}

/** The console catalogue of one language (GET /system/i18n/find, public), kept for the next visit. */
async function fetchCatalogue(lang: Lang): Promise<Record<string, string>> {
  const texts = (await get<Record<string, string>>('/system/i18n/find', { lang })) ?? {};
  try {
    localStorage.setItem(STORED_CATALOGUE, JSON.stringify({ lang, texts }));
  } catch {
    // A full or refused storage only costs the next visit its head start.
  }
  return texts;
}

/** Shows the stored catalogue of the stored language at once; false when this browser has none yet. */
export async function showStoredCatalogue(): Promise<boolean> {
  const lang = useConfigStore.getState().lang;
  const texts = storedCatalogue(lang);
  if (!texts) return false;
  document.documentElement.lang = HTML_LANG[lang];
  setCatalogue(texts, await antdLocaleOf(lang));
  return true;
}

/** antd's own texts (pagination, pickers, empty states); only the default one is in the first bundle. */
function antdLocaleOf(lang: Lang): Promise<Locale> {
  if (lang === 'EN') return import('antd/locale/en_US').then((m) => m.default);
  if (lang === 'ZH') return import('antd/locale/zh_CN').then((m) => m.default);
  return Promise.resolve(idID);
}

/**
 * Loads the catalogue first and only then switches, so the screen never shows keys in between. The
 * stored `lang` is what antd's locale, dayjs (in the shell) and the request headers follow.
 */
export async function switchLanguage(lang: Lang): Promise<void> {
  const [catalogue, antdLocale] = await Promise.all([fetchCatalogue(lang), antdLocaleOf(lang)]);
  document.documentElement.lang = HTML_LANG[lang];
  useConfigStore.setState({ lang });
  setCatalogue(catalogue, antdLocale);
}
