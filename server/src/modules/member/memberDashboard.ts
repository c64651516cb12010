import {
  FEEDBACK_TYPES,
  MEMBER_DASHBOARD_PATH,
  MEMBER_DASHBOARD_PERM,
  MEMBER_KYC_STATUSES,
  MEMBER_STATUSES,
  MEMBER_TREND_DAYS,
  OPEN_FEEDBACK_STATUSES,
  type MemberDashboard,
} from '@kayuh/contract/api/memberDashboard';
import { ALL_CITIES_CODE } from '@kayuh/contract/constants';
import { FeedbackStatus } from '@kayuh/contract/resources/feedbacks';
import { KycReviewStatus } from '@kayuh/contract/resources/kycReviews';
import { MemberStatus } from '@kayuh/contract/resources/members';
import { businessDateOf, businessDayOf, DEFAULT_ZONE } from '@kayuh/contract/rules/zone';
import { and, count, eq, gte, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { feedbacks, kycReviews, members } from '../../db/schema.ts';
import { authOf } from '../../platform/access.ts';
import { everyCode } from '../../platform/codeCounts.ts';
import { ok } from '../../platform/envelope.ts';
import { allOf, scopeConditions } from '../../platform/resources/queries.ts';
import { citiesInView, todayIn } from '../../platform/cityDays.ts';
import type { Services } from '../../platform/services.ts';
import { feedbackBinding } from './feedback/feedbackBinding.ts';
import { kycReviewBinding } from './kyc/kycReviewBinding.ts';
import { memberBinding } from './memberBinding.ts';

const DAY_MS = 86_400_000;

/**
 * The customer centre Home as a dashboard (contract/api/memberDashboard, DOMAIN §1.3): members, today's sign-ups and
 * active riders, the identity queue and open feedback, in the caller's scope. Rows count where their lists show them:
 * in the city of registration (or the ride's), and in every city when they name none. "Today" is each city's business
 * day; a member who named no city has the day of the city asked for, else of the caller's first city.
 */
export const memberDashboardRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;

  app.get(
    MEMBER_DASHBOARD_PATH,
    {
      config: { access: MEMBER_DASHBOARD_PERM },
      schema: {
        querystring: z.object({ cityCode: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional() }),
        tags: ['user'],
        summary: "The customer centre Home: members, today's sign-ups and active riders, the identity queue, open feedback",
      },
    },
    async (req) => {
      const auth = authOf(req);
      const asked = req.query.cityCode === ALL_CITIES_CODE ? undefined : req.query.cityCode;
      const scope = await citiesInView(db, auth, asked);
      const now = new Date();
      // A member without a city lives on the day of the first city in view (the one asked for, when one is).
      const homeOffset = scope[0]?.offset ?? DEFAULT_ZONE.offsetHours;
      /** Rows of the cities in view, and those naming no city. */
      const inView = (city: PgColumn): SQL =>
        scope.length
          ? or(
              inArray(
                city,
                scope.map((c) => c.cityCode),
              ),
              isNull(city),
            )!
          : sql`false`;
      const today = (city: PgColumn, at: PgColumn): SQL => todayIn(scope, now, city, at, { offset: homeOffset });
      // Each table read as its list reads it (tenant, the caller's cities, the city-less rows, nothing removed).
      const seen = (binding: Parameters<typeof scopeConditions>[0]) => allOf(scopeConditions(binding, auth));
      const memberRows = and(seen(memberBinding), inView(members.registerCityCode));

      const byStatus = await db.select({ code: members.status, count: count() }).from(members).where(memberRows).groupBy(members.status);
      const byKyc = await db
        .select({ code: members.kycStatus, count: count() })
        .from(members)
        .where(and(memberRows, ne(members.status, MemberStatus.closed)))
        .groupBy(members.kycStatus);
      const [newToday] = await db
        .select({ n: count() })
        .from(members)
        .where(and(seen(memberBinding), today(members.registerCityCode, members.createdAt)));
      const [activeToday] = await db
        .select({ n: count() })
        .from(members)
        .where(and(seen(memberBinding), today(members.registerCityCode, members.lastActiveAt)));

      const [queue] = await db
        .select({ n: count(), oldest: sql<Date | null>`min(${kycReviews.createdAt})` })
        .from(kycReviews)
        .where(and(seen(kycReviewBinding), inView(kycReviews.cityCode), eq(kycReviews.status, KycReviewStatus.pending)));

      const open = await db
        .select({ type: feedbacks.type, status: feedbacks.status, count: count() })
        .from(feedbacks)
        .where(and(seen(feedbackBinding), inView(feedbacks.cityCode), inArray(feedbacks.status, [...OPEN_FEEDBACK_STATUSES])))
        .groupBy(feedbacks.type, feedbacks.status);
      const perType = new Map<number, number>();
      for (const row of open) perType.set(row.type, (perType.get(row.type) ?? 0) + row.count);

      // Sign-ups per business day on the home clock, the last MEMBER_TREND_DAYS days. The offset is written into the
      // SQL (a number from the cities table), so the grouped expression is the selected one, not a second parameter.
      const since = new Date(businessDayOf(now, homeOffset).from.getTime() - (MEMBER_TREND_DAYS - 1) * DAY_MS);
      const localDay = sql<string>`to_char(${members.createdAt} AT TIME ZONE 'UTC' + make_interval(mins => ${sql.raw(String(Math.round(homeOffset * 60)))}), 'YYYY-MM-DD')`;
      const joined = await db
        .select({ date: localDay, count: count() })
        .from(members)
        .where(and(memberRows, gte(members.createdAt, since)))
        .groupBy(localDay);
      const joinedOn = new Map(joined.map((d) => [d.date, d.count]));
      const joinedByDay = Array.from({ length: MEMBER_TREND_DAYS }, (_, i) => {
        const date = businessDateOf(new Date(since.getTime() + i * DAY_MS), homeOffset);
        return { date, count: joinedOn.get(date) ?? 0 };
      });

      const statuses = everyCode(MEMBER_STATUSES, byStatus);
      const oldest = queue?.oldest ? new Date(queue.oldest) : null;
      return ok<MemberDashboard>({
        members: statuses.filter((s) => s.code !== MemberStatus.closed).reduce((sum, s) => sum + s.count, 0),
        newToday: newToday?.n ?? 0,
        activeToday: activeToday?.n ?? 0,
        byStatus: statuses,
        byKyc: everyCode(MEMBER_KYC_STATUSES, byKyc),
        pendingKyc: queue?.n ?? 0,
        oldestPendingKycAt: oldest ? oldest.toISOString() : null,
        openFeedback: open.reduce((sum, r) => sum + r.count, 0),
        newFeedback: open.filter((r) => r.status === FeedbackStatus.new).reduce((sum, r) => sum + r.count, 0),
        openFeedbackByType: everyCode(
          FEEDBACK_TYPES,
          [...perType].map(([code, n]) => ({ code, count: n })),
        ),
        joinedByDay,
      });
    },
  );
};
