import { defineConfig } from 'vitest/config';

/**
 * The server files that prove the embedded path when the full server suite runs on PostgreSQL (CI): migrations and
 * demo data on a PGlite directory, the resource engine over every registered resource, sign-in and the guard.
 * The browser journeys run on PGlite too (`npm start`), so every built module has one embedded journey.
 */
export const EMBEDDED_SERVER_TESTS = [
  'server/src/**/*.test.ts',
  'server/test/embedded.test.ts',
  'server/test/dataDirLock.test.ts',
  'server/test/resources.test.ts',
  'server/test/guard.test.ts',
  'server/test/auth.test.ts',
  'server/test/signInConcurrency.test.ts',
  'server/test/exports.test.ts',
];

const server = { environment: 'node', testTimeout: 30_000, hookTimeout: 120_000, fileParallelism: false } as const;
/**
 * On PostgreSQL every file has its own database (a template copy) and its own Redis channel, so files run side by
 * side; PGlite runs in the test process and a second one would only fight it for the same cores.
 */
const onPostgres = { ...server, fileParallelism: Boolean(process.env.TEST_DATABASE_URL), maxWorkers: 2 } as const;

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['contract/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'server', include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'], ...onPostgres } },
      { test: { name: 'server-embedded', include: EMBEDDED_SERVER_TESTS, ...server } },
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          root: './web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['./src/testing/setup.ts'],
          // A busy machine (CI, two cores) renders antd slowly: the time a test may take holds there too.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
