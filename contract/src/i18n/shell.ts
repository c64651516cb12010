import type { Catalogue } from '../lang.ts';

export const shellCatalogue: Catalogue = {};
