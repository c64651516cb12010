import { Code } from '@kayuh/contract/codes';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentOrders, prepaidOrders } from '../../db/schema.ts';
import type { AuthContext } from '../../platform/auth/context.ts';
import { ok } from '../../platform/envelope.ts';
import { BizError, forbidden, notFound } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';
import { channelById, isSandboxChannel, type Gateways } from './gatewayLinks.ts';
import type { SentNotification } from './gateways/sandboxNotify.ts';

/**
 * The demo's payer (POST /api/payment/sandbox/settle): staff who see payment orders may pay, fail or let expire an
 * open order of a sandbox channel, as a member's banking app would. The sandbox then sends the gateway's own signed
 * notification to /api/pay/notify — the same path a real payment takes. Real channels answer 2004. Likewise IAK
 * (POST /api/payment/sandbox/prepaid): staff who see prepaid orders may have the sandbox deliver, fail or never
 * answer one, and IAK's callback follows.
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
      if (!order || order.channelId === null) throw notFound();
      withinReach(req.auth!, order);
      const channel = await channelById(services.db, order.channelId);
      if (!channel || !isSandboxChannel(channel)) throw new BizError(Code.transitionNotAllowed, 'payment.notSandbox');
      const sent = await gateways.settleInSandbox(channel, order.payNo, req.body.outcome).catch((err: unknown) => {
        req.log.warn({ err, payNo: order.payNo }, 'sandbox does not hold the order');
        throw new BizError(Code.transitionNotAllowed, 'payment.sandboxForgot');
      });
      return sentAnswer(sent);
    },
  );

  app.post(
    '/payment/sandbox/prepaid',
    {
      config: { access: 'payment:IAK_list:view' },
      schema: {
        body: z.object({ orderNo: z.string().min(1).max(40), outcome: z.enum(['success', 'failed', 'stuck']).default('success') }),
        tags: ['payment'],
        summary: "Play IAK resolving a prepaid order at the demo's sandbox",
      },
    },
    async (req) => {
      const [order] = await services.db.select().from(prepaidOrders).where(eq(prepaidOrders.orderNo, req.body.orderNo));
      if (!order) throw notFound();
      withinReach(req.auth!, order);
      const link = await gateways.prepaid.forTenant(order.tenantId);
      if (!link || !isSandboxChannel(link.channel)) throw new BizError(Code.transitionNotAllowed, 'payment.notSandbox');
      const sent = await gateways.prepaid.settleInSandbox(link.channel, order.refId, req.body.outcome).catch((err: unknown) => {
        req.log.warn({ err, orderNo: order.orderNo }, 'sandbox does not hold the order');
        throw new BizError(Code.transitionNotAllowed, 'payment.sandboxForgot');
      });
      return sentAnswer(sent);
    },
  );
};

/** An order of the caller's tenant and cities, as on the order lists; 2002 or 2006 otherwise. */
function withinReach(auth: AuthContext, order: { tenantId: number; cityCode: number }) {
  if (order.tenantId !== auth.scopeTenantId) throw notFound();
  // Another city's order is out of this staff member's reach, as on the order list.
  if (!auth.allCities && !auth.deptIds.includes(order.cityCode)) throw forbidden();
}

/** What the sandbox sent, as sent: the demo shows it, and a test can deliver it again. Nothing sent: no callback. */
function sentAnswer(sent: SentNotification | undefined) {
  if (!sent) return ok({ delivered: false, outcome: null, notification: null });
  const answer = sent.response ? (JSON.parse(sent.response.body || '{}') as { code?: number; data?: { outcome?: string } }) : {};
  return ok({
    delivered: sent.response?.status === 200,
    outcome: answer.data?.outcome ?? sent.error ?? null,
    notification: { url: sent.url, headers: sent.headers, body: sent.body },
  });
}
