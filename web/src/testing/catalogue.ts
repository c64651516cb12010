import idID from 'antd/locale/id_ID';
import { catalogueFor } from '@kayuh/contract/i18n/index';
import type { Lang } from '@kayuh/contract/lang';
import { setCatalogue } from '../lib/i18n';
import { useConfigStore } from '../stores/configStore';

/** The catalogue the server would serve (it seeds its table from the same contract source). */
export function loadTestCatalogue(lang: Lang = 'ID'): Record<string, string> {
  const catalogue = catalogueFor(lang);
  useConfigStore.setState({ lang });
  setCatalogue(catalogue, idID);
  return catalogue;
}
