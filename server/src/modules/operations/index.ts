import type { FastifyPluginAsync } from 'fastify';
import { registerResources } from '../../platform/resources/register.ts';
import type { Services } from '../../platform/services.ts';
import { guideSettingRoutes } from './guideSettingRoutes.ts';
import { operationsResources } from './resources.ts';
import { tenantGuideRoutes } from './tenantGuide.ts';

/** Operations centre (/operations): the tenant's tour, the fleet's catalogue, zones and batteries. */
export const operationsModule: FastifyPluginAsync<{ services: Services }> = async (app, opts) => {
  for (const routes of [tenantGuideRoutes, guideSettingRoutes]) await app.register(routes, { services: opts.services });
  await registerResources(app, opts.services, operationsResources);
};
