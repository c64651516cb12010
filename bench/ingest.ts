// `npm run bench:ingest`: telemetry in over MQTT on PostgreSQL (issue #11). A fresh database (BENCH_DATABASE_URL,
// default postgres://postgres@127.0.0.1:5432/kayuh_ingest: dropped and made again) with the demo and BENCH_DEVICES extra
// vehicles in Jakarta; the server (`server/src/main.ts`) in a child process, its RSS and CPU read from /proc; the
// devices in BENCH_LOADGENS other child processes (lean MQTT 3.1.1 clients on mqtt-packet, QoS 1); publishes at rising
// rates (BENCH_RATES frames/s, BENCH_STEP_S each) and measures, from the publisher's clock: frames written per second,
// frame → vehicle_live_status, frame → the alarm pushed to a console (TAMPER, hold 0), and a lock's round trip.
import { randomBytes } from 'node:crypto';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { generate, parser, type Packet } from 'mqtt-packet';
import pg from 'pg';

const N = Number(process.env.BENCH_DEVICES ?? 19_900);
const LOADGENS = Number(process.env.BENCH_LOADGENS ?? 2);
const RATES = (process.env.BENCH_RATES ?? '1000,2500,5000,7500,10000').split(',').map(Number);
const STEP_S = Number(process.env.BENCH_STEP_S ?? 20);
const URL_ = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kayuh_ingest';
const PORT = 18_401;
const MQTT_PORT = 18_402;
const KEY = 'bench-ingest-device-key-0123456789abcdefghij';
const PASSWORD = 'bench-2026';
/** Vehicles whose live status is polled for the frame → live status latency. */
const SAMPLED = 400;
const POLL_MS = 50;
const TAMPERS_PER_S = 2;
const COMMANDS_PER_S = 2;

type ToGen = { type: 'connect'; from: number; to: number } | { type: 'rate'; fps: number } | { type: 'tamper'; index: number } | { type: 'exit' };
type FromGen =
  | { type: 'connected'; ok: number; refused: number; ms: number }
  | { type: 'count'; published: number; acked: number; commands: number }
  | { type: 'tampered'; index: number; at: number };

const imeiOf = (i: number) => `99${String(i).padStart(13, '0')}`;
const vehicleNoOf = (i: number) => `ING-${String(i).padStart(6, '0')}`;
const percentile = (xs: number[], p: number) =>
  xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]! : NaN;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A frame of a bench device: parked in central Jakarta, a little apart from the others, reportedAt now. */
const frameOf = (i: number, alarmBits = 0) =>
  JSON.stringify({
    msgType: 2,
    reportedAt: Date.now(),
    lat: -6.2 + (i % 200) * 0.0005,
    lng: 106.8 + Math.floor(i / 200) * 0.0005,
    gpsValid: true,
    speedKph: 0,
    lockState: 0,
    soc: 70,
    batteryVoltageMv: 51_000,
    gsmSignal: 22,
    alarmBits,
  });

if (process.argv[2] === 'loadgen') runLoadGenerator();
else await runBench();

// ——— the bench ———

async function runBench() {
  const cores = os.cpus().length;
  console.log(`ingest bench: ${N} devices in ${LOADGENS} load generators, rates ${RATES.join(', ')} frames/s, ${STEP_S} s each, ${cores} cores`);
  const { vehicleIds } = await prepareDatabase();
  const server = await startServer();
  const db = new pg.Client({ connectionString: URL_ });
  await db.connect();
  const gens = Array.from({ length: LOADGENS }, () => fork(new URL(import.meta.url).pathname, ['loadgen'], { execArgv: ['--import', 'tsx'] }));
  const stopAll = () => {
    for (const g of gens) g.kill();
    server.child.kill('SIGTERM');
  };
  process.once('exit', stopAll);
  try {
    const { consoleClient } = await import('../server/test/liveClients.ts');
    const login = await api('POST', '/system/sso/login', { username: 'kitabike.admin', password: PASSWORD });
    const headers = { token: login.data.token, userid: String(login.data.userId) };
    const console_ = await consoleClient(`ws://127.0.0.1:${PORT}`, headers);
    // When each notice reached the console (looked at every 5 ms).
    const heard: Array<{ body: string; at: number }> = [];
    const stamping = setInterval(() => {
      for (let i = heard.length; i < console_.messages.length; i++) heard.push({ body: console_.messages[i]!.body, at: Date.now() });
    }, 5);

    // Connect everyone.
    const per = Math.ceil(N / LOADGENS);
    const rssIdle = rssOf(server.child.pid!);
    const connected = await Promise.all(
      gens.map((g, k) => {
        g.send({ type: 'connect', from: k * per, to: Math.min(N, (k + 1) * per) } satisfies ToGen);
        return next<Extract<FromGen, { type: 'connected' }>>(g, 'connected');
      }),
    );
    const ok = connected.reduce((s, c) => s + c.ok, 0);
    const connectMs = Math.max(...connected.map((c) => c.ms));
    await sleep(2_000);
    const rssConnected = rssOf(server.child.pid!);
    console.log(
      `connected ${ok} of ${N} (refused ${connected.reduce((s, c) => s + c.refused, 0)}) in ${(connectMs / 1000).toFixed(1)} s; server RSS ${mb(rssIdle)} MB → ${mb(rssConnected)} MB`,
    );

    const counts = gens.map(() => ({ published: 0, acked: 0, commands: 0 }));
    gens.forEach((g, k) => g.on('message', (m: FromGen) => m.type === 'count' && (counts[k] = m)));
    const tampered = new Map<number, number>();
    gens.forEach((g) => g.on('message', (m: FromGen) => m.type === 'tampered' && tampered.set(m.index, m.at)));
    const alarmSeen = new Map<number, number>();
    const sampleIds = vehicleIds.slice(0, SAMPLED);
    let nextTamper = N - 1;

    const rows: string[] = [];
    for (const fps of RATES) {
      for (const g of gens) g.send({ type: 'rate', fps: fps / LOADGENS } satisfies ToGen);
      await sleep(3_000); // the step's rate settles
      const cpu0 = cpuOf(server.child.pid!);
      const written0 = await telemetryRows(db);
      const published0 = counts.reduce((s, c) => s + c.published, 0);
      const acked0 = counts.reduce((s, c) => s + c.acked, 0);
      const t0 = Date.now();
      const liveLatency: number[] = [];
      const seen = new Map<number, number>();
      const commandMs: number[] = [];
      const commandCodes = new Map<number, number>();
      const tamperIndexes: number[] = [];
      const end = t0 + STEP_S * 1000;
      // Polls the sampled vehicles' live status: a newer last_reported_at is a frame landed; its age is the latency.
      const poll = (async () => {
        while (Date.now() < end) {
          const res = await db.query<{ vehicle_id: string; at: Date }>(
            'SELECT vehicle_id, last_reported_at AS at FROM vehicle_live_status WHERE vehicle_id = ANY($1)',
            [sampleIds],
          );
          const now = Date.now();
          for (const r of res.rows) {
            const at = r.at.getTime();
            const before = seen.get(Number(r.vehicle_id));
            if (before !== undefined && at > before && at >= t0) liveLatency.push(now - at);
            seen.set(Number(r.vehicle_id), at);
          }
          await sleep(POLL_MS);
        }
      })();
      // A lock to a device every so often, answered when it acks (the load generators ack every command at once).
      const commands = (async () => {
        let i = 0;
        while (Date.now() < end) {
          const index = SAMPLED + ((fps + i++ * 7) % (N - 2 * SAMPLED));
          const started = performance.now();
          const res = await api('POST', '/vehicle/vehicle/command', { vehicleId: vehicleIds[index], command: 'lock' }, headers);
          commandMs.push(performance.now() - started);
          commandCodes.set(res.code, (commandCodes.get(res.code) ?? 0) + 1);
          await sleep(1000 / COMMANDS_PER_S);
        }
      })();
      // TAMPER frames, each of a vehicle not yet alarmed (one open alarm per vehicle and code).
      const tampers = (async () => {
        while (Date.now() < end - 2_000) {
          const index = nextTamper--;
          tamperIndexes.push(index);
          gens[Math.floor(index / per)]!.send({ type: 'tamper', index } satisfies ToGen);
          await sleep(1000 / TAMPERS_PER_S);
        }
      })();
      await Promise.all([poll, commands, tampers]);
      const seconds = (Date.now() - t0) / 1000;
      const written = (await telemetryRows(db)) - written0;
      const published = counts.reduce((s, c) => s + c.published, 0) - published0;
      const acked = counts.reduce((s, c) => s + c.acked, 0) - acked0;
      const cpu = (cpuOf(server.child.pid!) - cpu0) / seconds;
      const rss = rssOf(server.child.pid!);
      // Alarms: the notices the console heard, matched to the TAMPER frames by the vehicle they name.
      await sleep(3_000);
      for (const { body, at } of heard) {
        for (const index of tamperIndexes) {
          if (alarmSeen.has(index)) continue;
          if (new RegExp(`#${vehicleIds[index]}(?!\\d)|${vehicleNoOf(index)}`).test(body)) alarmSeen.set(index, at);
        }
      }
      const alarmMs = tamperIndexes.filter((i) => alarmSeen.has(i) && tampered.has(i)).map((i) => alarmSeen.get(i)! - tampered.get(i)!);
      const line =
        `offered ${fps}/s: published ${Math.round(published / seconds)}/s, broker acked ${Math.round(acked / seconds)}/s, written ${Math.round(written / seconds)}/s; ` +
        `frame→live p50 ${percentile(liveLatency, 50)} ms p99 ${percentile(liveLatency, 99)} ms (${liveLatency.length} samples); ` +
        `frame→alarm pushed p50 ${percentile(alarmMs, 50)} ms p99 ${percentile(alarmMs, 99)} ms (${alarmMs.length} of ${tamperIndexes.length}); ` +
        `lock round trip p50 ${percentile(commandMs, 50).toFixed(0)} ms p99 ${percentile(commandMs, 99).toFixed(0)} ms (${[...commandCodes].map(([c, n]) => `${n}×${c}`).join(' ')}); ` +
        `server CPU ${(cpu * 100).toFixed(0)}%, RSS ${mb(rss)} MB`;
      console.log(line);
      rows.push(line);
      if (written / seconds < fps * 0.9 && percentile(liveLatency, 99) > 5_000) {
        console.log('ingest no longer keeps up: stopping the ramp');
        break;
      }
    }
    for (const g of gens) g.send({ type: 'rate', fps: 0 } satisfies ToGen);
    clearInterval(stamping);
    await console_.close();
  } finally {
    await db.end();
    for (const g of gens) g.send({ type: 'exit' } satisfies ToGen);
    server.child.kill('SIGTERM');
    await sleep(1_000);
  }
  process.exit(0);

  async function api(method: 'GET' | 'POST', p: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`http://127.0.0.1:${PORT}/api${p}`, {
      method,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { code: number; data: { token: string; userId: number } };
  }
}

function next<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: { type: string }) => {
      if (m.type !== type) return;
      child.off('message', on);
      resolve(m as T);
    };
    child.on('message', on);
  });
}

async function telemetryRows(db: pg.Client) {
  return Number((await db.query('SELECT count(*) AS n FROM vehicle_telemetry')).rows[0].n);
}
function mb(bytes: number) {
  return Math.round(bytes / 1024 / 1024);
}
function rssOf(pid: number): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.split(/\s+/)[1]) * 1024;
}
/** The process's CPU seconds so far (user + system). */
function cpuOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** A fresh database: migrated, the demo seeded, and N bench vehicles in Jakarta sharing one key's hash. */
async function prepareDatabase(): Promise<{ vehicleIds: number[] }> {
  const started = Date.now();
  const admin = new pg.Client({ connectionString: new URL('/postgres', URL_).toString() });
  await admin.connect();
  const name = new URL(URL_).pathname.slice(1);
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const { openDatabase } = await import('../server/src/db/client.ts');
  const { seedEmptyDatabase } = await import('../server/src/db/seed/index.ts');
  const { hashDeviceKey } = await import('../server/src/platform/devices/deviceKeys.ts');
  const { fieldCipher } = await import('../server/src/platform/secrets/fieldCipher.ts');
  const { localFileStore } = await import('../server/src/platform/files/fileStore.ts');
  const database = await openDatabase({ url: URL_ });
  await database.migrate();
  // The demo's NIKs sealed under a key nobody keeps and its photos in a scratch folder: ingest reads neither.
  await seedEmptyDatabase(database.db, {
    demo: true,
    demoPassword: PASSWORD,
    cipher: fieldCipher(randomBytes(32)),
    files: localFileStore(fs.mkdtempSync(path.join(os.tmpdir(), 'kayuh-bench-files-'))),
  });
  await database.close();
  const db = new pg.Client({ connectionString: URL_ });
  await db.connect();
  const hash = await hashDeviceKey(KEY);
  const model = (await db.query("SELECT id FROM product_models WHERE tenant_id = 2 AND model_code = 'NB-CITY-2'")).rows[0].id;
  const ids: number[] = [];
  for (let from = 0; from < N; from += 5_000) {
    const to = Math.min(N, from + 5_000);
    const res = await db.query(
      `INSERT INTO vehicles (tenant_id, city_code, vehicle_no, frame_no, model_id, imei, op_state, gbfs_public_id, device_key_hash, device_key_issued_at)
       SELECT 2, 2001, 'ING-' || lpad(i::text, 6, '0'), 'INGF' || lpad(i::text, 8, '0'), $3, '99' || lpad(i::text, 13, '0'), 20, 'ing-' || i, $4, now()
       FROM generate_series($1::int, $2::int - 1) AS i ORDER BY i RETURNING id`,
      [from, to, model, hash],
    );
    ids.push(...res.rows.map((r: { id: string }) => Number(r.id)));
  }
  await db.query('ANALYZE');
  await db.end();
  console.log(`database ${name}: migrated, demo seeded, ${N} bench vehicles (imei ${imeiOf(0)}…) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { vehicleIds: ids };
}

async function startServer(): Promise<{ child: ChildProcess }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kayuh-bench-ingest-'));
  const root = path.resolve(import.meta.dirname, '..');
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_SERVER_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_SERVER_PROFILE] : []),
      '--import',
      'tsx',
      path.join(root, 'server/src/main.ts'),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: URL_,
        KAYUH_DEMO: '0',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        MQTT_PORT: String(MQTT_PORT),
        KAYUH_DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SIMULATE: '0',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('console is running') && resolve());
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
  return { child };
}

// ——— a load generator: its share of the devices, lean MQTT 3.1.1 clients ———

function runLoadGenerator() {
  const devices: Array<{ socket: net.Socket; index: number; messageId: number }> = [];
  let published = 0;
  let acked = 0;
  let commands = 0;
  let timer: NodeJS.Timeout | undefined;
  const send = (m: FromGen) => process.send!(m);

  const open = (index: number) =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(MQTT_PORT, '127.0.0.1');
      socket.setNoDelay(true);
      const device = { socket, index, messageId: 0 };
      const p = parser({ protocolVersion: 4 });
      socket.on('data', (d) => p.parse(d));
      socket.on('error', () => resolve(false));
      socket.on('close', () => resolve(false));
      p.on('packet', (packet: Packet) => {
        if (packet.cmd === 'connack') {
          if (packet.returnCode !== 0) return resolve(false);
          socket.write(generate({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: `v1/${imeiOf(index)}/cmd`, qos: 1 }] }));
        } else if (packet.cmd === 'suback') {
          devices.push(device);
          resolve(true);
        } else if (packet.cmd === 'puback') {
          acked++;
        } else if (packet.cmd === 'publish') {
          // A command: the broker's delivery acked, then the box's own ack, at once.
          commands++;
          socket.write(generate({ cmd: 'puback', messageId: packet.messageId! }));
          const { commandNo } = JSON.parse(packet.payload.toString()) as { commandNo: string };
          publish(device, `v1/${imeiOf(index)}/ack`, JSON.stringify({ commandNo, result: 'ok' }));
        }
      });
      socket.write(
        generate({
          cmd: 'connect',
          protocolId: 'MQTT',
          protocolVersion: 4,
          clean: true,
          clientId: `bench-${index}`,
          keepalive: 0,
          username: imeiOf(index),
          password: Buffer.from(KEY),
        }),
      );
    });

  const publish = (device: (typeof devices)[number], topic: string, payload: string) => {
    device.messageId = (device.messageId % 65_535) + 1;
    device.socket.write(generate({ cmd: 'publish', topic, payload, qos: 1, messageId: device.messageId, retain: false, dup: false }));
    published++;
  };

  process.on('message', async (m: ToGen) => {
    if (m.type === 'connect') {
      const started = Date.now();
      let ok = 0;
      let refused = 0;
      const queue = Array.from({ length: m.to - m.from }, (_, i) => m.from + i);
      await Promise.all(
        Array.from({ length: 100 }, async () => {
          for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
            if (await open(i)) ok++;
            else refused++;
          }
        }),
      );
      setInterval(() => send({ type: 'count', published, acked, commands }), 500).unref();
      send({ type: 'connected', ok, refused, ms: Date.now() - started });
    } else if (m.type === 'rate') {
      clearInterval(timer);
      if (m.fps <= 0 || devices.length === 0) return;
      // Every 10 ms, the frames due by now, round-robin over the devices.
      let cursor = 0;
      let due = 0;
      let last = performance.now();
      timer = setInterval(() => {
        const now = performance.now();
        due += ((now - last) / 1000) * m.fps;
        last = now;
        for (; due >= 1; due--) {
          const device = devices[cursor++ % devices.length]!;
          publish(device, `v1/${imeiOf(device.index)}/telemetry`, frameOf(device.index));
        }
      }, 10);
    } else if (m.type === 'tamper') {
      const device = devices.find((d) => d.index === m.index);
      if (!device) return;
      const at = Date.now();
      publish(device, `v1/${imeiOf(device.index)}/telemetry`, frameOf(device.index, 1 << 2));
      send({ type: 'tampered', index: m.index, at });
    } else if (m.type === 'exit') {
      process.exit(0);
    }
  });
}
