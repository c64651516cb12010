import { i18nAdminResource, i18nAppResource } from '@kayuh/contract/resources/i18n';
import { i18nEntries } from '../../db/schema.ts';
import { bindResource } from '../../platform/resources/binding.ts';

/** An edited console text shows in /system/i18n/find at once. */
export const i18nAdminBinding = bindResource(i18nAdminResource, i18nEntries, { announces: 'catalogue' });
export const i18nAppBinding = bindResource(i18nAppResource, i18nEntries);
