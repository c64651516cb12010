import type { Locale } from 'antd/es/locale';
import idID from 'antd/locale/id_ID';
import type { Lang } from '@kayuh/contract/lang';
import { useConfigStore } from '../stores/configStore';
import { post } from './http';
import { setCatalogue } from './i18n';

const HTML_LANG: Record<Lang, string> = { ID: 'id', EN: 'en', ZH: 'zh-CN' };

/** The console catalogue of one language (POST /system/i18n/find, public). */
function fetchCatalogue(lang: Lang): Promise<Record<string, string>> {
  return post<Record<string, string>>('/system/i18n/find', { lang }).then((catalogue) => catalogue ?? {});
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
