import { Code } from '@kayuh/contract/codes';
import { PAGE_SIZE_MAX, TREE_ROWS_MAX } from '@kayuh/contract/constants';
import type { TransitionDef } from '@kayuh/contract/resources/types';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { actorUserId, type AuthContext } from '../auth/context.ts';
import { ok, page } from '../envelope.ts';
import { BizError } from '../errors.ts';
import type { Services } from '../services.ts';
import type { BoundResource, HookContext } from './binding.ts';
import { fireEvent } from './machine.ts';
import { ReadQueries } from './readStatements.ts';
import { allOf, scopeConditions } from './queries.ts';
import { serializeRow } from './serialize.ts';
import {
  applyFixed,
  assertMayWrite,
  assertReferences,
  assertUnique,
  columnValues,
  isConstraintViolation,
  isUniqueViolation,
  writeLinks,
  writeTenant,
} from './writes.ts';
import type { Db } from '../../db/client.ts';
import { LIST_TOTAL_CAP, listTotalCap } from '@kayuh/contract/constants';

/** Totals are counted up to here and no further, so a list never scans a huge table to the end (DESIGN §9). */
export const TOTAL_CAP = LIST_TOTAL_CAP;

type Body = Record<string, unknown>;

/**
 * What one declared resource does, apart from HTTP: the engine's routes call these, and so may a module that
 * must also answer under the spec's own names (guideSettings/getListByPage, saveOrUpdate, removeById), or a job
 * or device firing an event as the system actor. Bodies arrive already validated by the resource's schemas
 * (contract/resources/schemas.ts). Every write runs in one transaction: the scope admits the row, then the
 * resource's hooks run with one context (binding.ts HookContext), then the row changes.
 */
export function resourceHandlers(services: Services, r: BoundResource) {
  const { db, changes, resourceOf } = services;
  const { def } = r;
  /** After a write committed: the resource's own follow-up, and the caches every instance must drop. */
  const committed = () => {
    r.afterCommit?.();
    if (r.announces) changes.announce(r.announces);
  };
  /** What the hooks asked to run once the write committed (HookContext.onCommit), and its runner. */
  const afterCommitOf = () => {
    const queued: Array<() => Promise<unknown>> = [];
    return {
      onCommit: (fn: () => Promise<unknown>) => void queued.push(fn),
      run: () => {
        for (const fn of queued) void fn().catch((err: unknown) => services.log.error({ err, resource: def.key }, 'after-commit work failed'));
      },
    };
  };
  const c = r.columns;
  const reads = new ReadQueries(db, r, listTotalCap(r.def), resourceOf);

  const byId = async (auth: AuthContext, id: number) => {
    const row = await reads.byId(auth, id);
    if (!row) throw new BizError(Code.notFound);
    return row;
  };
  /** The row the caller's scope admits, locked for the rest of the transaction (2002 when it does not). */
  const lockedRow = async (tx: Db, auth: AuthContext, id: number): Promise<Body> => {
    const [row] = await tx
      .select()
      .from(r.table)
      .where(allOf([eq(c.id!, id), ...scopeConditions(r, auth)]))
      .limit(1)
      .for('update');
    if (!row) throw new BizError(Code.notFound);
    assertOwnRow(auth, row as Body);
    return row as Body;
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
  const tenantOf = (auth: AuthContext, row?: Body) => Number(row?.tenantId ?? writeTenant(def, auth) ?? auth.tenantId);
  const uniqueViolations = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err)) throw new BizError(Code.duplicate);
      if (isConstraintViolation(err)) throw new BizError(Code.validation, undefined, { fields: {} });
      throw err;
    }
  };

  const addValues = (auth: AuthContext, body: Body) => {
    const values = columnValues(r, body, 'add');
    applyFixed(r, values, 'add');
    assertCity(auth, values);
    return values;
  };
  /** One new row inside the caller's transaction, through the resource's hooks. */
  const insertOne = async (
    t: Db,
    auth: AuthContext,
    tenantId: number | undefined,
    body: Body,
    values: Body,
    onCommit?: HookContext['onCommit'],
  ): Promise<Body> => {
    const ctx: HookContext = {
      tx: t,
      services,
      auth,
      mode: 'add',
      tenantId: tenantId ?? auth.tenantId,
      body,
      values,
      next: values,
      ids: [],
      onCommit,
    };
    await r.check?.(ctx);
    await assertUnique(t, r, values, values, tenantId);
    await assertReferences(t, r, values, tenantId, resourceOf);
    const stamped = { ...values, ...(tenantId !== undefined ? { tenantId } : {}), createdBy: actorUserId(auth), updatedBy: actorUserId(auth) };
    const created = r.create
      ? await r.create({ ...ctx, values: stamped, next: stamped })
      : ((await t.insert(r.table).values(stamped).returning())[0] as Body);
    await writeLinks(t, r, Number(created.id), tenantId, body);
    await r.afterWrite?.({ ...ctx, row: created, ids: [Number(created.id)] });
    return created;
  };

  return {
    async list(auth: AuthContext, sent: Body & { pageNum?: number; pageSize?: number; cursor?: string }) {
      // An unpaged list (small resources, e.g. the city selector's call) is one page of the largest size.
      const q: Body & { pageNum: number; pageSize: number; cursor?: string } = {
        ...sent,
        pageNum: sent.pageNum ?? 1,
        pageSize: sent.pageSize ?? (def.tree ? TREE_ROWS_MAX : PAGE_SIZE_MAX),
      };
      const { rows, total, nextCursor } = await reads.page(auth, q);
      return {
        ...page(
          rows.map((row) => serializeRow(r, row)),
          total,
        ),
        nextCursor,
      };
    },

    async get(auth: AuthContext, id: number) {
      const row = await byId(auth, id);
      return ok({ ...serializeRow(r, row), ...(await reads.links(id)) });
    },

    async add(auth: AuthContext, body: Body) {
      assertMayWrite(def, auth);
      const tenantId = writeTenant(def, auth);
      const values = addValues(auth, body);
      const after = afterCommitOf();
      const row = await uniqueViolations(() =>
        db.transaction(async (tx) => insertOne(tx as unknown as Db, auth, tenantId, body, values, after.onCommit)),
      );
      committed();
      after.run();
      return ok(serializeRow(r, row));
    },

    /**
     * Adds many rows in ONE transaction, each exactly as `add` adds one (the resource's check, uniqueness,
     * references, create, links and afterWrite hooks), for an import. The first refused row rolls every row back: the
     * error is a `RowAddError` naming the row's index and what refused it.
     */
    async addMany(auth: AuthContext, bodies: readonly Body[]): Promise<number> {
      assertMayWrite(def, auth);
      const tenantId = writeTenant(def, auth);
      let at = 0;
      const rowError = (err: unknown) => (err instanceof RowAddError ? err : new RowAddError(at, err));
      try {
        const prepared = bodies.map((body, i) => ((at = i), { body, values: addValues(auth, body) }));
        await uniqueViolations(() =>
          db.transaction(async (tx) => {
            for (const [i, { body, values }] of prepared.entries()) {
              at = i;
              await insertOne(tx as unknown as Db, auth, tenantId, body, values);
            }
          }),
        );
      } catch (err) {
        throw rowError(err);
      }
      committed();
      return bodies.length;
    },

    async edit(auth: AuthContext, body: Body) {
      assertMayWrite(def, auth);
      const id = Number(body[def.idName]);
      const values = columnValues(r, body, 'edit');
      applyFixed(r, values, 'edit');
      assertCity(auth, values);
      const row = await uniqueViolations(() =>
        db.transaction(async (tx) => {
          const t = tx as unknown as Db;
          const current = await lockedRow(t, auth, id);
          if (Number(current.version) !== Number(body.version)) throw new BizError(Code.versionConflict);
          const next = { ...current, ...values };
          const ctx: HookContext = { tx: t, services, auth, mode: 'edit', tenantId: tenantOf(auth, current), body, current, values, next, ids: [id] };
          await r.check?.(ctx);
          await assertUnique(t, r, values, next, def.scope === 'tenant' ? Number(current.tenantId) : undefined, id);
          await assertReferences(t, r, values, ctx.tenantId, resourceOf);
          const [changed] = await t
            .update(r.table)
            .set({ ...values, version: sql`${c.version} + 1`, updatedAt: new Date(), updatedBy: actorUserId(auth) })
            .where(allOf([eq(c.id!, id), eq(c.version!, Number(body.version)), ...scopeConditions(r, auth, 'write')]))
            .returning();
          if (!changed) throw new BizError(Code.versionConflict);
          await writeLinks(t, r, id, ctx.tenantId, body);
          await r.afterWrite?.({ ...ctx, row: changed as Body });
          return changed as Body;
        }),
      );
      committed();
      return ok(serializeRow(r, row));
    },

    async remove(auth: AuthContext, idList: readonly number[]) {
      assertMayWrite(def, auth);
      const ids = [...new Set(idList)];
      await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        // The scope admits the rows first, all or nothing: one id the caller cannot see is "not found", and no
        // rule or side effect of the resource runs for rows of another tenant or city.
        const admitted = await t
          .select({ id: c.id! })
          .from(r.table)
          .where(and(inArray(c.id!, ids), ...scopeConditions(r, auth, 'write')))
          .for('update');
        if (admitted.length !== ids.length) throw new BizError(Code.notFound);
        const ctx: HookContext = { tx: t, services, auth, mode: 'remove', tenantId: tenantOf(auth), body: {}, values: {}, next: {}, ids };
        await r.beforeRemove?.(ctx);
        await t
          .update(r.table)
          .set({ deletedAt: new Date(), version: sql`${c.version} + 1`, updatedAt: new Date(), updatedBy: actorUserId(auth) })
          .where(inArray(c.id!, ids));
        await r.afterRemove?.(ctx);
      });
      committed();
      return ok();
    },

    /**
     * Fires one event of the resource's state machine (DOMAIN §3) for a staff member, a job or a device. `quiet`
     * leaves the follow-up of the commit (caches, the change feed) to the caller, who fires many and calls `committed`
     * once.
     */
    async transition(auth: AuthContext, t: TransitionDef, body: Body, { quiet = false }: { quiet?: boolean } = {}) {
      assertMayWrite(def, auth);
      const id = Number(body[def.idName]);
      const after = afterCommitOf();
      const row = await db.transaction(async (tx) => {
        const tr = tx as unknown as Db;
        const current = await lockedRow(tr, auth, id);
        return fireEvent(r, t, {
          onCommit: after.onCommit,
          tx: tr,
          services,
          auth,
          mode: 'transition',
          tenantId: tenantOf(auth, current),
          body,
          current,
          values: {},
          next: current,
          ids: [id],
        });
      });
      if (!quiet) committed();
      after.run();
      return ok(serializeRow(r, row));
    },

    committed,
  };
}

export type ResourceHandlers = ReturnType<typeof resourceHandlers>;

/** A row of `addMany` that was refused (every row was rolled back): its index among the bodies, and why. */
export class RowAddError extends Error {
  constructor(
    readonly index: number,
    readonly error: unknown,
  ) {
    super(`row ${index} refused`, { cause: error });
  }
}
