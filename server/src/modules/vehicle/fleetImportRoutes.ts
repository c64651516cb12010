import { Code } from '@kayuh/contract/codes';
import {
  FLEET_IMPORT_ERRORS_SHOWN,
  FLEET_IMPORT_MAX_BYTES,
  FLEET_IMPORT_MAX_ROWS,
  labelsRequest,
  type FleetImportErrors,
  type FleetImportResult,
} from '@kayuh/contract/api/fleetImport';
import { fieldLabel } from '@kayuh/contract/resources/types';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tenants, vehicles } from '../../db/schema.ts';
import { authOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { BizError } from '../../platform/errors.ts';
import { readUpload } from '../../platform/imports/upload.ts';
import { readFirstSheet } from '../../platform/imports/xlsxSheet.ts';
import type { BoundResource } from '../../platform/resources/binding.ts';
import { resourceHandlers, RowAddError } from '../../platform/resources/handlers.ts';
import { allOf, scopeConditions } from '../../platform/resources/queries.ts';
import { writeTenant } from '../../platform/resources/writes.ts';
import type { Services } from '../../platform/services.ts';
import { batteryBinding } from '../operations/batteries.ts';
import { checkImport, columnPositions, importColumns, importTemplate, inColumnOrder, problemOf, type CellProblem } from './fleetImport.ts';
import { labelsPdf } from './vehicleLabels.ts';
import { vehicleBinding } from './vehicles.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Cells read past the declared columns of a row. */
const EXTRA_COLUMNS = 8;

/**
 * Bulk work on the fleet (issue #10): vehicles and batteries from an xlsx — the template, then the file checked
 * whole and added in one transaction through the same path as a single add — and printable QR labels of vehicles.
 */
export const fleetImportRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db, catalogues } = services;

  for (const r of [vehicleBinding, batteryBinding] as BoundResource[]) {
    const { def } = r;
    const perm = (action: string) => `${def.module}:${def.page}:${action}` as const;
    const audit = { title: `menu.${def.module}.${def.page}`, businessType: 6 };
    const tags = [def.key];
    const handlers = resourceHandlers(services, r);
    const columns = importColumns(def);

    app.get(
      `${def.api}/importTemplate`,
      {
        config: { access: perm('import') },
        schema: { tags, summary: `The ${def.key} import template (xlsx: the columns, one example row, choice lists)` },
      },
      async (req, reply) => {
        const tenantId = writeTenant(def, authOf(req))!;
        const t = (key: string, params?: Record<string, string | number>) => catalogues.t(req.lang, key, params, tenantId);
        const bytes = await importTemplate(db, def, { tenantId, lang: req.lang, t });
        req.resultCode = Code.ok;
        return reply.type(XLSX_TYPE).header('content-disposition', `attachment; filename="${def.key}-import-template.xlsx"`).send(bytes);
      },
    );

    app.post(
      `${def.api}/import`,
      {
        config: { access: perm('import'), audit },
        schema: { tags, summary: `Import ${def.key} rows from an xlsx (multipart: file); all rows or none`, consumes: ['multipart/form-data'] },
      },
      async (req) => {
        const auth = authOf(req);
        const upload = await readUpload(req, { fileField: 'file', maxBytes: FLEET_IMPORT_MAX_BYTES });
        // The journal keeps the file's name, never its bytes.
        req.body = { file: upload.file.name.slice(0, 200) };
        // A few columns more than declared: a file may order them its own way (its header says how).
        const sheet = await readFirstSheet(upload.file.bytes, { columns: columns.length + EXTRA_COLUMNS, maxRows: FLEET_IMPORT_MAX_ROWS });
        const tenantId = writeTenant(def, auth)!;
        const t = (key: string, params?: Record<string, string | number>) => catalogues.t(req.lang, key, params, tenantId);
        const rows = inColumnOrder(sheet.rows, await columnPositions(sheet.header, def, t));
        const { bodies, problems } = await checkImport(db, r, rows, { auth, tenantId, t });
        if (problems.length) throw await rowErrors(req, r, tenantId, problems);
        try {
          const added = await handlers.addMany(auth, bodies);
          return ok<FleetImportResult>({ added });
        } catch (err) {
          if (!(err instanceof RowAddError)) throw err;
          // A row the check let through was refused on its way in (a race, a rule of the binding): nothing was written.
          throw await rowErrors(req, r, tenantId, problemOf(rows[err.index]!.row, err.error, columns[0]!.name));
        }
      },
    );
  }

  /** 2001 listing the first cell problems, each with its row, its column's header and the reason, translated. */
  async function rowErrors(req: FastifyRequest, r: BoundResource, tenantId: number, problems: CellProblem[]) {
    const t = (key: string, params?: Record<string, string | number>) => catalogues.t(req.lang, key, params, tenantId);
    const order = importColumns(r.def).map((f) => f.name);
    const sorted = problems.toSorted((a, b) => a.row - b.row || order.indexOf(a.field) - order.indexOf(b.field));
    const rowErrors = await Promise.all(
      sorted.slice(0, FLEET_IMPORT_ERRORS_SHOWN).map(async (p) => {
        const field = r.def.fields.find((f) => f.name === p.field);
        return {
          row: p.row,
          field: p.field,
          column: field ? await t(fieldLabel(r.def, field)) : p.field,
          message: await t(p.reason, p.params),
        };
      }),
    );
    const data: FleetImportErrors = { rowErrors, errorCount: problems.length };
    return new BizError(Code.validation, 'validation.importRowsInvalid', data, { count: problems.length });
  }

  app.post(
    `${vehicleBinding.def.api}/labels`,
    {
      // Printing takes the fleet's codes out of the console onto paper: the list's export right.
      config: { access: 'vehicle:vehicle:export', limits: ['export'], audit: { title: 'menu.vehicle.vehicle', businessType: 5 } },
      schema: {
        tags: ['vehicle'],
        summary: 'QR labels of vehicles as a PDF (A4, 3 × 8 labels), up to 500, in the caller scope',
        body: labelsRequest,
      },
    },
    async (req, reply) => {
      const auth = authOf(req);
      const ids = req.body.vehicleIds;
      const rows = await db
        .select({ id: vehicles.id, vehicleNo: vehicles.vehicleNo, tenantId: vehicles.tenantId })
        .from(vehicles)
        .where(allOf([inArray(vehicles.id, ids), ...scopeConditions(vehicleBinding, auth)]));
      // One id the caller cannot see refuses the whole sheet, as a removal does: nothing of another tenant or city is printed.
      if (rows.length !== ids.length) throw new BizError(Code.notFound);
      const byId = new Map(rows.map((row) => [Number(row.id), row]));
      const tenantId = Number(rows[0]!.tenantId);
      const [tenant] = await db
        .select({ brand: tenants.brandName })
        .from(tenants)
        .where(and(eq(tenants.id, tenantId)));
      const caption = await catalogues.t(req.lang, 'fleetImport.labelCaption', undefined, tenantId);
      const pdf = await labelsPdf(
        ids.map((id) => byId.get(id)!.vehicleNo),
        tenant?.brand ?? '',
        caption,
      );
      req.resultCode = Code.ok;
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="vehicle-labels.pdf"`).send(pdf);
    },
  );
};
