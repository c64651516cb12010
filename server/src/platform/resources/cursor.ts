import { Code } from '@kayuh/contract/codes';
import { sql, type Column, type SQL } from 'drizzle-orm';
import { BizError } from '../errors.ts';

/**
 * Keyset (cursor) paging: a list page ends with a cursor naming its last row by the sort value and the id, and the
 * next page starts after that row (queries.ts afterCursor), however deep, without OFFSET counting past the rows
 * before it. The sort value travels as the database's own text of it (`column::text`), so a timestamp keeps its
 * microseconds and a decimal its digits; the cursor also names the order it belongs to, and a cursor of another
 * order is refused. Opaque to the caller: base64url of `[field, 'a'|'d', value, id]`.
 */
export const SORT_KEY = 'kayuhSortKey';

/** The sort value as the database writes it, selected beside a page's columns for its cursor. */
export const sortKeyOf = (column: Column | SQL) => sql<string | null>`${column}::text`;

export interface ListSort {
  field: string;
  ascending: boolean;
}

export interface Cursor {
  value: string | null;
  id: number;
}

export function encodeCursor(sort: ListSort, row: Record<string, unknown>): string {
  const value = row[SORT_KEY];
  return Buffer.from(JSON.stringify([sort.field, sort.ascending ? 'a' : 'd', value ?? null, Number(row.id)])).toString('base64url');
}

const refused = () => new BizError(Code.validation, undefined, { fields: { cursor: 'validation.invalidCursor' } });

export function decodeCursor(text: string, sort: ListSort): Cursor {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  if (!Array.isArray(parts) || parts.length !== 4) throw refused();
  const [field, direction, value, id] = parts as unknown[];
  if (field !== sort.field || direction !== (sort.ascending ? 'a' : 'd')) throw refused();
  if (!(value === null || (typeof value === 'string' && value.length <= 1000))) throw refused();
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) throw refused();
  return { value, id };
}
