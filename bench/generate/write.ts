// Writes every table's rows to <out>/<nn>-<table>.csv in foreign-key order, and manifest.json: the table, its
// columns, its row count and the file's sha256. Nothing in either depends on the clock or the machine.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { makeContext } from './context.ts';
import { codecFor } from './csv.ts';
import { rngFor } from './rng.ts';
import { TABLES } from './tables/index.ts';

export interface ManifestTable {
  table: string;
  file: string;
  columns: string[];
  rows: number;
  sha256: string;
}
export interface Manifest {
  seed: string;
  scale: number;
  asOf: string;
  tables: ManifestTable[];
}

const CHUNK = 1 << 20;

export async function generate(opts: { seed: string; scale: number; out: string; log?: (line: string) => void }): Promise<Manifest> {
  fs.mkdirSync(opts.out, { recursive: true });
  // A run of another version may have written other tables: only this run's files stay.
  for (const name of fs.readdirSync(opts.out)) if (/^\d{2}-\w+\.csv$/.test(name)) fs.rmSync(path.join(opts.out, name));
  const ctx = makeContext(opts);
  const tables: ManifestTable[] = [];
  for (const [i, spec] of TABLES.entries()) {
    const started = performance.now();
    const codec = codecFor(spec.table);
    const file = `${String(i + 1).padStart(2, '0')}-${codec.name}.csv`;
    const stream = fs.createWriteStream(path.join(opts.out, file));
    const sha = createHash('sha256');
    let buffer = codec.columns.join(',') + '\n';
    const flush = async () => {
      sha.update(buffer);
      if (!stream.write(buffer)) await new Promise<void>((resolve) => stream.once('drain', () => resolve()));
      buffer = '';
    };
    let rows = 0;
    for await (const row of spec.rows(rngFor(opts.seed, codec.name), ctx)) {
      buffer += codec.line(row as Record<string, unknown>);
      rows++;
      if (buffer.length >= CHUNK) await flush();
    }
    await flush();
    await new Promise<void>((resolve, reject) => stream.end((err?: Error | null) => (err ? reject(err) : resolve())));
    tables.push({ table: codec.name, file, columns: codec.columns, rows, sha256: sha.digest('hex') });
    opts.log?.(`${codec.name.padEnd(16)} ${String(rows).padStart(10)} rows  ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const manifest: Manifest = { seed: opts.seed, scale: opts.scale, asOf: ctx.asOf.toISOString(), tables };
  fs.writeFileSync(path.join(opts.out, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}
