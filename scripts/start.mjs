// `npm start`: build the console if needed, then run the server (migrations + demo data on first start).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildWebIfStale } from './build-if-stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
buildWebIfStale();
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
