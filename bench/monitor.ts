// `npm run bench:monitor`: the live monitor's read (GET /api/vehicle/monitor) for the biggest city of the §9.5 dataset
// (Jakarta of BENCH1, 28,177 vehicles), as the page asks for it every 15 s: its time, one caller at a time and eight
// at once, and its size as sent (gzip) and as read. Needs `npm run bench:generate -- --load …` first.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/client.ts';
import { adminUserName, BENCH_PASSWORD } from './generate/tables/staff.ts';
import { makeContext } from './generate/context.ts';

const URL_ = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kayuh_bench';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const ctx = makeContext({ seed: '42', scale: 1 });
const tenant = ctx.tenants[0]!;
const city = tenant.cities[0]!;

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const database = await openDatabase({ url: URL_ });
await database.migrate();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kayuh-bench-monitor-'));
const { app } = await buildApp({ config: { ...loadConfig({}), dataDir, rateLimits: false }, database, logger: false });
try {
  const login = (
    await app.inject({ method: 'POST', url: '/api/system/sso/login', payload: { username: adminUserName(tenant.prefix), password: BENCH_PASSWORD } })
  ).json();
  const headers = { token: login.data.token, userid: String(login.data.userId), 'accept-encoding': 'gzip' };
  const url = `/api/vehicle/monitor?cityCode=${city.cityCode}`;
  const read = async () => {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url, headers });
    return { ms: performance.now() - started, sent: res.rawPayload.length, encoding: res.headers['content-encoding'] };
  };
  const first = await read();
  const plain = await app.inject({ method: 'GET', url, headers: { token: headers.token, userid: headers.userid } });
  const vehicles = plain.json().data.vehicles.length as number;
  const alone: number[] = [];
  for (let i = 0; i < ROUNDS; i++) alone.push((await read()).ms);
  const together: number[] = [];
  for (let i = 0; i < ROUNDS / 4; i++) together.push(...(await Promise.all(Array.from({ length: 8 }, read))).map((r) => r.ms));
  const ms = (x: number) => x.toFixed(0);
  console.log(
    `${city.name}: ${vehicles} vehicles; ${(plain.rawPayload.length / 1024).toFixed(0)} KB as JSON, ${(first.sent / 1024).toFixed(0)} KB as sent (${first.encoding ?? 'identity'})`,
  );
  console.log(`one at a time (${ROUNDS}): p50 ${ms(percentile(alone, 50))} ms · p95 ${ms(percentile(alone, 95))} ms`);
  console.log(`eight at once (${together.length}): p50 ${ms(percentile(together, 50))} ms · p95 ${ms(percentile(together, 95))} ms`);
} finally {
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
