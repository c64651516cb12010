import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../../platform/services.ts';
import { dashboardRoutes } from './dashboard.ts';
import { homeTodayRoutes } from './homeToday.ts';
import { deptRoutes } from './dept.ts';
import { dictDataRoutes } from './dict.ts';
import { downloadRoutes } from './downloads.ts';
import { i18nRoutes } from './i18n.ts';
import { i18nTransferRoutes } from './i18nTransferRoutes.ts';
import { mapSettingsRoutes } from './mapSettings.ts';
import { menuRoutes } from './menu.ts';
import { monitoringRoutes } from './monitoring.ts';
import { profileRoutes } from './profile.ts';
import { configureResources } from './resources.ts';
import { registerResources } from '../../platform/resources/register.ts';
import { ssoRoutes } from './sso.ts';
import { staffRoutes } from './staffRoutes.ts';
import { timedTaskRoutes } from './timedTask.ts';

/** System management (/configure): the shell's endpoints and the declared resources. */
export const configureModule: FastifyPluginAsync<{ services: Services }> = async (app, opts) => {
  for (const routes of [
    ssoRoutes,
    dashboardRoutes,
    homeTodayRoutes,
    menuRoutes,
    i18nRoutes,
    i18nTransferRoutes,
    deptRoutes,
    dictDataRoutes,
    downloadRoutes,
    profileRoutes,
    monitoringRoutes,
    staffRoutes,
    timedTaskRoutes,
    mapSettingsRoutes,
  ]) {
    await app.register(routes, { services: opts.services });
  }
  await registerResources(app, opts.services, configureResources);
};
