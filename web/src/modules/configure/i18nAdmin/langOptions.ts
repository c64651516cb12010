import { LANGS, type Lang } from '@kayuh/contract/lang';
import type { TFunction } from '../../../lib/i18n';

/** The catalogue's languages for a select: the code and its name in the current language ("EN · English"). */
export const langOptions = (t: TFunction, except?: Lang) =>
  LANGS.filter((lang) => lang !== except).map((lang) => ({ value: lang, label: `${lang} · ${t(`dict.i18n_entries_lang.${lang}`)}` }));
