import { CRUD, CRUD_X, EXPORT, pagesOf } from './define.ts';
import type { ModuleDef } from './types.ts';

const p = pagesOf('marketing');

export const marketingModule: ModuleDef = {
  key: 'marketing',
  ordinal: 6,
  basePath: '/marketing_main',
  title: 'menu.marketing',
  icon: 'marketing',
  pages: [
    p('/marketing_main', 'index'),
    p('/marketing_main/activity', 'activity', [...CRUD_X, 'publish', 'cancel']),
    p('/marketing_main/reward', 'reward', CRUD),
    p('/marketing_main/partakeActivity', 'partakeActivity', EXPORT),
    p('/marketing_main/redemption_code', 'redemption_code', ['add', 'cancel', 'export']),
  ],
};
