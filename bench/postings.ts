// `npm run bench:postings`: ledger postings per second on PostgreSQL through the real posting service (issue #12).
// A fresh database (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/kayuh_postings: dropped and made
// again), migrated and seeded as a production install is; the platform tenant's books opened (openPlatformAccounts),
// BENCH_WALLETS members (default 50) each topped up once through `post` (Dr CLEARING:QRIS / Cr WALLET + the bonus).
// Then each member pays rides from its own wallet in a loop (`payFromBalances` in its own DB transaction: BONUS first,
// then WALLET, Cr REV_RIDE), all at once, for BENCH_SECONDS (default 10) on the server's pool (openDatabase: 10
// connections); then the same with top-ups through `post` (BENCH_ONLY=spend|topup runs one). It reports postings/s and
// the latency of one posting's transaction (pool wait included), and what the connections waited on (pg_stat_activity
// sampled every 20 ms), which is where the time goes when postings queue.
import { PLATFORM_OWNER_TYPE } from '@kayuh/contract/rules/ledgerChart';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../server/src/db/client.ts';
import { accounts, members } from '../server/src/db/schema.ts';
import { seedEmptyDatabase } from '../server/src/db/seed/index.ts';
import { memberAccounts, platformAccounts } from '../server/src/platform/ledger/accounts.ts';
import { payFromBalances } from '../server/src/platform/ledger/memberPay.ts';
import { openPlatformAccounts } from '../server/src/platform/ledger/platformAccounts.ts';
import { post } from '../server/src/platform/ledger/posting.ts';
import { ensureDatabase } from './generate/load.ts';

const URL_ = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kayuh_postings';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WALLETS = Number(process.env.BENCH_WALLETS ?? 50);
const TENANT = 1;
const CURRENCY = 'IDR';

const percentile = (xs: Float64Array, p: number) => (xs.length ? xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]! : NaN);

await ensureDatabase(URL_, { drop: true });
const database = await openDatabase({ url: URL_ });
const { db } = database;
const watcher = new pg.Client({ connectionString: URL_ });
await watcher.connect();
try {
  await database.migrate();
  await seedEmptyDatabase(db, { demo: false, demoPassword: '' });
  const [opened] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.tenantId, TENANT), eq(accounts.ownerType, PLATFORM_OWNER_TYPE)))
    .limit(1);
  if (!opened) await openPlatformAccounts(db, TENANT, CURRENCY, null);
  const platform = await platformAccounts(db, TENANT, CURRENCY, ['CLEARING:QRIS', 'EXP_PROMO', 'REV_RIDE'] as const);
  const riders = await db
    .insert(members)
    .values(
      Array.from({ length: WALLETS }, (_, i) => ({ tenantId: TENANT, memberNo: `BENCHPOST${i}`, phone: `+62899${String(i).padStart(8, '0')}` })),
    )
    .returning({ id: members.id });
  const wallets: Array<{ memberId: number; own: Awaited<ReturnType<typeof memberAccounts>> }> = [];
  for (const r of riders) wallets.push({ memberId: r.id, own: await db.transaction((tx) => memberAccounts(tx, TENANT, r.id, CURRENCY)) });

  let seq = 0;
  const topUp = (w: (typeof wallets)[number], amount: number, bonus: number) =>
    db.transaction((tx) =>
      post(tx, TENANT, {
        kind: 'TOPUP',
        idempotencyKey: `QRIS:bench-${w.memberId}-${++seq}:paid`,
        bizType: 'payment_order',
        bizId: seq,
        lines: [
          { accountId: platform['CLEARING:QRIS'], direction: 'D', amount, memoKey: 'ledger.memo.topup' },
          { accountId: w.own.WALLET, direction: 'C', amount, memoKey: 'ledger.memo.topup' },
          { accountId: platform.EXP_PROMO, direction: 'D', amount: bonus, memoKey: 'ledger.memo.topupBonus' },
          { accountId: w.own.BONUS, direction: 'C', amount: bonus, memoKey: 'ledger.memo.topupBonus' },
        ],
      }),
    );
  const ride = (w: (typeof wallets)[number]) =>
    db.transaction((tx) =>
      payFromBalances(tx, TENANT, {
        memberId: w.memberId,
        currency: CURRENCY,
        amount: 7_000,
        allowDebt: true,
        creditAccountId: platform.REV_RIDE,
        kind: 'RIDE_PAY',
        idempotencyKey: `ride:bench-${w.memberId}-${++seq}`,
        bizType: 'ride',
        bizId: seq,
      }),
    );
  // Enough in every wallet for the run, so no ride goes into debt (and BONUS is spent first, then WALLET).
  for (const w of wallets) await topUp(w, 500_000_000, 50_000);

  const phases = [
    { name: `payFromBalances (ride 7,000 from BONUS, then WALLET; Cr REV_RIDE), ${WALLETS} wallets`, key: 'spend', run: ride },
    {
      name: `post (top-up: Dr CLEARING:QRIS / Cr WALLET, Dr EXP_PROMO / Cr BONUS), ${WALLETS} wallets`,
      key: 'topup',
      run: (w: (typeof wallets)[number]) => topUp(w, 50_000, 5_000),
    },
  ].filter((p) => !process.env.BENCH_ONLY || p.key === process.env.BENCH_ONLY);

  for (const phase of phases) {
    // Warm: every connection of the pool prepared, the plans cached.
    await Promise.all(wallets.map((w) => phase.run(w)));
    const latencies: number[] = [];
    const waits = new Map<string, number>();
    let samples = 0;
    let stop = false;
    const sampler = (async () => {
      while (!stop) {
        const { rows } = await watcher.query<{ w: string }>(
          `SELECT coalesce(wait_event_type || ':' || wait_event, state) AS w FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend' AND state <> 'idle'`,
        );
        samples++;
        for (const r of rows) waits.set(r.w, (waits.get(r.w) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    await Promise.all(
      wallets.map(async (w) => {
        while (performance.now() < deadline) {
          const t0 = performance.now();
          await phase.run(w);
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    stop = true;
    await sampler;
    const sorted = Float64Array.from(latencies).sort();
    console.log(
      `${phase.name}: ${latencies.length} postings in ${seconds.toFixed(1)} s = ${(latencies.length / seconds).toFixed(0)} postings/s; ` +
        `latency p50 ${percentile(sorted, 50).toFixed(1)} · p95 ${percentile(sorted, 95).toFixed(1)} · p99 ${percentile(sorted, 99).toFixed(1)} ms`,
    );
    const busy = [...waits].sort((a, b) => b[1] - a[1]);
    console.log(
      `  busy connections by what they wait on (mean of ${samples} samples): ` + busy.map(([w, n]) => `${w} ${(n / samples).toFixed(2)}`).join(', '),
    );
  }
  const { rows } = await watcher.query(
    `SELECT count(*) AS n FROM (SELECT txn_id FROM ledger_entries GROUP BY txn_id HAVING sum(CASE direction WHEN 'D' THEN amount ELSE -amount END) <> 0) x`,
  );
  console.log(`unbalanced transactions after the run: ${rows[0].n}`);
} finally {
  await watcher.end();
  await database.close();
}
