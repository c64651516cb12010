// `npm run bench:audit`: the nightly ledger audit (auditBooks, DOMAIN §4.1) on the generated dataset, for the tenant
// with the most ledger lines: how long it takes, and that the generated books agree with their entries.
// Run: npm run bench:generate -- --load postgres://postgres@127.0.0.1:5432/kayuh_bench, then npm run bench:audit
// (BENCH_DATABASE_URL, default that database; BENCH_RUNS, default 2: the first reads from disk, the next from cache)
import { openDatabase } from '../server/src/db/client.ts';
import { auditBooks } from '../server/src/modules/payment/ledgerAudit.ts';
import { rowsOf } from '../server/src/platform/rows.ts';
import { sql } from 'drizzle-orm';
import { AS_OF, DAY_MS, FIRST_TENANT_ID } from './generate/context.ts';

const URL_ = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kayuh_bench';
const RUNS = Number(process.env.BENCH_RUNS ?? 2);

const database = await openDatabase({ url: URL_ });
try {
  // The biggest tenant by members with accounts (three accounts each): the same order as by lines, and cheap to find.
  const [biggest] = rowsOf<{ tenant_id: string; accounts: string }>(
    await database.db.execute(sql`
      SELECT tenant_id, count(*) AS accounts FROM accounts WHERE tenant_id >= ${FIRST_TENANT_ID} GROUP BY tenant_id ORDER BY count(*) DESC LIMIT 1`),
  );
  if (!biggest) throw new Error('no bench tenant with accounts: load the dataset first (npm run bench:generate -- --load …)');
  const tenantId = Number(biggest.tenant_id);
  const [size] = rowsOf<{ entries: string; txns: string }>(
    await database.db.execute(sql`
      SELECT (SELECT count(*) FROM ledger_entries WHERE tenant_id = ${tenantId}) AS entries,
             (SELECT count(*) FROM ledger_transactions WHERE tenant_id = ${tenantId}) AS txns`),
  );
  console.log(`tenant ${tenantId}: ${biggest.accounts} accounts, ${size!.txns} transactions, ${size!.entries} entries`);
  const day = { from: new Date(AS_OF.getTime() - DAY_MS), to: AS_OF };
  for (let run = 1; run <= RUNS; run++) {
    const started = performance.now();
    const books = await auditBooks(database.db, tenantId, day);
    const ms = performance.now() - started;
    const drift = books.reduce((n, b) => n + b.driftAccounts + b.unbalancedTxns, 0);
    console.log(`run ${run}: auditBooks ${(ms / 1000).toFixed(1)} s, ${books.length} books, ${drift} drifting accounts or unbalanced transactions`);
    if (run === RUNS)
      for (const b of books)
        console.log(
          `  ${b.bookCode.padEnd(22)} ${String(b.accountCount).padStart(8)} accounts  balance ${b.balanceTotal} = entries ${b.entriesTotal}  ` +
            `day: D ${b.debitTotal} C ${b.creditTotal}  drift ${b.driftAccounts}  unbalanced ${b.unbalancedTxns}`,
        );
  }
} finally {
  await database.close();
}
