// Gzip size of the JavaScript the /login route loads: the entry chunk, the login page's lazy chunk, and
// everything they import statically (from Vite's build manifest). DESIGN §9 target: ≤ 200 KB.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const seen = new Set();
const visit = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) visit(dep);
};
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const login = Object.keys(manifest).find((k) => /routes\/login\/LoginPage/.test(k));
visit(entry);
visit(login);
const files = [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
const bytes = files.map((f) => gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length);
const total = bytes.reduce((a, b) => a + b, 0);
console.log(`login route: ${files.length} JS files, ${(total / 1024).toFixed(1)} KiB gzip (${total} bytes); target 200 KB`);
