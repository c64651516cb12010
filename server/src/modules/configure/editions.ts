import { editionsResource } from '@kayuh/contract/resources/editions';
import { eq } from 'drizzle-orm';
import { appVersions } from '../../db/schema.ts';
import { invalid } from '../../platform/errors.ts';
import { bindResource } from '../../platform/resources/binding.ts';

/** A version may not demand more than itself; publishing stamps the time. */
export const editionsBinding = bindResource(editionsResource, appVersions, {
  beforeWrite(values) {
    if (values.minSupportedCode !== undefined && values.versionCode !== undefined && Number(values.minSupportedCode) > Number(values.versionCode)) {
      throw invalid({ minSupportedCode: 'validation.minAboveVersion' });
    }
  },
  async afterEdit(tx, before, after) {
    if (after.status === 1 && before.status !== 1) await tx.update(appVersions).set({ publishedAt: new Date() }).where(eq(appVersions.id, Number(after.id)));
  },
});
