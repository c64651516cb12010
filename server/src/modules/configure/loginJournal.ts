import { and, count, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginLogs } from '../../db/schema.ts';
import { authOf } from '../../platform/access.ts';
import { page } from '../../platform/envelope.ts';
import { offsetOf, pageQuery } from '../../platform/paging.ts';
import { tenantFilter } from '../../platform/scope.ts';
import type { Services } from '../../platform/services.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** An ISO instant PostgreSQL can hold (years 1970–9999 after the offset); '' = no bound. */
const instant = z.iso.datetime({ offset: true })
  .refine((v) => { const year = new Date(v).getUTCFullYear(); return year >= 1970 && year <= 9999; }, 'invalid')
  .optional().or(z.literal(''));

const filters = pageQuery.extend({
  userName: z.string().trim().max(64).optional(),
  ipaddr: z.string().trim().max(64).optional(),
  status: z.enum(['0', '1', '']).optional(),
  beginTime: instant,
  endTime: instant,
});

/** Staff sign-in journal (login_journal, POST /system/logininfor/list), newest first. */
export const loginJournalRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.post('/system/logininfor/list', {
    config: { access: 'configure:login_journal:view' },
    schema: { tags: ['journal'], summary: 'Sign-in journal, paged', body: filters },
  }, async (req) => {
    const auth = authOf(req);
    const q = req.body;
    const conditions: Array<SQL | undefined> = [
      tenantFilter(auth, loginLogs.tenantId),
      q.userName ? ilike(loginLogs.userName, `%${escapeLike(q.userName)}%`) : undefined,
      q.ipaddr ? ilike(loginLogs.ipaddr, `%${escapeLike(q.ipaddr)}%`) : undefined,
      q.status ? eq(loginLogs.status, q.status) : undefined,
      q.beginTime ? gte(loginLogs.loginAt, new Date(q.beginTime)) : undefined,
      q.endTime ? lte(loginLogs.loginAt, new Date(q.endTime)) : undefined,
    ];
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      services.db.select().from(loginLogs).where(where).orderBy(desc(loginLogs.loginAt), desc(loginLogs.id))
        .limit(q.pageSize).offset(offsetOf(q)),
      services.db.select({ n: count() }).from(loginLogs).where(where),
    ]);
    return page(rows.map((r) => ({
      infoId: r.id, userName: r.userName, ipaddr: r.ipaddr, loginLocation: r.loginLocation, browser: r.browser, os: r.os,
      status: r.status, msg: r.msg, loginTime: r.loginAt.toISOString(),
    })), total?.n ?? 0);
  });
};
