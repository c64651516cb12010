import {
  FAILED_CALLBACK_OUTCOMES,
  INBOUND_CALL,
  PAID_STATUSES,
  PAYMENT_ALARM_CODES,
  PAYMENT_DASHBOARD_DAYS,
  PAYMENT_DASHBOARD_PATH,
  PAYMENT_DASHBOARD_PERM,
  REFUND_UNDER_WAY_STATUSES,
  type CountAndAmount,
  type PaymentDashboard,
} from '@kayuh/contract/api/paymentDashboard';
import { AlarmStatus } from '@kayuh/contract/api/alarm';
import { RefundStatus } from '@kayuh/contract/api/wallet';
import { ALL_CITIES_CODE, PLATFORM_TENANT_ID } from '@kayuh/contract/constants';
import { displayZone, wallClock, type DisplayZone } from '@kayuh/contract/rules/zone';
import { and, asc, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { alarms, apiLogs, cities, ledgerAudits, paymentChannels, paymentOrders, refunds } from '../../db/schema.ts';
import type { AuthContext } from '../../platform/auth/context.ts';
import { authOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { tenantCurrency } from '../../platform/ledger/accounts.ts';
import { visibleRows } from '../../platform/scope.ts';
import type { Services } from '../../platform/services.ts';
import { AuditStatus } from './ledgerAudit.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const TOPUP = 'TOPUP';
const OPEN_ALARMS = [AlarmStatus.open, AlarmStatus.acknowledged];
const REFUND_STATUSES = [RefundStatus.requested, ...REFUND_UNDER_WAY_STATUSES, RefundStatus.failed];

/** A city in scope and its clock. */
interface ScopeCity {
  cityCode: number;
  tenantId: number;
  zone: DisplayZone;
}

/** Midnight of the business day `daysBack` days before today's, on a zone's clock, as an instant. */
const midnight = (now: number, zone: DisplayZone, daysBack = 0) =>
  Math.floor(wallClock(now, zone).getTime() / DAY_MS) * DAY_MS - daysBack * DAY_MS - zone.offsetHours * HOUR_MS;

/**
 * An order's paid_at and now as wall-clock times of the order's city (DOMAIN §0.4: each city its own business day).
 * The cities' offsets are written in as whole minutes (finite numbers from the cities table); an order of a city no
 * longer listed goes by `fallback`, the dashboard's clock.
 */
function localClock(scope: ScopeCity[], fallback: DisplayZone, now: Date) {
  const minutes = (zone: DisplayZone) => Math.round(zone.offsetHours * 60);
  const whens = scope.map((c) => sql`WHEN ${c.cityCode}::bigint THEN ${minutes(c.zone)}::int`);
  const offset = whens.length
    ? sql`(CASE ${paymentOrders.cityCode} ${sql.join(whens, sql` `)} ELSE ${minutes(fallback)}::int END)`
    : sql`${minutes(fallback)}::int`;
  const paidAt = sql`((${paymentOrders.paidAt} AT TIME ZONE 'UTC') + ${offset} * interval '1 minute')`;
  const nowAt = sql`((${now.toISOString()}::timestamptz AT TIME ZONE 'UTC') + ${offset} * interval '1 minute')`;
  return {
    /** Business days between the payment's and today (0 = today), each on its city's calendar. */
    daysAgo: sql<number>`(${nowAt}::date - ${paidAt}::date)`.mapWith(Number),
    hour: sql<number>`extract(hour from ${paidAt})::int`.mapWith(Number),
    isToday: sql`${nowAt}::date = ${paidAt}::date`,
  };
}

const amountSum = (column: PgColumn, filter?: SQL) =>
  filter
    ? sql<number>`coalesce(sum(${column}) FILTER (WHERE ${filter}), 0)`.mapWith(Number)
    : sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
const countWhere = (filter: SQL) => sql<number>`count(*) FILTER (WHERE ${filter})`.mapWith(Number);

/** The caller's cities (narrowed to the one asked for), first by city code: the clock is the first one's. */
async function citiesInScope(db: Db, auth: AuthContext, city: number | undefined): Promise<ScopeCity[]> {
  const rows = await db
    .select({ cityCode: cities.cityCode, tenantId: cities.tenantId, offset: cities.timeZone })
    .from(cities)
    .where(and(visibleRows(auth, cities), city === undefined ? undefined : eq(cities.cityCode, city)))
    .orderBy(asc(cities.cityCode));
  return rows.map((r) => ({ cityCode: Number(r.cityCode), tenantId: Number(r.tenantId), zone: displayZone(Number(r.offset)) }));
}

/** The newest audit run of each tenant in scope: how many books it checked and how many drifted. */
async function latestAudit(db: Db, auth: AuthContext): Promise<PaymentDashboard['ledgerAudit']> {
  const [row] = await db
    .select({
      books: count(),
      drift: countWhere(sql`${ledgerAudits.status} = ${AuditStatus.drift}`),
      statDate: sql<string | null>`max(${ledgerAudits.statDate})::text`,
      auditedAt: sql<Date | null>`max(${ledgerAudits.createdAt})`.mapWith(ledgerAudits.createdAt),
    })
    .from(ledgerAudits)
    .where(
      and(
        visibleRows(auth, ledgerAudits),
        // One run writes its books in one statement: they share its created_at.
        sql`${ledgerAudits.createdAt} = (SELECT max(x.created_at) FROM ledger_audits x WHERE x.tenant_id = ${ledgerAudits.tenantId})`,
      ),
    );
  if (!row || !row.books || !row.statDate || !row.auditedAt) return null;
  return {
    result: row.drift ? 'drift' : 'ok',
    statDate: row.statDate,
    auditedAt: new Date(row.auditedAt).toISOString(),
    books: row.books,
    driftBooks: row.drift,
  };
}

/**
 * The payment centre Home (contract/api/paymentDashboard, DOMAIN §1.8): today's paid volume (all, top-ups, by channel,
 * by hour), the last days' volume, refunds waiting or under way or failed, refused gateway notifications, finance's
 * open alarms and the newest ledger audit. Every read goes through visibleRows, so the caller sees their tenant and
 * their cities, narrowed to the city asked for (one the caller cannot see answers nothing, as a list would). The call
 * journal and the ledger audit have no city: theirs are the tenant's figures, as their own pages show them.
 */
export const paymentDashboardRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  app.get(
    PAYMENT_DASHBOARD_PATH,
    {
      config: { access: PAYMENT_DASHBOARD_PERM },
      schema: {
        querystring: z.object({ cityCode: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional() }),
        tags: ['payment'],
        summary: 'The payment centre Home: paid volume today by channel and hour, the last days, refunds, refused callbacks, audit',
      },
    },
    async (req) => {
      const auth = authOf(req);
      const city = req.query.cityCode === ALL_CITIES_CODE ? undefined : req.query.cityCode;
      const scope = await citiesInScope(db, auth, city);
      const clock = scope[0]?.zone ?? displayZone(undefined);
      // The super-admin's view of every tenant reads in the first city's tenant's currency.
      const currency = await tenantCurrency(db, auth.scopeTenantId ?? scope[0]?.tenantId ?? PLATFORM_TENANT_ID);
      // A city asked for that the caller cannot see shows nothing, the tenant's figures included.
      const blind = city !== undefined && scope.length === 0;
      const now = Date.now();
      const zones = scope.length ? scope.map((c) => c.zone) : [clock];
      const since = new Date(Math.min(...zones.map((zone) => midnight(now, zone, PAYMENT_DASHBOARD_DAYS - 1))));
      const local = localClock(scope, clock, new Date(now));

      const inCity = (column: PgColumn) => (city === undefined ? undefined : eq(column, city));
      const paid = and(
        visibleRows(auth, paymentOrders),
        inCity(paymentOrders.cityCode),
        eq(paymentOrders.currency, currency),
        inArray(paymentOrders.status, [...PAID_STATUSES]),
        gte(paymentOrders.paidAt, since),
      );
      const isTopup = sql`${paymentOrders.purpose} = ${TOPUP}`;

      const [byDayAndHour, byChannel, refundRows, callbacks, alarmRows, audit] = await Promise.all([
        db
          .select({
            daysAgo: local.daysAgo,
            hour: local.hour,
            count: count(),
            amount: amountSum(paymentOrders.amount),
            topups: countWhere(isTopup),
            topupAmount: amountSum(paymentOrders.amount, isTopup),
          })
          .from(paymentOrders)
          .where(paid)
          .groupBy(sql`1, 2`),
        db
          .select({ channelCode: paymentChannels.channelCode, count: count(), amount: amountSum(paymentOrders.amount) })
          .from(paymentOrders)
          .leftJoin(paymentChannels, eq(paymentChannels.id, paymentOrders.channelId))
          .where(and(paid, local.isToday))
          .groupBy(paymentChannels.channelCode)
          .orderBy(desc(sql`3`), asc(paymentChannels.channelCode)),
        db
          .select({ status: refunds.status, count: count(), amount: amountSum(refunds.amount) })
          .from(refunds)
          .where(and(visibleRows(auth, refunds), inCity(refunds.cityCode), eq(refunds.currency, currency), inArray(refunds.status, REFUND_STATUSES)))
          .groupBy(refunds.status),
        blind
          ? []
          : db
              .select({ outcome: apiLogs.outcome, count: count() })
              .from(apiLogs)
              .where(
                and(
                  visibleRows(auth, apiLogs),
                  eq(apiLogs.direction, INBOUND_CALL),
                  inArray(apiLogs.outcome, [...FAILED_CALLBACK_OUTCOMES]),
                  gte(apiLogs.createdAt, new Date(midnight(now, clock))),
                ),
              )
              .groupBy(apiLogs.outcome)
              .orderBy(desc(count()), asc(apiLogs.outcome)),
        db
          .select({ code: alarms.alarmCode, count: count() })
          .from(alarms)
          .where(
            and(
              visibleRows(auth, alarms),
              inCity(alarms.cityCode),
              inArray(alarms.status, OPEN_ALARMS),
              inArray(alarms.alarmCode, [...PAYMENT_ALARM_CODES]),
            ),
          )
          .groupBy(alarms.alarmCode),
        blind ? null : latestAudit(db, auth),
      ]);

      const inDays = byDayAndHour.filter((r) => r.daysAgo >= 0 && r.daysAgo < PAYMENT_DASHBOARD_DAYS);
      const total = (rows: typeof inDays, pick: (r: (typeof inDays)[number]) => CountAndAmount): CountAndAmount =>
        rows.reduce((sum, r) => ({ count: sum.count + pick(r).count, amount: sum.amount + pick(r).amount }), { count: 0, amount: 0 });
      const todays = inDays.filter((r) => r.daysAgo === 0);
      const same = (r: CountAndAmount) => r;
      const refundsOf = (statuses: readonly number[]): CountAndAmount =>
        refundRows
          .filter((r) => statuses.includes(r.status))
          .reduce((sum, r) => ({ count: sum.count + r.count, amount: sum.amount + r.amount }), { count: 0, amount: 0 });
      // Hours so far: up to the latest current hour among the cities (each city's today has begun at its midnight).
      const hours = Math.max(...zones.map((zone) => Math.floor((now - midnight(now, zone)) / HOUR_MS))) + 1;
      // Today's date on the clock, as a UTC midnight: the day names of the series.
      const today = midnight(now, clock) + clock.offsetHours * HOUR_MS;

      return ok<PaymentDashboard>({
        currency,
        paidToday: total(todays, same),
        topupsToday: total(todays, (r) => ({ count: r.topups, amount: r.topupAmount })),
        refundsPending: refundsOf([RefundStatus.requested]),
        refundsUnderWay: refundsOf(REFUND_UNDER_WAY_STATUSES),
        refundsFailed: refundsOf([RefundStatus.failed]),
        failedCallbacks: callbacks,
        openAlarms: PAYMENT_ALARM_CODES.map((code) => ({ code, count: alarmRows.find((r) => r.code === code)?.count ?? 0 })),
        ledgerAudit: audit,
        byChannel,
        today: Array.from({ length: hours }, (_, hour) => ({
          hour,
          ...total(
            todays.filter((r) => r.hour === hour),
            same,
          ),
        })),
        days: Array.from({ length: PAYMENT_DASHBOARD_DAYS }, (_, i) => {
          const back = PAYMENT_DASHBOARD_DAYS - 1 - i;
          return {
            day: new Date(today - back * DAY_MS).toISOString().slice(0, 10),
            ...total(
              inDays.filter((r) => r.daysAgo === back),
              same,
            ),
          };
        }),
        utcOffsetHours: clock.offsetHours,
      });
    },
  );
};
