// Live link (DESIGN §9: 5,000 STOMP clients on one instance, one broadcast reaches all in ≤ 1 s, heart-beats hold).
// One instance takes N idle STOMP connections with 30 s heart-beats, opened by a child process (the clients get
// the second core and their memory is not counted in the server's RSS); then one broadcast, a hold long enough
// for every connection to need its heart-beats, and, when Redis is there, the latency between two instances.
// Run: npm run bench:live   (BENCH_CONNECTIONS=5000, BENCH_HOLD_S=65, REDIS_URL or TEST_REDIS_URL for two instances)
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { WebSocket } from 'ws';
import { buildApp, type App, storesOf } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase, type Database } from '../server/src/db/client.ts';
import { depts, users, userSessions } from '../server/src/db/schema.ts';
import { seedEmptyDatabase } from '../server/src/db/seed/index.ts';
import { hashToken, newToken } from '../server/src/platform/auth/tokens.ts';
import type { LiveBroker } from '../server/src/platform/live/broker.ts';
import { serializeFrame } from '../server/src/platform/live/stomp/frame.ts';

const N = Number(process.env.BENCH_CONNECTIONS ?? 5_000);
const HOLD_S = Number(process.env.BENCH_HOLD_S ?? 65);
const REDIS_URL = process.env.REDIS_URL || process.env.TEST_REDIS_URL;
const TENANT = 2;
const SUBSCRIBE = serializeFrame('SUBSCRIBE', { id: 'sub-0', destination: '/user/topic/globalMessage', receipt: 'ready' });
const notice = (message: string) => JSON.stringify({ bizCmd: 'message', data: { message } });

type Session = { userId: number; token: string };
type ToChild = { type: 'open'; url: string; sessions: Session[] } | { type: 'expect'; count: number } | { type: 'status' } | { type: 'exit' };
type FromChild =
  | { type: 'ready'; ms: number; refused: number }
  | { type: 'received'; at: number }
  | { type: 'status'; open: number; closed: number; heartBeats: number };

if (process.argv[2] === 'clients') runClients();
else await runBench();

// ——— the server side ———

async function runBench() {
  const rows: [string, string][] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kayuh-bench-live-'));
  const database = await openDatabase({});
  await database.migrate();
  await seedEmptyDatabase(database.db, { demo: true, demoPassword: 'bench-2026', ...storesOf({ fieldKey: undefined, dataDir }) });
  const sessions = await benchSessions(database, N);
  const config = { ...loadConfig({}), dataDir };
  const fdLimit = await openFileLimit();
  console.log(`live bench: ${N} connections, open-file limit ${fdLimit} per process (server and clients each need ${N} + a few)`);

  const one = await buildApp({ config, database, logger: false });
  const url = (await one.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const heapBefore = heapBytes();

  const child = fork(new URL(import.meta.url).pathname, ['clients'], { execArgv: ['--import', 'tsx', '--max-old-space-size=4096'] });
  process.once('exit', () => child.kill());
  const ask = (msg: ToChild) => child.send(msg);
  const next = <T extends FromChild['type']>(type: T) => nextMessage<Extract<FromChild, { type: T }>>(child, type);

  ask({ type: 'open', url: `${url}/api/ws`, sessions });
  const ready = await next('ready');
  rows.push(['connect + subscribe', `${N - ready.refused} of ${N} in ${(ready.ms / 1000).toFixed(1)} s (${Math.round(N / (ready.ms / 1000))}/s)`]);
  rows.push(['server connections', String(one.services.live.localConnections)]);
  global.gc?.();
  const rssAfter = process.memoryUsage().rss;
  const heapAfter = heapBytes();
  // RSS includes the embedded database and seeding garbage that a collection returns: the heap line is the per-connection cost.
  rows.push(['server RSS', `${mb(rssAfter)} MB with ${N} connections (embedded database included; ${mb(rssBefore)} MB before)`]);
  rows.push(['server JS heap', `${mb(heapBefore)} MB → ${mb(heapAfter)} MB (${((heapAfter - heapBefore) / N / 1024).toFixed(1)} KB per connection)`]);

  const userIds = sessions.map((s) => s.userId);
  const times: number[] = [];
  const handed: number[] = [];
  for (let round = 0; round < 3; round++) {
    ask({ type: 'expect', count: N - ready.refused });
    await new Promise((r) => setTimeout(r, 500));
    const started = Date.now();
    await one.services.live.sendToUsers(TENANT, userIds, notice(`broadcast ${round}`));
    handed.push(Date.now() - started);
    const { at } = await next('received');
    times.push(at - started);
  }
  rows.push(['one broadcast reaches all', `${times.map((t) => `${t} ms`).join(', ')} (3 rounds; target ≤ 1000 ms)`]);
  rows.push(['  of which server hand-off', `${handed.map((t) => `${t} ms`).join(', ')} (frames written to the ${N} sockets)`]);

  if (HOLD_S > 0) {
    await new Promise((r) => setTimeout(r, HOLD_S * 1000));
    ask({ type: 'status' });
    const status = await next('status');
    rows.push([
      `after ${HOLD_S} s idle`,
      `${status.open} open, ${status.closed} closed, ${status.heartBeats} server heart-beats received, server holds ${one.services.live.localConnections}`,
    ]);
  }
  ask({ type: 'exit' });
  await new Promise((r) => child.once('exit', r));
  await one.app.close();

  if (REDIS_URL) rows.push(...(await crossInstance(database, config, sessions[0]!)));
  else rows.push(['cross-instance latency', 'skipped: set REDIS_URL or TEST_REDIS_URL']);

  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n'));
}

/** Two instances on one database and one Redis: a push made on A, timed until a client of B has it. */
async function crossInstance(database: Database, config: App['services']['config'], session: Session): Promise<[string, string][]> {
  const live = { busChannel: `kayuh:live:bench:${process.pid}` };
  const a = await buildApp({ config: { ...config, redisUrl: REDIS_URL }, database, logger: false, live });
  const b = await buildApp({ config: { ...config, redisUrl: REDIS_URL }, database, logger: false, live });
  const urlB = (await b.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
  await Promise.all([(a.services.live as LiveBroker).ready(), (b.services.live as LiveBroker).ready()]);

  const socket = new WebSocket(`${urlB}/api/ws`);
  let onMessage: (() => void) | undefined;
  socket.on('message', (data: Buffer) => {
    if (data.subarray(0, 7).toString() === 'MESSAGE') onMessage?.();
  });
  const receipt = new Promise<void>((resolve) =>
    socket.on('message', (data: Buffer) => {
      if (data.subarray(0, 7).toString() === 'RECEIPT') resolve();
    }),
  );
  await new Promise((r) => socket.once('open', r));
  socket.send(serializeFrame('CONNECT', { 'accept-version': '1.2', 'heart-beat': '0,0', 'user-id': String(session.userId), token: session.token }));
  socket.send(SUBSCRIBE);
  await receipt;

  const timed = async (from: App) => {
    const samples: number[] = [];
    for (let i = 0; i < 200; i++) {
      const arrived = new Promise<void>((r) => {
        onMessage = r;
      });
      const started = performance.now();
      await from.services.live.sendToUsers(TENANT, [session.userId], notice(`ping ${i}`));
      await arrived;
      samples.push(performance.now() - started);
    }
    samples.sort((x, y) => x - y);
    const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!.toFixed(2);
    return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms (200 pushes)`;
  };
  const rows: [string, string][] = [
    ['same instance (B → B)', await timed(b)],
    ['cross-instance (A → Redis → B)', await timed(a)],
  ];
  socket.close();
  await Promise.all([a.app.close(), b.app.close()]);
  return rows;
}

/** N staff of tenant 2, each with a live session; written directly (no password hashing: nobody signs in with them). */
async function benchSessions(database: Database, count: number): Promise<Session[]> {
  const { db } = database;
  const [dept] = await db.select({ id: depts.id }).from(depts).where(eq(depts.tenantId, TENANT)).limit(1);
  const now = new Date();
  const sessions: Session[] = [];
  for (let from = 0; from < count; from += 500) {
    const batch = Array.from({ length: Math.min(500, count - from) }, (_, i) => from + i);
    const inserted = await db
      .insert(users)
      .values(
        batch.map((i) => ({
          tenantId: TENANT,
          deptId: dept!.id,
          userName: `bench.live.${i}`,
          nickName: `Bench ${i}`,
          passwordHash: '!',
        })),
      )
      .returning({ id: users.id });
    const tokens = inserted.map(() => newToken());
    await db.insert(userSessions).values(
      inserted.map((u, i) => ({
        tenantId: TENANT,
        userId: u.id,
        tokenHash: hashToken(tokens[i]!),
        ip: '127.0.0.1',
        browser: 'bench',
        os: 'bench',
        loginAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + 3_600_000),
        absoluteExpiresAt: new Date(now.getTime() + 3_600_000),
      })),
    );
    sessions.push(...inserted.map((u, i) => ({ userId: u.id, token: tokens[i]! })));
  }
  const n = await db.$count(users, and(eq(users.tenantId, TENANT), like(users.userName, 'bench.live.%')));
  if (n !== count) throw new Error(`expected ${count} bench users, found ${n}`);
  return sessions;
}

async function openFileLimit(): Promise<string> {
  try {
    const limits = fs.readFileSync('/proc/self/limits', 'utf8');
    return /Max open files\s+(\d+)/.exec(limits)?.[1] ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

function nextMessage<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (msg: FromChild) => {
      if (msg.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(msg as T);
    };
    const onExit = (code: number) => reject(new Error(`client process exited (${code}) while waiting for ${type}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** The JS heap after a full collection (PGlite's WASM memory, counted in `external`, would drown the figure). */
function heapBytes() {
  global.gc?.();
  global.gc?.();
  return process.memoryUsage().heapUsed;
}

function mb(bytes: number) {
  return Math.round(bytes / 1e6);
}

// ——— the client side (a child process) ———

function runClients() {
  const sockets: WebSocket[] = [];
  let closed = 0;
  let heartBeats = 0;
  let expected = 0;
  let received = 0;
  const reply = (msg: FromChild) => process.send!(msg);
  process.on('disconnect', () => process.exit(0));

  // The console's side of the 30 s heart-beat, a little early as stompjs does.
  const beat = setInterval(() => {
    for (const s of sockets) if (s.readyState === WebSocket.OPEN) s.send('\n');
  }, 20_000);

  process.on('message', async (msg: ToChild) => {
    if (msg.type === 'open') {
      const started = Date.now();
      let ready = 0;
      let refused = 0;
      const done = () => {
        if (ready + refused === msg.sessions.length) reply({ type: 'ready', ms: Date.now() - started, refused });
      };
      // A bounded number of handshakes in flight, like a fleet of consoles reconnecting.
      const inFlight = 200;
      let index = 0;
      const openOne = (): void => {
        const session = msg.sessions[index++];
        if (!session) return;
        const socket = new WebSocket(msg.url);
        sockets.push(socket);
        let settled = false;
        socket.on('open', () => {
          socket.send(
            serializeFrame('CONNECT', {
              'accept-version': '1.2',
              'heart-beat': '30000,30000',
              'user-id': String(session.userId),
              token: session.token,
              'system-type': 'web',
            }),
          );
          socket.send(SUBSCRIBE);
        });
        socket.on('message', (data: Buffer) => {
          const head = data.subarray(0, 7).toString();
          if (head === 'MESSAGE') {
            if (++received === expected) reply({ type: 'received', at: Date.now() });
          } else if (data.length <= 2 && (data[0] === 0x0a || data[0] === 0x0d)) heartBeats += 1;
          else if (!settled && head === 'RECEIPT') {
            settled = true;
            ready += 1;
            done();
            openOne();
          } else if (!settled && head.startsWith('ERROR')) {
            settled = true;
            refused += 1;
            done();
            openOne();
          }
        });
        socket.on('error', () => {});
        socket.on('close', () => {
          closed += 1;
          if (!settled) {
            settled = true;
            refused += 1;
            done();
            openOne();
          }
        });
      };
      for (let i = 0; i < inFlight; i++) openOne();
    } else if (msg.type === 'expect') {
      expected = msg.count;
      received = 0;
    } else if (msg.type === 'status') {
      reply({ type: 'status', open: sockets.filter((s) => s.readyState === WebSocket.OPEN).length, closed, heartBeats });
    } else if (msg.type === 'exit') {
      clearInterval(beat);
      for (const s of sockets) s.terminate();
      process.exit(0);
    }
  });
}
