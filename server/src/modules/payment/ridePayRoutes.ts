import { payRideRequest } from '@kayuh/contract/api/rides';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { MEMBER_SECURITY } from '../../platform/openapi.ts';
import type { Services } from '../../platform/services.ts';
import { payEndedRideByQris, payEndedRideFromBalance } from '../operations/rides/payAfterRide.ts';
import { memberRide } from '../operations/rides/rideRows.ts';
import { viewsOf } from '../operations/rides/rideRoutes.ts';
import type { Gateways } from './gatewayLinks.ts';
import { idempotentAppHeaders } from './walletRoutes.ts';

/**
 * Paying a ride after it ended (docs/rides.md "Pay after the ride"): a ride ended with `payWith: qris` waits (3) for
 * this call — a QRIS code for its fare, paid through the gateway like a top-up, or the balances at once.
 */
export const ridePayRoutes: FastifyPluginAsyncZod<{ services: Services; gateways: Gateways }> = async (app, { services, gateways }) => {
  const { db } = services;
  app.post(
    '/app/rides/:orderNo/pay',
    {
      config: { access: 'member' },
      schema: {
        headers: idempotentAppHeaders,
        params: z.object({ orderNo: z.string().max(40) }),
        body: payRideRequest,
        tags: ['app'],
        summary: 'Pay a ride that ended waiting for its payment',
        description:
          'Answers {ride, payment}. qris: payment is the QRIS code to show ({payNo, amount, expiresAt, pay}); the ride is paid (4) once the gateway confirms it. balance: paid now from BONUS then WALLET (debt allowed); payment is null. 2004: the ride is not waiting for a payment.',
        security: MEMBER_SECURITY,
      },
    },
    async (req) => {
      const rider = memberOf(req);
      const { orderNo } = req.params;
      if (req.body.payWith === 'balance') {
        const [ride] = await viewsOf(db, [await payEndedRideFromBalance(db, rider, orderNo)]);
        return ok({ ride, payment: null });
      }
      const payment = await payEndedRideByQris(db, gateways, rider, orderNo, req.headers['idempotency-key'], req.ip);
      const ride = await memberRide(db, rider, orderNo);
      if (!ride) throw notFound();
      return ok({ ride: (await viewsOf(db, [ride]))[0], payment });
    },
  );
};
