import { InvoiceStatus, PrintDocType } from '@kayuh/contract/api/invoices';
import { Code } from '@kayuh/contract/codes';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoices } from '../../db/schema.ts';
import { authOf } from '../../platform/access.ts';
import { BizError, notFound } from '../../platform/errors.ts';
import { sendPrintedPdf } from '../../platform/pdf/printedPdf.ts';
import type { Services } from '../../platform/services.ts';
import { renderInvoicePdf, type InvoiceSeller } from './invoicePdf.ts';

/**
 * An issued (or voided) invoice as a PDF (GET /api/payment/invoice/{invoiceId}/pdf). Each download is a print: it is
 * journaled in print_records (the print list), with who took it.
 */
export const invoiceRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/payment/invoice/:invoiceId/pdf',
    {
      config: { access: 'payment:invoiceListPage:view' },
      schema: {
        params: z.object({ invoiceId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
        tags: ['payment'],
        summary: 'An issued invoice as a PDF (A4); the download is journaled as a print',
      },
    },
    async (req, reply) => {
      const auth = authOf(req);
      const [invoice] = await services.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, req.params.invoiceId), eq(invoices.tenantId, auth.scopeTenantId ?? -1), isNull(invoices.deletedAt)));
      if (!invoice) throw notFound();
      if ((invoice.status !== InvoiceStatus.issued && invoice.status !== InvoiceStatus.voided) || !invoice.seller)
        throw new BizError(Code.transitionNotAllowed, 'invoice.notIssued');
      const bytes = await renderInvoicePdf(invoice, invoice.seller as InvoiceSeller);
      req.resultCode = Code.ok;
      const doc = { tenantId: invoice.tenantId, docType: PrintDocType.invoice, refType: 'invoice', refId: invoice.id, refNo: invoice.invoiceNo };
      return sendPrintedPdf(services.db, req, reply, doc, bytes);
    },
  );
};
