import { tenants } from '../../db/schema.ts';

/** The tenant columns that decide whether its staff may work; select them with the user, in one query. */
export const tenantState = { status: tenants.status, expireAt: tenants.expireAt, deletedAt: tenants.deletedAt };

/** A tenant works while it is enabled and its subscription has not run out (DOMAIN §5.1). */
export function isTenantActive(
  tenant: { status: string; expireAt: Date | null; deletedAt: Date | null } | null | undefined,
  now = new Date(),
): boolean {
  return !!tenant && tenant.status === '0' && !tenant.deletedAt && (!tenant.expireAt || tenant.expireAt > now);
}
