import { useCallback } from 'react';
import type { Locale } from 'antd/es/locale';
import idID from 'antd/locale/id_ID';
import { create } from 'zustand';
import { translate } from '@kayuh/contract/rules/translate';

/**
 * The loaded catalogue of the current language, as /system/i18n/find serves it. Lookup is the contract's
 * `translate`, so a missing key renders the key and `{name}` placeholders work as on the server.
 * A store of our own rather than i18next: the catalogue is one flat map per language and the lookup
 * rule is the contract's, so i18next's 13 KB (gzip) would only have stored a map on the login route.
 */
export const useCatalogueStore = create<{ catalogue: Record<string, string> | undefined; antdLocale: Locale }>(() => ({
  catalogue: undefined,
  // Indonesian is the default; the other antd locales load with their language.
  antdLocale: idID,
}));

export type TFunction = (key: string, params?: Record<string, string | number>) => string;

export function setCatalogue(catalogue: Record<string, string>, antdLocale: Locale): void {
  useCatalogueStore.setState({ catalogue, antdLocale });
}

/** Translation outside React (toasts of the HTTP client). */
export const tr: TFunction = (key, params) => translate(useCatalogueStore.getState().catalogue, key, params);

/** Translation in components; they re-render when the catalogue changes (a language switch). */
export function useT(): TFunction {
  const catalogue = useCatalogueStore((s) => s.catalogue);
  return useCallback<TFunction>((key, params) => translate(catalogue, key, params), [catalogue]);
}
