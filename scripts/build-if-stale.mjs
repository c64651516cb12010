// Builds the web console when web/dist is missing or older than its sources, so `npm start` always serves
// what is checked out without rebuilding on every start.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const sources = ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public', 'contract/src', 'package-lock.json'];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((e) => newestMtime(path.join(p, e))));
}

export function buildWebIfStale() {
  const built = path.join(root, 'web/dist/index.html');
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (builtAt >= changedAt) return;
  process.stdout.write('Building the web console (first start or sources changed)…\n');
  const res = spawnSync('npm', ['run', 'build', '-w', '@kayuh/web', '--silent'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfStale();
