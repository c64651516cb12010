// `npm test`: type and lint checks, contract, server and web tests, then the browser journeys.
// With TEST_DATABASE_URL (CI) the whole server suite runs once, on PostgreSQL, and a PGlite pass proves the
// embedded path (vitest.config.ts: EMBEDDED_SERVER_TESTS); without it the whole server suite runs on PGlite.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const timings = [];
const run = (label, args, env = process.env, command = 'npx') => {
  process.stdout.write(`\n▶ ${label}\n`);
  const started = Date.now();
  const res = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  timings.push(`${label}: ${Math.round((Date.now() - started) / 1000)} s`);
  if (res.status !== 0) {
    process.stdout.write(`✗ ${label} failed\n`);
    process.exit(res.status ?? 1);
  }
};
const projects = (...names) => names.flatMap((name) => ['--project', name]);

// Types and the import directions first: they fail in seconds where the suites take minutes.
run('static checks (tsc, eslint, prettier)', ['run', '--silent', 'check'], process.env, 'npm');

const { TEST_DATABASE_URL, ...embedded } = process.env;
if (TEST_DATABASE_URL) {
  run('unit, web component and embedded-path server tests (PGlite)', ['vitest', 'run', ...projects('contract', 'web', 'server-embedded')], embedded);
  run('server tests on PostgreSQL', ['vitest', 'run', ...projects('server')], process.env);
} else {
  run('unit, server (PGlite) and web component tests', ['vitest', 'run', ...projects('contract', 'web', 'server')], embedded);
  process.stdout.write('\n(TEST_DATABASE_URL not set: the server suite ran on PGlite)\n');
}
run('browser journeys', ['node', 'scripts/e2e.mjs']);
process.stdout.write(`\nTimes: ${timings.join(' · ')}\n`);
