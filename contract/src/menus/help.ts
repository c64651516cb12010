import { CRUD, pagesOf } from './define.ts';
import type { ModuleDef } from './types.ts';

const p = pagesOf('help');

export const helpModule: ModuleDef = {
  key: 'help',
  ordinal: 14,
  basePath: '/help',
  title: 'menu.help',
  icon: null,
  pages: [p('/help', 'index'), p('/help/content', 'helpContent', [...CRUD, 'publish'])],
};
