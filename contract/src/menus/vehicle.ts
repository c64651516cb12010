import { CRUD_X, EXPORT, pagesOf } from './define.ts';
import type { ModuleDef } from './types.ts';

const p = pagesOf('vehicle');

export const vehicleModule: ModuleDef = {
  key: 'vehicle',
  ordinal: 5,
  basePath: '/vehicle_main',
  title: 'menu.vehicle',
  icon: 'ebike',
  pages: [
    p('/vehicle_main', 'index'),
    p('/vehicle_main/vehicle', 'vehicle', [...CRUD_X, 'import', 'lock', 'unlock', 'ring', 'deviceKey']),
    p('/vehicle_main/monitor', 'monitor', ['lock', 'unlock', 'ring']),
    p('/vehicle_main/parts', 'parts', ['add', 'edit', 'resolve', 'export']),
    p('/vehicle_main/repair', 'repair', EXPORT),
  ],
};
