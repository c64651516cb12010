import { inArray, and } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cities } from '../../db/schema.ts';
import { invalid } from '../../platform/errors.ts';
import { tenantRows } from '../../platform/scope.ts';

/** Every city listed is one of the tenant's (none listed: every city). */
export async function assertOwnCities(tx: Db, tenantId: number, codes: unknown) {
  const list = codes as number[] | null | undefined;
  if (!list?.length) return;
  const found = await tx
    .select({ code: cities.cityCode })
    .from(cities)
    .where(and(tenantRows(tenantId, cities), inArray(cities.cityCode, list)));
  if (found.length !== list.length) throw invalid({ cityCodes: 'validation.invalidOption' });
}
