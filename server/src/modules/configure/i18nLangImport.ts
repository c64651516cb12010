import { i18nAdminResource } from '@kayuh/contract/resources/i18n';
import { fieldSchema } from '@kayuh/contract/resources/schemas';
import type { ImportCounts } from '@kayuh/contract/api/i18nTransfer';
import type { Lang } from '@kayuh/contract/lang';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { i18nEntries } from '../../db/schema.ts';
import type { SheetRow } from '../../platform/imports/xlsxSheet.ts';
import { issueKey } from '../../platform/validationMessages.ts';
import { ADMIN_CLIENT, type LangTexts } from './i18nLangTexts.ts';

/** A cell the file got wrong: the row, the column (a field of the declaration) and the reason as a catalogue key. */
export interface RowProblem {
  row: number;
  field: 'i18nKey' | 'module' | 'text';
  reason: string;
  params?: Record<string, string | number>;
}

/** One valid row of the file; the module may be left empty for a key the catalogue already has. */
export interface ImportEntry {
  row: number;
  key: string;
  module: string;
  text: string;
}

const declared = (name: string) => i18nAdminResource.fields.find((f) => f.name === name)!;
/** The same rules as the add form, from the same declaration. */
const RULES = {
  i18nKey: fieldSchema(declared('i18nKey')),
  module: fieldSchema(declared('module')),
  text: fieldSchema(declared('text')),
};

/** Every row's cells checked against the declaration (key pattern and length, text 1–2000), and no key twice. */
export function checkCells(rows: SheetRow[]): { entries: ImportEntry[]; problems: RowProblem[] } {
  const entries: ImportEntry[] = [];
  const problems: RowProblem[] = [];
  const firstRowOf = new Map<string, number>();
  for (const { row, cells } of rows) {
    const [key = '', module = '', text = ''] = cells;
    const values: Partial<Record<keyof typeof RULES, string>> = {};
    for (const [field, cell] of [
      ['i18nKey', key],
      ['module', module],
      ['text', text],
    ] as const) {
      if (field === 'module' && cell.trim() === '') {
        values.module = '';
        continue;
      }
      const parsed = RULES[field].safeParse(cell);
      if (parsed.success) values[field] = parsed.data as string;
      else {
        const [reason, params] = issueKey(parsed.error.issues[0]!);
        problems.push({ row, field, reason, params });
      }
    }
    if (values.i18nKey !== undefined) {
      const first = firstRowOf.get(values.i18nKey);
      if (first !== undefined) problems.push({ row, field: 'i18nKey', reason: 'validation.duplicateInFile', params: { row: first } });
      else firstRowOf.set(values.i18nKey, row);
    }
    if (values.i18nKey !== undefined && values.module !== undefined && values.text !== undefined) {
      entries.push({ row, key: values.i18nKey, module: values.module, text: values.text });
    }
  }
  return { entries, problems };
}

export interface ImportPlan {
  inserts: Array<{ key: string; module: string; text: string }>;
  updates: Array<{ id: number; version: number; module: string; text: string }>;
  /** A tenant's override whose new text is the platform's again: removed, so the platform's text shows. */
  removals: Array<{ id: number; version: number }>;
  unchanged: number;
}

/**
 * What the file changes for the tenant it lands in. The platform writes its own rows and may add keys (a new key needs
 * its module). A tenant writes overrides only where its text differs from the platform's, only for keys the platform
 * has, and under the platform's module.
 */
export function planImport(entries: ImportEntry[], ctx: { texts: LangTexts; platformKeys: Map<string, string>; isPlatform: boolean }) {
  const plan: ImportPlan = { inserts: [], updates: [], removals: [], unchanged: 0 };
  const problems: RowProblem[] = [];
  const { platform, own } = ctx.texts;
  for (const { row, key, module, text } of entries) {
    const knownModule = ctx.platformKeys.get(key);
    const mine = own.get(key);
    if (ctx.isPlatform) {
      const moduleNow = module || mine?.module || knownModule;
      if (!moduleNow) problems.push({ row, field: 'module', reason: 'validation.moduleForNewKey' });
      else if (!mine) plan.inserts.push({ key, module: moduleNow, text });
      else if (mine.text === text && mine.module === moduleNow) plan.unchanged += 1;
      else plan.updates.push({ id: mine.id, version: mine.version, module: moduleNow, text });
      continue;
    }
    if (knownModule === undefined) {
      problems.push({ row, field: 'i18nKey', reason: 'validation.unknownI18nKey' });
      continue;
    }
    const platformText = platform.get(key)?.text;
    const moduleNow = platform.get(key)?.module ?? knownModule;
    if (mine) {
      if (mine.text === text) plan.unchanged += 1;
      else if (text === platformText) plan.removals.push({ id: mine.id, version: mine.version });
      else plan.updates.push({ id: mine.id, version: mine.version, module: mine.module, text });
    } else if (text === platformText) plan.unchanged += 1;
    else plan.inserts.push({ key, module: moduleNow, text });
  }
  return { plan, problems };
}

export const countsOf = (plan: ImportPlan): ImportCounts => ({
  added: plan.inserts.length,
  updated: plan.updates.length + plan.removals.length,
  unchanged: plan.unchanged,
});

const CHUNK = 500;
const chunks = <T>(items: T[]) => Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));
const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

/**
 * Writes a plan inside the caller's transaction. Updates and removals hold to the version read when the plan was
 * made: false when a row changed meanwhile (the caller rolls everything back). New rows are inserted; a soft-deleted
 * row of the same key stays as history (the unique index covers live rows only).
 */
export async function applyPlan(tx: Db, plan: ImportPlan, target: { tenantId: number; lang: Lang; userId: number }): Promise<boolean> {
  for (const part of chunks(plan.inserts)) {
    await tx.insert(i18nEntries).values(
      part.map((p) => ({
        tenantId: target.tenantId,
        client: ADMIN_CLIENT,
        lang: target.lang,
        i18nKey: p.key,
        module: p.module,
        text: p.text,
        createdBy: target.userId,
        updatedBy: target.userId,
      })),
    );
  }
  const versioned = async (values: SQL[], set: SQL, columns: SQL) => {
    const changed =
      await tx.execute(sql`UPDATE i18n_entries AS e SET ${set}, version = e.version + 1, updated_at = now(), updated_by = ${target.userId}
      FROM (VALUES ${sql.join(values, sql`, `)}) AS v(${columns})
      WHERE e.id = v.id AND e.version = v.version AND e.deleted_at IS NULL RETURNING e.id`);
    return rowsOf(changed).length === values.length;
  };
  for (const part of chunks(plan.updates)) {
    const values = part.map((u) => sql`(${u.id}::bigint, ${u.version}::int, ${u.text}::text, ${u.module}::text)`);
    if (!(await versioned(values, sql`text = v.text, module = v.module`, sql`id, version, text, module`))) return false;
  }
  for (const part of chunks(plan.removals)) {
    const values = part.map((u) => sql`(${u.id}::bigint, ${u.version}::int)`);
    if (!(await versioned(values, sql`deleted_at = now()`, sql`id, version`))) return false;
  }
  return true;
}
