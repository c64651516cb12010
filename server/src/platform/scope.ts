import { and, eq, getTableColumns, inArray, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuthContext } from './auth/context.ts';

/** Tenant filter for a tenant-owned table: the scope tenant, or none for the super-admin's platform-wide view. */
export function tenantFilter(auth: Pick<AuthContext, 'scopeTenantId'>, column: PgColumn): SQL | undefined {
  return auth.scopeTenantId === null ? undefined : eq(column, auth.scopeTenantId);
}

/**
 * City filter (DOMAIN §5.3): all cities of the scope when a role holds dept 1, else the cities whose code
 * is one of the roles' dept ids — the same rule the web applies to its city selector.
 */
export function cityFilter(auth: Pick<AuthContext, 'allCities' | 'deptIds'>, column: PgColumn): SQL | undefined {
  if (auth.allCities) return undefined;
  return auth.deptIds.length ? inArray(column, auth.deptIds) : eq(column, -1);
}

type ScopeCaller = Pick<AuthContext, 'scopeTenantId' | 'allCities' | 'deptIds'>;

interface ScopeColumns {
  tenantId?: PgColumn;
  cityCode?: PgColumn;
  deletedAt?: PgColumn;
}
const scopeColumns = new WeakMap<PgTable, ScopeColumns>();

function columnsOf(table: PgTable): ScopeColumns {
  let found = scopeColumns.get(table);
  if (!found) {
    const all = getTableColumns(table) as Record<string, PgColumn>;
    found = { tenantId: all.tenantId, cityCode: all.cityCode, deletedAt: all.deletedAt };
    scopeColumns.set(table, found);
  }
  return found;
}

/**
 * The rows of a table the caller may see, for hand-written routes (dashboards, maps, boards, commands) as the engine's
 * scopeConditions is for declared resources: the scope tenant's (every tenant's for the super-admin's platform view)
 * where the table has `tenantId`, the caller's cities where it has `cityCode` (DOMAIN §5.3), and not soft-deleted
 * where it has `deletedAt`. A new table gets all three by having the columns; `cities: false` is for tenant-wide
 * figures a city-bound caller may still see (say so where you use it), `deleted: true` for history that names
 * removed rows.
 */
export function visibleRows(auth: ScopeCaller, table: PgTable, options: { cities?: boolean; deleted?: boolean } = {}): SQL | undefined {
  const { tenantId, cityCode, deletedAt } = columnsOf(table);
  return and(
    tenantId ? tenantFilter(auth, tenantId) : undefined,
    cityCode && options.cities !== false ? cityFilter(auth, cityCode) : undefined,
    deletedAt && !options.deleted ? isNull(deletedAt) : undefined,
  );
}

/** One tenant's live rows whoever asks (a hook's row's tenant, a job's): visibleRows for a tenant rather than a caller. */
export const tenantRows = (tenantId: number, table: PgTable): SQL | undefined =>
  visibleRows({ scopeTenantId: tenantId, allCities: true, deptIds: [] }, table);
