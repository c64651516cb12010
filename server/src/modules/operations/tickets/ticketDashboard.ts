import { OPERATIONS_DASHBOARD_PATH, OPERATIONS_DASHBOARD_PERM, type OperationsDashboard } from '@kayuh/contract/api/operationsDashboard';
import { IN_SERVICE_STATES } from '@kayuh/contract/api/vehicleDashboard';
import { ALL_CITIES_CODE } from '@kayuh/contract/constants';
import { OpState } from '@kayuh/contract/resources/fleet';
import { SwapStatus } from '@kayuh/contract/resources/swapOrders';
import { OPEN_TICKET_STATES, TicketType } from '@kayuh/contract/resources/tickets';
import { and, count, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { swapOrders, tickets, vehicleLiveStatus, vehicles } from '../../../db/schema.ts';
import { authOf } from '../../../platform/access.ts';
import { citiesInView, inCitiesOf, todayIn } from '../../../platform/cityDays.ts';
import { ok } from '../../../platform/envelope.ts';
import type { Services } from '../../../platform/services.ts';
import { tenantFilter } from '../../../platform/scope.ts';

/**
 * The operations centre Home (contract/api/operationsDashboard, DOMAIN §1.2): open tickets by type and status, those
 * past due, today's submits and how many met their SLA, low-battery and offline vehicles, and today's swaps — in the
 * caller's cities, or the one asked for; "today" is each city's own business day.
 */
export const ticketDashboardRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  app.get(
    OPERATIONS_DASHBOARD_PATH,
    {
      config: { access: OPERATIONS_DASHBOARD_PERM },
      schema: {
        querystring: z.object({ cityCode: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional() }),
        tags: ['operations'],
        summary: "The operations centre Home: open tickets by type and status, SLA breaches, vehicles needing work, today's swaps",
      },
    },
    async (req) => {
      const auth = authOf(req);
      const asked = req.query.cityCode === ALL_CITIES_CODE ? undefined : req.query.cityCode;
      const scope = await citiesInView(db, auth, asked);
      const inView = inCitiesOf(scope);
      const now = new Date();
      const openTickets = and(
        tenantFilter(auth, tickets.tenantId),
        isNull(tickets.deletedAt),
        inView(tickets.cityCode),
        inArray(tickets.status, [...OPEN_TICKET_STATES]),
      );

      const [openByTypeStatus, [late], [today], [swapsByTicket], [fleet], [swapsAtCabinets]] = await Promise.all([
        db
          .select({ type: tickets.type, status: tickets.status, count: count() })
          .from(tickets)
          .where(openTickets)
          .groupBy(tickets.type, tickets.status),
        db
          .select({ n: count() })
          .from(tickets)
          .where(and(openTickets, lt(tickets.dueAt, now))),
        db
          .select({ n: count(), met: sql<number>`count(*) FILTER (WHERE ${tickets.slaMet})`.mapWith(Number) })
          .from(tickets)
          .where(and(tenantFilter(auth, tickets.tenantId), isNull(tickets.deletedAt), todayIn(scope, now, tickets.cityCode, tickets.submittedAt))),
        db
          .select({ n: count() })
          .from(tickets)
          .where(
            and(
              tenantFilter(auth, tickets.tenantId),
              isNull(tickets.deletedAt),
              eq(tickets.type, TicketType.batterySwap),
              todayIn(scope, now, tickets.cityCode, tickets.submittedAt),
            ),
          ),
        db
          .select({
            low: sql<number>`count(*) FILTER (WHERE ${vehicles.opState} = ${OpState.lowBattery})`.mapWith(Number),
            offline:
              sql<number>`count(*) FILTER (WHERE ${inArray(vehicles.opState, [...IN_SERVICE_STATES])} AND NOT coalesce(${vehicleLiveStatus.isOnline}, false))`.mapWith(
                Number,
              ),
          })
          .from(vehicles)
          .leftJoin(vehicleLiveStatus, eq(vehicleLiveStatus.vehicleId, vehicles.id))
          .where(and(tenantFilter(auth, vehicles.tenantId), isNull(vehicles.deletedAt), inView(vehicles.cityCode))),
        db
          .select({ n: count() })
          .from(swapOrders)
          .where(
            and(
              tenantFilter(auth, swapOrders.tenantId),
              eq(swapOrders.status, SwapStatus.completed),
              todayIn(scope, now, swapOrders.cityCode, swapOrders.finishedAt),
            ),
          ),
      ]);
      const answer: OperationsDashboard = {
        openByTypeStatus,
        overdue: late?.n ?? 0,
        submittedToday: today?.n ?? 0,
        withinSlaToday: today?.met ?? 0,
        lowBattery: fleet?.low ?? 0,
        offline: fleet?.offline ?? 0,
        ticketSwapsToday: swapsByTicket?.n ?? 0,
        cabinetSwapsToday: swapsAtCabinets?.n ?? 0,
      };
      return ok(answer);
    },
  );
};
