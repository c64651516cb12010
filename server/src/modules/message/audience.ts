import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cities, roles, userRoles, users } from '../../db/schema.ts';
import { seesCity } from '../../platform/auth/roles.ts';
import { tenantRows } from '../../platform/scope.ts';

/** Who a notice is for: chosen users, a role's holders, a city's staff, or everyone of the tenant. */
export type Audience = { userIds: readonly number[] } | { roleId: number } | { cityCode: number } | { tenant: true };

/**
 * The live, enabled users of one tenant that an audience names (never another tenant's, never a disabled or
 * removed account). A city's staff are those whose roles see the city (DOMAIN §5.3), including all-city roles.
 */
export async function resolveAudience(db: Db, tenantId: number, audience: Audience): Promise<number[]> {
  const active = and(tenantRows(tenantId, users), eq(users.status, '0'));
  let rows: Array<{ id: number }>;
  if ('userIds' in audience) {
    if (!audience.userIds.length) return [];
    rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(active, inArray(users.id, [...audience.userIds])));
  } else if ('roleId' in audience) {
    rows = await db
      .select({ id: users.id })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(active, eq(userRoles.roleId, audience.roleId), tenantRows(tenantId, roles)));
  } else if ('cityCode' in audience) {
    // All-city roles see every city of their own tenant only: another tenant's city has no staff here.
    const [city] = await db
      .select({ code: cities.cityCode })
      .from(cities)
      .where(and(eq(cities.cityCode, audience.cityCode), tenantRows(tenantId, cities)))
      .limit(1);
    if (!city) return [];
    rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(active, seesCity(city.code)));
  } else {
    rows = await db.select({ id: users.id }).from(users).where(active);
  }
  return [...new Set(rows.map((r) => r.id))].sort((a, b) => a - b);
}

/** Whether every id names a live, enabled user of the tenant (a send form's check). */
export async function allActiveStaff(db: Db, tenantId: number, userIds: readonly number[]): Promise<boolean> {
  const found = await resolveAudience(db, tenantId, { userIds });
  return found.length === new Set(userIds).size;
}
