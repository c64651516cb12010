// What the /login page costs a browser (issue #8): bytes over the wire (JS, CSS, HTML, the catalogue) and the first
// contentful paint, for a first visit and for a returning browser, in Debian's Chromium against `npm start`.
// Run: npm run build && npm run bench:login-page   (BENCH_PORT, default 8297)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 8297);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kayuh-login-bench-'));
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), KAYUH_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: 'ignore',
});
const url = `http://127.0.0.1:${port}/login`;
for (let i = 0; i < 240; i++) {
  try {
    if ((await fetch(`http://127.0.0.1:${port}/api/docs/openapi.json`)).ok) break;
  } catch {
    /* not yet */
  }
  await new Promise((r) => setTimeout(r, 500));
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const context = await browser.newContext();

async function visit(label) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const bytes = { script: 0, stylesheet: 0, document: 0, catalogue: 0, other: 0 };
  const types = new Map();
  cdp.on('Network.responseReceived', (e) =>
    types.set(e.requestId, e.response.url.includes('/i18n/find') ? 'catalogue' : (e.type ?? 'Other').toLowerCase()),
  );
  cdp.on('Network.loadingFinished', (e) => {
    const type = types.get(e.requestId) ?? 'other';
    bytes[type in bytes ? type : 'other'] += e.encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByRole('button').first().waitFor();
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `${label.padEnd(18)} JS ${kb(bytes.script)} · CSS ${kb(bytes.stylesheet)} · HTML ${kb(bytes.document)} · catalogue ${kb(bytes.catalogue)} · first contentful paint ${fcp.toFixed(0)} ms`,
  );
  await page.close();
}

await visit('first visit');
await visit('returning browser');
await browser.close();
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
fs.rmSync(dataDir, { recursive: true, force: true });
