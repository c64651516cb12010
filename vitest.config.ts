import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['contract/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      { extends: './web/vite.config.ts', test: { name: 'web', root: './web', include: ['src/**/*.test.{ts,tsx}'], environment: 'happy-dom', setupFiles: ['./src/testing/setup.ts'] } },
    ],
  },
});
