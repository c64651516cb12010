import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

/** One query API over both engines: PGlite (embedded) and PostgreSQL (DATABASE_URL). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');
/** Serialises migrations across server instances sharing one PostgreSQL. */
const MIGRATION_LOCK = 7_202_611;

export async function openDatabase(opts: { url?: string; dataDir?: string; pglite?: PGlite }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // A restarted database must not crash the server: idle clients report here and are replaced.
    pool.on('error', () => {});
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  let client = opts.pglite;
  if (!client) {
    if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
    client = opts.dataDir ? new PGlite(opts.dataDir) : new PGlite();
  }
  const pgliteClient = client;
  const db = drizzlePglite(pgliteClient, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => pgliteClient.close(),
  };
}

export async function isEmpty(db: Db): Promise<boolean> {
  const rows = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM tenants`);
  return Number((rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) === 0;
}
