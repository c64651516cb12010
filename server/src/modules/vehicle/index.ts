import type { FastifyPluginAsync } from 'fastify';
import { registerResources } from '../../platform/resources/register.ts';
import type { Services } from '../../platform/services.ts';
import { vehicleDashboardRoutes } from './dashboard.ts';
import { fleetImportRoutes } from './fleetImportRoutes.ts';
import { faultTypeBinding, vehicleFaultBinding } from './faults.ts';
import { vehicleBinding } from './vehicles.ts';

/** The e-bike centre (/vehicle_main): vehicles and their op_state machine, faults and their types. */
export const vehicleResources = [vehicleBinding, faultTypeBinding, vehicleFaultBinding];

export const vehicleModule: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  await registerResources(app, services, vehicleResources);
  await app.register(vehicleDashboardRoutes, { services });
  await app.register(fleetImportRoutes, { services });
};
