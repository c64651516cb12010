import { Code } from '@kayuh/contract/codes';
import { cityResource } from '@kayuh/contract/resources/city';
import { and, eq, isNull } from 'drizzle-orm';
import { cities, countries, depts } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { actorUserId } from '../../platform/auth/context.ts';
import { BizError, invalid } from '../../platform/errors.ts';
import { bindResource } from '../../platform/resources/binding.ts';
import { isTimeZone } from '../../platform/timeZone.ts';
import { tenantRows } from '../../platform/scope.ts';

/** The dept a new city hangs under: the tenant's company node (DOMAIN §9.1), else the tenant's top dept. */
async function companyDept(db: Db, tenantId: number) {
  const [dept] = await db
    .select()
    .from(depts)
    .where(and(tenantRows(tenantId, depts), eq(depts.kind, 1)))
    .orderBy(depts.id)
    .limit(1);
  if (!dept) throw new BizError(Code.notFound);
  return dept;
}

/**
 * Cities: the country name is copied from the country; a new city first creates its dept (kind 2) and takes
 * the dept's id as its code (DOMAIN §5.2), so role dept ids and city codes compare directly.
 */
export const cityBinding = bindResource(cityResource, cities, {
  announces: 'auth',
  async check({ values, tx }) {
    if (values.ianaTz !== undefined && !isTimeZone(String(values.ianaTz))) throw invalid({ ianaTz: 'validation.timeZone' });
    if (values.countryId !== undefined) {
      const [country] = await tx
        .select()
        .from(countries)
        .where(and(eq(countries.id, Number(values.countryId)), isNull(countries.deletedAt)));
      if (!country) throw invalid({ countryId: 'validation.invalidOption' });
      values.countryName = country.nameIn;
    }
  },
  async create({ tx, values, auth }) {
    const tenantId = Number(values.tenantId);
    const parent = await companyDept(tx, tenantId);
    const [dept] = await tx
      .insert(depts)
      .values({
        tenantId,
        parentId: parent.id,
        ancestors: `${parent.ancestors},${parent.id}`,
        deptName: String(values.cityInName),
        kind: 2,
        orderNum: 99,
        createdBy: actorUserId(auth),
        updatedBy: actorUserId(auth),
      })
      .returning();
    await tx.update(depts).set({ cityCode: dept!.id }).where(eq(depts.id, dept!.id));
    const [city] = await tx
      .insert(cities)
      .values({ ...(values as typeof cities.$inferInsert), cityCode: dept!.id })
      .returning();
    return city as Record<string, unknown>;
  },
});
