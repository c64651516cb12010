import { HOME_FIGURE_PERMS, HOME_TODAY_PATH, type HomeToday } from '@kayuh/contract/api/home';
import { AlarmStatus } from '@kayuh/contract/api/alarm';
import { ALL_CITIES_CODE } from '@kayuh/contract/constants';
import { OpState } from '@kayuh/contract/resources/fleet';
import { OPEN_TICKET_STATES } from '@kayuh/contract/resources/tickets';
import { hasPerm } from '@kayuh/contract/rules/permissions';
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { alarms, members, rideOrders, tickets, vehicles } from '../../db/schema.ts';
import { authOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { tenantCurrency } from '../../platform/ledger/accounts.ts';
import { citiesInView, todayIn } from '../../platform/cityDays.ts';
import { visibleRows } from '../../platform/scope.ts';
import type { Services } from '../../platform/services.ts';

/**
 * The home's figures for today (contract/api/home): each from the rows the caller's scope reads, in the selected
 * city (or every visible one), each city on its own business day; a figure whose page the caller may not open is null.
 */
export const homeTodayRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  app.get(
    HOME_TODAY_PATH,
    {
      config: { access: 'authenticated' },
      schema: {
        querystring: z.object({ cityCode: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional() }),
        tags: ['home'],
        summary: "Today's rides, ride revenue, vehicles available and in use, open and overdue work orders, open alarms and new members of a city",
      },
    },
    async (req) => {
      const auth = authOf(req);
      const may = (perm: string) => hasPerm(auth.perms, perm);
      const asked = req.query.cityCode === ALL_CITIES_CODE ? undefined : req.query.cityCode;
      const scope = await citiesInView(db, auth, asked);
      const now = new Date();
      const today = (city: PgColumn, at: PgColumn): SQL => todayIn(scope, now, city, at);
      const inCities = (city: PgColumn): SQL => (asked === undefined ? sql`true` : eq(city, asked));

      const figures: HomeToday = {
        rides: null,
        rideRevenue: null,
        currency: await tenantCurrency(db, auth.scopeTenantId ?? auth.tenantId),
        availableVehicles: null,
        inUseVehicles: null,
        openTickets: null,
        overdueTickets: null,
        openAlarms: null,
        newMembers: null,
      };
      if (may(HOME_FIGURE_PERMS.rides)) {
        const [rides] = await db
          .select({ n: count(), revenue: sql<number>`coalesce(sum(${rideOrders.paid} - ${rideOrders.refunded}), 0)`.mapWith(Number) })
          .from(rideOrders)
          .where(and(visibleRows(auth, rideOrders), today(rideOrders.cityCode, rideOrders.createdAt)));
        figures.rides = rides?.n ?? 0;
        figures.rideRevenue = rides?.revenue ?? 0;
      }
      if (may(HOME_FIGURE_PERMS.vehicles)) {
        const [fleet] = await db
          .select({
            available: sql<number>`count(*) FILTER (WHERE ${vehicles.opState} = ${OpState.available})`.mapWith(Number),
            inUse: sql<number>`count(*) FILTER (WHERE ${vehicles.opState} = ${OpState.inUse})`.mapWith(Number),
          })
          .from(vehicles)
          .where(and(visibleRows(auth, vehicles), inCities(vehicles.cityCode)));
        figures.availableVehicles = fleet?.available ?? 0;
        figures.inUseVehicles = fleet?.inUse ?? 0;
      }
      if (may(HOME_FIGURE_PERMS.tickets)) {
        const [open] = await db
          .select({
            n: count(),
            overdue: sql<number>`count(*) FILTER (WHERE ${tickets.dueAt} < ${now})`.mapWith(Number),
          })
          .from(tickets)
          .where(and(visibleRows(auth, tickets), inArray(tickets.status, [...OPEN_TICKET_STATES]), inCities(tickets.cityCode)));
        figures.openTickets = open?.n ?? 0;
        figures.overdueTickets = open?.overdue ?? 0;
      }
      if (may(HOME_FIGURE_PERMS.alarms)) {
        const [open] = await db
          .select({ n: count() })
          .from(alarms)
          .where(and(visibleRows(auth, alarms), eq(alarms.status, AlarmStatus.open), inCities(alarms.cityCode)));
        figures.openAlarms = open?.n ?? 0;
      }
      if (may(HOME_FIGURE_PERMS.members)) {
        const [joined] = await db
          .select({ n: count() })
          .from(members)
          .where(and(visibleRows(auth, members), today(members.registerCityCode, members.createdAt)));
        figures.newMembers = joined?.n ?? 0;
      }
      return ok(figures);
    },
  );
};
