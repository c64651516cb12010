// What a loaded dataset must hold: every reference finds its row (the declared foreign keys, tenant_id → tenants,
// city_code → cities, and each table's own), every dictionary value is in its dictionary, each table's rules hold,
// and the bench staff can sign in with the bench password.
import { getTableColumns, getTableName } from 'drizzle-orm';
import { getTableConfig, type PgColumn } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { cities, tenants, users } from '../../server/src/db/schema.ts';
import { verifyPassword } from '../../server/src/platform/auth/passwords.ts';
import { FIRST_TENANT_ID } from './context.ts';
import type { AnyTableSpec } from './spec.ts';
import { BENCH_PASSWORD } from './tables/staff.ts';

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const tableOf = (column: PgColumn) => getTableName(column.table);

/** [column, target] pairs a table's rows must satisfy. */
function referencesOf(spec: AnyTableSpec): Array<[PgColumn, PgColumn]> {
  const columns = getTableColumns(spec.table) as Record<string, PgColumn>;
  const out: Array<[PgColumn, PgColumn]> = [];
  for (const fk of getTableConfig(spec.table).foreignKeys) {
    const ref = fk.reference();
    ref.columns.forEach((column, i) => out.push([column, ref.foreignColumns[i]!]));
  }
  if (columns.tenantId && spec.table !== tenants) out.push([columns.tenantId, tenants.id]);
  if (columns.cityCode && spec.table !== cities) out.push([columns.cityCode, cities.cityCode]);
  return [...out, ...(spec.references ?? [])];
}

/** The generated rows of a table (the platform's own, seeded by the server, are not the generator's to answer for). */
function generatedRows(spec: AnyTableSpec): string {
  const columns = getTableColumns(spec.table) as Record<string, PgColumn>;
  const column = spec.table === tenants ? tenants.id : columns.tenantId;
  return column ? `c.${ident(column.name)} >= ${FIRST_TENANT_ID}` : 'true';
}

/** The problems found (empty: the dataset is sound), with what was checked. */
export async function verify(url: string, specs: AnyTableSpec[]): Promise<{ checked: number; problems: string[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const problems: string[] = [];
  let checked = 0;
  const expectNone = async (what: string, text: string, values: unknown[] = []) => {
    checked++;
    const n = Number((await client.query(text, values)).rows[0].count);
    if (n) problems.push(`${what}: ${n} rows`);
  };
  try {
    for (const spec of specs) {
      const table = getTableName(spec.table);
      for (const [column, target] of referencesOf(spec)) {
        await expectNone(
          `${table}.${column.name} → ${tableOf(target)}.${target.name}`,
          `SELECT count(*) FROM ${ident(table)} c WHERE ${generatedRows(spec)} AND c.${ident(column.name)} IS NOT NULL
             AND NOT EXISTS (SELECT 1 FROM ${ident(tableOf(target))} p WHERE p.${ident(target.name)} = c.${ident(column.name)})`,
        );
      }
      const columns = getTableColumns(spec.table) as Record<string, PgColumn>;
      for (const field of spec.resource?.fields ?? []) {
        if (field.type !== 'dict' || !field.dict || !columns[field.name]) continue;
        const column = ident(columns[field.name]!.name);
        // A field of several values (a text[] column) is checked value by value.
        const outside = field.multiple
          ? `EXISTS (SELECT 1 FROM unnest(${column}) v WHERE v NOT IN (SELECT dict_value FROM dict_data WHERE dict_type = $1 AND deleted_at IS NULL))`
          : `${column}::text NOT IN (SELECT dict_value FROM dict_data WHERE dict_type = $1 AND deleted_at IS NULL)`;
        await expectNone(
          `${table}.${columns[field.name]!.name} outside dictionary ${field.dict}`,
          `SELECT count(*) FROM ${ident(table)} c WHERE ${generatedRows(spec)} AND ${column} IS NOT NULL AND ${outside}`,
          [field.dict],
        );
      }
      for (const rule of spec.rules ?? []) await expectNone(`${table}: ${rule.name}`, rule.sql);
    }
    checked++;
    const { rows } = await client.query(`SELECT user_name, password_hash FROM ${ident(getTableName(users))} WHERE tenant_id >= $1`, [
      FIRST_TENANT_ID,
    ]);
    for (const row of rows)
      if (!(await verifyPassword(row.password_hash, BENCH_PASSWORD))) problems.push(`${row.user_name}: the bench password does not sign in`);
    if (!rows.length) problems.push('no bench staff to sign in with');
  } finally {
    await client.end();
  }
  return { checked, problems };
}
