import { countryResource } from '@kayuh/contract/resources/country';
import { dictDataResource, dictTypeResource } from '@kayuh/contract/resources/dict';
import { downloadListResource } from '@kayuh/contract/resources/downloadList';
import { loginJournalResource } from '@kayuh/contract/resources/loginJournal';
import { operationJournalResource } from '@kayuh/contract/resources/operationJournal';
import { postResource } from '@kayuh/contract/resources/post';
import { and, eq, isNull } from 'drizzle-orm';
import { countries, dictData, dictTypes, exportJobs, loginLogs, operationLogs, posts } from '../../db/schema.ts';
import { invalid } from '../../platform/errors.ts';
import { bindResource } from '../../platform/resources/binding.ts';
import { appIconBinding } from './appIcon.ts';
import { cityBinding } from './city.ts';
import { i18nAdminBinding, i18nAppBinding } from './i18nResources.ts';
import { menuBinding } from './menuResource.ts';
import { editionsBinding } from './editions.ts';
import { deptBinding } from './deptTree.ts';
import { roleBinding, userBinding } from './staff.ts';
import { tenantBinding, tenantPackageBinding } from './tenantResources.ts';
import { timedTaskBinding, timedTaskRunBinding } from './timedTask.ts';

/** System management's declared resources, each bound to its table. */
export const configureResources = [
  bindResource(postResource, posts),
  bindResource(countryResource, countries),
  cityBinding,
  deptBinding,
  roleBinding,
  bindResource(dictTypeResource, dictTypes),
  bindResource(dictDataResource, dictData, {
    // A value belongs to a type that exists.
    async check({ values, tx }) {
      if (values.dictType === undefined) return;
      const [type] = await tx
        .select({ id: dictTypes.id })
        .from(dictTypes)
        .where(and(eq(dictTypes.dictType, String(values.dictType)), isNull(dictTypes.deletedAt)))
        .limit(1);
      if (!type) throw invalid({ dictType: 'validation.invalidOption' });
    },
  }),
  i18nAdminBinding,
  i18nAppBinding,
  menuBinding,
  editionsBinding,
  userBinding,
  bindResource(downloadListResource, exportJobs),
  timedTaskBinding,
  timedTaskRunBinding,
  bindResource(operationJournalResource, operationLogs),
  bindResource(loginJournalResource, loginLogs),
  tenantBinding,
  tenantPackageBinding,
  appIconBinding,
];
