import { Code } from '@kayuh/contract/codes';
import { SHARED_ACCOUNT_SLICES } from '@kayuh/contract/rules/ledgerChart';
import { eq, or, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { accounts, ledgerEntries, ledgerTransactions } from '../src/db/schema.ts';
import { memberAccounts, platformAccounts } from '../src/platform/ledger/accounts.ts';
import { memberBalances, payFromBalances } from '../src/platform/ledger/memberPay.ts';
import { post, reverse } from '../src/platform/ledger/posting.ts';
import { useTestApp } from './harness.ts';

/** The ledger core (DOMAIN §4): one posting service, balanced, append-only, idempotent, with the §4.4 examples. */
const t = useTestApp();
const KITA = 2;
const db = () => t.database.db as Db;
let nextMember = 900_000;

const PLATFORM = [
  'CLEARING:QRIS',
  'EXP_PROMO',
  'EXP_COUPON',
  'REV_RIDE',
  'REV_CARD',
  'REFUND_IN_TRANSIT',
  'PREPAID_IN_TRANSIT',
  'IAK_DEPOSIT',
  'REV_FEE',
] as const;
const platform = () => platformAccounts(db(), KITA, 'IDR', PLATFORM);

/** An account's balance: its row's, and its slices' when it is a sliced platform account. */
async function balanceOf(id: number) {
  const [row] = await db()
    .select({ balance: sql<number>`sum(${accounts.balance})`.mapWith(Number) })
    .from(accounts)
    .where(or(eq(accounts.id, id), eq(accounts.sliceOf, id)));
  return row!.balance;
}

/** Top-up Rp amount via QRIS with a package bonus (§4.4's first row). */
async function topUp(memberId: number, amount: number, bonus: number, key = `topup:${memberId}:${amount}:${Math.random()}`) {
  const p = await platform();
  return db().transaction(async (tx) => {
    const own = await memberAccounts(tx, KITA, memberId, 'IDR');
    return post(tx, KITA, {
      kind: 'TOPUP',
      idempotencyKey: key,
      bizType: 'payment_order',
      bizId: memberId,
      lines: [
        { accountId: p['CLEARING:QRIS'], direction: 'D', amount },
        { accountId: own.WALLET, direction: 'C', amount },
        ...(bonus
          ? [
              { accountId: p.EXP_PROMO, direction: 'D' as const, amount: bonus },
              { accountId: own.BONUS, direction: 'C' as const, amount: bonus },
            ]
          : []),
      ],
    });
  });
}

const newMember = () => nextMember++;

/** Why the database refused: drizzle names the failed query, the database's reason is its cause. */
const reasonOf = (work: Promise<unknown>) =>
  work.then(
    () => 'done',
    (err: Error) => String((err.cause as Error | undefined)?.message ?? err.message),
  );

describe('posting rules of DOMAIN §4.4, with their example amounts', () => {
  it('top-up Rp 50,000 via QRIS with a Rp 5,000 package bonus', async () => {
    const m = newMember();
    const p = await platform();
    const clearingBefore = await balanceOf(p['CLEARING:QRIS']);
    const posted = await topUp(m, 50_000, 5_000);
    const own = await memberAccounts(db(), KITA, m, 'IDR');
    // Written in the posting's order, each line with the balance after it.
    expect(posted.entries).toEqual([
      { accountId: p['CLEARING:QRIS'], direction: 'D', amount: 50_000, balanceAfter: expect.any(Number) },
      { accountId: own.WALLET, direction: 'C', amount: 50_000, balanceAfter: 50_000 },
      { accountId: p.EXP_PROMO, direction: 'D', amount: 5_000, balanceAfter: expect.any(Number) },
      { accountId: own.BONUS, direction: 'C', amount: 5_000, balanceAfter: 5_000 },
    ]);
    expect(await balanceOf(p['CLEARING:QRIS'])).toBe(clearingBefore + 50_000);
    expect(await memberBalances(db(), KITA, m, 'IDR')).toEqual({ currency: 'IDR', wallet: 50_000, bonus: 5_000, debt: 0, deposit: 0 });
  });

  it('ride fare 10,000 with a 3,000 coupon and BONUS 2,000: BONUS 2,000 + WALLET 5,000 + EXP_COUPON 3,000 / REV_RIDE 10,000', async () => {
    const m = newMember();
    await topUp(m, 20_000, 2_000);
    const p = await platform();
    const paid = await db().transaction((tx) =>
      payFromBalances(tx, KITA, {
        memberId: m,
        currency: 'IDR',
        amount: 7_000,
        allowDebt: true,
        creditAccountId: p.REV_RIDE,
        discount: { accountId: p.EXP_COUPON, amount: 3_000 },
        kind: 'RIDE_PAY',
        idempotencyKey: `ride:${m}`,
        bizType: 'ride_order',
        bizId: m,
      }),
    );
    const own = await memberAccounts(db(), KITA, m, 'IDR');
    expect(paid).toMatchObject({ fromBonus: 2_000, fromWallet: 5_000 });
    expect(paid.posted.entries.map(({ accountId, direction, amount }) => ({ accountId, direction, amount }))).toEqual([
      { accountId: own.BONUS, direction: 'D', amount: 2_000 },
      { accountId: own.WALLET, direction: 'D', amount: 5_000 },
      { accountId: p.EXP_COUPON, direction: 'D', amount: 3_000 },
      { accountId: p.REV_RIDE, direction: 'C', amount: 10_000 },
    ]);
    expect(await memberBalances(db(), KITA, m, 'IDR')).toMatchObject({ wallet: 15_000, bonus: 0, debt: 0 });
  });

  it('ride 7,000 on a wallet of 1,000 leaves a debt of 6,000, which the next top-up repays first', async () => {
    const m = newMember();
    await topUp(m, 1_000, 0);
    const p = await platform();
    const ride = (key: string) =>
      db().transaction((tx) =>
        payFromBalances(tx, KITA, {
          memberId: m,
          currency: 'IDR',
          amount: 7_000,
          allowDebt: true,
          creditAccountId: p.REV_RIDE,
          kind: 'RIDE_PAY',
          idempotencyKey: key,
          bizType: 'ride_order',
          bizId: m,
        }),
      );
    const paid = await ride(`ride:${m}`);
    expect(paid.posted.entries[0]).toMatchObject({ direction: 'D', amount: 7_000, balanceAfter: -6_000 });
    expect(await memberBalances(db(), KITA, m, 'IDR')).toMatchObject({ wallet: 0, debt: 6_000 });
    await topUp(m, 20_000, 0);
    expect(await memberBalances(db(), KITA, m, 'IDR')).toMatchObject({ wallet: 14_000, debt: 0 });
  });

  it('card purchase 99,000 from the wallet: WALLET / REV_CARD; without the balance it answers 2008 and moves nothing', async () => {
    const m = newMember();
    await topUp(m, 50_000, 5_000);
    const p = await platform();
    const buy = () =>
      db().transaction((tx) =>
        payFromBalances(tx, KITA, {
          memberId: m,
          currency: 'IDR',
          amount: 99_000,
          allowDebt: false,
          creditAccountId: p.REV_CARD,
          kind: 'CARD_BUY',
          idempotencyKey: `card:${m}:${Math.random()}`,
          bizType: 'user_card',
          bizId: m,
        }),
      );
    await expect(buy()).rejects.toMatchObject({ code: Code.insufficientBalance, data: { shortBy: 44_000 } });
    expect(await memberBalances(db(), KITA, m, 'IDR')).toMatchObject({ wallet: 50_000, bonus: 5_000 });
    await topUp(m, 50_000, 0);
    const bought = await buy();
    expect(bought).toMatchObject({ fromBonus: 5_000, fromWallet: 94_000 });
    expect(await memberBalances(db(), KITA, m, 'IDR')).toMatchObject({ wallet: 6_000, bonus: 0 });
  });

  it('PLN token 20,000 (IAK cost 20,150, sell 21,500): place, then success splits into IAK_DEPOSIT and REV_FEE', async () => {
    const m = newMember();
    await topUp(m, 50_000, 0);
    const p = await platform();
    await db().transaction((tx) =>
      payFromBalances(tx, KITA, {
        memberId: m,
        currency: 'IDR',
        amount: 21_500,
        allowDebt: false,
        creditAccountId: p.PREPAID_IN_TRANSIT,
        kind: 'PREPAID',
        idempotencyKey: `pln:${m}:place`,
        bizType: 'prepaid_order',
        bizId: m,
      }),
    );
    const done = await db().transaction((tx) =>
      post(tx, KITA, {
        kind: 'PREPAID',
        idempotencyKey: `pln:${m}:success`,
        bizType: 'prepaid_order',
        bizId: m,
        lines: [
          { accountId: p.PREPAID_IN_TRANSIT, direction: 'D', amount: 21_500 },
          { accountId: p.IAK_DEPOSIT, direction: 'C', amount: 20_150 },
          { accountId: p.REV_FEE, direction: 'C', amount: 1_350 },
        ],
      }),
    );
    expect(done.entries.map((e) => e.amount)).toEqual([21_500, 20_150, 1_350]);
    expect(await memberBalances(db(), KITA, m, 'IDR')).toMatchObject({ wallet: 28_500 });
  });

  it('refund of a ride 5,000 to the wallet: REV_RIDE / REFUND_IN_TRANSIT, then REFUND_IN_TRANSIT / WALLET', async () => {
    const m = newMember();
    const p = await platform();
    const own = await memberAccounts(db(), KITA, m, 'IDR');
    const inTransit = await balanceOf(p.REFUND_IN_TRANSIT);
    for (const [step, lines] of [
      ['start', [p.REV_RIDE, p.REFUND_IN_TRANSIT]],
      ['done', [p.REFUND_IN_TRANSIT, own.WALLET]],
    ] as const)
      await db().transaction((tx) =>
        post(tx, KITA, {
          kind: step === 'start' ? 'REFUND_START' : 'REFUND_DONE',
          idempotencyKey: `refund:${m}:${step}`,
          bizType: 'refund',
          bizId: m,
          lines: [
            { accountId: lines[0], direction: 'D', amount: 5_000 },
            { accountId: lines[1], direction: 'C', amount: 5_000 },
          ],
        }),
      );
    expect(await balanceOf(p.REFUND_IN_TRANSIT)).toBe(inTransit);
    expect(await memberBalances(db(), KITA, m, 'IDR')).toMatchObject({ wallet: 5_000 });
  });
});

describe('the ledger keeps itself straight', () => {
  it('the same key posts once; a repeat answers the first transaction', async () => {
    const m = newMember();
    const first = await topUp(m, 10_000, 0, `once:${m}`);
    const again = await topUp(m, 10_000, 0, `once:${m}`);
    expect(again).toEqual({ ...first, duplicate: true });
    expect(await memberBalances(db(), KITA, m, 'IDR')).toMatchObject({ wallet: 10_000 });
  });

  it('a correction is a REVERSAL with every line on the other side, and happens once', async () => {
    const m = newMember();
    const posted = await topUp(m, 10_000, 1_000);
    const reversed = await db().transaction((tx) => reverse(tx, KITA, posted.txnId));
    // CLEARING and EXP_PROMO back in, WALLET and BONUS back out.
    expect(reversed.entries.map((e) => [e.direction, e.amount])).toEqual([
      ['C', 10_000],
      ['D', 10_000],
      ['C', 1_000],
      ['D', 1_000],
    ]);
    // On the same accounts, the sliced platform ones named as the accounts (not the slices the lines were booked on).
    expect(reversed.entries.map((e) => e.accountId)).toEqual(posted.entries.map((e) => e.accountId));
    expect(await memberBalances(db(), KITA, m, 'IDR')).toMatchObject({ wallet: 0, bonus: 0 });
    const again = await db().transaction((tx) => reverse(tx, KITA, posted.txnId));
    expect(again).toEqual({ ...reversed, duplicate: true });
  });

  it('refuses a posting that does not balance, in the service and in the database', async () => {
    const m = newMember();
    const own = await memberAccounts(db(), KITA, m, 'IDR');
    const p = await platform();
    await expect(
      db().transaction((tx) =>
        post(tx, KITA, {
          kind: 'ADJUST',
          idempotencyKey: `unbalanced:${m}`,
          bizType: 'test',
          bizId: m,
          lines: [
            { accountId: p['CLEARING:QRIS'], direction: 'D', amount: 100 },
            { accountId: own.WALLET, direction: 'C', amount: 99 },
          ],
        }),
      ),
    ).rejects.toThrow(/does not balance/);
    // Written past the service, the database refuses it at commit.
    expect(
      await reasonOf(
        db().transaction(async (tx) => {
          const [txn] = await tx
            .insert(ledgerTransactions)
            .values({ tenantId: KITA, txnNo: `X${m}`, kind: 'ADJUST', idempotencyKey: `raw:${m}`, bizType: 'test', bizId: m, occurredAt: new Date() })
            .returning();
          await tx
            .insert(ledgerEntries)
            .values({ tenantId: KITA, txnId: txn!.id, accountId: own.WALLET, direction: 'C', amount: 500, currency: 'IDR', balanceAfter: 500 });
        }),
      ),
    ).toMatch(/does not balance in IDR/);
    expect(
      await db()
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, `raw:${m}`)),
    ).toEqual([]);
  });

  it('refuses UPDATE and DELETE of ledger rows', async () => {
    const m = newMember();
    const posted = await topUp(m, 1_000, 0);
    const refusal = (statement: ReturnType<typeof sql>) => reasonOf(db().execute(statement));
    expect(await refusal(sql`UPDATE ledger_entries SET amount = 1 WHERE txn_id = ${posted.txnId}`)).toMatch(/append-only: UPDATE on ledger_entries/);
    expect(await refusal(sql`DELETE FROM ledger_transactions WHERE id = ${posted.txnId}`)).toMatch(/append-only: DELETE on ledger_transactions/);
    expect(await refusal(sql`TRUNCATE ledger_entries`)).toMatch(/append-only: TRUNCATE on ledger_entries/);
  });

  it('a frozen account takes money in but not out', async () => {
    const m = newMember();
    await topUp(m, 10_000, 0);
    const own = await memberAccounts(db(), KITA, m, 'IDR');
    await db().update(accounts).set({ status: 1 }).where(eq(accounts.id, own.WALLET));
    await topUp(m, 1_000, 0);
    const p = await platform();
    await expect(
      db().transaction((tx) =>
        payFromBalances(tx, KITA, {
          memberId: m,
          currency: 'IDR',
          amount: 500,
          allowDebt: false,
          creditAccountId: p.REV_CARD,
          kind: 'CARD_BUY',
          idempotencyKey: `frozen:${m}`,
          bizType: 'user_card',
          bizId: m,
        }),
      ),
    ).rejects.toMatchObject({ code: Code.transitionNotAllowed, msgKey: 'ledger.accountFrozen' });
    expect(await memberBalances(db(), KITA, m, 'IDR')).toMatchObject({ wallet: 11_000 });
  });

  it('200 parallel spends from one wallet never overdraw it and never lose an entry', async () => {
    const m = newMember();
    await topUp(m, 100_000, 0);
    const p = await platform();
    const spends = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        db().transaction((tx) =>
          payFromBalances(tx, KITA, {
            memberId: m,
            currency: 'IDR',
            amount: 1_000,
            allowDebt: false,
            creditAccountId: p.REV_CARD,
            kind: 'CARD_BUY',
            idempotencyKey: `spend:${m}:${i}`,
            bizType: 'user_card',
            bizId: i,
          }),
        ),
      ),
    );
    const ok = spends.filter((s) => s.status === 'fulfilled');
    const refused = spends.filter((s) => s.status === 'rejected');
    expect(ok).toHaveLength(100);
    expect(refused.every((s) => (s as PromiseRejectedResult).reason.code === Code.insufficientBalance)).toBe(true);
    const own = await memberAccounts(db(), KITA, m, 'IDR');
    expect(await balanceOf(own.WALLET)).toBe(0);
    const lines = await db().select().from(ledgerEntries).where(eq(ledgerEntries.accountId, own.WALLET));
    expect(lines).toHaveLength(101);
    // Every balance_after follows from the one before it: no lost update.
    const sorted = lines.sort((a, b) => a.id - b.id);
    sorted.reduce((before, line) => {
      expect(line.balanceAfter).toBe(before + (line.direction === 'C' ? line.amount : -line.amount));
      return line.balanceAfter;
    }, 0);
    // The shared revenue account's lines spread over its slices, the rows concurrent postings move at once; each row
    // keeps its own chain, and the account's balance is the sum of its rows'.
    const rows = await db()
      .select({ id: accounts.id, balance: accounts.balance })
      .from(accounts)
      .where(or(eq(accounts.id, p.REV_CARD), eq(accounts.sliceOf, p.REV_CARD)));
    expect(rows).toHaveLength(SHARED_ACCOUNT_SLICES);
    let moved = 0;
    for (const row of rows) {
      const chain = (await db().select().from(ledgerEntries).where(eq(ledgerEntries.accountId, row.id))).sort((a, b) => a.id - b.id);
      const end = chain.reduce((before, line) => {
        expect(line.balanceAfter).toBe(before + (line.direction === 'C' ? line.amount : -line.amount));
        return line.balanceAfter;
      }, 0);
      expect(row.balance).toBe(end);
      if (chain.length) moved++;
    }
    expect(moved).toBeGreaterThan(1);
    expect(await balanceOf(p.REV_CARD)).toBe(rows.reduce((sum, r) => sum + r.balance, 0));
  });
});
