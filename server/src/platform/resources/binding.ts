import type { ChangeKind } from '../changeFeed.ts';
import type { RowEvent } from '@kayuh/contract/api/rowEvents';
import type { ResourceDef } from '@kayuh/contract/resources/types';
import { getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Services } from '../services.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../auth/context.ts';

type Row = Record<string, unknown>;

/**
 * What every hook of a resource gets, whatever it is for. Hooks run inside the write's transaction and only after
 * the caller's scope admitted the row; a hook refuses by throwing a BizError, which rolls everything back.
 */
export interface HookContext {
  /** The transaction the write runs in. */
  tx: Db;
  /** The server's long-lived parts, for an effect that reaches beyond the database (a command to a vehicle). */
  services: Services;
  /** Who acts: a staff member's context, or the system actor of a job or a device (`isSystemActor`). */
  auth: AuthContext;
  mode: 'add' | 'edit' | 'transition' | 'remove';
  /** The tenant the row belongs to (on add, the one it is written for). */
  tenantId: number;
  /** The request's body as sent, virtual fields included. */
  body: Row;
  /** The stored row before the write (edit, transition); undefined on add and remove. */
  current?: Row;
  /** The column values about to be written; `check` may add to them (a password's hash). */
  values: Row;
  /** The row as it will be: the stored row with the values over it, for rules across fields. */
  next: Row;
  /** The row as written (afterWrite). */
  row?: Row;
  /** The rows a removal takes, all admitted by the scope. */
  ids: number[];
  /** The event a transition fires, with its payload. */
  event?: { name: string; from: unknown; to: unknown; payload: Row };
  /**
   * Runs `fn` once the write has committed, never if it rolls back (a push to a technician): an add's or one
   * transition's; a failing `fn` is logged, the write stands. Absent where nothing waits for the commit (imports).
   */
  onCommit?: (fn: () => Promise<unknown>) => void;
}

/** One event of a resource's state machine, beyond what its declaration says (DOMAIN §3). */
export interface EventRule {
  /** Refuses the event for this row (throw a BizError); runs with the row locked. */
  guard?: (ctx: HookContext) => Promise<void> | void;
  /** Columns the event writes besides the state (a publish time, a computed target state under the state's name). */
  set?: (ctx: HookContext) => Row | Promise<Row>;
  /** What must happen with it, in the same transaction, once the row changed (a disabled user's sessions end). */
  effects?: (ctx: HookContext) => Promise<void>;
}

/**
 * A declaration bound to its table: the only per-resource server code. Everything else — routes,
 * validation, scope, audit, OpenAPI — is derived by the engine.
 */
export interface BoundResource {
  def: ResourceDef;
  table: PgTable;
  columns: Record<string, PgColumn>;
  /** Rules a write must pass (cross-field, ownership of linked ids); sees the stored row and the row to be. */
  check?: (ctx: HookContext) => Promise<void> | void;
  /** The SQL of each `computed` field, over the resource's table (a correlated count, a sum). */
  computed?: Record<string, SQL>;
  /**
   * The condition of each computed field declared with an 'eq' filter, given the value it must equal (bound as a
   * parameter): one an index answers, such as `txn_id IN (SELECT id FROM … WHERE kind = $1)`, not the select's SQL
   * compared row by row. Written over the resource's table by its name, unaliased, as every engine query reads it.
   */
  computedFilters?: Record<string, (value: unknown, tenant: unknown) => SQL>;
  /** idList fields kept in join tables: owner column → the row's id, target column → each listed id. */
  links?: Record<string, { table: PgTable; owner: PgColumn; target: PgColumn; tenantId?: PgColumn }>;
  /** Runs after an add, edit or transition wrote the row (a moved dept rewrites its subtree). */
  afterWrite?: (ctx: HookContext) => Promise<void>;
  /** The resource's state machine: its declared transitions' rules, by event name. */
  events?: Record<string, EventRule>;
  /**
   * Writes a fired event where the resource keeps them (its `*_events` table); without it the event goes to the
   * operation journal, in the same transaction either way (DOMAIN §3).
   */
  recordEvent?: (ctx: HookContext) => Promise<void>;
  /**
   * Reads a row's timeline where recordEvent writes it (newest first, at most EVENT_TIMELINE_MAX, with the total);
   * without it GET …/{id}/events reads the operation journal. The row is one the caller's scope admitted.
   */
  readEvents?: (db: Db, row: { id: number; tenantId: number }) => Promise<{ rows: RowEvent[]; total: number }>;
  /** After a write has committed (a changed catalogue drops its cache). */
  afterCommit?: () => void;
  /** What every instance must re-read once a write of this resource committed (ChangeFeed). */
  announces?: ChangeKind;
  /** Refuses a removal that would leave the data inconsistent, or does what must go with it; before rows go. */
  beforeRemove?: (ctx: HookContext) => Promise<void>;
  /** Runs once the rows are gone (what was copied from them goes too). */
  afterRemove?: (ctx: HookContext) => Promise<void>;
  /**
   * A field the engine knows by one name kept in a column of another (members' city is `register_city_code`): the
   * field's name → the table's property. The engine reads, filters and scopes by it as by its own column.
   */
  columnOf?: Record<string, string>;
  /** A city-scoped row may have no city (a member who named none): every city's staff see it. */
  noCityIsEveryCity?: boolean;
  /** Replaces the plain insert when adding a row creates others with it (a city its dept, a tenant its admin). */
  create?: (ctx: HookContext) => Promise<Row>;
}

/** A form's optional value as stored: absent, null and the empty text are all null. */
export const blankToNull = (value: unknown) => (value === undefined || value === null || value === '' ? null : value);

const REQUIRED = ['id', 'createdAt'];
const EDITABLE = ['deletedAt', 'version', 'updatedAt', 'updatedBy', 'createdBy'];

export function bindResource(def: ResourceDef, table: PgTable, extra: Omit<BoundResource, 'def' | 'table' | 'columns'> = {}): BoundResource {
  const columns = { ...(getTableColumns(table) as Record<string, PgColumn>) };
  for (const [field, property] of Object.entries(extra.columnOf ?? {})) {
    if (!columns[property]) throw new Error(`resource ${def.key}: table has no column '${property}' for '${field}'`);
    columns[field] = columns[property]!;
  }
  if (def.view && (def.editable || def.transitions?.length || def.actions.some((a) => a !== 'export'))) {
    throw new Error(`resource ${def.key}: a view is read only (list and export)`);
  }
  const need = [
    ...(def.view ? def.view.key : REQUIRED),
    ...(def.scope === 'tenant' ? ['tenantId'] : []),
    ...(def.cityScoped ? ['cityCode'] : []),
    ...(def.refValue ? [def.refValue] : []),
    ...(def.editable ? EDITABLE : []),
    ...Object.keys(def.fixed ?? {}),
    ...(def.ownerField ? [def.ownerField] : []),
  ];
  for (const name of [...need, ...def.fields.filter((f) => !f.virtual && !f.computed).map((f) => f.name)]) {
    if (!columns[name]) throw new Error(`resource ${def.key}: table has no column for '${name}'`);
  }
  for (const name of Object.keys(extra.events ?? {})) {
    if (!def.transitions?.some((t) => t.name === name)) throw new Error(`resource ${def.key}: rules for undeclared event '${name}'`);
  }
  for (const f of def.fields) {
    if (f.computed && !extra.computed?.[f.name]) throw new Error(`resource ${def.key}: computed field '${f.name}' has no SQL`);
  }
  for (const name of Object.keys(extra.computed ?? {})) {
    if (!def.fields.some((f) => f.name === name && f.computed)) throw new Error(`resource ${def.key}: SQL for undeclared computed field '${name}'`);
  }
  for (const f of def.fields.filter((x) => x.computed && x.filter)) {
    if (f.filter !== 'eq' || !extra.computedFilters?.[f.name])
      throw new Error(`resource ${def.key}: computed filter '${f.name}' has no condition (only 'eq')`);
  }
  for (const name of Object.keys(extra.computedFilters ?? {})) {
    if (!def.fields.some((f) => f.name === name && f.computed && f.filter === 'eq'))
      throw new Error(`resource ${def.key}: condition for undeclared computed filter '${name}'`);
  }
  // A virtual idList lives in a join table — or, given only on add, in the rows the binding's create makes (a
  // ticket's vehicles are its items); otherwise it is an array column of the row itself.
  for (const f of def.fields.filter((x) => x.type === 'idList' && x.virtual)) {
    if (!extra.links?.[f.name] && !(f.form === 'add' && extra.create)) throw new Error(`resource ${def.key}: idList '${f.name}' has no link table`);
  }
  return { def, table, columns, ...extra };
}

/** A request value as the column stores it: dictionary codes are text in forms but smallint in some tables. */
export function toColumnValue(column: PgColumn, value: unknown): unknown {
  if (value === undefined || value === null) return value;
  switch (column.dataType) {
    case 'number':
      return Number(value);
    case 'string':
      return column.columnType === 'PgNumeric' ? String(value) : String(value);
    case 'date':
      return value instanceof Date ? value : new Date(String(value));
    default:
      return value;
  }
}

/** A stored value as JSON carries it. */
export function toJsonValue(column: PgColumn, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (column.columnType === 'PgNumeric') return Number(value);
  return value;
}
