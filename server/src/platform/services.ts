import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { MenuAccess } from './auth/menuAccess.ts';
import type { Catalogues } from './i18n.ts';

/** The long-lived parts every module uses; built once in app.ts and passed to each module plugin. */
export interface Services {
  config: Config;
  db: Db;
  catalogues: Catalogues;
  menuAccess: MenuAccess;
}
