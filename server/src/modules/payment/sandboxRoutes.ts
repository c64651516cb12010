import { Code } from '@kayuh/contract/codes';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentOrders } from '../../db/schema.ts';
import { ok } from '../../platform/envelope.ts';
import { BizError, forbidden, notFound } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';
import { channelById, isSandboxChannel, type Gateways } from './gatewayLinks.ts';

/**
 * The demo's payer (POST /api/payment/sandbox/settle): staff who see payment orders may pay, fail or let expire an
 * open order of a sandbox channel, as a member's banking app would. The sandbox then sends the gateway's own signed
 * notification to /api/pay/notify — the same path a real payment takes. Real channels answer 2004.
 */
export const sandboxRoutes: FastifyPluginAsyncZod<{ services: Services; gateways: Gateways }> = async (app, { services, gateways }) => {
  app.post(
    '/payment/sandbox/settle',
    {
      config: { access: 'payment:orderListPage:view' },
      schema: {
        body: z.object({ payNo: z.string().min(1).max(40), outcome: z.enum(['paid', 'failed', 'expired']).default('paid') }),
        tags: ['payment'],
        summary: "Play the payer at a demo channel's sandbox",
      },
    },
    async (req) => {
      const [order] = await services.db.select().from(paymentOrders).where(eq(paymentOrders.payNo, req.body.payNo));
      const auth = req.auth!;
      if (!order || order.tenantId !== auth.scopeTenantId || order.channelId === null) throw notFound();
      // Another city's order is out of this staff member's reach, as on the order list.
      if (!auth.allCities && !auth.deptIds.includes(order.cityCode)) throw forbidden();
      const channel = await channelById(services.db, order.channelId);
      if (!channel || !isSandboxChannel(channel)) throw new BizError(Code.transitionNotAllowed, 'payment.notSandbox');
      const sent = await gateways.settleInSandbox(channel, order.payNo, req.body.outcome).catch((err: unknown) => {
        req.log.warn({ err, payNo: order.payNo }, 'sandbox does not hold the order');
        throw new BizError(Code.transitionNotAllowed, 'payment.sandboxForgot');
      });
      // The provider sends nothing for this outcome: the order closes by the expiry task.
      if (!sent) return ok({ delivered: false, outcome: null, notification: null });
      const answer = sent.response ? (JSON.parse(sent.response.body || '{}') as { code?: number; data?: { outcome?: string } }) : {};
      // What the gateway sent, as sent: the demo shows it, and a test can deliver it again.
      return ok({
        delivered: sent.response?.status === 200,
        outcome: answer.data?.outcome ?? sent.error ?? null,
        notification: { url: sent.url, headers: sent.headers, body: sent.body },
      });
    },
  );
};
