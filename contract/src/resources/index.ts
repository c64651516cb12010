import { countryResource } from './country.ts';
import { postResource } from './post.ts';
import type { ResourceDef } from './types.ts';

/** Every resource the engine serves; the server registers routes and the web pages from this list. */
export const RESOURCES: readonly ResourceDef[] = [postResource, countryResource];

export const resourceByKey = (key: string) => RESOURCES.find((r) => r.key === key);
