import type { FastifyPluginAsync } from 'fastify';
import { registerResources } from '../../platform/resources/register.ts';
import type { Services } from '../../platform/services.ts';
import { cabinetKeyRoutes } from './cabinetKeys.ts';
import { cabinetSlotBinding, stationBinding } from './stations.ts';

/** The merchant centre (/main): stations and the swap cabinets' keys so far; merchants and their staff come with the customer centre. */
export const merchantResources = [stationBinding, cabinetSlotBinding];

export const merchantModule: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  await registerResources(app, services, merchantResources);
  await app.register(cabinetKeyRoutes, { services });
};
