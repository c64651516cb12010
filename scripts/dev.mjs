// `npm run dev`: the server with reload on change (tsx watch) and Vite's dev server with hot reload.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn('npx', ['tsx', 'watch', 'server/src/main.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npx', ['vite', '--port', '5173'], { cwd: path.join(root, 'web'), stdio: 'inherit' }),
];
process.stdout.write('Console with hot reload: http://localhost:5173 (API on :8080)\n');
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
