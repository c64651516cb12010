// Playwright journeys in Debian's Chromium against the built console and a real server.
// Without Chromium they are skipped with one clear line — except in CI (KAYUH_REQUIRE_E2E=1), where that fails.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildWebIfStale } from './build-if-stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  const line = `Browser journeys SKIPPED: no Chromium at ${chromium} (apt-get install -y chromium)`;
  if (process.env.KAYUH_REQUIRE_E2E === '1') {
    process.stderr.write(`${line} — required in CI\n`);
    process.exit(1);
  }
  process.stdout.write(`${line}\n`);
  process.exit(0);
}
buildWebIfStale();
const res = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(res.status ?? 1);
