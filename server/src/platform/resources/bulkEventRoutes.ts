import { bulkEventPath, bulkEventSchema, type BulkEventAnswer, type BulkItemResult } from '@kayuh/contract/api/bulkEvents';
import { Code } from '@kayuh/contract/codes';
import { BULK_ITEMS_MAX } from '@kayuh/contract/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../access.ts';
import { ok } from '../envelope.ts';
import { errorMessage } from '../errorMessage.ts';
import { BizError } from '../errors.ts';
import type { Services } from '../services.ts';
import type { BoundResource } from './binding.ts';
import { resourceHandlers } from './handlers.ts';

type Body = Record<string, unknown> & { items: Array<{ id: number; version: number }> };

/**
 * POST {api}/{event}/bulk for each event declared `bulk` (contract/api/bulkEvents): the event fired on each row of a
 * selection, one after another, each in its own transaction through the one-row path (scope 2002, state 2004, version
 * 2003, guard, the event's journal row), so one refusal leaves the others done. The answer names each row's outcome
 * in the caller's language. A selection fired whole is journalled by its events; one with refusals is also journalled
 * as a request, its message the summary.
 */
export const bulkEventRoutes: FastifyPluginAsyncZod<{ services: Services; resource: BoundResource }> = async (app, { services, resource: r }) => {
  const { def } = r;
  const h = resourceHandlers(services, r);
  for (const t of (def.transitions ?? []).filter((x) => x.bulk)) {
    app.post(
      bulkEventPath(def, t),
      {
        config: { access: `${def.module}:${def.page}:${t.action}` as const, audit: { title: `menu.${def.module}.${def.page}`, businessType: 10 } },
        schema: {
          tags: [def.key],
          summary: `${t.name} on up to ${BULK_ITEMS_MAX} rows, each on its own: ${t.field} ${t.from.join('|')} → ${t.to}`,
          body: bulkEventSchema(def, t),
        },
      },
      async (req) => {
        const auth = authOf(req);
        const { items, ...payload } = req.body as Body;
        const tenantId = auth.scopeTenantId ?? auth.tenantId;
        const say = (key: string, params?: Record<string, string | number>) => errorMessage(services.catalogues, req.lang, key, params, tenantId);
        const results: BulkItemResult[] = [];
        try {
          for (const item of items) {
            try {
              const answer = await h.transition(auth, t, { ...payload, [def.idName]: item.id, version: item.version }, { quiet: true });
              results.push({ id: item.id, code: Code.ok, msg: await say('code.1000'), version: Number(answer.data?.version) });
            } catch (err) {
              if (!(err instanceof BizError)) throw err;
              results.push({ id: item.id, code: err.code, msg: await say(err.msgKey, err.params) });
            }
          }
        } finally {
          // What follows a commit (caches, other instances) once for the selection, even if a row failed hard.
          if (results.some((x) => x.code === Code.ok)) h.committed();
        }
        const done = results.filter((x) => x.code === Code.ok).length;
        const answer: BulkEventAnswer = { done, refused: results.length - done, results };
        const summary = await say('engine.bulk.summary', { done: answer.done, refused: answer.refused });
        req.journaled = answer.refused === 0;
        req.resultMsg = summary;
        return { ...ok(answer), msg: summary };
      },
    );
  }
};
