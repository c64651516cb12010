import { countryResource } from '@kayuh/contract/resources/country';
import { postResource } from '@kayuh/contract/resources/post';
import { countries, posts } from '../../db/schema.ts';
import { bindResource } from '../../platform/resources/binding.ts';

/** System management's declared resources, each bound to its table. */
export const configureResources = [
  bindResource(postResource, posts),
  bindResource(countryResource, countries),
];
