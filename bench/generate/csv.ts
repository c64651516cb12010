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

/** The fields of one record whose quotes are balanced (text; null for an unquoted empty field). */
function splitRecord(line: string): Array<string | null> {
  if (!line.includes('"')) return line.split(',').map((f) => (f === '' ? null : f));
  const fields: Array<string | null> = [];
  let i = 0;
  for (;;) {
    if (line[i] === '"') {
      let text = '';
      for (i++; ;) {
        const close = line.indexOf('"', i);
        text += line.slice(i, close);
        i = close + 1;
        if (line[i] !== '"') break;
        text += '"';
        i++;
      }
      fields.push(text);
    } else {
      const end = line.indexOf(',', i);
      const text = line.slice(i, end === -1 ? undefined : end);
      fields.push(text === '' ? null : text);
      i = end === -1 ? line.length : end;
    }
    if (i >= line.length) return fields;
    i++; // the comma
  }
}

/** The records of a CSV file as written above; a quoted field may hold newlines. */
export async function* parseCsv(chunks: AsyncIterable<string>): AsyncGenerator<Array<string | null>> {
  let rest = '';
  for await (const chunk of chunks) {
    const text = rest + chunk;
    const out: Array<Array<string | null>> = [];
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', end + 1)) {
      const line = text.slice(start, end);
      // An odd number of quotes so far: the newline is inside a quoted field.
      if ((line.split('"').length - 1) % 2 === 1) continue;
      out.push(splitRecord(line.endsWith('\r') ? line.slice(0, -1) : line));
      start = end + 1;
    }
    rest = text.slice(start);
    yield* out;
  }
  if (rest) yield splitRecord(rest);
}
