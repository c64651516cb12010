import { SETTLEMENT_REPORT_MAX_BYTES } from '@kayuh/contract/api/reconciliation';
import { Code } from '@kayuh/contract/codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../platform/access.ts';
import { actorUserId } from '../../platform/auth/context.ts';
import { ok } from '../../platform/envelope.ts';
import { BizError, invalid, notFound } from '../../platform/errors.ts';
import { readUpload } from '../../platform/imports/upload.ts';
import type { Services } from '../../platform/services.ts';
import { channelById, isSandboxChannel, type Gateways } from './gatewayLinks.ts';
import { importSettlementReport } from './reconciliation.ts';

const DAY_MS = 86_400_000;

/**
 * Reconciliation with the gateways (docs/payments.md): finance imports a channel's settlement report (CSV, as the
 * gateway's dashboard exports it), and for the demo's sandbox channels downloads the report the sandbox would publish.
 */
export const reconciliationRoutes: FastifyPluginAsyncZod<{ services: Services; gateways: Gateways }> = async (app, { services, gateways }) => {
  app.post(
    '/payment/merchant/settlementImport',
    {
      config: { access: 'payment:merchantListPage:import', audit: { title: 'menu.payment.merchantListPage', businessType: 6 } },
      schema: {
        tags: ['payment'],
        summary: "Import a channel's settlement report (multipart: channelId, file)",
        description:
          "The gateway's CSV (Midtrans's settlement report, Xendit's transactions report). Every line is matched to a paid order of the channel; what the matched lines settle is posted (channel fee, bank settlement). The same file again: 2005.",
        consumes: ['multipart/form-data'],
      },
    },
    async (req) => {
      const auth = authOf(req);
      const upload = await readUpload(req, { fileField: 'file', maxBytes: SETTLEMENT_REPORT_MAX_BYTES });
      const channelId = Number(upload.fields.channelId);
      // The journal keeps the file's name, never its lines.
      req.body = { channelId: upload.fields.channelId?.slice(0, 20), file: upload.file.name.slice(0, 200) };
      if (!Number.isSafeInteger(channelId) || channelId <= 0) throw invalid({ channelId: 'validation.required' });
      const tenantId = auth.scopeTenantId;
      if (tenantId === null || tenantId === undefined) throw notFound();
      return ok(
        await importSettlementReport(services.db, {
          tenantId,
          channelId,
          fileName: upload.file.name,
          bytes: upload.file.bytes,
          userId: actorUserId(auth)!,
        }),
      );
    },
  );

  app.post(
    '/payment/sandbox/settlementReport',
    {
      config: { access: 'payment:merchantListPage:view' },
      schema: {
        body: z.object({ channelId: z.number().int().positive(), days: z.number().int().min(1).max(31).default(1) }),
        tags: ['payment'],
        summary: "The settlement report a demo channel's sandbox publishes (CSV) for the last days",
      },
    },
    async (req, reply) => {
      const channel = await channelById(services.db, req.body.channelId);
      if (!channel || channel.tenantId !== authOf(req).scopeTenantId || channel.deletedAt) throw notFound();
      if (!isSandboxChannel(channel) || channel.channelCode === 'IAK') throw new BizError(Code.transitionNotAllowed, 'payment.notSandbox');
      const to = new Date();
      const csv = await gateways.settlementReport(channel, { from: new Date(to.getTime() - req.body.days * DAY_MS), to });
      req.resultCode = Code.ok;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${channel.channelCode}-settlement-${to.toISOString().slice(0, 10)}.csv"`)
        .send(csv);
    },
  );
};
