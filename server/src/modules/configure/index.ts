import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../../platform/services.ts';
import { cityRoutes } from './city.ts';
import { deptRoutes } from './dept.ts';
import { i18nRoutes } from './i18n.ts';
import { loginJournalRoutes } from './loginJournal.ts';
import { menuRoutes } from './menu.ts';
import { profileRoutes } from './profile.ts';
import { ssoRoutes } from './sso.ts';
import { tenantRoutes } from './tenant.ts';

/** System management (/configure): the shell's endpoints so far. */
export const configureModule: FastifyPluginAsync<{ services: Services }> = async (app, opts) => {
  for (const routes of [ssoRoutes, menuRoutes, i18nRoutes, cityRoutes, deptRoutes, profileRoutes, loginJournalRoutes, tenantRoutes]) {
    await app.register(routes, { services: opts.services });
  }
};
