import { PrintDocType } from '@kayuh/contract/api/invoices';
import { Code } from '@kayuh/contract/codes';
import { investorSettlementResource, partnerSettlementResource, settlementResource } from '@kayuh/contract/resources/settlements';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { settlements, settlementShareLines, tenants } from '../../../db/schema.ts';
import { authOf } from '../../../platform/access.ts';
import { notFound } from '../../../platform/errors.ts';
import { sendPrintedPdf } from '../../../platform/pdf/printedPdf.ts';
import type { Services } from '../../../platform/services.ts';
import { partyNameOf } from './shareEntries.ts';
import { renderStatementPdf } from './statementPdf.ts';

/** The account a party's payout goes to, as its bank details read (a technician's is kept outside the console). */
const bankOf = sql<string | null>`NULLIF(CASE settlements.party_type
  WHEN 1 THEN (SELECT concat_ws(' · ', m.bank_name, m.bank_account_masked, m.account_holder) FROM merchants m WHERE m.id = settlements.party_id)
  WHEN 4 THEN NULL
  ELSE (SELECT concat_ws(' · ', p.bank_name, p.bank_account_masked, p.account_holder) FROM partner_agencies p WHERE p.id = settlements.party_id) END, '')`;

/**
 * A settlement's statement as a PDF (docs/settlements.md), from each page that lists settlements:
 * GET <page api>/{settlementId}/statement, with the page's view permission — a partners' page only its own party
 * type's. Each download is a print, journaled in print_records (doc type 5) with who took it.
 */
export const statementRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  for (const def of [partnerSettlementResource, investorSettlementResource, settlementResource]) {
    const partyTypes = def.fixed?.partyType?.map(Number);
    app.get(
      `${def.api}/:settlementId/statement`,
      {
        config: { access: `${def.module}:${def.page}:view` as const },
        schema: {
          params: z.object({ settlementId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
          tags: [def.module],
          summary: "A settlement's statement as a PDF (A4): the party, the period, its lines and totals; journaled as a print",
        },
      },
      async (req, reply) => {
        const auth = authOf(req);
        const [found] = await services.db
          .select({ s: settlements, partyName: partyNameOf('settlements'), bank: bankOf, operator: tenants.companyName })
          .from(settlements)
          .innerJoin(tenants, eq(tenants.id, settlements.tenantId))
          .where(
            and(
              eq(settlements.id, req.params.settlementId),
              eq(settlements.tenantId, auth.scopeTenantId ?? -1),
              isNull(settlements.deletedAt),
              partyTypes ? inArray(settlements.partyType, partyTypes) : undefined,
            ),
          );
        if (!found) throw notFound();
        const { s } = found;
        const lines = await services.db
          .select()
          .from(settlementShareLines)
          .where(eq(settlementShareLines.settlementId, s.id))
          .orderBy(asc(settlementShareLines.statDate), asc(settlementShareLines.revenueType));
        const bytes = await renderStatementPdf(s, lines, { name: found.partyName ?? String(s.partyId), bank: found.bank }, found.operator);
        req.resultCode = Code.ok;
        const doc = { tenantId: s.tenantId, docType: PrintDocType.settlementStatement, refType: 'settlement', refId: s.id, refNo: s.settlementNo };
        return sendPrintedPdf(services.db, req, reply, doc, bytes);
      },
    );
  }
};
