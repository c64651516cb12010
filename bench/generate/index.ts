// The benchmark dataset generator (DOMAIN §9.5). See bench/README.md.
//   npm run bench:generate -- --seed 42 --out /tmp/kayuh-bench [--scale 1] [--load postgres://…/kayuh_bench [--drop] [--telemetry-days 1]]
//   npm run bench:generate -- --check [--load postgres://… (the server to make a scratch database on)]
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { check } from './check.ts';
import { load } from './load.ts';
import { generateTelemetry } from './telemetry.ts';
import { TABLES } from './tables/index.ts';
import { verify } from './verify.ts';
import { generate } from './write.ts';

const { values: args } = parseArgs({
  options: {
    seed: { type: 'string', default: '42' },
    out: { type: 'string', default: path.join(os.tmpdir(), 'kayuh-bench') },
    scale: { type: 'string', default: '1' },
    load: { type: 'string' },
    drop: { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
    'telemetry-days': { type: 'string', default: '1' },
  },
});
const log = (line: string) => console.log(line);

if (args.check) {
  const ok = await check({ seed: args.seed, url: args.load ?? 'postgres://postgres@127.0.0.1:5432/postgres', log });
  console.log(ok ? 'check passed' : 'check FAILED');
  process.exit(ok ? 0 : 1);
}

const scale = Number(args.scale);
if (!(scale > 0)) throw new Error(`--scale must be a positive number (got ${args.scale})`);
const started = performance.now();
const manifest = await generate({ seed: args.seed, scale, out: args.out, log });
const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
console.log(`generated ${rows} rows in ${((performance.now() - started) / 1000).toFixed(1)} s → ${args.out}`);
if (args.load) {
  const loaded = await load({ url: args.load, dir: args.out, drop: args.drop, log });
  console.log(`loaded ${loaded.rows} rows in ${loaded.seconds.toFixed(1)} s (${Math.round(loaded.rows / loaded.seconds)} rows/s)`);
  const verified = await verify(args.load, TABLES);
  for (const p of verified.problems) console.log(`PROBLEM ${p}`);
  console.log(`verified: ${verified.checked} checks, ${verified.problems.length} problems`);
  if (verified.problems.length) process.exitCode = 1;
  const frames = await generateTelemetry({
    url: args.load,
    days: Number(args['telemetry-days']),
    seed: args.seed,
    asOf: new Date(manifest.asOf),
    log,
  });
  if (frames) console.log(`vehicle_telemetry: ${frames} frames made in the database`);
}
