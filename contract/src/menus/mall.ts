import { CRUD, CRUD_X, pagesOf } from './define.ts';
import type { ModuleDef } from './types.ts';

const p = pagesOf('mall');

export const mallModule: ModuleDef = {
  key: 'mall',
  ordinal: 13,
  basePath: '/mall_main',
  title: 'menu.mall',
  icon: 'mall',
  pages: [
    p('/mall_main', 'index'),
    p('/mall_main/goodsList', 'goodsList', [...CRUD_X, 'publish']),
    p('/mall_main/soldList', 'soldList', ['cancel', 'refund', 'export']),
    p('/mall_main/shopList', 'shopList', CRUD),
  ],
};
