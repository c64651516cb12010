import { CRUD_X, pagesOf } from './define.ts';
import type { ModuleDef } from './types.ts';

const p = pagesOf('merchant');

export const merchantModule: ModuleDef = {
  key: 'merchant',
  ordinal: 4,
  basePath: '/main',
  title: 'menu.merchant',
  icon: 'merchant',
  pages: [
    p('/main', 'index'),
    p('/main/application', 'application', ['add', 'audit', 'approve', 'export']),
    p('/main/merchant', 'merchant', [...CRUD_X, 'lock', 'unlock']),
    p('/main/staff', 'staff', [...CRUD_X, 'reset']),
    p('/main/merchantoperation', 'merchantoperation', [...CRUD_X, 'deviceKey']),
    p('/main/businessmap', 'businessmap'),
  ],
};
