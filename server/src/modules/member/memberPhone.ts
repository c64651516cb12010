import { sql, type SQL } from 'drizzle-orm';

/**
 * A member's phone beside a row that holds `member_id` (rides, passes, coupons): read by the member's primary key, and
 * searched once per query — the tenant's one member of that phone (members_phone_uq), whose rows are then read along
 * their member index, newest first; for a caller of every tenant (the platform), each tenant's member of it
 * (members_phone_idx). A subquery correlated on the row's tenant instead ran for every row the list walked: 55 s over a
 * year of points history. `table` is the resource's table as the engine's queries name it (unaliased).
 */
export function memberPhoneOf(table: string): { computed: SQL<string>; filter: (value: unknown, tenant: unknown) => SQL } {
  const t = sql.raw(table);
  return {
    computed: sql<string>`(SELECT m.phone FROM members m WHERE m.id = ${t}.member_id)`,
    filter: (value, tenant) =>
      tenant === null
        ? sql`${t}.member_id = ANY (ARRAY(SELECT m.id FROM members m WHERE m.phone = ${value} AND m.deleted_at IS NULL))`
        : sql`${t}.member_id = (SELECT m.id FROM members m WHERE m.tenant_id = ${tenant} AND m.phone = ${value} AND m.deleted_at IS NULL)`,
  };
}
