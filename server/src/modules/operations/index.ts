import type { FastifyPluginAsync } from 'fastify';
import { registerResources } from '../../platform/resources/register.ts';
import type { Services } from '../../platform/services.ts';
import { CabinetRules } from '../alarm/cabinetRules.ts';
import { guideSettingRoutes } from './guideSettingRoutes.ts';
import { operationsResources } from './resources.ts';
import { RideLifecycle } from './rides/lifecycle.ts';
import { rideRoutes } from './rides/rideRoutes.ts';
import { rideTrackRoute } from './rides/rideTrackRoute.ts';
import { CabinetDoors } from './swaps/cabinetDoors.ts';
import { SwapFlow } from './swaps/swapFlow.ts';
import { swapRoutes } from './swaps/swapRoutes.ts';
import { fieldToolRoutes } from './fieldTool/fieldToolRoutes.ts';
import { joinAppRoutes } from './partners/joinAppRoutes.ts';
import { statementRoutes } from './partners/statementRoutes.ts';
import { tenantGuideRoutes } from './tenantGuide.ts';
import { ticketDashboardRoutes } from './tickets/ticketDashboard.ts';
import { ticketMapRoutes } from './tickets/ticketMap.ts';

/** Operations centre (/operations): its Home, the tenant's tour, the fleet's catalogue, zones, batteries, pricing, rides, swaps and tickets. */
export const operationsModule: FastifyPluginAsync<{ services: Services }> = async (app, opts) => {
  for (const routes of [
    tenantGuideRoutes,
    guideSettingRoutes,
    ticketDashboardRoutes,
    ticketMapRoutes,
    fieldToolRoutes,
    joinAppRoutes,
    statementRoutes,
  ])
    await app.register(routes, { services: opts.services });
  await registerResources(app, opts.services, operationsResources);
  // The rider app's rides (docs/rides.md).
  const { services } = opts;
  const rides = new RideLifecycle({ db: services.db, commands: services.commands, isConnected: (imei) => services.devices.isConnected(imei) });
  await app.register(rideRoutes, { services, rides });
  await app.register(rideTrackRoute, { services });
  // Battery swaps at the cabinets (docs/swaps.md): the cabinets' reports and door acks in, the app's calls; what a
  // report says of the cabinet and its packs goes to the alarm rules (docs/iot.md).
  const doors = new CabinetDoors({ devices: services.devices, log: app.log, timeoutMs: services.config.deviceCommandTimeoutMs });
  const cabinetRules = new CabinetRules(services, app.log);
  const swaps = new SwapFlow({ db: services.db, doors, log: app.log, onReported: (facts) => cabinetRules.evaluate(facts) });
  services.devices.listen('ack', async (message) => doors.onAck(message));
  services.devices.listen('cabinet', (message) => swaps.onReport(message));
  await app.register(swapRoutes, { services, swaps });
};
