import type { CityRow } from '@kayuh/contract/api/system';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cities } from '../../db/schema.ts';
import { authOf } from '../../platform/access.ts';
import { page } from '../../platform/envelope.ts';
import { cityFilter, liveIn } from '../../platform/scope.ts';
import type { Services } from '../../platform/services.ts';

/** The cities the user may see (spec §6), for the city selector. CRUD on cities comes with /configure. */
export const cityRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.post('/system/city/list', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['city'], summary: "The user's visible cities (form-encoded; status 1 = enabled)",
      // Form bodies send 'status=' for "any"; only '0' and '1' filter.
      body: z.object({ status: z.union([z.literal(''), z.coerce.number().int().min(0).max(1)]).optional() }).optional(),
    },
  }, async (req) => {
    const auth = authOf(req);
    const status = req.body?.status === '' ? undefined : req.body?.status;
    const rows = await services.db.select({
      cityCode: cities.cityCode, timeZone: cities.timeZone, status: cities.status, cityName: cities.cityName,
      cityInName: cities.cityInName, countryName: cities.countryName,
    }).from(cities)
      .where(liveIn(auth, cities, cityFilter(auth, cities.cityCode), status === undefined ? undefined : eq(cities.status, status)))
      .orderBy(asc(cities.tenantId), asc(cities.cityCode));
    const result: CityRow[] = rows.map((r) => ({ ...r, timeZone: Number(r.timeZone) }));
    return page(result, result.length);
  });
};
