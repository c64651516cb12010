import { ALARM_COUNT_PATH, ALARM_LIST_PERM, alarmCountBody } from '@kayuh/contract/api/alarm';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { alarms } from '../../db/schema.ts';
import { authOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { visibleRows } from '../../platform/scope.ts';
import type { Services } from '../../platform/services.ts';

/**
 * The header's alarm indicator (spec §4/§7): how many alarms of a status the caller can see — their tenant (the
 * super admin: the one they work in, or all) and their visible cities. It is the alarm list's count, so it needs
 * the alarm list; the console asks only for users who hold it, and others get 2006 like any other page's call.
 */
export const alarmCountRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.post(
    ALARM_COUNT_PATH,
    {
      config: { access: ALARM_LIST_PERM },
      schema: { tags: ['alarm'], summary: 'How many visible alarms have this status', body: alarmCountBody },
    },
    async (req) => {
      const auth = authOf(req);
      const [row] = await services.db
        .select({ n: count() })
        .from(alarms)
        .where(and(eq(alarms.status, req.body.status), visibleRows(auth, alarms)));
      return ok(row?.n ?? 0);
    },
  );
};
