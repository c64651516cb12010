import { editionsResource } from '@kayuh/contract/resources/editions';
import { appVersions } from '../../db/schema.ts';
import { invalid } from '../../platform/errors.ts';
import { bindResource } from '../../platform/resources/binding.ts';

/**
 * A version may not demand more than itself, checked on the row as it will be (an edit may send one of the two);
 * publishing stamps the time with the state change itself.
 */
export const editionsBinding = bindResource(editionsResource, appVersions, {
  check({ next, values }) {
    if (next.minSupportedCode === null || next.minSupportedCode === undefined || next.versionCode === undefined) return;
    if (Number(next.minSupportedCode) > Number(next.versionCode)) {
      throw invalid({ [values.minSupportedCode !== undefined ? 'minSupportedCode' : 'versionCode']: 'validation.minAboveVersion' });
    }
  },
  events: {
    publish: { set: () => ({ publishedAt: new Date() }) },
  },
});
