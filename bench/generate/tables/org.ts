// The operator tenants (ids from 1001, codes BENCH1…), their depts — a company node under dept 1 and a city node per
// city, whose id is the city's code (DOMAIN §5.6) — and their cities. Shaped as the demo seed and city/add make them.
import { ALL_CITIES_DEPT_ID } from '@kayuh/contract/constants';
import { DEFAULT_LANG } from '@kayuh/contract/lang';
import { INDONESIA_ID, STANDARD_PACKAGE_ID } from '../../../server/src/db/seed/base.ts';
import { starterName } from '../../../server/src/db/seed/starterNames.ts';
import { cities, depts, tenants } from '../../../server/src/db/schema.ts';
import { DAY_MS, FIRST_TENANT_ID, stamped } from '../context.ts';
import { defineTable } from '../spec.ts';

export const orgTables = [
  defineTable({
    table: tenants,
    *rows(rng, ctx) {
      for (const t of ctx.tenants) {
        yield {
          id: t.id,
          tenantCode: t.code,
          companyName: `PT Uji Beban ${t.brand}`,
          brandName: t.brand,
          contactUserName: `Ops ${t.brand}`,
          contactPhone: `+62 21 ${rng.int(5000, 5999)} ${rng.int(1000, 9999)}`,
          email: `ops@${t.prefix}.example`,
          address: `Jl. Uji No. ${rng.int(1, 200)}, ${t.cities[0]!.name}`,
          countryId: INDONESIA_ID,
          packageId: STANDARD_PACKAGE_ID,
          ...stamped(new Date(ctx.asOf.getTime() - 800 * DAY_MS)),
        };
      }
    },
  }),
  defineTable({
    table: depts,
    *rows(_rng, ctx) {
      const at = stamped(new Date(ctx.asOf.getTime() - 800 * DAY_MS));
      for (const t of ctx.tenants) {
        const name = starterName(DEFAULT_LANG, 'companyDept', { brand: t.brand });
        const ancestors = `0,${ALL_CITIES_DEPT_ID}`;
        yield { id: t.companyDeptId, tenantId: t.id, parentId: ALL_CITIES_DEPT_ID, ancestors, deptName: name, kind: 1, orderNum: t.id, ...at };
        for (const [i, c] of t.cities.entries()) {
          yield {
            id: c.cityCode,
            tenantId: t.id,
            parentId: t.companyDeptId,
            ancestors: `${ancestors},${t.companyDeptId}`,
            deptName: c.name,
            kind: 2,
            cityCode: c.cityCode,
            orderNum: i + 1,
            ...at,
          };
        }
      }
    },
    references: [[depts.parentId, depts.id]],
    rules: [
      {
        name: 'dept whose ancestors are not its parent’s plus the parent',
        sql: `SELECT count(*) FROM depts d JOIN depts p ON p.id = d.parent_id WHERE d.tenant_id >= ${FIRST_TENANT_ID} AND d.ancestors <> p.ancestors || ',' || p.id`,
      },
      {
        name: 'city dept without its city',
        sql: `SELECT count(*) FROM depts d WHERE d.kind = 2 AND d.tenant_id >= ${FIRST_TENANT_ID} AND d.city_code IS DISTINCT FROM d.id`,
      },
    ],
  }),
  defineTable({
    table: cities,
    *rows(_rng, ctx) {
      for (const [i, c] of ctx.cities.entries()) {
        yield {
          id: i + 1,
          tenantId: c.tenantId,
          cityCode: c.cityCode,
          cityName: c.zh,
          cityInName: c.name,
          countryId: INDONESIA_ID,
          countryName: 'Indonesia',
          timeZone: String(c.tz),
          ianaTz: c.iana,
          centerLat: c.lat.toFixed(6),
          centerLng: c.lng.toFixed(6),
          currency: 'IDR',
          ...stamped(new Date(ctx.asOf.getTime() - (790 - i) * DAY_MS)),
        };
      }
    },
    references: [[cities.cityCode, depts.id]],
  }),
];
