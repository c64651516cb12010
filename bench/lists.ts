// List calls at DOMAIN §9.5 scale (DESIGN §9): each through the real server against the same SQL served bare,
// 16 concurrent, on the dataset bench/generate loaded. Later issues add the vehicle and ride lists to CALLS.
// Run: npm run bench:generate -- --load postgres://postgres@127.0.0.1:5432/kayuh_bench, then npm run bench:lists
// (BENCH_DATABASE_URL, default that database; BENCH_SECONDS per measurement, default 8; BENCH_ONLY=<part of a name>;
// BENCH_SQL=1 prints each call's statements)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/client.ts';
import { bareServer, handlerStatements, load, type Call } from './apiVsBare.ts';
import { makeContext } from './generate/context.ts';
import { adminUserName, BENCH_PASSWORD } from './generate/tables/staff.ts';

const URL_ = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kayuh_bench';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONCURRENCY = 16;

// The first bench tenant and its biggest city (the plan does not depend on the seed or the scale).
const tenant = makeContext({ seed: '', scale: 1 }).tenants[0]!;
const city = tenant.cities[0]!;

/** A list call, and what its first answer must hold (so a wrong answer is not measured as a fast one). */
type ListCall = Call & { expect: (rows: Array<Record<string, unknown>>) => string | undefined };
const ALL_CALLS: ListCall[] = [
  {
    name: `factoryLot/list, ${city.name}, page 1`,
    method: 'POST',
    url: '/api/operations/factoryLot/list',
    body: { cityCode: city.cityCode },
    expect: (rows) => (rows.length && rows.every((r) => r.cityCode === city.cityCode) ? undefined : `expected the lots of ${city.cityCode}`),
  },
];
const CALLS = ALL_CALLS.filter((c) => !process.env.BENCH_ONLY || c.name.includes(process.env.BENCH_ONLY));

const database = await openDatabase({ url: URL_ });
// A migration since the load applies here; one the generated rows cannot take fails here, loudly: generate again.
await database.migrate();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kayuh-bench-lists-'));
const { app } = await buildApp({ config: { ...loadConfig({}), dataDir, rateLimits: false }, database, logger: false }).catch(async (err) => {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  throw err;
});
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const apiPort = (app.server.address() as { port: number }).port;
  const login = (
    await app.inject({ method: 'POST', url: '/api/system/sso/login', payload: { username: adminUserName(tenant.prefix), password: BENCH_PASSWORD } })
  ).json();
  if (login.code !== 1000) throw new Error(`signing in as ${adminUserName(tenant.prefix)}: ${JSON.stringify(login)} (is the dataset loaded?)`);
  const headers = { token: login.data.token, userid: String(login.data.userId) };
  const send = (call: Call) => app.inject({ method: call.method, url: call.url, headers, ...(call.body ? { payload: call.body as object } : {}) });

  const statements = [];
  for (const call of CALLS) {
    const answer = (await send(call)).json();
    const wrong = answer.code !== 1000 ? JSON.stringify(answer) : call.expect(answer.rows);
    if (wrong) throw new Error(`${call.name}: ${wrong}`);
    statements.push(await handlerStatements(database, () => send(call)));
    // BENCH_SQL=1 shows what the bare side runs (to EXPLAIN it).
    if (process.env.BENCH_SQL) for (const s of statements.at(-1)!) console.log(`${call.name}: ${s.text} -- ${JSON.stringify(s.params)}`);
  }
  const bare = await bareServer(database, statements);
  for (const [i, call] of CALLS.entries()) {
    const opts = { seconds: SECONDS, concurrency: CONCURRENCY };
    const api = await load(apiPort, call, headers, opts);
    const raw = await load(bare.port, { name: call.name, method: 'GET', url: `/${i}` }, {}, opts);
    const ms = (x: number) => x.toFixed(1).padStart(5);
    console.log(
      `${call.name.padEnd(36)} API ${api.rps.toFixed(0).padStart(5)} req/s p50 ${ms(api.p50)} ms p95 ${ms(api.p95)} ms · ` +
        `bare ${raw.rps.toFixed(0).padStart(5)} req/s p50 ${ms(raw.p50)} ms p95 ${ms(raw.p95)} ms · ` +
        `API/bare ${(api.rps / raw.rps).toFixed(2)}× (${statements[i]!.length} statements)`,
    );
  }
  bare.close();
} finally {
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
