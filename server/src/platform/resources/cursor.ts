import { Code } from '@kayuh/contract/codes';
import { sql, type Column, type SQL } from 'drizzle-orm';
import { BizError } from '../errors.ts';
import type { BoundResource } from './binding.ts';
import { tieColumns } from './queries.ts';

/**
 * Keyset (cursor) paging: a list page ends with a cursor naming its last row by the sort value and the tie columns
 * (the id, or a view's key), and the next page starts after that row (queries.ts afterCursor), however deep, without
 * OFFSET counting past the rows before it. Values travel as the database's own text of them (`column::text`), so a
 * timestamp keeps its microseconds and a decimal its digits; the cursor also names the order it belongs to, and a
 * cursor of another order is refused. Opaque to the caller: base64url of `[field, 'a'|'d', value, [tie…]]`.
 */
export const SORT_KEY = 'kayuhSortKey';
const tieKey = (i: number) => `kayuhTie${i}`;

/** The columns a page selects beside its own so its last row can make the cursor. */
export function cursorColumns(r: BoundResource, sortColumn: Column | SQL): Record<string, SQL> {
  const text = (column: Column | SQL) => sql<string | null>`${column}::text`;
  return { [SORT_KEY]: text(sortColumn), ...Object.fromEntries(tieColumns(r).map((column, i) => [tieKey(i), text(column)])) };
}

export interface ListSort {
  field: string;
  ascending: boolean;
}

export interface Cursor {
  value: string | null;
  tie: string[];
}

/** Where the page after this row starts. */
export function cursorAt(r: BoundResource, row: Record<string, unknown>): Cursor {
  return { value: (row[SORT_KEY] as string | null) ?? null, tie: tieColumns(r).map((_, i) => String(row[tieKey(i)])) };
}

export function encodeCursor(sort: ListSort, at: Cursor): string {
  return Buffer.from(JSON.stringify([sort.field, sort.ascending ? 'a' : 'd', at.value, at.tie])).toString('base64url');
}

const refused = () => new BizError(Code.validation, undefined, { fields: { cursor: 'validation.invalidCursor' } });
const isText = (v: unknown): v is string => typeof v === 'string' && v.length <= 1000;

export function decodeCursor(r: BoundResource, text: string, sort: ListSort): Cursor {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  if (!Array.isArray(parts) || parts.length !== 4) throw refused();
  const [field, direction, value, tie] = parts as unknown[];
  if (field !== sort.field || direction !== (sort.ascending ? 'a' : 'd')) throw refused();
  if (!(value === null || isText(value))) throw refused();
  if (!Array.isArray(tie) || tie.length !== tieColumns(r).length || !tie.every(isText)) throw refused();
  // The id of a row with one (a view's key is whatever its grain is).
  if (!r.def.view && !/^[1-9][0-9]{0,15}$/.test(tie[0] as string)) throw refused();
  return { value, tie: tie as string[] };
}
