import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../../platform/services.ts';
import { registerResources } from '../../platform/resources/register.ts';
import type { Gateways } from './gatewayLinks.ts';
import { notifyRoutes } from './notifyRoutes.ts';
import { paymentDashboardRoutes } from './paymentDashboard.ts';
import { invoiceRoutes } from './invoiceRoutes.ts';
import { prepaidRoutes } from './prepaidRoutes.ts';
import { reconciliationRoutes } from './reconciliationRoutes.ts';
import { passRoutes } from './passes/passRoutes.ts';
import { paymentResources } from './resources.ts';
import { refundRoutes } from './refundRoutes.ts';
import { ridePayRoutes } from './ridePayRoutes.ts';
import { sandboxRoutes } from './sandboxRoutes.ts';
import { walletRoutes } from './walletRoutes.ts';

/**
 * Payment centre (/payment_main) and the rider app's money: the wallet and top-ups (/api/app/wallet…), the gateways'
 * notifications (/api/pay/notify/{channel}), the demo's sandbox payer; the ledger itself is platform/ledger.
 */
export const paymentModule: FastifyPluginAsync<{ services: Services; gateways: Gateways }> = async (app, { services, gateways }) => {
  await registerResources(app, services, paymentResources);
  await app.register(walletRoutes, { services, gateways });
  await app.register(passRoutes, { services });
  await app.register(ridePayRoutes, { services, gateways });
  await app.register(prepaidRoutes, { services, gateways });
  await app.register(notifyRoutes, { services, gateways });
  await app.register(sandboxRoutes, { services, gateways });
  await app.register(reconciliationRoutes, { services, gateways });
  await app.register(invoiceRoutes, { services });
  await app.register(refundRoutes, { services });
  await app.register(paymentDashboardRoutes, { services });
};
