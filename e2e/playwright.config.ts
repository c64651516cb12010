import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = path.join(os.tmpdir(), `kayuh-e2e-${process.pid}`);

/** Journeys in Debian's Chromium (never a downloaded browser) against `npm start` on a fresh embedded database. */
export default defineConfig({
  testDir: './journeys',
  outputDir: '../test-results/e2e-artifacts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A step that cannot happen fails on its own line, not as the whole journey's timeout.
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && node scripts/start.mjs`,
    cwd: '..',
    url: `http://127.0.0.1:${port}/api/docs/openapi.json`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: { PORT: String(port), MQTT_PORT: String(port + 10_000), KAYUH_DATA_DIR: dataDir, KAYUH_DEMO_PASSWORD: 'kayuh2026', LOG_LEVEL: 'warn' },
  },
});
