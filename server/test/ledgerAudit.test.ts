import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { accountBooks, accounts, alarms, ledgerAudits } from '../src/db/schema.ts';
import { memberAccounts, platformAccounts } from '../src/platform/ledger/accounts.ts';
import { post } from '../src/platform/ledger/posting.ts';
import { runLedgerAudit } from '../src/modules/payment/ledgerAudit.ts';
import { useTestApp } from './harness.ts';

/** The nightly audit (DOMAIN §4.1): every book recomputed from its entries; a drift raises LEDGER_DRIFT. */
const t = useTestApp();
const GOWES = 3;
const db = () => t.database.db as Db;
const today = () => {
  const from = new Date(Date.now() - 3_600_000);
  return { statDate: from.toISOString().slice(0, 10), from, to: new Date(Date.now() + 3_600_000) };
};

async function topUp(memberId: number, amount: number) {
  const p = await platformAccounts(db(), GOWES, 'IDR', ['CLEARING:QRIS']);
  await db().transaction(async (tx) => {
    const own = await memberAccounts(tx, GOWES, memberId, 'IDR');
    await post(tx, GOWES, {
      kind: 'TOPUP',
      idempotencyKey: `audit-topup:${memberId}`,
      bizType: 'payment_order',
      bizId: memberId,
      lines: [
        { accountId: p['CLEARING:QRIS'], direction: 'D', amount },
        { accountId: own.WALLET, direction: 'C', amount },
      ],
    });
  });
}

const latestAudit = async (bookCode: string) => {
  const [row] = await db()
    .select({ audit: ledgerAudits })
    .from(ledgerAudits)
    .innerJoin(accountBooks, eq(accountBooks.id, ledgerAudits.bookId))
    .where(and(eq(ledgerAudits.tenantId, GOWES), eq(accountBooks.bookCode, bookCode)))
    .orderBy(desc(ledgerAudits.id))
    .limit(1);
  return row?.audit;
};

describe('the nightly ledger audit', () => {
  it('finds the books in order, with their control totals', async () => {
    // The demo's own money first: its books agree too.
    expect(await runLedgerAudit(t.services, GOWES, today())).toBe(0);
    const before = (await latestAudit('MEMBER-WALLET-IDR'))!;
    const platformBefore = (await latestAudit('PLATFORM-IDR'))!;
    await topUp(700_001, 50_000);
    await topUp(700_002, 20_000);
    expect(await runLedgerAudit(t.services, GOWES, today())).toBe(0);
    expect(await latestAudit('MEMBER-WALLET-IDR')).toMatchObject({
      status: 0,
      accountCount: before.accountCount + 2,
      balanceTotal: before.balanceTotal + 70_000,
      entriesTotal: before.entriesTotal + 70_000,
      creditTotal: before.creditTotal + 70_000,
      debitTotal: before.debitTotal,
      driftAccounts: 0,
      unbalancedTxns: 0,
    });
    expect(await latestAudit('PLATFORM-IDR')).toMatchObject({ status: 0, debitTotal: platformBefore.debitTotal + 70_000, driftAccounts: 0 });
  });

  it('catches a tampered balance: the book drifts, names the account and raises LEDGER_DRIFT', async () => {
    const own = await memberAccounts(db(), GOWES, 700_001, 'IDR');
    // A balance moved past the posting service (a bad hand-written UPDATE, a bug): the entries disagree.
    await db()
      .update(accounts)
      .set({ balance: sql`${accounts.balance} + 1000000` })
      .where(eq(accounts.id, own.WALLET));
    expect(await runLedgerAudit(t.services, GOWES, today())).toBe(1);
    const audit = await latestAudit('MEMBER-WALLET-IDR');
    expect(audit).toMatchObject({ status: 1, driftAccounts: 1 });
    expect(audit!.balanceTotal - audit!.entriesTotal).toBe(1_000_000);
    expect(audit!.detail).toEqual({ drifting: [{ accountNo: 'MBR-IDR-700001-WALLET', balance: 1_050_000, fromEntries: 50_000 }] });
    const [alarm] = await db()
      .select()
      .from(alarms)
      .where(and(eq(alarms.tenantId, GOWES), eq(alarms.alarmCode, 'LEDGER_DRIFT')));
    expect(alarm).toMatchObject({ level: 2, status: 0, targetType: 4, targetId: audit!.bookId, cityCode: 3001 });
    // The other books still agree.
    expect(await latestAudit('PLATFORM-IDR')).toMatchObject({ status: 0 });
  });
});
