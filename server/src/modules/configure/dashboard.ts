import {
  DASHBOARD_DAYS,
  DASHBOARD_PATH,
  DASHBOARD_PERM,
  DASHBOARD_TOP_PAGES,
  type DashboardDay,
  type DashboardOverview,
} from '@kayuh/contract/api/dashboard';
import { wallClock, type DisplayZone } from '@kayuh/contract/rules/zone';
import { and, asc, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cities, depts, loginLogs, operationLogs, users } from '../../db/schema.ts';
import { authOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { exportZone } from '../../platform/exports/exportZone.ts';
import { visibleRows } from '../../platform/scope.ts';
import type { Services } from '../../platform/services.ts';

const DAY_MS = 86_400_000;

/**
 * The business day (YYYY-MM-DD) an instant column falls on, on the zone's clock (DOMAIN §0.4). The offset is written
 * into the SQL (a finite number of hours, from the cities table), so GROUP BY sees the same expression as the select.
 */
function businessDay(column: PgColumn, zone: DisplayZone): SQL<string> {
  const hours = Number(zone.offsetHours);
  if (!Number.isFinite(hours)) throw new Error(`not a zone offset: ${zone.offsetHours}`);
  return sql<string>`to_char((${column} AT TIME ZONE 'UTC') + interval '${sql.raw(String(hours))} hours', 'YYYY-MM-DD')`;
}

/** The last `DASHBOARD_DAYS` business days, oldest first, and the instant the first of them began. */
function businessDays(now: number, zone: DisplayZone): { days: string[]; since: Date } {
  const local = wallClock(now, zone);
  const today = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) => new Date(today - (DASHBOARD_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10));
  return { days, since: new Date(today - (DASHBOARD_DAYS - 1) * DAY_MS - zone.offsetHours * 3_600_000) };
}

/**
 * The System management Home as a dashboard (contract/api/dashboard): sign-ins and journalled changes per business
 * day, the most-worked pages, and the tenant's cities with their staff. Every read goes through visibleRows, so the
 * caller sees their tenant and, where a table has a city, their cities. The journals have no city: their figures are
 * the tenant's, which city-bound staff who may open this Home may see, as they may open the journals themselves.
 */
export const dashboardRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;

  app.get(
    DASHBOARD_PATH,
    {
      config: { access: DASHBOARD_PERM },
      schema: {
        querystring: z.object({ cityCode: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional() }),
        tags: ['system'],
        summary: 'The System management Home: activity per business day, the most-worked pages, the cities',
      },
    },
    async (req) => {
      const auth = authOf(req);
      const zone = await exportZone(db, auth.scopeTenantId, req.query.cityCode);
      const { days, since } = businessDays(Date.now(), zone);

      const signInDay = businessDay(loginLogs.loginAt, zone);
      const signIns = await db
        .select({
          day: signInDay,
          ok: sql<number>`count(*) FILTER (WHERE ${loginLogs.status} = '0')`.mapWith(Number),
          failed: sql<number>`count(*) FILTER (WHERE ${loginLogs.status} <> '0')`.mapWith(Number),
        })
        .from(loginLogs)
        .where(and(visibleRows(auth, loginLogs), gte(loginLogs.loginAt, since)))
        .groupBy(signInDay);

      const operationDay = businessDay(operationLogs.operAt, zone);
      const recentOperations = and(visibleRows(auth, operationLogs), gte(operationLogs.operAt, since));
      const operations = await db.select({ day: operationDay, n: count() }).from(operationLogs).where(recentOperations).groupBy(operationDay);
      const topPages = await db
        .select({ title: operationLogs.title, count: count() })
        .from(operationLogs)
        .where(recentOperations)
        .groupBy(operationLogs.title)
        .orderBy(desc(count()), asc(operationLogs.title))
        .limit(DASHBOARD_TOP_PAGES);

      const staff = db
        .select({ cityCode: depts.cityCode, n: count().as('n') })
        .from(users)
        .innerJoin(depts, eq(depts.id, users.deptId))
        .where(and(visibleRows(auth, users), visibleRows(auth, depts, { cities: false })))
        .groupBy(depts.cityCode)
        .as('staff');
      const cityRows = await db
        .select({
          cityCode: cities.cityCode,
          cityInName: cities.cityInName,
          cityName: cities.cityName,
          lat: cities.centerLat,
          lng: cities.centerLng,
          zoom: cities.defaultZoom,
          status: cities.status,
          staff: sql<number>`coalesce(${staff.n}, 0)`.mapWith(Number),
        })
        .from(cities)
        .leftJoin(staff, eq(staff.cityCode, cities.cityCode))
        .where(visibleRows(auth, cities))
        .orderBy(asc(cities.cityCode));

      const signInsOn = new Map(signIns.map((d) => [d.day, d]));
      const operationsOn = new Map(operations.map((d) => [d.day, d.n]));
      return ok<DashboardOverview>({
        days: days.map((day): DashboardDay => ({
          day,
          signIns: signInsOn.get(day)?.ok ?? 0,
          failedSignIns: signInsOn.get(day)?.failed ?? 0,
          operations: operationsOn.get(day) ?? 0,
        })),
        topPages,
        cities: cityRows.map((c) => ({ ...c, cityCode: Number(c.cityCode), lat: Number(c.lat), lng: Number(c.lng), status: String(c.status) })),
      });
    },
  );
};
