import { displayZone, type DisplayZone } from '@kayuh/contract/rules/zone';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cities } from '../../db/schema.ts';

/** The clock an export writes its times on: the chosen city's, else the tenant's first city's (see contract/rules/zone). */
export async function exportZone(db: Db, tenantId: number | null, cityCode: unknown): Promise<DisplayZone> {
  const code = Number(cityCode);
  const conditions = [isNull(cities.deletedAt), tenantId !== null ? eq(cities.tenantId, tenantId) : undefined];
  const [city] =
    Number.isSafeInteger(code) && code > 0
      ? await db
          .select({ tz: cities.timeZone })
          .from(cities)
          .where(and(eq(cities.cityCode, code), ...conditions))
          .limit(1)
      : await db
          .select({ tz: cities.timeZone })
          .from(cities)
          .where(and(...conditions))
          .orderBy(asc(cities.cityCode))
          .limit(1);
  return displayZone(city ? Number(city.tz) : undefined);
}
