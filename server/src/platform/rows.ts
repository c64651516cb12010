/** `db.execute` answers `{ rows }` on both PGlite and node-postgres. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
