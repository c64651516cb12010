import { AlarmStatus } from '@kayuh/contract/api/alarm';
import { ALARM_DASHBOARD_PATH, ALARM_DASHBOARD_PERM, ALARM_LEVELS, type AlarmDashboard } from '@kayuh/contract/api/alarmDashboard';
import { ALL_CITIES_CODE } from '@kayuh/contract/constants';
import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { alarms, cities } from '../../db/schema.ts';
import { authOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { visibleRows } from '../../platform/scope.ts';
import type { Services } from '../../platform/services.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const OPEN = [AlarmStatus.open, AlarmStatus.acknowledged];

/** Midnight of today on a clock `offsetHours` ahead of UTC, as an instant. */
const midnight = (now: number, offsetHours: number) => Math.floor((now + offsetHours * HOUR_MS) / DAY_MS) * DAY_MS - offsetHours * HOUR_MS;

/**
 * The alarm centre Home (contract/api/alarmDashboard): what is open by level and code, and today's raises hour by hour.
 * Every read goes through visibleRows, so the caller sees their tenant and their cities, narrowed to the city asked for.
 */
export const alarmDashboardRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  app.get(
    ALARM_DASHBOARD_PATH,
    {
      config: { access: ALARM_DASHBOARD_PERM },
      schema: {
        querystring: z.object({ cityCode: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional() }),
        tags: ['alarm'],
        summary: 'The alarm centre Home: open alarms by level and code, alarms raised today by hour',
      },
    },
    async (req) => {
      const auth = authOf(req);
      const city = req.query.cityCode === ALL_CITIES_CODE ? undefined : req.query.cityCode;
      const scope = and(visibleRows(auth, alarms), city === undefined ? undefined : eq(alarms.cityCode, city));
      const open = and(scope, inArray(alarms.status, OPEN));

      const [zone] = await db
        .select({ offset: cities.timeZone })
        .from(cities)
        .where(and(visibleRows(auth, cities), city === undefined ? undefined : eq(cities.cityCode, city)))
        .orderBy(asc(cities.cityCode))
        .limit(1);
      const offset = zone ? Number(zone.offset) : 7;
      const now = Date.now();
      const since = new Date(midnight(now, offset));

      const [byStatusAndLevel, byCode, raised] = await Promise.all([
        db.select({ status: alarms.status, level: alarms.level, count: count() }).from(alarms).where(open).groupBy(alarms.status, alarms.level),
        db
          .select({ code: alarms.alarmCode, count: count() })
          .from(alarms)
          .where(open)
          .groupBy(alarms.alarmCode)
          .orderBy(desc(count()), asc(alarms.alarmCode)),
        db
          .select({
            hour: sql<number>`floor(extract(epoch from ${alarms.firstAt} - ${since.toISOString()}::timestamptz) / 3600)`.mapWith(Number),
            count: count(),
          })
          .from(alarms)
          // last_at ≥ first_at: the index on last_at finds today's raises without reading the year.
          .where(and(scope, gte(alarms.lastAt, since), gte(alarms.firstAt, since)))
          .groupBy(sql`1`),
      ]);
      const sum = (rows: typeof byStatusAndLevel, keep: (r: (typeof byStatusAndLevel)[number]) => boolean) =>
        rows.filter(keep).reduce((total, r) => total + r.count, 0);
      const perHour = new Map(raised.map((r) => [r.hour, r.count]));
      const hours = Math.floor((now - since.getTime()) / HOUR_MS) + 1;
      return ok<AlarmDashboard>({
        open: sum(byStatusAndLevel, (r) => r.status === AlarmStatus.open),
        acknowledged: sum(byStatusAndLevel, (r) => r.status === AlarmStatus.acknowledged),
        critical: sum(byStatusAndLevel, (r) => r.level === 1),
        raisedToday: raised.reduce((total, r) => total + r.count, 0),
        byLevel: ALARM_LEVELS.map((level) => ({ level, count: sum(byStatusAndLevel, (r) => r.level === level) })),
        byCode,
        today: Array.from({ length: hours }, (_, hour) => ({ hour, raised: perHour.get(hour) ?? 0 })),
        utcOffsetHours: offset,
      });
    },
  );
};
