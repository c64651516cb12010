import { Code } from '@kayuh/contract/codes';
import { asc, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tenants } from '../../db/schema.ts';
import { authOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { BizError } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';

/** Tenants the super admin can switch into (the header's tenant switcher; sent back as tenant-id). */
export const tenantRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get('/system/tenant/options', {
    config: { access: 'authenticated' },
    schema: { tags: ['tenant'], summary: 'Tenant choices for the super admin' },
  }, async (req) => {
    if (!authOf(req).isSuperAdmin) throw new BizError(Code.forbidden);
    const rows = await services.db.select({ tenantId: tenants.id, tenantCode: tenants.tenantCode, brandName: tenants.brandName })
      .from(tenants).where(isNull(tenants.deletedAt)).orderBy(asc(tenants.id));
    return ok(rows);
  });
};
