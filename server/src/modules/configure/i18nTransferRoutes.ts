import { Code } from '@kayuh/contract/codes';
import { PLATFORM_TENANT_ID } from '@kayuh/contract/constants';
import {
  exportLangRequest,
  I18N_IMPORT_ERRORS_SHOWN,
  I18N_IMPORT_MAX_BYTES,
  I18N_IMPORT_MAX_ROWS,
  type ImportRowErrors,
} from '@kayuh/contract/api/i18nTransfer';
import { LANGS } from '@kayuh/contract/lang';
import { i18nAdminResource } from '@kayuh/contract/resources/i18n';
import { fieldLabel } from '@kayuh/contract/resources/types';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { authOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { BizError } from '../../platform/errors.ts';
import { readUpload, uploadError } from '../../platform/imports/upload.ts';
import { readFirstSheet } from '../../platform/imports/xlsxSheet.ts';
import { isUniqueViolation, writeTenant } from '../../platform/resources/writes.ts';
import type { Services } from '../../platform/services.ts';
import { headerLang, langWorkbook } from './i18nLangExport.ts';
import { applyPlan, checkCells, countsOf, planImport, type RowProblem } from './i18nLangImport.ts';
import { loadLangTexts, platformKeys } from './i18nLangTexts.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const FIELD_ORDER = ['i18nKey', 'module', 'text'];
const langField = z.enum(LANGS);

/**
 * i18n/admin: one language of the console catalogue out to a translator's spreadsheet and back. Both work
 * in the caller's tenant: the super admin's platform-wide view is the platform's texts, a tenant its overrides.
 */
export const i18nTransferRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db, catalogues } = services;
  const audit = (businessType: number) => ({ title: `menu.${i18nAdminResource.module}.${i18nAdminResource.page}`, businessType });
  const tags = [i18nAdminResource.key];

  app.post(
    '/system/i18n/admin/exportLang',
    {
      config: { access: 'configure:i18nAdmin:export', limits: ['export'], audit: audit(5) },
      schema: { tags, summary: 'One language of the console catalogue as an xlsx (key, module, text, reference text)', body: exportLangRequest },
    },
    async (req, reply) => {
      const tenantId = writeTenant(i18nAdminResource, authOf(req))!;
      const bytes = await langWorkbook(db, { ...req.body, tenantId, texts: await catalogues.get(req.lang, tenantId) });
      const name = `console-texts-${req.body.lang}${tenantId === PLATFORM_TENANT_ID ? '' : `-tenant-${tenantId}`}.xlsx`;
      // A file is no envelope: the journal is told of the success here.
      req.resultCode = Code.ok;
      return reply.type(XLSX_TYPE).header('content-disposition', `attachment; filename="${name}"`).send(bytes);
    },
  );

  app.post(
    '/system/i18n/admin/import',
    {
      config: { access: 'configure:i18nAdmin:import', audit: audit(6) },
      schema: { tags, summary: 'Import one language from an xlsx (multipart: file, lang); all rows or none', consumes: ['multipart/form-data'] },
    },
    async (req) => {
      const auth = authOf(req);
      const upload = await readUpload(req, { fileField: 'file', maxBytes: I18N_IMPORT_MAX_BYTES });
      // The journal keeps what was sent: the language and the file's name, never its bytes.
      req.body = { lang: upload.fields.lang, file: upload.file.name.slice(0, 200) };
      const lang = langField.safeParse(upload.fields.lang);
      if (!lang.success) throw uploadError('lang', upload.fields.lang ? 'validation.invalidOption' : 'validation.required');
      const sheet = await readFirstSheet(upload.file.bytes, { columns: 3, maxRows: I18N_IMPORT_MAX_ROWS });
      const fileLang = headerLang(sheet.header[2] ?? '');
      if (fileLang && fileLang !== lang.data) throw uploadError('lang', 'validation.fileLangMismatch', { fileLang, lang: lang.data });

      const tenantId = writeTenant(i18nAdminResource, auth)!;
      const cells = checkCells(sheet.rows);
      const counts = await db
        .transaction(async (tx) => {
          const t = tx as unknown as Db;
          const texts = await loadLangTexts(t, lang.data, tenantId);
          const { plan, problems } = planImport(cells.entries, {
            texts,
            platformKeys: await platformKeys(t),
            isPlatform: tenantId === PLATFORM_TENANT_ID,
          });
          if (cells.problems.length || problems.length) throw await rowErrors(req, tenantId, [...cells.problems, ...problems]);
          if (!(await applyPlan(t, plan, { tenantId, lang: lang.data, userId: auth.userId }))) throw new BizError(Code.versionConflict);
          return countsOf(plan);
        })
        .catch((err: unknown) => {
          // Someone added one of the file's keys meanwhile: as with a changed row, nothing was written.
          throw isUniqueViolation(err) ? new BizError(Code.versionConflict) : err;
        });
      services.changes.announce('catalogue');
      return ok(counts);
    },
  );

  /** 2001 listing the first rows' problems, each "<column>: <reason>" in the caller's language. */
  async function rowErrors(req: FastifyRequest, tenantId: number, problems: RowProblem[]) {
    const t = (key: string, params?: Record<string, string | number>) => catalogues.t(req.lang, key, params, tenantId);
    const sorted = problems.toSorted((a, b) => a.row - b.row || FIELD_ORDER.indexOf(a.field) - FIELD_ORDER.indexOf(b.field));
    const field = (name: string) => i18nAdminResource.fields.find((f) => f.name === name)!;
    const rowErrors = await Promise.all(
      sorted.slice(0, I18N_IMPORT_ERRORS_SHOWN).map(async (p) => ({
        row: p.row,
        message: `${await t(fieldLabel(i18nAdminResource, field(p.field)))}: ${await t(p.reason, p.params)}`,
      })),
    );
    const data: ImportRowErrors = { rowErrors, errorCount: problems.length };
    return new BizError(Code.validation, 'validation.importRowsInvalid', data, { count: problems.length });
  }
};
