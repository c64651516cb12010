import type { ChangeKind } from '../changeFeed.ts';
import type { ResourceDef } from '@kayuh/contract/resources/types';
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../auth/context.ts';

/**
 * A declaration bound to its table: the only per-resource server code. Everything else — routes,
 * validation, scope, audit, OpenAPI — is derived by the engine.
 */
export interface BoundResource {
  def: ResourceDef;
  table: PgTable;
  columns: Record<string, PgColumn>;
  /** Extra rules a resource needs before a write (e.g. cross-field checks); throw BizError to refuse. */
  beforeWrite?: (values: Record<string, unknown>, ctx: { mode: 'add' | 'edit'; tenantId: number; db: Db; body: Record<string, unknown>; id?: number }) => Promise<void> | void;
  /** idList fields kept in join tables: owner column → the row's id, target column → each listed id. */
  links?: Record<string, { table: PgTable; owner: PgColumn; target: PgColumn; tenantId?: PgColumn }>;
  /** Runs in the edit's (or transition's) transaction after the row changed (a moved dept rewrites its subtree). */
  afterEdit?: (tx: Db, before: Record<string, unknown>, after: Record<string, unknown>) => Promise<void>;
  /** After a write has committed (a changed catalogue drops its cache). */
  afterCommit?: () => void;
  /** What every instance must re-read once a write of this resource committed (ChangeFeed). */
  announces?: ChangeKind;
  /**
   * Refuses a removal that would leave the data inconsistent (a dept with children; throw BizError) or does what
   * must go with it (a removed user's sessions end). Runs in the removal's transaction, only on rows the caller's
   * scope admitted, before they are marked removed.
   */
  beforeRemove?: (tx: Db, ids: number[], auth: AuthContext) => Promise<void>;
  /** Runs in the removal's transaction once the rows are gone (what was copied from them goes too). */
  afterRemove?: (tx: Db, ids: number[], auth: AuthContext) => Promise<void>;
  /**
   * Replaces the plain insert when adding a row creates others with it (a city creates its dept, a tenant its
   * admin); runs in a transaction. `body` holds the request's virtual fields too.
   */
  create?: (tx: Db, values: Record<string, unknown>, auth: AuthContext, body: Record<string, unknown>) => Promise<Record<string, unknown>>;
}

const REQUIRED = ['id', 'createdAt'];
const EDITABLE = ['deletedAt', 'version', 'updatedAt', 'updatedBy', 'createdBy'];

export function bindResource(def: ResourceDef, table: PgTable, extra: Pick<BoundResource, 'beforeWrite' | 'create' | 'afterEdit' | 'beforeRemove' | 'afterRemove' | 'links' | 'afterCommit' | 'announces'> = {}): BoundResource {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const need = [...REQUIRED, ...(def.scope === 'tenant' ? ['tenantId'] : []), ...(def.cityScoped ? ['cityCode'] : []), ...(def.refValue ? [def.refValue] : []), ...(def.editable ? EDITABLE : [])];
  for (const name of [...need, ...def.fields.filter((f) => !f.virtual).map((f) => f.name)]) {
    if (!columns[name]) throw new Error(`resource ${def.key}: table has no column for '${name}'`);
  }
  // A virtual idList lives in a join table; otherwise it is an array column of the row itself.
  for (const f of def.fields.filter((x) => x.type === 'idList' && x.virtual)) {
    if (!extra.links?.[f.name]) throw new Error(`resource ${def.key}: idList '${f.name}' has no link table`);
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
