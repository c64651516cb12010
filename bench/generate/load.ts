// Loads a generated directory into PostgreSQL: creates the database if missing, applies the server's migrations,
// seeds the platform base as a production install does, then COPYs every table's file in foreign-key order in one
// transaction, moves the identity sequences past the loaded ids and vacuums and analyzes the tables.
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { isEmpty, openDatabase } from '../../server/src/db/client.ts';
import { seedEmptyDatabase } from '../../server/src/db/seed/index.ts';
import { FIRST_TENANT_ID } from './context.ts';
import type { Manifest } from './write.ts';

/** The deferred Σ D = Σ C trigger of migration 0018. */
const BALANCED_TRIGGER = 'ledger_entries_balanced';

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The server's maintenance database next to the target, for CREATE / DROP DATABASE. */
export function databaseName(url: string): { name: string; admin: string } {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`--load needs a database name of letters, digits and _ (got "${name}")`);
  target.pathname = '/postgres';
  return { name, admin: target.toString() };
}

export async function ensureDatabase(url: string, opts: { drop?: boolean } = {}): Promise<void> {
  const { name, admin } = databaseName(url);
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    if (opts.drop) await client.query(`DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`);
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${ident(name)}`);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(url: string): Promise<void> {
  const { name, admin } = databaseName(url);
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`).finally(() => client.end());
}

/** Migrations and, on an empty database, the platform base (seedEmptyDatabase without demo data). */
async function prepare(url: string, log: (line: string) => void) {
  const database = await openDatabase({ url });
  try {
    await database.migrate();
    if (await isEmpty(database.db)) {
      const seeded = await seedEmptyDatabase(database.db, { demo: false, demoPassword: '' });
      log(`platform base seeded; superadmin's one-time password: ${seeded.password}`);
    }
  } finally {
    await database.close();
  }
}

/** One file through COPY … FROM STDIN; HEADER MATCH refuses a file whose header is not the manifest's columns. */
async function copyFile(client: pg.Client, dir: string, t: Manifest['tables'][number]): Promise<number> {
  const sink = client.query(copyFrom(`COPY ${ident(t.table)} (${t.columns.map(ident).join(', ')}) FROM STDIN WITH (FORMAT csv, HEADER MATCH)`));
  await pipeline(fs.createReadStream(path.join(dir, t.file), { highWaterMark: 1 << 20 }), sink);
  return Number(sink.rowCount);
}

export interface LoadResult {
  rows: number;
  seconds: number;
}

export async function load(opts: { url: string; dir: string; drop?: boolean; log: (line: string) => void }): Promise<LoadResult> {
  const manifest = JSON.parse(fs.readFileSync(path.join(opts.dir, 'manifest.json'), 'utf8')) as Manifest;
  await ensureDatabase(opts.url, { drop: opts.drop });
  await prepare(opts.url, opts.log);
  const client = new pg.Client({ connectionString: opts.url });
  await client.connect();
  try {
    const { rows: held } = await client.query('SELECT count(*)::int AS n FROM tenants WHERE id >= $1', [FIRST_TENANT_ID]);
    if (held[0].n > 0) throw new Error(`${databaseName(opts.url).name} already holds bench tenants: --drop loads it afresh`);
    const started = performance.now();
    let total = 0;
    await client.query('BEGIN');
    // The ledger's balance check is a deferred constraint trigger that runs once per inserted line at commit: for
    // millions of lines it would take longer than the load. It is off for the COPY alone, inside this transaction,
    // and the generated lines are proved balanced set-wise instead (verify: Σ D = Σ C per transaction).
    await client.query(`ALTER TABLE ledger_entries DISABLE TRIGGER ${BALANCED_TRIGGER}`);
    for (const t of manifest.tables) {
      const began = performance.now();
      const loaded = await copyFile(client, opts.dir, t);
      if (loaded !== t.rows) throw new Error(`${t.table}: ${loaded} rows copied, the manifest says ${t.rows}`);
      total += loaded;
      const seconds = (performance.now() - began) / 1000;
      opts.log(`${t.table.padEnd(16)} ${String(loaded).padStart(10)} rows  ${seconds.toFixed(1)} s`);
    }
    await client.query(`ALTER TABLE ledger_entries ENABLE TRIGGER ${BALANCED_TRIGGER}`);
    await client.query('COMMIT');
    const seconds = (performance.now() - started) / 1000;
    for (const t of manifest.tables) {
      if (t.columns.includes('id')) {
        const { rows } = await client.query('SELECT pg_get_serial_sequence($1, $2) AS seq', [ident(t.table), 'id']);
        if (rows[0].seq) await client.query(`SELECT setval($1::regclass, (SELECT max(id) FROM ${ident(t.table)}))`, [rows[0].seq]);
      }
      // VACUUM sets the visibility map, as autovacuum would soon after a load: counts read the indexes alone.
      await client.query(`VACUUM ANALYZE ${ident(t.table)}`);
    }
    return { rows: total, seconds };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}
