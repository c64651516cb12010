import type { FastifyPluginAsync } from 'fastify';
import { bulkEventRoutes } from '../../platform/resources/bulkEventRoutes.ts';
import { resourceRoutes } from '../../platform/resources/routes.ts';
import { rowEventRoutes } from '../../platform/resources/rowEventRoutes.ts';
import type { Services } from '../../platform/services.ts';
import { guideSettingRoutes } from './guideSettingRoutes.ts';
import { operationsResources } from './resources.ts';
import { tenantGuideRoutes } from './tenantGuide.ts';

/** Operations centre (/operations): the tenant's tour and its settings so far. */
export const operationsModule: FastifyPluginAsync<{ services: Services }> = async (app, opts) => {
  for (const routes of [tenantGuideRoutes, guideSettingRoutes]) await app.register(routes, { services: opts.services });
  for (const resource of operationsResources) {
    for (const routes of [resourceRoutes, bulkEventRoutes, rowEventRoutes]) await app.register(routes, { services: opts.services, resource });
  }
};
