import { Code } from '@kayuh/contract/codes';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportJobs } from '../../db/schema.ts';
import { authOf } from '../../platform/access.ts';
import { BizError } from '../../platform/errors.ts';
import { visibleRows } from '../../platform/scope.ts';
import type { Services } from '../../platform/services.ts';

/**
 * The file of a finished export, only to who may see the job: its requester, or a user whose roles see
 * every city of the tenant (the Download Center's own rule). Others get "not found".
 */
export const downloadRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/system/export/download/:jobId',
    {
      config: { access: 'configure:downloadList:view' },
      schema: { tags: ['downloadList'], summary: 'Download an export file', params: z.object({ jobId: z.coerce.number().int().positive() }) },
    },
    async (req, reply) => {
      const auth = authOf(req);
      const [job] = await services.db
        .select()
        .from(exportJobs)
        .where(
          and(
            eq(exportJobs.id, req.params.jobId),
            visibleRows(auth, exportJobs),
            auth.allCities ? undefined : eq(exportJobs.requestedBy, auth.userId),
          ),
        )
        .limit(1);
      if (!job) throw new BizError(Code.notFound);
      if (job.status !== 2 || !job.filePath || !(await services.files.exists(job.filePath))) throw new BizError(Code.transitionNotAllowed);
      const ext = job.format === 2 ? 'csv' : 'xlsx';
      const type = ext === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
      return reply
        .type(type)
        .header(
          'content-disposition',
          `attachment; filename="${job.jobNo}.${ext}"; filename*=UTF-8''${encodeURIComponent(`${job.title}-${job.jobNo}.${ext}`)}`,
        )
        .header('content-length', String(job.fileSize ?? (await services.files.size(job.filePath))))
        .send(services.files.read(job.filePath));
    },
  );
};
