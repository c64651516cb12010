import { LIVE_WS_PATH } from '@kayuh/contract/api/live';
import type { FastifyPluginAsync } from 'fastify';
import type { LiveBroker } from './broker.ts';

/**
 * GET /api/ws upgrades to the STOMP broker. The route is public for the HTTP upgrade: a browser cannot put
 * the session headers on it, so the CONNECT frame carries them and the broker checks them there.
 */
export const liveRoutes: FastifyPluginAsync<{ broker: LiveBroker }> = async (app, { broker }) => {
  app.get(LIVE_WS_PATH, { websocket: true, config: { access: 'public', limits: ['liveUpgrade'] } }, (socket, req) => broker.accept(socket, req.lang));
};
