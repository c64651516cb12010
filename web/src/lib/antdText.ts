import { useT } from './i18n';

/**
 * antd leaves a few accessible names in English whatever the locale (the select's clear button, the table's
 * selection boxes); these give them in the console's language.
 */
export function useClearable(): (enabled?: boolean) => false | { label: string } {
  const t = useT();
  return (enabled = true) => (enabled ? { label: t('common.clear') } : false);
}
