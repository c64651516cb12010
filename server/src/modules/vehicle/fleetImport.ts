import { Code } from '@kayuh/contract/codes';
import { FLEET_IMPORT_COLUMNS, FLEET_IMPORT_MAX_ROWS, type FleetImportResource } from '@kayuh/contract/api/fleetImport';
import { dictByType } from '@kayuh/contract/dicts/index';
import { catalogueFor } from '@kayuh/contract/i18n/index';
import { LANGS } from '@kayuh/contract/lang';
import type { Lang } from '@kayuh/contract/lang';
import { createSchema } from '@kayuh/contract/resources/schemas';
import { fieldLabel, type FieldDef, type ResourceDef } from '@kayuh/contract/resources/types';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client.ts';
import { cities, factoryLots, productModels, stations } from '../../db/schema.ts';
import type { AuthContext } from '../../platform/auth/context.ts';
import { BizError } from '../../platform/errors.ts';
import type { SheetRow } from '../../platform/imports/xlsxSheet.ts';
import type { BoundResource } from '../../platform/resources/binding.ts';
import { issueKey } from '../../platform/validationMessages.ts';

/** A cell the file got wrong: its row, the field of its column, and the reason as a catalogue key. */
export interface CellProblem {
  row: number;
  field: string;
  reason: string;
  params?: Record<string, string | number>;
}

type Translate = (key: string, params?: Record<string, string | number>) => Promise<string>;
type Body = Record<string, unknown>;

/** product_models.kind / factory_lots.kind of what a resource imports. */
const KIND: Record<FleetImportResource, number> = { vehicle: 1, battery: 2 };
const DEPOT = 3;

export const importColumns = (def: ResourceDef): FieldDef[] =>
  FLEET_IMPORT_COLUMNS[def.key as FleetImportResource].map((name) => def.fields.find((f) => f.name === name)!);

const norm = (s: string) => s.trim().toLowerCase();
/** A header cell as a person wrote it: the template's required mark and spacing do not matter. */
const headerKey = (s: string) => norm(s.replace(/\*\s*$/, ''));

/**
 * Where each import column is in the file. A header row that names only import columns — by their label in any
 * language or the caller's, or by the field name — may order them as it likes (and leave optional ones out); any
 * other header is read by position, as the template lays the columns out.
 */
export async function columnPositions(header: string[], def: ResourceDef, t: Translate): Promise<number[]> {
  const columns = importColumns(def);
  const byName = new Map<string, string>();
  for (const f of columns) {
    const key = fieldLabel(def, f);
    for (const text of [f.name, await t(key), ...LANGS.map((lang) => catalogueFor(lang)[key] ?? '')]) if (text) byName.set(headerKey(text), f.name);
  }
  const named = header.map((cell) => (cell.trim() === '' ? null : (byName.get(headerKey(cell)) ?? undefined)));
  const found = named.filter((name): name is string => typeof name === 'string');
  const positional = columns.map((_, i) => i);
  if (named.includes(undefined) || new Set(found).size !== found.length) return positional;
  if (columns.some((f) => f.required && f.defaultValue === undefined && !found.includes(f.name))) return positional;
  return columns.map((f) => named.indexOf(f.name));
}

/** The rows' cells in the import columns' order (-1: a column the file leaves out). */
export const inColumnOrder = (rows: SheetRow[], positions: number[]): SheetRow[] =>
  rows.map(({ row, cells }) => ({ row, cells: positions.map((at) => (at < 0 ? '' : (cells[at] ?? ''))) }));

/** What the file's human codes name, all of the tenant: cities, models, stations and lots. */
interface Lookups {
  cities: Map<string, number>;
  cityLabels: string[];
  models: Map<string, { id: number; kind: number }>;
  modelCodes: string[];
  stations: Map<string, { id: number; type: number; cityCode: number }>;
  lots: Map<string, { id: number; kind: number; cityCode: number }>;
  /** Depots of the first city first: the template's example names one. */
  depotCodes: string[];
}

async function loadLookups(db: Db, tenantId: number, resource: FleetImportResource): Promise<Lookups> {
  const cityRows = await db
    .select({ code: cities.cityCode, name: cities.cityName, inName: cities.cityInName })
    .from(cities)
    .where(and(eq(cities.tenantId, tenantId), isNull(cities.deletedAt)))
    .orderBy(cities.cityCode);
  const cityMap = new Map<string, number>();
  for (const c of cityRows) for (const key of [String(c.code), c.name, c.inName]) cityMap.set(norm(key), Number(c.code));
  const modelRows = await db
    .select({ id: productModels.id, code: productModels.modelCode, kind: productModels.kind })
    .from(productModels)
    .where(and(eq(productModels.tenantId, tenantId), isNull(productModels.deletedAt)))
    .orderBy(productModels.id);
  const stationRows = await db
    .select({ id: stations.id, code: stations.stationCode, type: stations.type, cityCode: stations.cityCode })
    .from(stations)
    .where(and(eq(stations.tenantId, tenantId), isNull(stations.deletedAt)));
  const lotRows = await db
    .select({ id: factoryLots.id, code: factoryLots.lotNo, kind: factoryLots.kind, cityCode: factoryLots.cityCode })
    .from(factoryLots)
    .where(and(eq(factoryLots.tenantId, tenantId), isNull(factoryLots.deletedAt)));
  return {
    cities: cityMap,
    cityLabels: cityRows.map((c) => c.inName),
    models: new Map(modelRows.map((m) => [norm(m.code), { id: Number(m.id), kind: m.kind }])),
    modelCodes: modelRows.filter((m) => m.kind === KIND[resource]).map((m) => m.code),
    stations: new Map(stationRows.map((s) => [norm(s.code), { id: Number(s.id), type: s.type, cityCode: Number(s.cityCode) }])),
    depotCodes: stationRows
      .filter((st) => st.type === DEPOT)
      .toSorted((a, b) => Number(a.cityCode !== cityRows[0]?.code) - Number(b.cityCode !== cityRows[0]?.code) || a.code.localeCompare(b.code))
      .map((st) => st.code),
    lots: new Map(lotRows.map((l) => [norm(l.code), { id: Number(l.id), kind: l.kind, cityCode: Number(l.cityCode) }])),
  };
}

/** A dictionary's values by what a person may write: the value itself, or its label in any language or the tenant's. */
async function dictReaders(columns: FieldDef[], t: Translate) {
  const readers = new Map<string, Map<string, string>>();
  for (const f of columns.filter((c) => c.type === 'dict' && c.dict)) {
    const byText = new Map<string, string>();
    for (const d of dictByType(f.dict!)?.values ?? []) {
      for (const text of [d.value, d.label.id, d.label.en, d.label.zh, await t(`dict.${f.dict}.${d.value}`)]) byText.set(norm(text), d.value);
    }
    readers.set(f.name, byText);
  }
  return readers;
}

/** A date cell as yyyy-mm-dd (a real spreadsheet date arrives as an ISO instant). */
const dateText = (cell: string) => (/^\d{4}-\d{2}-\d{2}T/.test(cell) ? cell.slice(0, 10) : cell);

/**
 * The whole file checked before anything is written: each cell against the declaration (the add form's schema), the
 * human codes resolved in the caller's tenant, each city in the caller's scope, no unique value twice in the file
 * nor already held in the tenant. Returns the add bodies (one per row) or every problem found.
 */
export async function checkImport(
  db: Db,
  r: BoundResource,
  rows: SheetRow[],
  ctx: { auth: AuthContext; tenantId: number; t: Translate },
): Promise<{ bodies: Body[]; problems: CellProblem[] }> {
  const def = r.def;
  const resource = def.key as FleetImportResource;
  const columns = importColumns(def);
  const lookups = await loadLookups(db, ctx.tenantId, resource);
  const dicts = await dictReaders(columns, ctx.t);
  const schema = createSchema(def);
  const problems: CellProblem[] = [];
  const bodies: Array<{ row: number; body: Body } | undefined> = [];

  for (const { row, cells } of rows) {
    const sent: Body = {};
    const bad = new Set<string>();
    const problem = (field: string, reason: string, params?: Record<string, string | number>) => {
      problems.push({ row, field, reason, params });
      bad.add(field);
    };
    columns.forEach((f, i) => {
      const cell = (cells[i] ?? '').trim();
      if (cell === '') return;
      if (f.name === 'cityCode') {
        const code = lookups.cities.get(norm(cell));
        if (code === undefined) return problem(f.name, 'fleetImport.unknownCity', { value: cell });
        if (!ctx.auth.allCities && !ctx.auth.deptIds.includes(code)) return problem(f.name, 'fleetImport.cityOutOfScope', { value: cell });
        sent[f.name] = code;
      } else if (f.name === 'modelId') {
        const model = lookups.models.get(norm(cell));
        if (!model) return problem(f.name, 'fleetImport.unknownModel', { value: cell });
        if (model.kind !== KIND[resource])
          return problem(f.name, resource === 'vehicle' ? 'validation.notVehicleModel' : 'validation.notBatteryModel');
        sent[f.name] = model.id;
      } else if (f.name === 'homeStationId' || f.name === 'depotId') {
        const station = lookups.stations.get(norm(cell));
        if (!station) return problem(f.name, 'fleetImport.unknownStation', { value: cell });
        if (f.name === 'depotId' && station.type !== DEPOT) return problem(f.name, 'validation.notDepot');
        sent[f.name] = station.id;
        sent[`${f.name}:city`] = station.cityCode;
      } else if (f.name === 'factoryLotId') {
        const lot = lookups.lots.get(norm(cell));
        if (!lot || lot.kind !== KIND[resource]) return problem(f.name, 'fleetImport.unknownLot', { value: cell });
        sent[f.name] = lot.id;
      } else if (f.type === 'dict') {
        const value = dicts.get(f.name)?.get(norm(cell));
        if (value === undefined) return problem(f.name, 'validation.invalidOption');
        sent[f.name] = value;
      } else sent[f.name] = f.type === 'date' ? dateText(cell) : cell;
    });
    // A depot receives packs of its own city only.
    if (sent.depotId !== undefined && sent.cityCode !== undefined && sent['depotId:city'] !== sent.cityCode)
      problem('depotId', 'validation.notDepot');
    const body = Object.fromEntries(columns.filter((f) => sent[f.name] !== undefined).map((f) => [f.name, sent[f.name]]));
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? columns[0]!.name);
        if (bad.has(field)) continue;
        const [reason, params] = issueKey(issue);
        problem(field, reason, params);
      }
    }
    bodies.push(bad.size ? undefined : { row, body: parsed.data as Body });
  }

  // No unique value twice in the file, nor one the tenant already holds on a live row.
  for (const f of columns.filter((c) => c.unique)) {
    const firstRow = new Map<string, number>();
    for (const entry of bodies) {
      const value = entry?.body[f.name];
      if (value === undefined || value === null || value === '') continue;
      const first = firstRow.get(String(value));
      if (first !== undefined) problems.push({ row: entry!.row, field: f.name, reason: 'fleetImport.duplicateInFile', params: { row: first } });
      else firstRow.set(String(value), entry!.row);
    }
    const held = new Set<string>();
    const values = [...firstRow.keys()];
    for (let i = 0; i < values.length; i += 1000) {
      const found = await db
        .select({ value: r.columns[f.name]! })
        .from(r.table)
        .where(and(inArray(r.columns[f.name]!, values.slice(i, i + 1000)), eq(r.columns.tenantId!, ctx.tenantId), isNull(r.columns.deletedAt!)));
      for (const { value } of found) held.add(String(value));
    }
    for (const entry of bodies) {
      const value = entry?.body[f.name];
      if (value !== undefined && held.has(String(value)) && firstRow.get(String(value)) === entry!.row)
        problems.push({ row: entry!.row, field: f.name, reason: 'fleetImport.alreadyExists', params: { value: String(value) } });
    }
  }
  return { bodies: bodies.map((b) => b?.body ?? {}), problems };
}

/** What refused a row while it was written (the pre-check passed, so rare): its field and reason. */
export function problemOf(row: number, err: unknown, firstField: string): CellProblem[] {
  if (!(err instanceof BizError)) throw err;
  const fields = (err.data as { fields?: Record<string, string> } | undefined)?.fields ?? {};
  if (err.code === Code.duplicate) {
    const [field, value] = Object.entries(fields)[0] ?? [firstField, ''];
    return [{ row, field, reason: 'fleetImport.alreadyExists', params: { value } }];
  }
  const entries = Object.entries(fields);
  if (entries.length) return entries.map(([field, reason]) => ({ row, field, reason: reason.includes('.') ? reason : 'validation.invalid' }));
  return [{ row, field: firstField, reason: err.msgKey, params: err.params }];
}

const XLSX_COLUMN = (n: number) => {
  let s = '';
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
};

/**
 * The import template: the declared columns with headers in the caller's language (required ones marked *), one
 * example row of real codes of the tenant, every column text (so long numbers keep their digits), and drop-down
 * lists for dictionary columns, cities and models.
 */
export async function importTemplate(db: Db, def: ResourceDef, ctx: { tenantId: number; lang: Lang; t: Translate }): Promise<Buffer> {
  const resource = def.key as FleetImportResource;
  const columns = importColumns(def);
  const lookups = await loadLookups(db, ctx.tenantId, resource);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(await ctx.t(`resource.${def.key}`), { views: [{ state: 'frozen', ySplit: 1 }] });
  const lists = workbook.addWorksheet('lists', { state: 'veryHidden' });
  const headers = await Promise.all(
    columns.map(async (f) => `${await ctx.t(fieldLabel(def, f))}${f.required && f.defaultValue === undefined ? ' *' : ''}`),
  );
  sheet.columns = columns.map((f, i) => ({ width: Math.max(14, headers[i]!.length + 4), style: { numFmt: '@' } }));
  const header = sheet.addRow(headers);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF0F2F5' } };

  const choices = new Map<string, string[]>();
  for (const f of columns) {
    if (f.type === 'dict' && f.dict)
      choices.set(f.name, await Promise.all((dictByType(f.dict)?.values ?? []).map((d) => ctx.t(`dict.${f.dict}.${d.value}`))));
  }
  choices.set('cityCode', lookups.cityLabels);
  choices.set('modelId', lookups.modelCodes);
  const example: Record<string, string> = {
    vehicleNo: 'KB-JKT-000901',
    frameNo: 'MH1NB2026000901',
    imei: '861234567890123',
    simExpireOn: '2028-12-31',
    batterySn: 'VC48-2607-00001',
    bmsSn: 'BMS-2607-00001',
  };
  const exampleRow = columns.map((f) => {
    if (example[f.name]) return example[f.name]!;
    if (f.type === 'dict' && f.dict) {
      const values = dictByType(f.dict)?.values ?? [];
      const at = Math.max(
        0,
        values.findIndex((d) => d.value === (f.defaultValue ?? values[0]?.value)),
      );
      return choices.get(f.name)?.[at] ?? '';
    }
    if (f.name === 'cityCode' || f.name === 'modelId') return choices.get(f.name)?.[0] ?? '';
    if (f.name === 'depotId') return lookups.depotCodes[0] ?? '';
    return '';
  });
  sheet.addRow(exampleRow).font = { italic: true, color: { argb: 'FF8C8C8C' } };

  // Each list on the hidden sheet, one column per list: a list of any length, unlike an inline one (255 characters).
  let listColumn = 0;
  columns.forEach((f, i) => {
    const values = choices.get(f.name);
    if (!values?.length) return;
    listColumn += 1;
    const letter = XLSX_COLUMN(listColumn);
    values.forEach((v, j) => (lists.getCell(`${letter}${j + 1}`).value = v));
    const target = XLSX_COLUMN(i + 1);
    const validation: ExcelJS.DataValidation = {
      type: 'list',
      allowBlank: !f.required,
      formulae: [`lists!$${letter}$1:$${letter}$${values.length}`],
      // A city may also be written by its code, a model chosen among many: a warning, not a refusal.
      ...(f.type === 'dict' ? { showErrorMessage: true } : { showErrorMessage: true, errorStyle: 'warning' }),
    };
    // exceljs keeps a range validation as one rule.
    (sheet as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } }).dataValidations.add(
      `${target}2:${target}${FLEET_IMPORT_MAX_ROWS + 1}`,
      validation,
    );
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
