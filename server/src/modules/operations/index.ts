import type { FastifyPluginAsync } from 'fastify';
import { resourceRoutes } from '../../platform/resources/routes.ts';
import type { Services } from '../../platform/services.ts';
import { guideSettingRoutes } from './guideSettingRoutes.ts';
import { operationsResources } from './resources.ts';
import { tenantGuideRoutes } from './tenantGuide.ts';

/** Operations centre (/operations): the tenant's tour and its settings so far. */
export const operationsModule: FastifyPluginAsync<{ services: Services }> = async (app, opts) => {
  for (const routes of [tenantGuideRoutes, guideSettingRoutes]) await app.register(routes, { services: opts.services });
  for (const resource of operationsResources) await app.register(resourceRoutes, { services: opts.services, resource });
};
