import { parseLang } from '@kayuh/contract/lang';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { exportJobs, users } from '../../db/schema.ts';
import type { ExportJobContext } from '../../platform/exports/worker.ts';
import type { Services } from '../../platform/services.ts';
import { notify } from './notify.ts';

/** Where an export is followed and downloaded. */
export const DOWNLOAD_CENTER_ROUTE = '/configure/downloadList';
/** export_jobs_status (DOMAIN §3.16): the two ends a requester hears of. */
const DONE = 2;
const FAILED = 3;

/**
 * Tells an export's requester that it is ready or has failed (DOMAIN §2.9), wherever they are in the console:
 * a titled notice, in the language they asked in, linking to the Download Center. The requester's own tenant
 * receives it (the super admin may have exported another tenant's list).
 */
export async function notifyExportSettled(services: Pick<Services, 'db' | 'live' | 'catalogues'>, jobId: number, log?: FastifyBaseLogger) {
  const [job] = await services.db
    .select({
      status: exportJobs.status,
      title: exportJobs.title,
      jobNo: exportJobs.jobNo,
      rowCount: exportJobs.rowCount,
      scope: exportJobs.scope,
      requestedBy: exportJobs.requestedBy,
      requesterTenantId: users.tenantId,
      requesterLang: users.lang,
    })
    .from(exportJobs)
    .innerJoin(users, eq(users.id, exportJobs.requestedBy))
    .where(eq(exportJobs.id, jobId))
    .limit(1);
  if (!job || (job.status !== DONE && job.status !== FAILED)) return;
  const lang = parseLang((job.scope as ExportJobContext | null)?.lang ?? job.requesterLang);
  const t = (key: string, params?: Record<string, string | number>) => services.catalogues.t(lang, key, params, job.requesterTenantId);
  const params = { title: job.title, jobNo: job.jobNo, rows: String(job.rowCount ?? 0) };
  const done = job.status === DONE;
  await notify(
    services,
    {
      tenantId: job.requesterTenantId,
      audience: { userIds: [job.requestedBy] },
      bizCmd: 'titleMessage',
      title: await t(done ? 'engine.exportReady' : 'engine.exportFailed'),
      message: await t(done ? 'engine.exportReadyText' : 'engine.exportFailedText', params),
      url: DOWNLOAD_CENTER_ROUTE,
    },
    log,
  );
}
