import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from './rows.ts';

const yymmdd = (d: Date) => d.toISOString().slice(2, 10).replaceAll('-', '');

/** Business-number prefixes (DOMAIN §0.2). */
export type BusinessPrefix =
  | 'RD'
  | 'SW'
  | 'RT'
  | 'PY'
  | 'RF'
  | 'TK'
  | 'QR'
  | 'PP'
  | 'RC'
  | 'INV'
  | 'MO'
  | 'ST'
  | 'EX'
  | 'AL'
  | 'CMD'
  | 'MSG'
  | 'LT'
  | 'MB'
  | 'FB'
  | 'MA'
  | 'MC'
  | 'JA';

/**
 * Reserves the next id of `table` and makes its business number from it (DOMAIN §0.2): prefix + yyMMdd (UTC) +
 * the id's last 8 digits. The caller inserts its row with this id, so the number is unique with the row.
 */
export async function nextBusinessNo(db: Db, table: string, prefix: BusinessPrefix, at: Date = new Date()): Promise<{ id: number; no: string }> {
  const [next] = rowsOf<{ id: string | number }>(await db.execute(sql`SELECT nextval(pg_get_serial_sequence(${table}, 'id')) AS id`));
  const id = Number(next!.id);
  return { id, no: businessNoOf(prefix, id, at) };
}

/** The business number of the row with id `id` (an id reserved with the table's sequence), as nextBusinessNo makes it. */
export const businessNoOf = (prefix: BusinessPrefix, id: number, at: Date = new Date()) =>
  `${prefix}${yymmdd(at)}${String(id % 100_000_000).padStart(8, '0')}`;
