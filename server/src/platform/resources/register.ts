import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import type { BoundResource } from './binding.ts';
import { bulkEventRoutes } from './bulkEventRoutes.ts';
import { resourceRoutes } from './routes.ts';
import { rowEventRoutes } from './rowEventRoutes.ts';

/** Every route a bound resource has: its list, form and machine routes, bulk events and its rows' timelines. */
export async function registerResources(app: FastifyInstance, services: Services, resources: readonly BoundResource[]) {
  for (const resource of resources) {
    for (const routes of [resourceRoutes, bulkEventRoutes, rowEventRoutes]) await app.register(routes, { services, resource });
  }
}
