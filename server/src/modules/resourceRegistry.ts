import { configureResources } from './configure/resources.ts';
import { operationsResources } from './operations/resources.ts';

/** Every bound resource of every module: the generated security tests walk this list. */
export const ALL_RESOURCES = [...configureResources, ...operationsResources];
