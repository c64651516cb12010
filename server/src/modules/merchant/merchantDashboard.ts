import {
  MERCHANT_DASHBOARD_PATH,
  MERCHANT_DASHBOARD_PERM,
  MERCHANT_STATUSES,
  MERCHANT_TOP,
  OPEN_APPLICATION_STATUSES,
  type MerchantDashboard,
} from '@kayuh/contract/api/merchants';
import { ALL_CITIES_CODE } from '@kayuh/contract/constants';
import { SwapStatus } from '@kayuh/contract/resources/swapOrders';
import { businessMonthStartOf } from '@kayuh/contract/rules/zone';
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { merchantApplications, merchants, stations, swapOrders } from '../../db/schema.ts';
import { authOf } from '../../platform/access.ts';
import { citiesInView, inCitiesOf } from '../../platform/cityDays.ts';
import { everyCode } from '../../platform/codeCounts.ts';
import { ok } from '../../platform/envelope.ts';
import { tenantCurrency } from '../../platform/ledger/accounts.ts';
import { allOf, scopeConditions } from '../../platform/resources/queries.ts';
import type { Services } from '../../platform/services.ts';
import { merchantApplicationBinding } from './applications.ts';
import { merchantBinding } from './merchants.ts';
import { stationBinding } from './stations.ts';

/**
 * The merchant centre Home (contract/api/merchants, DOMAIN §1.4): merchants by status, the applications waiting, the
 * sites merchants host and this month's swap revenue there, in the caller's scope (or the city asked for). Each city's
 * month starts on its own clock.
 */
export const merchantDashboardRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;

  app.get(
    MERCHANT_DASHBOARD_PATH,
    {
      config: { access: MERCHANT_DASHBOARD_PERM },
      schema: {
        querystring: z.object({ cityCode: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional() }),
        tags: ['merchant'],
        summary: "The merchant centre Home: merchants by status, applications waiting, sites hosted, this month's swap revenue",
      },
    },
    async (req) => {
      const auth = authOf(req);
      const asked = req.query.cityCode === ALL_CITIES_CODE ? undefined : req.query.cityCode;
      const scope = await citiesInView(db, auth, asked);
      const inView = inCitiesOf(scope);
      const seen = (binding: Parameters<typeof scopeConditions>[0]) => allOf(scopeConditions(binding, auth));
      const now = new Date();

      const byStatus = await db
        .select({ code: merchants.status, count: count() })
        .from(merchants)
        .where(and(seen(merchantBinding), inView(merchants.cityCode)))
        .groupBy(merchants.status);
      const waiting = await db
        .select({ code: merchantApplications.status, count: count() })
        .from(merchantApplications)
        .where(
          and(
            seen(merchantApplicationBinding),
            inView(merchantApplications.cityCode),
            inArray(merchantApplications.status, [...OPEN_APPLICATION_STATUSES]),
          ),
        )
        .groupBy(merchantApplications.status);
      const hostedRows = and(seen(stationBinding), inView(stations.cityCode), isNotNull(stations.merchantId));
      const [hosted] = await db.select({ n: count() }).from(stations).where(hostedRows);

      // Swaps completed this month at merchant sites, each city from the first of its own month.
      const thisMonth = scope.length
        ? or(...scope.map((c) => and(eq(swapOrders.cityCode, c.cityCode), gte(swapOrders.finishedAt, businessMonthStartOf(now, c.offset)))))!
        : sql`false`;
      const perMerchant = await db
        .select({
          merchantId: merchants.id,
          name: merchants.name,
          swaps: sql<number>`count(*)::int`.mapWith(Number),
          amount: sql<number>`coalesce(sum(${swapOrders.fee}), 0)`.mapWith(Number),
        })
        .from(swapOrders)
        .innerJoin(stations, eq(stations.id, swapOrders.stationId))
        .innerJoin(merchants, and(eq(merchants.id, stations.merchantId), isNull(merchants.deletedAt)))
        .where(and(hostedRows, eq(swapOrders.tenantId, stations.tenantId), eq(swapOrders.status, SwapStatus.completed), thisMonth))
        .groupBy(merchants.id, merchants.name)
        .orderBy(desc(sql`coalesce(sum(${swapOrders.fee}), 0)`), merchants.id);

      return ok<MerchantDashboard>({
        byStatus: everyCode(MERCHANT_STATUSES, byStatus),
        openApplications: everyCode(OPEN_APPLICATION_STATUSES, waiting),
        sitesHosted: hosted?.n ?? 0,
        currency: auth.scopeTenantId === null ? '' : await tenantCurrency(db, auth.scopeTenantId),
        monthSwaps: perMerchant.reduce((sum, m) => sum + m.swaps, 0),
        monthAmount: perMerchant.reduce((sum, m) => sum + m.amount, 0),
        top: perMerchant.slice(0, MERCHANT_TOP),
      });
    },
  );
};
