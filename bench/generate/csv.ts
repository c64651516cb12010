// PostgreSQL's CSV (COPY … WITH (FORMAT csv, HEADER)): an unquoted empty field is NULL, a quoted one the empty string.
// The columns are the drizzle table's, every one of them, in its order.
import { getTableColumns, getTableName, is, SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

const needsQuotes = /[",\r\n\\]/;
const field = (text: string) => (text === '' || needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

export interface TableCodec {
  name: string;
  columns: string[];
  /** One row (the table's $inferInsert shape) as a CSV line, with its newline. */
  line(row: Record<string, unknown>): string;
}

/**
 * A column the row leaves out takes its constant default, else NULL; a NOT NULL column with neither (or with a
 * default the database computes, like now()) is an error: the data would depend on the load, or a new column of the
 * schema has no value here yet.
 */
export function codecFor(table: PgTable): TableCodec {
  const name = getTableName(table);
  const entries = Object.entries(getTableColumns(table));
  const keys = new Set(entries.map(([key]) => key));
  let checked = false;
  const fill = entries.map(([key, column]) => {
    const constant = column.default !== undefined && !is(column.default, SQL) && !column.defaultFn;
    return (row: Record<string, unknown>) => {
      const value = row[key];
      if (value !== undefined) return value;
      if (constant) return column.default;
      if (!column.notNull) return null;
      throw new Error(`${name}.${column.name}: the generator gives no value, and it has no constant default`);
    };
  });
  return {
    name,
    columns: entries.map(([, column]) => column.name),
    line(row) {
      if (!checked) {
        const unknown = Object.keys(row).filter((key) => !keys.has(key));
        if (unknown.length) throw new Error(`${name}: the generator gives values for columns it does not have: ${unknown.join(', ')}`);
        checked = true;
      }
      return (
        entries
          .map(([, column], i) => {
            const value = fill[i]!(row);
            return value === null ? '' : field(String(column.mapToDriverValue(value)));
          })
          .join(',') + '\n'
      );
    },
  };
}
