// The cost of the API's request path (issue #8): each call through the real server against the same SQL served
// bare (node:http + the database client), side by side in one run, on PGlite and on PostgreSQL.
// Run: npm run bench:request-path   (BENCH_DATABASE_URL: a PostgreSQL server to create a scratch database on,
// default postgres://postgres@127.0.0.1:5432/postgres; BENCH_SECONDS per measurement, default 8; BENCH_ONLY=pglite|postgres;
// BENCH_API_ONLY=1 skips the bare side, for a CPU profile)
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { buildApp, storesOf } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase, type Database } from '../server/src/db/client.ts';
import { seedEmptyDatabase } from '../server/src/db/seed/index.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONCURRENCY = 16;
const PASSWORD = 'bench-2026';

interface Call {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
}
const CALLS: Call[] = [
  { name: 'small list (post/list, 5 rows)', method: 'POST', url: '/api/system/post/list', body: {} },
  { name: 'user list (20 rows)', method: 'POST', url: '/api/system/user/list', body: { pageSize: 20 } },
  { name: 'authenticated GET (user/{id})', method: 'GET', url: '/api/system/user/100' },
];

type Query = (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;

/** The statements one API call issues that are the handler's own (after the caller is known), recorded once. */
async function handlerStatements(database: Database, send: () => Promise<unknown>): Promise<Array<{ text: string; params: unknown[] }>> {
  const client = (database.db as unknown as { $client: { query: Query } }).$client;
  const original = client.query.bind(client);
  const seen: Array<{ text: string; params: unknown[] }> = [];
  client.query = ((query: string | { text: string; values?: unknown[] }, params?: unknown[], ...rest: unknown[]) => {
    seen.push({ text: typeof query === 'string' ? query : query.text, params: params ?? (typeof query === 'string' ? [] : (query.values ?? [])) });
    return (original as (...args: unknown[]) => Promise<{ rows: unknown[] }>)(query, params, ...rest);
  }) as Query;
  try {
    await send();
  } finally {
    client.query = original;
  }
  // Finding the session (and, where the caller is not cached, their roles, menus and package) is the request
  // path's work; what follows the last of it is the handler's.
  const lastAuth = seen.findLastIndex((s) => s.text.includes('"user_sessions"') || s.text.includes('"tenant_packages"."menu_ids"'));
  return seen.slice(lastAuth + 1);
}

/** The load runs in a worker thread, on the other core, so the clients do not share the server's event loop. */
function load(port: number, call: Call, headers: Record<string, string>): Promise<{ rps: number; p50: number; p95: number }> {
  return new Promise((resolve, reject) => {
    const workerData = { port, method: call.method, url: call.url, body: call.body, headers, seconds: SECONDS, concurrency: CONCURRENCY };
    const worker = new Worker(new URL('./http-load.mjs', import.meta.url), { workerData });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

async function measure(kind: 'pglite' | 'postgres') {
  let dropDatabase = async () => {};
  let database: Database;
  if (kind === 'pglite') {
    database = await openDatabase({});
  } else {
    const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `kayuh_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    database = await openDatabase({ url: target.toString() });
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  await database.migrate();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kayuh-bench-'));
  await seedEmptyDatabase(database.db, { demo: true, demoPassword: PASSWORD, ...storesOf({ fieldKey: undefined, dataDir }) });
  const { app } = await buildApp({ config: { ...loadConfig({}), dataDir, rateLimits: false }, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const apiPort = (app.server.address() as { port: number }).port;
  const login = (
    await app.inject({ method: 'POST', url: '/api/system/sso/login', payload: { username: 'kitabike.admin', password: PASSWORD } })
  ).json().data;
  const headers = { token: login.token, userid: String(login.userId) };

  // The bare server: the handler's own statements for each call, straight through the same database client.
  const client = (database.db as unknown as { $client: { query: Query } }).$client;
  const bareStatements = new Map<string, Array<{ text: string; params: unknown[] }>>();
  for (const call of CALLS) {
    const send = () => app.inject({ method: call.method, url: call.url, headers, ...(call.body ? { payload: call.body as object } : {}) });
    await send();
    bareStatements.set(
      call.url,
      await handlerStatements(database, () =>
        app.inject({ method: call.method, url: call.url, headers, ...(call.body ? { payload: call.body as object } : {}) }),
      ),
    );
  }
  const bare = http.createServer((req, res) => {
    req.resume();
    req.on('end', async () => {
      const statements = bareStatements.get(req.url ?? '') ?? [];
      const results = await Promise.all(statements.map((s) => client.query(s.text, s.params)));
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ code: 1000, rows: results.map((r) => r.rows) }));
    });
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const barePort = (bare.address() as { port: number }).port;

  const lines: string[] = [];
  for (const call of CALLS) {
    const api = await load(apiPort, call, headers);
    // BENCH_API_ONLY=1 loads the API alone (for a CPU profile of the request path: node --cpu-prof).
    const raw = process.env.BENCH_API_ONLY ? { rps: NaN, p50: NaN, p95: NaN } : await load(barePort, call, {});
    lines.push(
      `${kind.padEnd(8)} ${call.name.padEnd(32)} API ${api.rps.toFixed(0).padStart(5)} req/s p50 ${api.p50.toFixed(1).padStart(5)} ms p95 ${api.p95.toFixed(1).padStart(5)} ms · ` +
        `bare ${raw.rps.toFixed(0).padStart(5)} req/s p50 ${raw.p50.toFixed(1).padStart(5)} ms p95 ${raw.p95.toFixed(1).padStart(5)} ms · ` +
        `API/bare ${(api.rps / raw.rps).toFixed(2)}× (${bareStatements.get(call.url)!.length} statements)`,
    );
    console.log(lines.at(-1));
  }
  bare.close();
  await app.close();
  await database.close();
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return lines;
}

const only = process.env.BENCH_ONLY;
for (const kind of ['pglite', 'postgres'] as const) if (!only || only === kind) await measure(kind);
