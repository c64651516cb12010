import type { DeptRow } from '@kayuh/contract/api/system';
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { depts } from '../../db/schema.ts';
import { authOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { allOf, scopeConditions } from '../../platform/resources/queries.ts';
import { deptBinding } from './deptTree.ts';
import type { Services } from '../../platform/services.ts';

/** The organisation tree of the scope tenant (spec §7 GET /system/dept/list?type=sys), scoped as the dept resource is. */
export const deptRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/system/dept/list',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['dept'],
        summary: 'Departments as a flat list (deptId, parentId, ancestors)',
        querystring: z.object({ type: z.enum(['sys']).optional() }),
      },
    },
    async (req) => {
      const auth = authOf(req);
      const rows = await services.db
        .select()
        .from(depts)
        .where(allOf(scopeConditions(deptBinding, auth)))
        .orderBy(asc(depts.parentId), asc(depts.orderNum), asc(depts.id));
      const result: DeptRow[] = rows.map((d) => ({
        deptId: d.id,
        parentId: d.parentId,
        ancestors: d.ancestors,
        deptName: d.deptName,
        orderNum: d.orderNum,
        kind: d.kind,
        cityCode: d.cityCode,
        status: d.status,
        tenantId: d.tenantId,
      }));
      return ok(result);
    },
  );
};
