import { Code } from '@kayuh/contract/codes';
import { PAGE_SIZE_MAX, TREE_ROWS_MAX } from '@kayuh/contract/constants';
import { createSchema, listSchema, transitionSchema, updateSchema } from '@kayuh/contract/resources/schemas';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../access.ts';
import type { AuthContext } from '../auth/context.ts';
import { ok, page } from '../envelope.ts';
import { BizError } from '../errors.ts';
import type { Services } from '../services.ts';
import type { BoundResource } from './binding.ts';
import { allOf, cityChoice, filterConditions, orderOf, scopeConditions } from './queries.ts';
import { serializeRow } from './serialize.ts';
import { queueExport } from '../exports/queue.ts';
import { applyFixed, assertMayWrite, assertUnique, columnValues, isConstraintViolation, isUniqueViolation, readLinks, writeLinks, writeTenant } from './writes.ts';

/** Totals are counted up to here and no further, so a list never scans a huge table to the end (DESIGN §9). */
export const TOTAL_CAP = 100_000;
const idsParam = z.object({ ids: z.string().regex(/^\d+(,\d+){0,499}$/) });
const idParam = z.object({ id: z.coerce.number().int().positive() });

/** Every route of one resource, derived from its declaration (DESIGN §5). */
export const resourceRoutes: FastifyPluginAsyncZod<{ services: Services; resource: BoundResource }> = async (app, { services, resource: r }) => {
  const { db } = services;
  const { def } = r;
  const perm = (action: string) => `${def.module}:${def.page}:${action}` as const;
  const audit = (businessType: number) => ({ title: `menu.${def.module}.${def.page}`, businessType });
  const tags = [def.key];
  const c = r.columns;

  const byId = async (auth: AuthContext, id: number) => {
    const [row] = await db.select().from(r.table).where(allOf([eq(c.id!, id), ...scopeConditions(r, auth)])).limit(1);
    if (!row) throw new BizError(Code.notFound);
    return row as Record<string, unknown>;
  };
  const assertCity = (auth: AuthContext, values: Record<string, unknown>) => {
    if (def.cityScoped && values.cityCode !== undefined && !auth.allCities && !auth.deptIds.includes(Number(values.cityCode))) {
      throw new BizError(Code.forbidden);
    }
  };
  /** An overlay row of the platform is read by a tenant but not theirs to change (2007). */
  const assertOwnRow = (auth: AuthContext, row: Record<string, unknown>) => {
    if (def.scope === 'overlay' && auth.scopeTenantId !== null && Number(row.tenantId) !== auth.scopeTenantId) {
      throw new BizError(Code.tenantRestricted);
    }
  };
  /** Zero rows changed: the row is gone or out of reach (2002), else someone changed it first (2003). */
  const explainMiss = async (auth: AuthContext, id: number): Promise<never> => {
    await byId(auth, id);
    throw new BizError(Code.versionConflict);
  };

  app.post(`${def.api}/list`, {
    config: { access: def.listForAll ? 'authenticated' : perm('view') },
    schema: { tags, summary: `List ${def.key} (paged)`, body: listSchema(def) },
  }, async (req) => {
    const auth = authOf(req);
    const sent = req.body as Record<string, unknown> & { pageNum?: number; pageSize?: number };
    // An unpaged list (small resources, e.g. the city selector's call) is one page of the largest size.
    const q: Record<string, unknown> & { pageNum: number; pageSize: number } = { ...sent, pageNum: sent.pageNum ?? 1, pageSize: sent.pageSize ?? (def.tree ? TREE_ROWS_MAX : PAGE_SIZE_MAX) };
    const where = allOf([...scopeConditions(r, auth), cityChoice(r, q.cityCode), ...filterConditions(r, q)]);
    const capped = db.select({ one: sql`1` }).from(r.table).where(where).limit(TOTAL_CAP).as('capped');
    const [rows, [total]] = await Promise.all([
      db.select().from(r.table).where(where).orderBy(...orderOf(r, q)).limit(q.pageSize).offset((q.pageNum - 1) * q.pageSize),
      db.select({ n: count() }).from(capped),
    ]);
    return page(rows.map((row) => serializeRow(r, row as Record<string, unknown>)), total?.n ?? 0);
  });

  app.get(`${def.api}/options`, {
    config: { access: def.optionsNeedView ? perm('view') : 'authenticated' },
    schema: { tags, summary: `Choices of ${def.key} for pickers`, querystring: z.object({ keyword: z.string().trim().max(60).optional() }) },
  }, async (req) => {
    const auth = authOf(req);
    const title = c[def.titleField]!;
    const keyword = req.query.keyword;
    const rows = await db.select({ value: c[def.refValue ?? 'id']!, label: title }).from(r.table)
      .where(allOf([...scopeConditions(r, auth), keyword ? sql`${title}::text ILIKE ${`%${keyword.replace(/[\\%_]/g, '\\$&')}%`}` : undefined]))
      .orderBy(title).limit(200);
    return ok(rows);
  });

  app.get(`${def.api}/:id`, {
    config: { access: perm('view') },
    schema: { tags, summary: `One ${def.key}`, params: idParam },
  }, async (req) => {
    const row = await byId(authOf(req), req.params.id);
    return ok({ ...serializeRow(r, row), ...(await readLinks(db, r, req.params.id)) });
  });

  if (def.actions.includes('export')) {
    app.post(`${def.api}/export`, {
      config: { access: perm('export'), audit: audit(5) },
      schema: { tags, summary: `Export the ${def.key} list to the Download Center`, body: listSchema(def) },
    }, async (req) => ok(await queueExport(services, r, authOf(req), req.body as Record<string, unknown>, req.lang)));
  }

  if (def.actions.includes('add')) {
    app.post(`${def.api}/add`, {
      config: { access: perm('add'), audit: audit(1) },
      schema: { tags, summary: `Add a ${def.key}`, body: createSchema(def) },
    }, async (req) => {
      const auth = authOf(req);
      assertMayWrite(def, auth);
      const tenantId = writeTenant(def, auth);
      const values = columnValues(r, req.body as Record<string, unknown>, 'add');
      applyFixed(r, values, 'add');
      assertCity(auth, values);
      await r.beforeWrite?.(values, { mode: 'add', tenantId: tenantId ?? auth.tenantId, db, body: req.body as Record<string, unknown> });
      await assertUnique(db, r, values, tenantId);
      try {
        const stamped = { ...values, ...(tenantId !== undefined ? { tenantId } : {}), createdBy: auth.userId, updatedBy: auth.userId };
        const row = await db.transaction(async (tx) => {
          const t = tx as unknown as typeof db;
          const created = r.create ? await r.create(t, stamped, auth, req.body as Record<string, unknown>) : ((await t.insert(r.table).values(stamped).returning())[0] as Record<string, unknown>);
          await writeLinks(t, r, Number(created.id), tenantId, req.body as Record<string, unknown>);
          return created;
        });
        r.afterCommit?.();
        return ok(serializeRow(r, row));
      } catch (err) {
        if (isUniqueViolation(err)) throw new BizError(Code.duplicate);
        if (isConstraintViolation(err)) throw new BizError(Code.validation, undefined, { fields: {} });
        throw err;
      }
    });
  }

  if (def.actions.includes('edit')) {
    app.post(`${def.api}/edit`, {
      config: { access: perm('edit'), audit: audit(2) },
      schema: { tags, summary: `Edit a ${def.key} (optimistic version)`, body: updateSchema(def) },
    }, async (req) => {
      const auth = authOf(req);
      assertMayWrite(def, auth);
      const body = req.body as Record<string, unknown>;
      const id = Number(body[def.idName]);
      const current = await byId(auth, id);
      assertOwnRow(auth, current);
      const values = columnValues(r, body, 'edit');
      applyFixed(r, values, 'edit');
      assertCity(auth, values);
      await r.beforeWrite?.(values, { mode: 'edit', tenantId: Number(current.tenantId ?? auth.tenantId), db, body, id });
      await assertUnique(db, r, values, def.scope === 'tenant' ? Number(current.tenantId) : undefined, id);
      const row = await db.transaction(async (tx) => {
        const [changed] = await tx.update(r.table)
          .set({ ...values, version: sql`${c.version} + 1`, updatedAt: new Date(), updatedBy: auth.userId })
          .where(allOf([eq(c.id!, id), eq(c.version!, Number(body.version)), ...scopeConditions(r, auth, 'write')])).returning();
        if (changed) {
          await writeLinks(tx as unknown as typeof db, r, id, Number(current.tenantId ?? auth.tenantId), body);
          await r.afterEdit?.(tx as unknown as typeof db, current, changed as Record<string, unknown>);
        }
        return changed;
      });
      if (!row) return explainMiss(auth, id);
      r.afterCommit?.();
      return ok(serializeRow(r, row as Record<string, unknown>));
    });
  }

  if (def.actions.includes('remove')) {
    const remove = async (auth: AuthContext, idList: string) => {
      assertMayWrite(def, auth);
      const ids = [...new Set(idList.split(',').map(Number))];
      await r.beforeRemove?.(db, ids);
      await db.transaction(async (tx) => {
        const removed = await tx.update(r.table)
          .set({ deletedAt: new Date(), version: sql`${c.version} + 1`, updatedAt: new Date(), updatedBy: auth.userId })
          .where(and(inArray(c.id!, ids), ...scopeConditions(r, auth, 'write'))).returning({ id: c.id! });
        // All or nothing: one id the caller cannot see undoes the whole removal.
        if (removed.length !== ids.length) throw new BizError(Code.notFound);
      });
      r.afterCommit?.();
      return ok();
    };
    app.post(`${def.api}/remove/:ids`, {
      config: { access: perm('remove'), audit: audit(3) },
      schema: { tags, summary: `Remove ${def.key} rows (soft delete)`, params: idsParam },
    }, async (req) => remove(authOf(req), req.params.ids));
    // RuoYi's form-encoded variant: the ids in the body (spec §7 /system/city/remove).
    app.post(`${def.api}/remove`, {
      config: { access: perm('remove'), audit: audit(3) },
      schema: { tags, summary: `Remove ${def.key} rows, ids in the body`, body: idsParam },
    }, async (req) => remove(authOf(req), req.body.ids));
  }

  for (const t of def.transitions ?? []) {
    const field = c[t.field]!;
    app.post(`${def.api}/${t.name}`, {
      config: { access: perm(t.action), audit: audit(10) },
      schema: { tags, summary: `${t.name}: ${t.field} ${t.from.join('|')} → ${t.to}`, body: transitionSchema(def) },
    }, async (req) => {
      const auth = authOf(req);
      assertMayWrite(def, auth);
      const body = req.body as Record<string, unknown>;
      const id = Number(body[def.idName]);
      const version = Number(body.version);
      const from = t.from.map((v) => (field.dataType === 'number' ? Number(v) : String(v)));
      const row = await db.transaction(async (tx) => {
        const [changed] = await tx.update(r.table)
          .set({ [t.field]: field.dataType === 'number' ? Number(t.to) : String(t.to), version: sql`${c.version} + 1`, updatedAt: new Date(), updatedBy: auth.userId })
          .where(allOf([eq(c.id!, id), eq(c.version!, version), inArray(field, from), ...scopeConditions(r, auth, 'write')])).returning();
        if (changed && r.afterEdit) await r.afterEdit(tx as unknown as typeof db, { ...(changed as Record<string, unknown>), [t.field]: undefined }, changed as Record<string, unknown>);
        return changed;
      });
      if (!row) {
        const current = await byId(auth, id);
        assertOwnRow(auth, current);
        if (current.version !== version) throw new BizError(Code.versionConflict);
        throw new BizError(Code.transitionNotAllowed);
      }
      return ok(serializeRow(r, row as Record<string, unknown>));
    });
  }
};
