import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Header } from '@kayuh/contract/headers';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import type { LiveOptions } from '../src/platform/live/options.ts';
import { seedEmptyDatabase } from '../src/db/seed/index.ts';
import { localFileStore } from '../src/platform/files/fileStore.ts';
import { fieldCipher } from '../src/platform/secrets/fieldCipher.ts';
import { users } from '../src/db/schema.ts';
import { openSession } from '../src/platform/auth/sessions.ts';
import { and, eq, isNull } from 'drizzle-orm';

export const DEMO_PASSWORD = 'kayuh-test-2026';

/** The seeded database is built once per source version and copied per test file (DESIGN §7). */
function seedFingerprint(): string {
  const root = path.resolve(import.meta.dirname, '../..');
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      // Relative names: two checkouts of the same sources share one seeded copy.
      else hash.update(path.relative(root, full)).update(fs.readFileSync(full));
    }
  };
  walk(path.resolve(import.meta.dirname, '../src/db'));
  walk(path.resolve(import.meta.dirname, '../../contract/src'));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Read once, as this file loads, right after the seed's modules were imported: a source edited while a test process
 * runs must not file the data its older code made under the newer sources' name.
 */
const SEED_FINGERPRINT = seedFingerprint();

/** The field key of every test app and of the seeded databases they copy, so sealed demo NIKs open everywhere. */
export const TEST_FIELD_KEY = Buffer.alloc(32, 7).toString('base64');
const seedStores = {
  cipher: fieldCipher(Buffer.from(TEST_FIELD_KEY, 'base64')),
  // The demo's identity photos of the seeded databases: a test app reads the ones its own tests send.
  files: localFileStore(path.join(os.tmpdir(), 'kayuh-test-seed-files')),
};

async function seededPglite(): Promise<PGlite> {
  const dump = path.join(os.tmpdir(), `kayuh-test-db-${SEED_FINGERPRINT}.tar.gz`);
  if (fs.existsSync(dump)) return new PGlite({ loadDataDir: new Blob([fs.readFileSync(dump)]) });
  const client = new PGlite();
  const database = await openDatabase({ pglite: client });
  await database.migrate();
  await seedEmptyDatabase(database.db, { demo: true, demoPassword: DEMO_PASSWORD, ...seedStores });
  const blob = await client.dumpDataDir('gzip');
  fs.writeFileSync(`${dump}.tmp`, Buffer.from(await blob.arrayBuffer()));
  fs.renameSync(`${dump}.tmp`, dump);
  return client;
}

/**
 * The migrated, seeded PostgreSQL database of these sources, built once and kept as a template: a test file's
 * database is then a file copy (`CREATE DATABASE … TEMPLATE`), not a migration and a seed (DESIGN §7).
 */
async function templateDatabase(admin: pg.Client, url: string): Promise<string> {
  const name = `kayuh_tpl_${SEED_FINGERPRINT}`;
  // Test processes of several checkouts may race to build it; one builds, the others wait and reuse.
  await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return name;
    const building = `${name}_build`;
    await admin.query(`DROP DATABASE IF EXISTS ${building}`);
    await admin.query(`CREATE DATABASE ${building}`);
    const database = await openDatabase({ url: databaseUrl(url, building) });
    await database.migrate();
    await seedEmptyDatabase(database.db, { demo: true, demoPassword: DEMO_PASSWORD, ...seedStores });
    await database.close();
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    // Templates of older sources are dead weight; one still being copied elsewhere stays until next time.
    const stale = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'kayuh\\_tpl\\_%' AND datname <> $1", [
      name,
    ]);
    for (const { datname } of stale.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => {});
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch(() => {});
  }
}

const databaseUrl = (url: string, name: string) => {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
};

const busChannels = new WeakMap<Database, string>();

/** A fresh database for one test file: PGlite by default, a copy of the seeded template when TEST_DATABASE_URL is set. */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ pglite: await seededPglite() });
    return { database, drop: async () => {} };
  }
  const name = `kayuh_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const template = await templateDatabase(admin, url);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ url: databaseUrl(url, name) });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestApp extends App {
  database: Database;
  /** Set when created with `listen: true`: the app serves on a real port (the live link needs one). */
  baseUrl?: string;
  wsUrl?: string;
  close(): Promise<void>;
  /** Opens a session for a demo user (as a sign-in does, without the password check) and returns the headers its calls carry. */
  signIn(userName: string, extra?: Record<string, string>): Promise<Record<string, string>>;
  /** Signs in through POST /system/sso/login, password and all. */
  signInThroughApi(userName: string, extra?: Record<string, string>): Promise<Record<string, string>>;
  // Tests read answers loosely; each asserts the fields it needs.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  call<T = any>(
    method: 'GET' | 'POST',
    url: string,
    opts?: { headers?: Record<string, string>; body?: unknown; form?: Record<string, string> },
  ): Promise<T>;
}

export interface TestAppOptions {
  webDist?: string;
  /** Off unless asked for: most files sign in far more often than a person would. */
  rateLimits?: boolean;
  trustProxy?: boolean | string;
  redisUrl?: string;
  live?: Partial<LiveOptions>;
  /** Serve on 127.0.0.1 at a free port. */
  listen?: boolean;
  /** A second instance on the database of another test app (closing it leaves the database to its owner). */
  database?: Database;
  /** How long device commands wait for their ack (DOMAIN's 15 s / 60 s unless set). */
  deviceCommandTimeoutMs?: number;
  /** The device link on an external broker (deviceBroker.ts): MQTT_URL and the Mosquitto files the server keeps. */
  mqttUrl?: string;
  mosquittoPasswordFile?: string;
  mosquittoPidFile?: string;
}

export async function createTestApp({ live, listen, database: shared, ...overrides }: TestAppOptions = {}): Promise<TestApp> {
  const { database, drop } = shared ? { database: shared, drop: undefined } : await freshDatabase();
  // Instances of one test database share a Redis channel, and no other: test files run side by side.
  if (!busChannels.has(database)) busChannels.set(database, `kayuh:test:${randomBytes(6).toString('hex')}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kayuh-test-data-'));
  const config = { ...loadConfig({}), dataDir, demo: true, demoPassword: DEMO_PASSWORD, rateLimits: false, fieldKey: TEST_FIELD_KEY, ...overrides };
  const built = await buildApp({
    config,
    database,
    logger: process.env.TEST_LOG === '1' ? { level: 'error' } : false,
    live: { busChannel: busChannels.get(database), ...live },
  });
  const baseUrl = listen ? await built.app.listen({ port: 0, host: '127.0.0.1' }) : undefined;

  const call: TestApp['call'] = async (method, url, opts = {}) => {
    const res = await built.app.inject({
      method,
      url,
      headers: { ...opts.headers, ...(opts.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(opts.form ? { payload: new URLSearchParams(opts.form).toString() } : opts.body !== undefined ? { payload: opts.body as object } : {}),
    });
    return res.json();
  };
  return {
    ...built,
    database,
    baseUrl,
    wsUrl: baseUrl?.replace(/^http/, 'ws'),
    call,
    async signIn(userName, extra = {}) {
      // A session written as the sign-in route writes it (older sessions end), without the route's argon2 check:
      // the sign-in itself is tested through the API (auth.test.ts, signInConcurrency.test.ts).
      const [user] = await database.db
        .select({ id: users.id, tenantId: users.tenantId })
        .from(users)
        .where(and(eq(users.userName, userName), isNull(users.deletedAt)))
        .limit(1);
      if (!user) throw new Error(`no demo user ${userName}`);
      const token = await openSession(database.db, user, { ip: '127.0.0.1', browser: 'test', os: 'test' });
      return { [Header.token]: token, [Header.userId]: String(user.id), ...extra };
    },
    async signInThroughApi(userName, extra = {}) {
      const res = await call('POST', '/api/system/sso/login', { body: { username: userName, password: DEMO_PASSWORD } });
      if (res.code !== 1000) throw new Error(`sign-in of ${userName} failed: ${JSON.stringify(res)}`);
      return { [Header.token]: res.data.token, [Header.userId]: String(res.data.userId), ...extra };
    },
    async close() {
      await built.app.close();
      if (drop) {
        await database.close();
        await drop();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test app of a file: started before its tests, closed after them. Use it at the top of the file; its
 * members are there once the tests run. Options known only once an earlier hook ran (a broker's port) come as a
 * function.
 */
export function useTestApp(options?: TestAppOptions | (() => TestAppOptions)): TestApp {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp(typeof options === 'function' ? options() : options);
  });
  afterAll(async () => {
    await app?.close();
  });
  return new Proxy({} as TestApp, {
    get(_target, key) {
      if (!app) throw new Error('the test app starts before the tests (beforeAll)');
      const value = Reflect.get(app, key);
      return typeof value === 'function' ? value.bind(app) : value;
    },
  });
}
