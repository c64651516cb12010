import { EXPORT, pagesOf } from './define.ts';
import type { ModuleDef } from './types.ts';

const p = pagesOf('log');

export const logModule: ModuleDef = {
  key: 'log',
  ordinal: 9,
  basePath: '/log_main',
  title: 'menu.log',
  icon: 'log',
  pages: [
    p('/log_main', 'index'),
    p('/log_main/interfaceLog', 'interfaceLog', EXPORT),
    p('/log_main/userLoginLog', 'userLoginLog', EXPORT),
    p('/log_main/userAuthLog', 'userAuthLog', EXPORT),
    p('/log_main/getBikeLock', 'getBikeLock', EXPORT),
    p('/log_main/getMoveBikeLock', 'getMoveBikeLock', EXPORT),
  ],
};
