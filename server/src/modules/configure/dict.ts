import { PLATFORM_TENANT_ID } from '@kayuh/contract/constants';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dictData } from '../../db/schema.ts';
import { authOf } from '../../platform/access.ts';
import { page } from '../../platform/envelope.ts';
import type { Services } from '../../platform/services.ts';

/**
 * A dictionary's values for selects and status tags (spec §7 POST /system/dict/data/list, form-encoded):
 * platform rows, with the tenant's own rows of the same value taking their place.
 */
export const dictDataRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.post(
    '/system/dict/data/list',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['dict'], summary: "A dictionary's enabled values", body: z.object({ dictType: z.string().trim().min(1).max(100) }) },
    },
    async (req) => {
      const auth = authOf(req);
      const tenantId = auth.scopeTenantId ?? PLATFORM_TENANT_ID;
      const rows = await services.db
        .select()
        .from(dictData)
        .where(
          and(
            eq(dictData.dictType, req.body.dictType),
            eq(dictData.status, '0'),
            isNull(dictData.deletedAt),
            inArray(dictData.tenantId, [PLATFORM_TENANT_ID, tenantId]),
          ),
        )
        .orderBy(asc(dictData.tenantId), asc(dictData.dictSort));
      const byValue = new Map<string, (typeof rows)[number]>();
      for (const row of rows) byValue.set(row.dictValue, row);
      const result = [...byValue.values()]
        .sort((a, b) => a.dictSort - b.dictSort)
        .map((d) => ({
          dictCode: d.id,
          dictType: d.dictType,
          dictValue: d.dictValue,
          dictLabel: d.dictLabel,
          dictSort: d.dictSort,
          listClass: d.listClass,
          cssClass: d.cssClass,
          isDefault: d.isDefault,
        }));
      return page(result, result.length);
    },
  );
};
