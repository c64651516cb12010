import { rowEventsPath, type RowEvent } from '@kayuh/contract/api/rowEvents';
import { EVENT_TIMELINE_MAX } from '@kayuh/contract/constants';
import { idValue } from '@kayuh/contract/resources/schemas';
import { and, count, desc, eq, like } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operationLogs } from '../../db/schema.ts';
import { authOf } from '../access.ts';
import { page } from '../envelope.ts';
import { notFound } from '../errors.ts';
import { visibleRows } from '../scope.ts';
import type { Services } from '../services.ts';
import type { BoundResource } from './binding.ts';
import { allOf, scopeConditions } from './queries.ts';

type Journalled = { from?: unknown; to?: unknown; payload?: unknown };

/**
 * What a recorded event's text says of it (the journal's parameters, an events table's detail): its states and
 * payload; a clipped or foreign text says nothing.
 */
export function readParam(text: string | null): Journalled {
  try {
    const value: unknown = JSON.parse(text ?? '');
    return value && typeof value === 'object' ? (value as Journalled) : {};
  } catch {
    return {};
  }
}
/** A recorded state as the timeline shows it: a code, or nothing. */
export const state = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? value : null);

/**
 * GET {api}/{id}/events for a resource with declared events or a timeline (contract/api/rowEvents): the row's
 * timeline from where the resource keeps it (readEvents), else from the operation journal, where every fired event
 * is written with the row's type and id (machine.ts). The row must be one
 * the caller's scope reads (else 2002), and the journal rows are the caller's tenant's.
 */
export const rowEventRoutes: FastifyPluginAsyncZod<{ services: Services; resource: BoundResource }> = async (app, { services, resource: r }) => {
  const { def } = r;
  if (!def.transitions?.length && !def.timeline) return;
  const { db } = services;
  app.get(
    rowEventsPath(def, ':id'),
    {
      config: { access: `${def.module}:${def.page}:view` as const },
      schema: {
        tags: [def.key],
        summary: `The events fired on one ${def.key}, newest first (at most ${EVENT_TIMELINE_MAX}), with their total`,
        params: z.object({ id: idValue() }),
      },
    },
    async (req) => {
      const auth = authOf(req);
      const id = req.params.id;
      const tenant = r.columns.tenantId;
      const [row] = await db
        .select({ id: r.columns.id!, ...(tenant ? { tenantId: tenant } : {}) })
        .from(r.table)
        .where(allOf([eq(r.columns.id!, id), ...scopeConditions(r, auth)]))
        .limit(1);
      if (!row) throw notFound();
      if (r.readEvents) {
        const { rows, total } = await r.readEvents(db, { id, tenantId: Number(row.tenantId) });
        return page(rows, total);
      }
      const where = and(
        eq(operationLogs.refType, def.key),
        eq(operationLogs.refId, id),
        like(operationLogs.method, `event:${def.key}.%`),
        visibleRows(auth, operationLogs),
      );
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            id: operationLogs.id,
            method: operationLogs.method,
            operParam: operationLogs.operParam,
            operName: operationLogs.operName,
            at: operationLogs.operAt,
          })
          .from(operationLogs)
          .where(where)
          .orderBy(desc(operationLogs.operAt), desc(operationLogs.id))
          .limit(EVENT_TIMELINE_MAX),
        db.select({ n: count() }).from(operationLogs).where(where),
      ]);
      const events = rows.map((x): RowEvent => {
        const param = readParam(x.operParam);
        return {
          eventId: x.id,
          event: (x.method ?? '').slice(`event:${def.key}.`.length),
          from: state(param.from),
          to: state(param.to),
          payload: param.payload && typeof param.payload === 'object' ? (param.payload as Record<string, unknown>) : {},
          operName: x.operName,
          at: x.at.toISOString(),
        };
      });
      return page(events, counted?.n ?? 0);
    },
  );
};
