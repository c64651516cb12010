import { optionsOpenToAll } from '@kayuh/contract/resources/index';
import { createSchema, ID_MAX, idValue, listSchema, transitionSchema, updateSchema } from '@kayuh/contract/resources/schemas';
import { OPTIONS_MAX } from '@kayuh/contract/constants';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../access.ts';
import { ok } from '../envelope.ts';
import type { Services } from '../services.ts';
import { toColumnValue, type BoundResource } from './binding.ts';
import { resourceHandlers } from './handlers.ts';
import { allOf, filterConditions, scopeConditions } from './queries.ts';
import { queueExport } from '../exports/queue.ts';
import { eventOnce } from './eventOnce.ts';

export { TOTAL_CAP } from './handlers.ts';

/** Up to 500 ids, each a whole number the database can hold (at most 16 digits, within JavaScript's exact range). */
const idsParam = z.object({
  ids: z
    .string()
    .regex(/^\d{1,16}(,\d{1,16}){0,499}$/)
    .refine((ids) => ids.split(',').every((id) => Number(id) > 0 && Number(id) <= ID_MAX), 'invalid'),
});
const idParam = z.object({ id: idValue() });
const idsOf = (list: string) => list.split(',').map(Number);

/** Every route of one resource, derived from its declaration (DESIGN §5); the work itself is in ./handlers.ts. */
export const resourceRoutes: FastifyPluginAsyncZod<{ services: Services; resource: BoundResource }> = async (app, { services, resource: r }) => {
  const { db } = services;
  const { def } = r;
  const perm = (action: string) => `${def.module}:${def.page}:${action}` as const;
  const audit = (businessType: number) => ({ title: `menu.${def.module}.${def.page}`, businessType });
  const tags = [def.key];
  const c = r.columns;
  const h = resourceHandlers(services, r);

  app.post(
    `${def.api}/list`,
    {
      config: { access: def.listForAll ? 'authenticated' : perm('view') },
      schema: { tags, summary: `List ${def.key} (paged)`, body: listSchema(def) },
    },
    async (req) => h.list(authOf(req), req.body as Record<string, unknown>),
  );

  const listShape = listSchema(def).shape as Record<string, z.ZodType>;
  const optionFilters = Object.fromEntries(def.fields.filter((f) => f.filter === 'eq').map((f) => [f.name, listShape[f.name]!]));
  const pickedFilters = (query: Record<string, unknown>) => Object.fromEntries(Object.keys(optionFilters).map((name) => [name, query[name]]));

  // A view's rows have no id: it is read as a list (and an export) only.
  if (!def.view) {
    app.get(
      `${def.api}/options`,
      {
        config: { access: optionsOpenToAll(def) ? 'authenticated' : perm('view') },
        schema: {
          tags,
          summary: `Choices of ${def.key} for pickers: the first ${OPTIONS_MAX} by label, those matching a keyword, or the given values`,
          querystring: z.object({
            // A picker may narrow the choices by the list's exact-match filters (a vehicle's model: kind 1).
            ...optionFilters,
            keyword: z.string().trim().max(60).optional(),
            values: z
              .string()
              .max(2000)
              .regex(/^[^,\u0000]{1,100}(,[^,\u0000]{1,100}){0,99}$/)
              .optional(),
          }),
        },
      },
      async (req) => {
        const auth = authOf(req);
        // A row named by a computed field (a pass by its member's phone) is labelled by that field's SQL.
        const title = c[def.titleField] ?? r.computed![def.titleField]!;
        const valueColumn = c[def.refValue ?? 'id']!;
        const { keyword, values } = req.query;
        const wanted = values?.split(',').map((v) => toColumnValue(valueColumn, v));
        if (wanted?.some((v) => typeof v === 'number' && !Number.isSafeInteger(v))) return ok([]);
        const rows = await db
          .select({ value: valueColumn, label: title })
          .from(r.table)
          .where(
            allOf([
              ...scopeConditions(r, auth),
              keyword ? sql`${title}::text ILIKE ${`%${keyword.replace(/[\\%_]/g, '\\$&')}%`}` : undefined,
              wanted ? inArray(valueColumn, wanted) : undefined,
              ...filterConditions(r, pickedFilters(req.query), undefined, auth),
            ]),
          )
          .orderBy(title)
          .limit(OPTIONS_MAX);
        return ok(rows);
      },
    );

    app.get(
      `${def.api}/:id`,
      {
        config: { access: perm('view') },
        schema: { tags, summary: `One ${def.key}`, params: idParam },
      },
      async (req) => h.get(authOf(req), req.params.id),
    );
  }

  if (def.actions.includes('export')) {
    app.post(
      `${def.api}/export`,
      {
        config: { access: perm('export'), limits: ['export'], audit: audit(5) },
        schema: { tags, summary: `Export the ${def.key} list to the Download Center`, body: listSchema(def) },
      },
      async (req) => ok(await queueExport(services, r, authOf(req), req.body as Record<string, unknown>, req.lang)),
    );
  }

  if (def.actions.includes('add')) {
    app.post(
      `${def.api}/add`,
      {
        config: { access: perm('add'), audit: audit(1) },
        schema: { tags, summary: `Add a ${def.key}`, body: createSchema(def) },
      },
      async (req) => h.add(authOf(req), req.body as Record<string, unknown>),
    );
  }

  if (def.actions.includes('edit')) {
    app.post(
      `${def.api}/edit`,
      {
        config: { access: perm('edit'), audit: audit(2) },
        schema: { tags, summary: `Edit a ${def.key} (optimistic version)`, body: updateSchema(def) },
      },
      async (req) => h.edit(authOf(req), req.body as Record<string, unknown>),
    );
  }

  if (def.actions.includes('remove')) {
    app.post(
      `${def.api}/remove/:ids`,
      {
        config: { access: perm('remove'), audit: audit(3) },
        schema: { tags, summary: `Remove ${def.key} rows (soft delete)`, params: idsParam },
      },
      async (req) => h.remove(authOf(req), idsOf(req.params.ids)),
    );
    // RuoYi's form-encoded variant: the ids in the body (spec §7 /system/city/remove).
    app.post(
      `${def.api}/remove`,
      {
        config: { access: perm('remove'), audit: audit(3) },
        schema: { tags, summary: `Remove ${def.key} rows, ids in the body`, body: idsParam },
      },
      async (req) => h.remove(authOf(req), idsOf(req.body.ids)),
    );
  }

  for (const t of def.transitions ?? []) {
    app.post(
      `${def.api}/${t.name}`,
      {
        config: { access: perm(t.action), audit: audit(10) },
        schema: { tags, summary: `${t.name}: ${t.field} ${t.from.join('|')} → ${t.to}`, body: transitionSchema(def, t) },
      },
      async (req) => {
        const auth = authOf(req);
        const body = req.body as Record<string, unknown>;
        const answer = await eventOnce(db, auth, req.headers['idempotency-key'], `${def.key}.${t.name}`, body, () => h.transition(auth, t, body));
        // The event was journaled with the change itself; a refused one is journaled by the audit hook.
        req.journaled = true;
        return answer;
      },
    );
  }
};
