import { CRUD, EXPORT, pagesOf } from './define.ts';
import type { ModuleDef } from './types.ts';

const p = pagesOf('alarm');

export const alarmModule: ModuleDef = {
  key: 'alarm',
  ordinal: 11,
  basePath: '/alarm_main',
  title: 'menu.alarm',
  icon: 'alarm',
  pages: [
    p('/alarm_main', 'index'),
    p('/alarm_main/alarm_list', 'alarm_list', ['assign', 'resolve', 'export']),
    p('/alarm_main/monitoring_data', 'monitoring_data', EXPORT),
    p('/alarm_main/basicConfig', 'basicConfig', CRUD),
    p('/alarm_main/timed_task', 'timed_task', ['edit', 'run']),
    p('/alarm_main/history', 'history', EXPORT),
  ],
};
