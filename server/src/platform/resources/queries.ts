import { PLATFORM_TENANT_ID } from '@kayuh/contract/constants';
import type { ResourceDef } from '@kayuh/contract/resources/types';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  is,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  sql,
  type Column,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { PgColumn } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../auth/context.ts';
import { toColumnValue, type BoundResource } from './binding.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * How a condition carries its value: as a parameter of this one query (`direct`), or as a placeholder of a prepared
 * statement (`Placeholders`), whose values are collected as the conditions are made and whose tags spell the
 * query's shape, so one statement serves every call of that shape.
 */
export interface Binder {
  value(tag: string, value: unknown): unknown;
  /** The column is one of these values. */
  oneOf(tag: string, column: Column, values: unknown[]): SQL;
}

export const direct: Binder = {
  value: (_tag, value) => value,
  oneOf: (_tag, column, values) => inArray(column, values),
};

export class Placeholders implements Binder {
  private readonly tags: string[] = [];
  readonly values: Record<string, unknown> = {};

  value(tag: string, value: unknown) {
    const name = `p${this.tags.length}`;
    this.tags.push(tag);
    this.values[name] = value;
    return sql.placeholder(name);
  }

  /**
   * One value is an equality (its own shape), which an index ordered after that column serves in order — a type's
   * page of the ticket list reads tickets_city_type_idx newest first; `= any(array)` could not promise that order.
   */
  oneOf(tag: string, column: Column, values: unknown[]): SQL {
    if (values.length === 1) return sql`${column} = ${this.value(tag, values[0])}`;
    return sql`${column} = any(${this.value(`${tag}[]`, values)})`;
  }

  /**
   * The shape of the conditions made so far: which ones, in which order (not their values). Tags name their
   * origin (scope., filter., city) so conditions of different origin never make the same shape.
   */
  get shape(): string {
    return this.tags.join('|');
  }
}

/** What decides which rows a caller sees; an export job stores it so the worker sees the same. */
export type RowScope = Pick<AuthContext, 'scopeTenantId' | 'allCities' | 'deptIds' | 'userId'>;

/**
 * The rows a caller may see ('read') or change ('write'): live, in the scope tenant — for overlay resources the
 * platform's rows are read by everyone but written only by the platform — and in a visible city.
 */
export function scopeConditions(r: BoundResource, auth: RowScope, purpose: 'read' | 'write' = 'read', bind: Binder = direct): Array<SQL | undefined> {
  const c = r.columns;
  const tenant = auth.scopeTenantId;
  const overlayRead = r.def.scope === 'overlay' && purpose === 'read';
  return [
    r.def.editable ? isNull(c.deletedAt!) : undefined,
    r.def.scope !== 'global' && tenant !== null
      ? overlayRead
        ? bind.oneOf('scope.tenants', c.tenantId!, [PLATFORM_TENANT_ID, tenant])
        : eq(c.tenantId!, bind.value('scope.tenant', tenant))
      : undefined,
    r.def.cityScoped ? cityCondition(auth, c.cityCode!, bind, r.noCityIsEveryCity) : undefined,
    r.def.ownerField && !auth.allCities ? eq(c[r.def.ownerField]!, bind.value('scope.owner', auth.userId)) : undefined,
    ...Object.entries(r.def.fixed ?? {}).map(([name, values]) => bind.oneOf(`scope.fixed.${name}`, c[name]!, [...values])),
  ];
}

/**
 * A [C] row is seen by all-city roles, else only in the cities of the caller's role depts (none: no row) — and, where
 * a row may have no city yet (a member who named none at sign-up), by every city's staff.
 */
function cityCondition(auth: Pick<AuthContext, 'allCities' | 'deptIds'>, column: Column, bind: Binder, noCityIsEveryCity = false): SQL | undefined {
  if (auth.allCities) return undefined;
  const inCities = bind.oneOf('scope.cities', column, auth.deptIds.length ? [...auth.deptIds] : [-1]);
  return noCityIsEveryCity ? or(inCities, isNull(column)) : inCities;
}

/**
 * Declared filters → conditions; the query was validated by the resource's list schema first. `scope` is the caller's
 * (RowScope): a computed filter may narrow its own lookup to the scope's tenant (a member's phone).
 */
export function filterConditions(
  r: BoundResource,
  q: Record<string, unknown>,
  bind: Binder = direct,
  scope?: Pick<RowScope, 'scopeTenantId'>,
): Array<SQL | undefined> {
  const out: Array<SQL | undefined> = [];
  for (const f of r.def.fields) {
    if (f.computed) {
      // Not a column: the binding's own condition (an entry's transaction kind, through the transactions' index).
      if (f.filter === 'eq' && q[f.name] !== undefined) {
        const tenant = scope?.scopeTenantId ?? null;
        out.push(
          r.computedFilters![f.name]!(bind.value(`filter.${f.name}`, q[f.name]), tenant === null ? null : bind.value('filter.tenant', tenant)),
        );
      }
      continue;
    }
    const column = r.columns[f.name]!;
    const value = (key: string) => bind.value(`filter.${key}`, toColumnValue(column, q[key]));
    switch (f.filter) {
      case 'eq':
        if (q[f.name] !== undefined) out.push(eq(column, value(f.name)));
        break;
      case 'like':
        if (q[f.name]) out.push(ilike(column, bind.value(`filter.${f.name}~`, `%${escapeLike(String(q[f.name]))}%`) as string | SQLWrapper));
        break;
      case 'in': {
        const values = q[f.name] as unknown[] | undefined;
        if (values?.length)
          out.push(
            bind.oneOf(
              `filter.${f.name}`,
              column,
              values.map((v) => toColumnValue(column, v)),
            ),
          );
        break;
      }
      case 'range':
        if (q[`${f.name}From`] !== undefined) out.push(gte(column, value(`${f.name}From`)));
        if (q[`${f.name}To`] !== undefined) out.push(lte(column, value(`${f.name}To`)));
        break;
    }
  }
  return out;
}

/** City chosen in the selector: 1 or empty = every visible city (DOMAIN §0.5); a row of no city is every city's where the resource says so. */
export function cityChoice(r: BoundResource, cityCode: unknown, bind: Binder = direct): SQL | undefined {
  if (!r.def.cityScoped || cityCode === undefined || Number(cityCode) === 1) return undefined;
  const chosen = eq(r.columns.cityCode!, bind.value('city', Number(cityCode)));
  return r.noCityIsEveryCity ? or(chosen, isNull(r.columns.cityCode!)) : chosen;
}

/** Only declared sortable fields can order a list; the id breaks ties so pages never overlap. */
/** The list's sort: a whitelisted column (or the declared default) and its direction, then the id the same way. */
export function sortOf(r: BoundResource, q: Record<string, unknown>) {
  const def: ResourceDef = r.def;
  const requested = typeof q.orderByColumn === 'string' ? q.orderByColumn : undefined;
  const field = requested && def.fields.some((f) => f.name === requested && f.sortable) ? requested : def.defaultSort.field;
  const ascending = requested ? q.isAsc === 'asc' || q.isAsc === 'ascending' : def.defaultSort.order === 'asc';
  return { field, column: (r.columns[field] ?? r.computed?.[field])!, ascending };
}

/** The columns that break ties in a list's order, the same way as the sort: the id, or a view's key (its grain). */
export const tieColumns = (r: BoundResource): PgColumn[] => (r.def.view ? r.def.view.key.map((name) => r.columns[name]!) : [r.columns.id!]);

export function orderOf(r: BoundResource, q: Record<string, unknown>) {
  const { column, ascending } = sortOf(r, q);
  const way = ascending ? asc : desc;
  return [way(column), ...tieColumns(r).map((tie) => way(tie))];
}

/**
 * The rows after a cursor in the list's order (keyset paging, so a deep page costs what the first does).
 * PostgreSQL sorts NULLs last ascending and first descending; the cursor's condition follows that.
 */
export function afterCursor(
  r: BoundResource,
  sort: ReturnType<typeof sortOf>,
  cursor: { value: unknown; tie: unknown[] },
  bind: Binder = direct,
): SQL {
  const { column, ascending } = sort;
  const ties = tieColumns(r);
  // Past the cursor's row among rows of the same sort value: its tie columns compared in order.
  const afterTies = (i: number): SQL => {
    const tie = ties[i]!;
    const at = () => bind.value(`cursor.tie${i}`, cursor.tie[i]);
    const beyond = ascending ? gt(tie, at()) : lt(tie, at());
    return i === ties.length - 1 ? beyond : or(beyond, and(eq(tie, at()), afterTies(i + 1)))!;
  };
  // A sort column and ties that hold no NULL: one row comparison, which the index behind the order answers as a range.
  if (is(column, PgColumn) && column.notNull && ties.every((tie) => tie.notNull) && cursor.value !== null && cursor.value !== undefined) {
    const at = [bind.value('cursor.value', cursor.value), ...ties.map((_, i) => bind.value(`cursor.tie${i}`, cursor.tie[i]))].map((v) => sql`${v}`);
    const row = sql`(${sql.join([column, ...ties], sql`, `)})`;
    return ascending ? sql`${row} > (${sql.join(at, sql`, `)})` : sql`${row} < (${sql.join(at, sql`, `)})`;
  }
  if (cursor.value === null || cursor.value === undefined) {
    return ascending ? and(isNull(column), afterTies(0))! : or(isNotNull(column), and(isNull(column), afterTies(0)))!;
  }
  const value = () => bind.value('cursor.value', cursor.value);
  const sameThenTies = and(eq(column, value()), afterTies(0))!;
  return ascending ? or(gt(column, value()), sameThenTies, isNull(column))! : or(lt(column, value()), sameThenTies)!;
}

export const allOf = (conditions: Array<SQL | undefined>) => and(...conditions);
