import os from 'node:os';
import type { OnlineSession, ServerFigures } from '@kayuh/contract/api/monitor';
import { Code } from '@kayuh/contract/codes';
import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportJobs, tenants, timedTaskRuns, userSessions, users } from '../../db/schema.ts';
import { authOf } from '../../platform/access.ts';
import { RevokeReason, revokeSession } from '../../platform/auth/sessions.ts';
import { ok } from '../../platform/envelope.ts';
import { BizError } from '../../platform/errors.ts';
import { rowsOf } from '../../platform/rows.ts';
import { visibleRows } from '../../platform/scope.ts';
import type { Services } from '../../platform/services.ts';

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/**
 * DataMonitoring (DOMAIN §1.1): live process, database, queue and session figures, and the online sessions.
 * The process and database figures are the whole installation's (the page is the platform's own, platformOnly);
 * sessions, queues and runs follow the caller's scope like every tenant-owned table: the super-admin sees every
 * tenant, or the one the tenant-id header names; anyone else only their own tenant.
 */
export const monitoringRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  const live = () => and(isNull(userSessions.revokedAt), gt(userSessions.expiresAt, new Date()), gt(userSessions.absoluteExpiresAt, new Date()));

  app.get(
    '/monitor/server',
    {
      config: { access: 'configure:DataMonitoring:view' },
      schema: { tags: ['monitor'], summary: 'Process, database, queue and session figures, now' },
    },
    async (req) => {
      const auth = authOf(req);
      const memory = process.memoryUsage();
      const cpu = process.cpuUsage();
      const since = new Date(Date.now() - 86_400_000);
      const [dbSize] = rowsOf<{ bytes: string | number }>(await db.execute(sql`SELECT pg_database_size(current_database()) AS bytes`));
      const [exports] = await db
        .select({
          queued: sql<number>`count(*) FILTER (WHERE ${exportJobs.status} = 0)`.mapWith(Number),
          running: sql<number>`count(*) FILTER (WHERE ${exportJobs.status} = 1)`.mapWith(Number),
        })
        .from(exportJobs)
        .where(visibleRows(auth, exportJobs));
      const [failedRuns] = await db
        .select({ n: count() })
        .from(timedTaskRuns)
        .where(and(eq(timedTaskRuns.status, 1), gt(timedTaskRuns.startAt, since), visibleRows(auth, timedTaskRuns)));
      const [online] = await db
        .select({ n: count() })
        .from(userSessions)
        .where(and(live(), visibleRows(auth, userSessions)));
      return ok<ServerFigures>({
        process: {
          pid: process.pid,
          node: process.version,
          uptimeS: Math.round(process.uptime()),
          rssMb: mb(memory.rss),
          heapUsedMb: mb(memory.heapUsed),
          heapTotalMb: mb(memory.heapTotal),
          cpuUserMs: Math.round(cpu.user / 1000),
          cpuSystemMs: Math.round(cpu.system / 1000),
          loadAvg: os.loadavg().map((v) => Math.round(v * 100) / 100),
          cpus: os.cpus().length,
        },
        database: { kind: services.config.databaseUrl ? 'postgres' : 'pglite', sizeMb: mb(Number(dbSize?.bytes ?? 0)) },
        queue: { exportsQueued: exports?.queued ?? 0, exportsRunning: exports?.running ?? 0, taskRunsFailed24h: failedRuns?.n ?? 0 },
        sessions: {
          online: online?.n ?? 0,
          liveConnections: services.live.localConnections,
          scheduler: services.scheduler.isLeader ? 'leader' : 'standby',
        },
        devices: {
          connected: services.config.mqttUrl ? null : services.devices.connectedDevices,
          framesAccepted: services.devices.traffic.framesAccepted,
          dropped: { ...services.devices.traffic.dropped },
        },
      });
    },
  );

  app.get(
    '/monitor/online/list',
    {
      config: { access: 'configure:DataMonitoring:view' },
      schema: {
        tags: ['monitor'],
        summary: "Signed-in staff sessions of the scope, most recently active first; `current` marks the caller's own",
        querystring: z.object({ userName: z.string().trim().max(64).optional() }),
      },
    },
    async (req) => {
      const auth = authOf(req);
      const rows = await db
        .select({
          sessionId: userSessions.id,
          userName: users.userName,
          nickName: users.nickName,
          tenantName: tenants.brandName,
          ip: userSessions.ip,
          browser: userSessions.browser,
          os: userSessions.os,
          loginAt: userSessions.loginAt,
          lastSeenAt: userSessions.lastSeenAt,
        })
        .from(userSessions)
        .innerJoin(users, eq(users.id, userSessions.userId))
        .innerJoin(tenants, eq(tenants.id, userSessions.tenantId))
        .where(
          and(
            live(),
            visibleRows(auth, userSessions),
            req.query.userName ? sql`${users.userName} ILIKE ${`%${req.query.userName.replace(/[\\%_]/g, '\\$&')}%`}` : undefined,
          ),
        )
        .orderBy(desc(userSessions.lastSeenAt))
        .limit(500);
      return ok<OnlineSession[]>(
        rows.map((r) => ({
          ...r,
          loginAt: r.loginAt.toISOString(),
          lastSeenAt: r.lastSeenAt.toISOString(),
          current: r.sessionId === auth.sessionId,
        })),
      );
    },
  );

  app.post(
    '/monitor/online/forceLogout',
    {
      config: { access: 'configure:DataMonitoring:forceLogout', audit: { title: 'menu.configure.DataMonitoring', businessType: 7 } },
      schema: {
        tags: ['monitor'],
        summary:
          "End sessions of the scope (their next call answers 10007); another tenant's is not found (2002), the caller's own is refused (2004)",
        body: z.object({ sessionIds: z.array(z.coerce.number().int().positive()).min(1).max(100) }),
      },
    },
    async (req) => {
      const auth = authOf(req);
      // Ending the session making this call would sign the caller out mid-request: that is what Sign out is for.
      if (req.body.sessionIds.includes(auth.sessionId)) throw new BizError(Code.transitionNotAllowed, 'monitor.ownSession');
      const found = await db
        .select({ id: userSessions.id })
        .from(userSessions)
        .where(and(inArray(userSessions.id, req.body.sessionIds), live(), visibleRows(auth, userSessions)));
      if (!found.length) throw new BizError(Code.notFound);
      for (const s of found) await revokeSession(db, s.id, RevokeReason.kicked);
      return ok({ ended: found.length });
    },
  );
};
