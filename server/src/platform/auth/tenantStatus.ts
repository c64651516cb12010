import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tenants } from '../../db/schema.ts';

/** A tenant works while it is enabled and its subscription has not run out (DOMAIN §5.1). */
export async function tenantIsActive(db: Db, tenantId: number, now = new Date()): Promise<boolean> {
  const [tenant] = await db.select({ status: tenants.status, expireAt: tenants.expireAt, deletedAt: tenants.deletedAt })
    .from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return !!tenant && tenant.status === '0' && !tenant.deletedAt && (!tenant.expireAt || tenant.expireAt > now);
}
