// `npm test`: contract, server and web tests (server on PGlite, and again on PostgreSQL when
// TEST_DATABASE_URL is set), then the browser journeys.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (label, args, env = process.env) => {
  process.stdout.write(`\n▶ ${label}\n`);
  const res = spawnSync('npx', args, { cwd: root, stdio: 'inherit', env });
  if (res.status !== 0) {
    process.stdout.write(`✗ ${label} failed\n`);
    process.exit(res.status ?? 1);
  }
};

const { TEST_DATABASE_URL, ...embedded } = process.env;
run('unit, server (PGlite) and web component tests', ['vitest', 'run'], embedded);
if (TEST_DATABASE_URL) run('server tests on PostgreSQL', ['vitest', 'run', '--project', 'server'], process.env);
else process.stdout.write('\n(TEST_DATABASE_URL not set: server tests ran on PGlite only)\n');
run('browser journeys', ['node', 'scripts/e2e.mjs']);
