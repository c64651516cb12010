import { appHeaders } from '@kayuh/contract/api/appAuth';
import { prepaidProductsQuery, prepaidPurchaseRequest, type PrepaidProductView } from '@kayuh/contract/api/prepaid';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { prepaidOrders } from '../../db/schema.ts';
import { memberOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { MEMBER_SECURITY } from '../../platform/openapi.ts';
import type { Services } from '../../platform/services.ts';
import type { Gateways } from './gatewayLinks.ts';
import { IAK_CURRENCY, placePrepaidOrder, prepaidLinkOf, prepaidViewOf, productsOnSale } from './prepaid.ts';
import { idempotentAppHeaders } from './walletRoutes.ts';

/** The rider app's PLN tokens, pulsa and data (docs/app-api.md): what is on sale, buying it, and following the order. */
export const prepaidRoutes: FastifyPluginAsyncZod<{ services: Services; gateways: Gateways }> = async (app, { services, gateways }) => {
  const { db } = services;
  const links = gateways.prepaid;
  const memberRoute = (summary: string, description?: string) => ({ tags: ['app'], summary, description, security: MEMBER_SECURITY });

  app.get(
    '/app/prepaid/products',
    {
      config: { access: 'member' },
      schema: {
        headers: appHeaders,
        querystring: prepaidProductsQuery,
        ...memberRoute(
          'PLN tokens, pulsa or data on sale',
          'Each {productCode, kind, description, nominal, sellPrice, currency}; sellPrice is what the wallet pays.',
        ),
      },
    },
    async (req) => {
      const member = memberOf(req);
      const link = await prepaidLinkOf(db, links, member.tenantId);
      const products: PrepaidProductView[] = (await productsOnSale(links, link))
        .filter((p) => p.kind === req.query.kind)
        .sort((a, b) => a.sellPrice - b.sellPrice)
        .map((p) => ({
          productCode: p.productCode,
          kind: p.kind,
          description: p.description,
          nominal: p.nominal,
          sellPrice: p.sellPrice,
          currency: IAK_CURRENCY,
        }));
      return ok(products);
    },
  );

  app.post(
    '/app/prepaid/orders',
    {
      config: { access: 'member' },
      schema: {
        headers: idempotentAppHeaders,
        body: prepaidPurchaseRequest,
        ...memberRoute(
          'Buy a PLN token, pulsa or data from the wallet',
          'Answers the order: status 0 while IAK processes it (follow it with GET /app/prepaid/orders/{orderNo}), 1 with the token, 2 failed and refunded to the wallet. 2008 when the wallet does not hold sellPrice (the bonus balance does not buy prepaid products). The same Idempotency-Key again answers the same order.',
        ),
      },
    },
    async (req) => ok(await placePrepaidOrder(db, links, memberOf(req), req.body, req.headers['idempotency-key'], req.log)),
  );

  app.get(
    '/app/prepaid/orders/:orderNo',
    {
      config: { access: 'member' },
      schema: {
        headers: appHeaders,
        params: z.object({ orderNo: z.string().max(40) }),
        ...memberRoute('One of my prepaid orders, with its token once delivered'),
      },
    },
    async (req) => {
      const member = memberOf(req);
      const [order] = await db
        .select()
        .from(prepaidOrders)
        .where(
          and(
            eq(prepaidOrders.tenantId, member.tenantId),
            eq(prepaidOrders.memberId, member.memberId),
            eq(prepaidOrders.orderNo, req.params.orderNo),
          ),
        );
      if (!order) throw notFound();
      return ok(prepaidViewOf(order));
    },
  );
};
