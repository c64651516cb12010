// One generated table: its drizzle table (the columns come from it, so a schema change fails here, loudly), the
// rows, and what the check verifies once they are loaded.
import type { ResourceDef } from '@kayuh/contract/resources/types';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Context } from './context.ts';
import type { Rng } from './rng.ts';

type Rows<T> = Iterable<T> | AsyncIterable<T>;

export interface TableSpec<T extends PgTable = PgTable> {
  table: T;
  /** The rows, in the table's own stream of random numbers; a generator may record ids in ctx for later tables. */
  rows(rng: Rng, ctx: Context): Rows<T['$inferInsert']>;
  /**
   * Columns holding another table's id beyond the declared foreign keys (the schema declares few): [column, target].
   * tenant_id → tenants and city_code → cities are checked on every table that has them.
   */
  references?: Array<[PgColumn, PgColumn]>;
  /** Rules the API enforces on writes, as SQL that counts the rows breaking them; the check wants 0 from each. */
  rules?: Array<{ name: string; sql: string }>;
  /** The engine's resource over the table: the check finds every value of its dictionary fields in the dictionary. */
  resource?: ResourceDef;
}

/** A table spec, kept in one list with the others. */
export type AnyTableSpec = TableSpec<PgTable>;
export const defineTable = <T extends PgTable>(spec: TableSpec<T>): AnyTableSpec => spec as unknown as AnyTableSpec;
