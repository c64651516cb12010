import { CRUD, EXPORT, pagesOf } from './define.ts';
import type { ModuleDef } from './types.ts';

const p = pagesOf('user');

export const userModule: ModuleDef = {
  key: 'user',
  ordinal: 3,
  basePath: '/user_main',
  title: 'menu.user',
  icon: 'customer',
  pages: [
    p('/user_main', 'index'),
    p('/user_main/userReview', 'userReview', ['audit', 'export', 'reveal']),
    p('/user_main/user_admin', 'user_admin', ['add', 'edit', 'export', 'lock', 'unlock', 'cancel', 'reveal']),
    p('/user_main/backFeed', 'backFeed', ['resolve', 'refund', 'export']),
    p('/user_main/templateList', 'templateList', [...CRUD, 'export']),
    p('/user_main/user_tag', 'user_tag', [...CRUD, 'assign', 'export']),
    p('/user_main/login_log', 'login_log', EXPORT),
    p('/user_main/member_level', 'member_level', [...CRUD, 'export']),
    p('/user_main/member_level_integral', 'member_level_integral', [...CRUD, 'export']),
    p('/user_main/integral_history', 'integral_history', EXPORT),
    p('/user_main/level_benefits', 'level_benefits', [...CRUD, 'export']),
  ],
};
