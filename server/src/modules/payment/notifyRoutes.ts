import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../platform/services.ts';
import type { Gateways } from './gatewayLinks.ts';
import { receiveNotification } from './notify.ts';

/** A callback body is a few KB; anything much larger is not a gateway's. */
const NOTIFY_BODY_MAX = 64 * 1024;

/**
 * POST /api/pay/notify/{channelCode}: where the gateways send their notifications (set it as the notification URL
 * in the Midtrans dashboard, the callback URL in Xendit's). The body is kept as the raw text it arrived as, because
 * the signature is over what was sent, not over what a parser makes of it.
 */
export const notifyRoutes: FastifyPluginAsync<{ services: Services; gateways: Gateways }> = async (app, { services, gateways }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_MAX }, (_req, body, done) => done(null, body));
  app.post(
    '/pay/notify/:channelCode',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ channelCode: z.string().regex(/^[A-Z_]{2,20}$/) }),
        tags: ['payment'],
        summary: 'A payment gateway notification',
        description:
          'Verified by the channel secret (Midtrans signature_key, Xendit x-callback-token) before anything is written. Answers code 1000 when taken (also for a repeat), 2006 for a bad signature, 2002 for an unknown order; 500 on a fault, so the gateway retries.',
        security: [],
      },
    },
    async (req) => {
      const { channelCode } = req.params as { channelCode: string };
      const { code, outcome } = await receiveNotification(
        services,
        gateways,
        { channelCode, headers: req.headers, rawBody: String(req.body ?? '') },
        req.log,
      );
      return { code, msg: outcome, data: { outcome } };
    },
  );
};
