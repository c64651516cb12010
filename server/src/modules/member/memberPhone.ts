import { sql, type SQL } from 'drizzle-orm';

/**
 * A member's phone beside a row that holds `member_id` (rides, passes, coupons): read by the member's primary key, and
 * searched through the phone's unique index, since a phone names one member of the tenant. `table` is the resource's
 * table as the engine's queries name it (unaliased).
 */
export function memberPhoneOf(table: string): { computed: SQL<string>; filter: (value: unknown) => SQL } {
  const t = sql.raw(table);
  return {
    computed: sql<string>`(SELECT m.phone FROM members m WHERE m.id = ${t}.member_id)`,
    filter: (value) =>
      sql`${t}.member_id IN (SELECT m.id FROM members m WHERE m.tenant_id = ${t}.tenant_id AND m.phone = ${value} AND m.deleted_at IS NULL)`,
  };
}
