import { i18nAdminResource } from '@kayuh/contract/resources/i18n';
import ResourcePage from '../../../shared/resource/ResourcePage';
import { i18nAdminExtras } from './i18nAdminExtras';

/** configure/i18n/admin: the engine's list of console texts, with a language's export to xlsx and its import. */
export default function I18nAdminPage() {
  return <ResourcePage resource={i18nAdminResource} extras={i18nAdminExtras} />;
}
