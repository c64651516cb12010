import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './dataDirLock.ts';
import * as schema from './schema.ts';

/** One query API over both engines: PGlite (embedded) and PostgreSQL (DATABASE_URL). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** One holder of a named lock across every server instance on this database (the scheduler's leader). */
export interface Leadership {
  tryAcquire(): Promise<boolean>;
  release(): Promise<void>;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  leadership(lockKey: number): Leadership;
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
    // A client checked out of the pool (a transaction, the migration, the leader lock) has no listener of the
    // pool's; killed under it, it would throw 'error' at the process. Its queries fail instead, the request
    // answers 5000, and the pool drops it on release.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzleNodePg(pool, { schema });
    // drizzle checks a client out for a transaction and sends BEGIN before its try/finally: a connection killed
    // at that moment would stay checked out for ever (and pool.end() never return). Here the checkout and the
    // release are ours; a client whose connection failed is destroyed, not handed out again.
    // One drizzle over each pooled client, made when the client is first used: making it reads the whole schema's
    // relations, far more work than a short transaction itself.
    const overClient = new WeakMap<pg.PoolClient, ReturnType<typeof drizzleNodePg<typeof schema, pg.PoolClient>>>();
    const transaction: typeof db.transaction = async (work, config) => {
      const client = await pool.connect();
      let lost: Error | undefined;
      try {
        let over = overClient.get(client);
        if (!over) overClient.set(client, (over = drizzleNodePg(client, { schema })));
        return await over.transaction(work, config);
      } catch (err) {
        if (isDatabaseUnavailable(err)) lost = err as Error;
        throw err;
      } finally {
        client.release(lost);
      }
    };
    db.transaction = transaction;
    return {
      db: db as unknown as Db,
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
      leadership: (lockKey) => advisoryLeadership(pool, lockKey),
      close: () => pool.end(),
    };
  }
  let client = opts.pglite;
  let unlock = () => {};
  if (!client) {
    if (opts.dataDir) unlock = lockDataDir(opts.dataDir);
    client = opts.dataDir ? new PGlite(opts.dataDir) : new PGlite();
  }
  const pgliteClient = client;
  const db = drizzlePglite(pgliteClient, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    // An embedded database belongs to this one process, so it always leads.
    leadership: () => ({ tryAcquire: async () => true, release: async () => {} }),
    close: () => pgliteClient.close().finally(unlock),
  };
}

/** The database went away (restart, killed backend, refused connection): the request failed, not the code. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: string; message?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && (/^(57P0[1-3]|08\d\d\d)$/.test(e.code) || ['ECONNREFUSED', 'ECONNRESET', 'EPIPE'].includes(e.code)))
      return true;
    if (typeof e.message === 'string' && /Connection terminated|Client has encountered a connection error/.test(e.message)) return true;
  }
  return false;
}

export async function isEmpty(db: Db): Promise<boolean> {
  const rows = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM tenants`);
  return Number((rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) === 0;
}

/**
 * A session-level advisory lock held on a dedicated connection: it lasts while that connection does, so a
 * crashed leader frees it at once. Asked again while held, it answers from memory (locks would stack).
 */
function advisoryLeadership(pool: pg.Pool, lockKey: number): Leadership {
  let holder: pg.PoolClient | undefined;
  const drop = () => {
    holder?.release(true);
    holder = undefined;
  };
  return {
    async tryAcquire() {
      if (holder) {
        try {
          await holder.query('SELECT 1');
          return true;
        } catch {
          drop();
        }
      }
      const client = await pool.connect().catch(() => undefined);
      if (!client) return false;
      try {
        const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [lockKey]);
        if (rows[0]?.ok) {
          holder = client;
          holder.on('error', drop);
          return true;
        }
        client.release();
      } catch {
        client.release(true);
      }
      return false;
    },
    async release() {
      if (!holder) return;
      await holder.query('SELECT pg_advisory_unlock($1)', [lockKey]).catch(() => {});
      holder.release();
      holder = undefined;
    },
  };
}
