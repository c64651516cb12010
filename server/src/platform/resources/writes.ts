import { Code } from '@kayuh/contract/codes';
import type { ResourceDef } from '@kayuh/contract/resources/types';
import { PLATFORM_TENANT_ID } from '@kayuh/contract/constants';
import { and, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../auth/context.ts';
import { BizError } from '../errors.ts';
import { toColumnValue, type BoundResource } from './binding.ts';

/**
 * Request values → column values for the writable, declared fields that were sent. An edit's null clears a column
 * that may be empty; one that may not (a flag, a text kept as '') keeps its value, as if the field were left out.
 */
export function columnValues(r: BoundResource, body: Record<string, unknown>, mode: 'add' | 'edit'): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of r.def.fields) {
    if (f.virtual || f.serverOnly || f.form === false || f.form === 'readonly' || (mode === 'edit' && f.form === 'add')) continue;
    if (body[f.name] === undefined || (body[f.name] === null && r.columns[f.name]!.notNull)) {
      if (mode === 'add' && f.defaultValue !== undefined) values[f.name] = toColumnValue(r.columns[f.name]!, f.defaultValue);
      continue;
    }
    values[f.name] = toColumnValue(r.columns[f.name]!, body[f.name]);
  }
  return values;
}

/** A fixed field (a resource that is one slice of a table): a single value is written for the caller; others must be in the slice. */
export function applyFixed(r: BoundResource, values: Record<string, unknown>, mode: 'add' | 'edit') {
  for (const [name, allowed] of Object.entries(r.def.fixed ?? {})) {
    if (mode === 'add' && values[name] === undefined && allowed.length === 1) values[name] = allowed[0];
    if (values[name] !== undefined && !allowed.includes(String(values[name])))
      throw new BizError(Code.validation, undefined, { fields: { [name]: 'validation.invalidOption' } });
  }
}

/** The tenant a write lands in: the scope tenant; the platform-wide view writes into the platform tenant. */
export function writeTenant(def: ResourceDef, auth: AuthContext): number | undefined {
  if (def.scope === 'global') return undefined;
  // overlay and tenant rows alike land in the tenant being worked in.
  return auth.scopeTenantId ?? auth.tenantId;
}

/** Global ([G]) rows are the platform's: only its super admin changes them. */
export function assertMayWrite(def: ResourceDef, auth: AuthContext) {
  if (def.scope === 'global' && !auth.isSuperAdmin) throw new BizError(Code.forbidden);
}

/** 2005 before the database would refuse: a unique field already held by another live row of the tenant. */
/** `values` are the columns being written, `next` the row as it will be (a pair's other half may be unchanged). */
export async function assertUnique(
  db: Db,
  r: BoundResource,
  values: Record<string, unknown>,
  next: Record<string, unknown>,
  tenantId: number | undefined,
  exceptId?: number,
) {
  for (const f of r.def.fields.filter((x) => (x.unique || x.uniqueWith) && values[x.name] !== undefined && values[x.name] !== null)) {
    const together = (f.uniqueWith ?? []).map((name) => (next[name] === undefined ? undefined : eq(r.columns[name]!, next[name])));
    const conditions: Array<SQL | undefined> = [
      eq(r.columns[f.name]!, values[f.name]),
      ...together,
      r.def.editable ? isNull(r.columns.deletedAt!) : undefined,
      tenantId !== undefined && r.columns.tenantId ? eq(r.columns.tenantId, tenantId) : undefined,
      exceptId !== undefined ? ne(r.columns.id!, exceptId) : undefined,
      ...Object.entries(r.def.fixed ?? {}).map(([name, allowed]) => inArray(r.columns[name]!, [...allowed])),
    ];
    const [clash] = await db
      .select({ id: r.columns.id! })
      .from(r.table)
      .where(and(...conditions))
      .limit(1);
    if (clash) throw new BizError(Code.duplicate, undefined, { fields: { [f.name]: String(values[f.name]) } });
  }
}

const pgCode = (err: unknown) =>
  typeof err === 'object' && err !== null ? ((err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code) : undefined;

/** A missing value or a failed CHECK the declaration did not catch is still the caller's input error, never a 500. */
export const isConstraintViolation = (err: unknown) => ['23502', '23514', '23503'].includes(pgCode(err) ?? '');

/** PostgreSQL's unique violation (of that index, when named), for the race the pre-check cannot close. */
export const isUniqueViolation = (err: unknown, index?: string) => {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e.code ? e : e.cause;
  return pg?.code === '23505' && (index === undefined || pg.constraint === index);
};

/** Replaces the join rows of every idList field the body sent. */
export async function writeLinks(tx: Db, r: BoundResource, id: number, tenantId: number | undefined, body: Record<string, unknown>) {
  for (const [name, link] of Object.entries(r.links ?? {})) {
    const ids = body[name] as number[] | undefined;
    if (ids === undefined) continue;
    await tx.delete(link.table).where(eq(link.owner, id));
    const unique = [...new Set(ids)];
    if (unique.length) {
      await tx.insert(link.table).values(
        unique.map((target) => ({
          [camel(link.owner.name)]: id,
          [camel(link.target.name)]: target,
          ...(link.tenantId && tenantId !== undefined ? { tenantId } : {}),
        })),
      );
    }
  }
}

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * Every reference a write sets points at a live row the row's tenant may use: its own, or the platform's where the
 * target is shared (overlay, global). A product model cannot name another tenant's brand, nor a lot another's
 * supplier, whatever the form sent (2001 on the field). A tree's 0 is its root, not a row.
 */
export async function assertReferences(
  db: Db,
  r: BoundResource,
  values: Record<string, unknown>,
  tenantId: number | undefined,
  resourceOf: (key: string) => BoundResource | undefined,
) {
  for (const f of r.def.fields) {
    const value = values[f.name];
    if (!f.ref || (f.type !== 'ref' && f.type !== 'tree') || f.virtual || value === undefined || value === null) continue;
    if (f.type === 'tree' && Number(value) === 0) continue;
    const target = resourceOf(f.ref.resource);
    if (!target) continue;
    const scope = target.def.scope;
    const tenants = scope === 'global' || tenantId === undefined ? undefined : scope === 'overlay' ? [PLATFORM_TENANT_ID, tenantId] : [tenantId];
    const [found] = await db
      .select({ one: sql`1` })
      .from(target.table)
      .where(
        and(
          eq(target.columns[target.def.refValue ?? 'id']!, value),
          target.def.editable ? isNull(target.columns.deletedAt!) : undefined,
          tenants && target.columns.tenantId ? inArray(target.columns.tenantId, tenants) : undefined,
        ),
      )
      .limit(1);
    if (!found) throw new BizError(Code.validation, undefined, { fields: { [f.name]: 'validation.invalidOption' } });
  }
}
