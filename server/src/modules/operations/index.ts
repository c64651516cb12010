import type { FastifyPluginAsync } from 'fastify';
import { registerResources } from '../../platform/resources/register.ts';
import type { Services } from '../../platform/services.ts';
import { guideSettingRoutes } from './guideSettingRoutes.ts';
import { operationsResources } from './resources.ts';
import { RideLifecycle } from './rides/lifecycle.ts';
import { rideRoutes } from './rides/rideRoutes.ts';
import { rideTrackRoute } from './rides/rideTrackRoute.ts';
import { tenantGuideRoutes } from './tenantGuide.ts';

/** Operations centre (/operations): the tenant's tour, the fleet's catalogue, zones, batteries, pricing and rides. */
export const operationsModule: FastifyPluginAsync<{ services: Services }> = async (app, opts) => {
  for (const routes of [tenantGuideRoutes, guideSettingRoutes]) await app.register(routes, { services: opts.services });
  await registerResources(app, opts.services, operationsResources);
  // The rider app's rides (docs/rides.md).
  const { services } = opts;
  const rides = new RideLifecycle({ db: services.db, commands: services.commands, isConnected: (imei) => services.devices.isConnected(imei) });
  await app.register(rideRoutes, { services, rides });
  await app.register(rideTrackRoute, { services });
};
