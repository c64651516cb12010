import type { FastifyPluginAsync } from 'fastify';
import { registerResources } from '../../platform/resources/register.ts';
import type { Services } from '../../platform/services.ts';
import { merchantApplicationBinding } from './applications.ts';
import { applyAppRoutes } from './applyAppRoutes.ts';
import { cabinetKeyRoutes } from './cabinetKeys.ts';
import { merchantDashboardRoutes } from './merchantDashboard.ts';
import { merchantBinding } from './merchants.ts';
import { merchantStaffBinding, merchantStaffRoutes } from './merchantStaff.ts';
import { cabinetSlotBinding, stationBinding } from './stations.ts';

/** The merchant centre (/main): applications (and the rider app's), merchants and their staff, the stations they host, the Home's figures. */
export const merchantResources = [stationBinding, cabinetSlotBinding, merchantApplicationBinding, merchantBinding, merchantStaffBinding];

export const merchantModule: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  await registerResources(app, services, merchantResources);
  await app.register(cabinetKeyRoutes, { services });
  await app.register(merchantStaffRoutes, { services });
  await app.register(merchantDashboardRoutes, { services });
  // The applicant's own channel in the rider app.
  await app.register(applyAppRoutes, { services });
};
