import { Code } from '@kayuh/contract/codes';
import { PAGE_SIZE_MAX, TREE_ROWS_MAX } from '@kayuh/contract/constants';
import type { TransitionDef } from '@kayuh/contract/resources/types';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AuthContext } from '../auth/context.ts';
import { ok, page } from '../envelope.ts';
import { BizError } from '../errors.ts';
import type { Services } from '../services.ts';
import type { BoundResource } from './binding.ts';
import { ReadQueries } from './readStatements.ts';
import { allOf, scopeConditions } from './queries.ts';
import { serializeRow } from './serialize.ts';
import { applyFixed, assertMayWrite, assertUnique, columnValues, isConstraintViolation, isUniqueViolation, writeLinks, writeTenant } from './writes.ts';

/** Totals are counted up to here and no further, so a list never scans a huge table to the end (DESIGN §9). */
export const TOTAL_CAP = 100_000;

type Body = Record<string, unknown>;

/**
 * What one declared resource does, apart from HTTP: the engine's routes call these, and so may a module that
 * must also answer under the spec's own names (guideSettings/getListByPage, saveOrUpdate, removeById).
 * Bodies arrive already validated by the resource's schemas (contract/resources/schemas.ts).
 */
export function resourceHandlers({ db, changes }: Services, r: BoundResource) {
  const { def } = r;
  /** After a write committed: the resource's own follow-up, and the caches every instance must drop. */
  const committed = () => {
    r.afterCommit?.();
    if (r.announces) changes.announce(r.announces);
  };
  const c = r.columns;
  const reads = new ReadQueries(db, r, TOTAL_CAP);

  const byId = async (auth: AuthContext, id: number) => {
    const row = await reads.byId(auth, id);
    if (!row) throw new BizError(Code.notFound);
    return row;
  };
  const assertCity = (auth: AuthContext, values: Body) => {
    if (def.cityScoped && values.cityCode !== undefined && !auth.allCities && !auth.deptIds.includes(Number(values.cityCode))) {
      throw new BizError(Code.forbidden);
    }
  };
  /** An overlay row of the platform is read by a tenant but not theirs to change (2007). */
  const assertOwnRow = (auth: AuthContext, row: Body) => {
    if (def.scope === 'overlay' && auth.scopeTenantId !== null && Number(row.tenantId) !== auth.scopeTenantId) {
      throw new BizError(Code.tenantRestricted);
    }
  };
  /** Zero rows changed: the row is gone or out of reach (2002), else someone changed it first (2003). */
  const explainMiss = async (auth: AuthContext, id: number): Promise<never> => {
    await byId(auth, id);
    throw new BizError(Code.versionConflict);
  };

  return {
    async list(auth: AuthContext, sent: Body & { pageNum?: number; pageSize?: number }) {
      // An unpaged list (small resources, e.g. the city selector's call) is one page of the largest size.
      const q: Body & { pageNum: number; pageSize: number } = { ...sent, pageNum: sent.pageNum ?? 1, pageSize: sent.pageSize ?? (def.tree ? TREE_ROWS_MAX : PAGE_SIZE_MAX) };
      const { rows, total } = await reads.page(auth, q);
      return page(rows.map((row) => serializeRow(r, row)), total);
    },

    async get(auth: AuthContext, id: number) {
      const row = await byId(auth, id);
      return ok({ ...serializeRow(r, row), ...(await reads.links(id)) });
    },

    async add(auth: AuthContext, body: Body) {
      assertMayWrite(def, auth);
      const tenantId = writeTenant(def, auth);
      const values = columnValues(r, body, 'add');
      applyFixed(r, values, 'add');
      assertCity(auth, values);
      await r.beforeWrite?.(values, { mode: 'add', tenantId: tenantId ?? auth.tenantId, db, body });
      await assertUnique(db, r, values, tenantId);
      try {
        const stamped = { ...values, ...(tenantId !== undefined ? { tenantId } : {}), createdBy: auth.userId, updatedBy: auth.userId };
        const row = await db.transaction(async (tx) => {
          const t = tx as unknown as typeof db;
          const created = r.create ? await r.create(t, stamped, auth, body) : ((await t.insert(r.table).values(stamped).returning())[0] as Body);
          await writeLinks(t, r, Number(created.id), tenantId, body);
          return created;
        });
        committed();
        return ok(serializeRow(r, row));
      } catch (err) {
        if (isUniqueViolation(err)) throw new BizError(Code.duplicate);
        if (isConstraintViolation(err)) throw new BizError(Code.validation, undefined, { fields: {} });
        throw err;
      }
    },

    async edit(auth: AuthContext, body: Body) {
      assertMayWrite(def, auth);
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
          await r.afterEdit?.(tx as unknown as typeof db, current, changed as Body);
        }
        return changed;
      });
      if (!row) return explainMiss(auth, id);
      committed();
      return ok(serializeRow(r, row as Body));
    },

    async remove(auth: AuthContext, idList: readonly number[]) {
      assertMayWrite(def, auth);
      const ids = [...new Set(idList)];
      await db.transaction(async (tx) => {
        const t = tx as unknown as typeof db;
        // The scope admits the rows first, all or nothing: one id the caller cannot see is "not found", and no
        // rule or side effect of the resource runs for rows of another tenant or city.
        const admitted = await t.select({ id: c.id! }).from(r.table).where(and(inArray(c.id!, ids), ...scopeConditions(r, auth, 'write'))).for('update');
        if (admitted.length !== ids.length) throw new BizError(Code.notFound);
        await r.beforeRemove?.(t, ids, auth);
        await t.update(r.table)
          .set({ deletedAt: new Date(), version: sql`${c.version} + 1`, updatedAt: new Date(), updatedBy: auth.userId })
          .where(inArray(c.id!, ids));
        await r.afterRemove?.(t, ids, auth);
      });
      committed();
      return ok();
    },

    async transition(auth: AuthContext, t: TransitionDef, body: Body) {
      assertMayWrite(def, auth);
      const field = c[t.field]!;
      const id = Number(body[def.idName]);
      const version = Number(body.version);
      const from = t.from.map((v) => (field.dataType === 'number' ? Number(v) : String(v)));
      const row = await db.transaction(async (tx) => {
        const [changed] = await tx.update(r.table)
          .set({ [t.field]: field.dataType === 'number' ? Number(t.to) : String(t.to), version: sql`${c.version} + 1`, updatedAt: new Date(), updatedBy: auth.userId })
          .where(allOf([eq(c.id!, id), eq(c.version!, version), inArray(field, from), ...scopeConditions(r, auth, 'write')])).returning();
        if (changed && r.afterEdit) await r.afterEdit(tx as unknown as typeof db, { ...(changed as Body), [t.field]: undefined }, changed as Body);
        return changed;
      });
      if (!row) {
        const current = await byId(auth, id);
        assertOwnRow(auth, current);
        if (current.version !== version) throw new BizError(Code.versionConflict);
        throw new BizError(Code.transitionNotAllowed);
      }
      committed();
      return ok(serializeRow(r, row as Body));
    },
  };
}

export type ResourceHandlers = ReturnType<typeof resourceHandlers>;
