import { CRUD, pagesOf } from './define.ts';
import type { ModuleDef } from './types.ts';

const p = pagesOf('carBusiness');

/** Long-term rental. Fixed perm strings (spec §6): carBusiness:index:home, carBusiness:vehicleList:export. */
export const carBusinessModule: ModuleDef = {
  key: 'carBusiness',
  ordinal: 7,
  basePath: '/carBusiness_main',
  title: 'menu.carBusiness',
  icon: 'carBusiness',
  pages: [
    p('/carBusiness_main', 'index', ['home']),
    p('/carBusiness_main/order_management/vehicleList', 'vehicleList', ['add', 'edit', 'cancel', 'export']),
    p('/carBusiness_main/config/configListPage', 'configListPage', CRUD),
    p('/carBusiness_main/order_activity', 'order_activity', [...CRUD, 'publish']),
    p('/carBusiness_main/duration', 'duration', CRUD),
    p('/carBusiness_main/abnormal_order', 'abnormal_order', ['resolve', 'export']),
  ],
};
