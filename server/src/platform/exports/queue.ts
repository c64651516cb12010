import type { Lang } from '@kayuh/contract/lang';
import { exportJobs } from '../../db/schema.ts';
import type { AuthContext } from '../auth/context.ts';
import { nextBusinessNo } from '../businessNo.ts';
import type { BoundResource } from '../resources/binding.ts';
import type { Services } from '../services.ts';
import type { ExportJobContext } from './worker.ts';

/** Queues a list export as a durable job (DOMAIN §3.16 state 0); the worker picks it up, even after a restart. */
export async function queueExport(services: Services, r: BoundResource, auth: AuthContext, query: Record<string, unknown>, lang: Lang) {
  const { db, catalogues } = services;
  const { id, no: jobNo } = await nextBusinessNo(db, 'export_jobs', 'EX');
  const { pageNum: _p, pageSize: _s, ...filters } = query;
  const context: ExportJobContext = {
    lang,
    scope: { scopeTenantId: auth.scopeTenantId, allCities: auth.allCities, deptIds: auth.deptIds, userId: auth.userId },
  };
  await db.insert(exportJobs).values({
    id,
    tenantId: auth.scopeTenantId ?? auth.tenantId,
    jobNo,
    module: r.def.module,
    pageKey: r.def.page,
    resourceKey: r.def.key,
    title: await catalogues.t(lang, `menu.${r.def.module}.${r.def.page}`),
    query: filters,
    scope: context,
    requestedBy: auth.userId,
    createdBy: auth.userId,
    updatedBy: auth.userId,
  });
  return { jobNo, jobId: id };
}
