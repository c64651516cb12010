import { eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AuthContext } from './auth/context.ts';

/** Tenant filter for a tenant-owned table: the scope tenant, or none for the super-admin's platform-wide view. */
export function tenantFilter(auth: AuthContext, column: PgColumn): SQL | undefined {
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
