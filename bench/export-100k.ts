// Export time and peak memory for 100,000 rows through the real Download Center worker (issue #3).
// Run: npm run bench:export  (PGlite; set BENCH_DATABASE_URL for PostgreSQL)
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { buildApp, storesOf } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/client.ts';
import { seedEmptyDatabase } from '../server/src/db/seed/index.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kayuh-bench-'));
const database = await openDatabase(process.env.BENCH_DATABASE_URL ? { url: process.env.BENCH_DATABASE_URL } : {});
await database.migrate();
await seedEmptyDatabase(database.db, { demo: true, demoPassword: 'bench-2026', ...storesOf({ fieldKey: undefined, dataDir }) });
await database.db
  .execute(sql`INSERT INTO operation_logs (tenant_id, title, business_type, oper_name, oper_url, oper_ip, oper_param, status, oper_at, cost_ms)
  SELECT 2, 'Job', (i % 10), 'kitabike.admin', '/api/system/post/edit', '10.0.0.' || (i % 250), '{"body":{"postName":"Ops ' || i || '"}}', (i % 7 = 0)::int, now() - (i || ' seconds')::interval, i % 300
  FROM generate_series(1, ${ROWS}) AS i`);

const { app, workers } = await buildApp({ config: { ...loadConfig({}), dataDir }, database, logger: false });
const login = await app.inject({ method: 'POST', url: '/api/system/sso/login', payload: { username: 'kitabike.admin', password: 'bench-2026' } });
const { token, userId } = login.json().data;
const queued = await app.inject({ method: 'POST', url: '/api/system/operlog/export', headers: { token, userid: String(userId) }, payload: {} });
const { jobId } = queued.json().data;

let peak = process.memoryUsage().rss;
const baseline = peak;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 50);
const started = performance.now();
await workers.exports.poll();
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);

const job = (await app.inject({ method: 'GET', url: `/api/system/export/${jobId}`, headers: { token, userid: String(userId) } })).json().data;
console.log(
  `export of ${job.rowCount} rows (${database.kind}): ${seconds.toFixed(1)} s, file ${(job.fileSize / 1e6).toFixed(1)} MB, ` +
    `RSS ${(baseline / 1e6).toFixed(0)} MB before, peak ${(peak / 1e6).toFixed(0)} MB (+${((peak - baseline) / 1e6).toFixed(0)} MB)`,
);
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
