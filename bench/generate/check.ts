// --check: the generator is deterministic (two runs of one seed at scale 0.01 give the same bytes, another seed
// does not) and valid (loaded into a scratch PostgreSQL database, every count, reference and rule holds).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropDatabase, load } from './load.ts';
import { TABLES } from './tables/index.ts';
import { verify } from './verify.ts';
import { generate, type Manifest } from './write.ts';

const SCALE = 0.01;

const fileHashes = (dir: string, manifest: Manifest) =>
  manifest.tables.map((t) => `${t.file} ${t.rows} ${t.sha256}`).join('\n') + '\n' + fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8');

export async function check(opts: { seed: string; url: string; log: (line: string) => void }): Promise<boolean> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kayuh-bench-check-'));
  const problems: string[] = [];
  try {
    const run = (name: string, seed = opts.seed) => generate({ seed, scale: SCALE, out: path.join(root, name) });
    const [a, b] = [await run('a'), await run('b')];
    const same = fileHashes(path.join(root, 'a'), a) === fileHashes(path.join(root, 'b'), b);
    // The manifest's hashes are of what was written; compare the files themselves too.
    const bytesSame = a.tables.every((t) => fs.readFileSync(path.join(root, 'a', t.file)).equals(fs.readFileSync(path.join(root, 'b', t.file))));
    if (!same || !bytesSame) problems.push('two runs of one seed gave different files');
    const other = await run('c', `${opts.seed}-other`);
    if (other.tables.every((t, i) => t.sha256 === a.tables[i]!.sha256)) problems.push('another seed gave the same files');
    opts.log(
      `deterministic: ${same && bytesSame ? 'yes' : 'NO'} (${a.tables.length} tables, ${a.tables.reduce((n, t) => n + t.rows, 0)} rows at scale ${SCALE})`,
    );

    const target = new URL(opts.url);
    target.pathname = `/kayuh_bench_check_${randomBytes(4).toString('hex')}`;
    const url = target.toString();
    try {
      const loaded = await load({ url, dir: path.join(root, 'a'), log: () => {} });
      opts.log(`loaded into ${target.pathname.slice(1)}: ${loaded.rows} rows, counts as the manifest says`);
      const verified = await verify(url, TABLES);
      problems.push(...verified.problems);
      opts.log(`verified: ${verified.checked} checks (references, dictionaries, rules, sign-in), ${verified.problems.length} problems`);
    } finally {
      await dropDatabase(url);
    }
  } catch (err) {
    problems.push((err as Error).message);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
  for (const p of problems) opts.log(`PROBLEM ${p}`);
  return problems.length === 0;
}
