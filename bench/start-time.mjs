// Start-up time of `npm start` (issue #8): a first start on an empty embedded database (migrations and demo data)
// and a later start, each until /login is served; with BENCH_REBUILD=1 the web console is rebuilt first, as on a
// fresh clone. `npm ci` itself is the network's and the npm cache's, so it is not timed here.
// Run: npm run bench:start-time   (BENCH_PORT, default 8298)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 8298);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kayuh-start-bench-'));

async function startUntilLogin(label) {
  const started = performance.now();
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), KAYUH_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/login`)).ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(`${label.padEnd(40)} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
}

if (process.env.BENCH_REBUILD === '1') {
  const started = performance.now();
  spawnSync('npm', ['run', 'build', '-w', '@kayuh/web', '--silent'], { cwd: root, stdio: 'ignore' });
  console.log(`${'web build'.padEnd(40)} ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
await startUntilLogin('first start (migrations, demo data)');
await startUntilLogin('later start');
await startUntilLogin('later start, again');
fs.rmSync(dataDir, { recursive: true, force: true });
