import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../../platform/services.ts';
import { staffNoticeRoutes } from './staffNoticeRoutes.ts';

/** Message manager (/message_manager): staff notices over the live link, and the bell's stored notifications. */
export const messageModule: FastifyPluginAsync<{ services: Services }> = async (app, opts) => {
  await app.register(staffNoticeRoutes, { services: opts.services });
};
