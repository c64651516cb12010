import { Code } from '@kayuh/contract/codes';
import type { LedgerKind } from '@kayuh/contract/rules/ledgerChart';
import { SHARED_ACCOUNT_SLICES } from '@kayuh/contract/rules/ledgerChart';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts as accountTable, ledgerEntries, ledgerTransactions } from '../../db/schema.ts';
import { businessNoOf } from '../businessNo.ts';
import { BizError } from '../errors.ts';
import { rowsOf } from '../rows.ts';

export type Direction = 'D' | 'C';

export interface PostingLine {
  accountId: number;
  direction: Direction;
  amount: number;
  memoKey?: string;
  /** This line may take an account that must stay ≥ 0 below zero: a ride's fare on the WALLET (debt, DOMAIN §4.4). */
  mayOverdraw?: boolean;
}

export interface Posting {
  kind: LedgerKind;
  /** Unique per tenant: the same key posts once; a repeat answers the first transaction (DOMAIN §4.3). */
  idempotencyKey: string;
  bizType: string;
  bizId: number;
  occurredAt?: Date;
  cityCode?: number | null;
  reversesTxnId?: number;
  lines: PostingLine[];
}

export interface LockedAccount {
  id: number;
  accountNo: string;
  code: string;
  ownerType: number;
  ownerId: number | null;
  currency: string;
  normalSide: Direction;
  balance: number;
  frozen: number;
  allowNegative: boolean;
  status: number;
  /**
   * A platform control account that may go negative (a clearing, revenue or expense account): every posting of the
   * tenant touches one, so it is not locked with the others but moved in post's one write, just before the commit
   * (`balance` is as read, not as locked).
   */
  shared: boolean;
  /** The row a line on this account is written to: the account itself, or the slice of a sliced shared account. */
  bookedId: number;
}

export interface PostedEntry {
  /** The posting's account (a sliced account's line is written to one of its slices). */
  accountId: number;
  direction: Direction;
  amount: number;
  /** The balance after the line of the row it was written to: the account's, or its slice's. */
  balanceAfter: number;
}

export interface PostedTxn {
  txnId: number;
  txnNo: string;
  /** The key had posted before: nothing moved now, the first transaction is answered. */
  duplicate: boolean;
  /** In the posting's order, as written. */
  entries: PostedEntry[];
}

/** accounts.status (DOMAIN §4.1). */
const ACCOUNT_FROZEN = 1;
const ACCOUNT_CLOSED = 2;

/** The accounts a posting holds, read as their locks were taken. */
export interface LockedAccounts {
  accounts: Map<number, LockedAccount>;
  /**
   * Read with the locks when they were taken for a posting (`lockAccounts`' `forKey`): the transaction the key posted
   * before, if any, and the id (and so the number) a new one takes.
   */
  forPosting: { key: string; priorTxnId: number | null; txnId: number } | null;
}

/**
 * Locks the accounts a posting moves, by id — the one order every posting uses, so two never wait on each other in a
 * circle — and reads the shared platform accounts without a lock: `post` moves those in its one write, so the
 * tenant's busy revenue and clearing rows are held from there to the commit only. Another tenant's account is simply
 * not there. With `forKey` the same round trip looks up the key's earlier transaction and reserves the next one's id
 * (the database function `ledger_hold`, migration 0024).
 */
export async function lockAccounts(tx: Db, tenantId: number, ids: readonly number[], forKey?: string): Promise<LockedAccounts> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) throw new Error(`a posting in tenant ${tenantId} names no account`);
  const rows = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`SELECT * FROM ledger_hold(${tenantId}, ${`{${wanted.join(',')}}`}::bigint[], ${forKey ?? null}, ${SHARED_ACCOUNT_SLICES})`),
  );
  const accounts = new Map(
    rows.map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        accountNo: String(r.account_no),
        code: String(r.code),
        ownerType: Number(r.owner_type),
        ownerId: r.owner_id == null ? null : Number(r.owner_id),
        currency: String(r.currency),
        normalSide: String(r.normal_side) as Direction,
        balance: Number(r.balance),
        frozen: Number(r.frozen),
        allowNegative: r.allow_negative === true,
        status: Number(r.status),
        shared: r.shared === true,
        bookedId: Number(r.booked_id),
      } satisfies LockedAccount,
    ]),
  );
  const missing = wanted.filter((id) => !accounts.has(id));
  if (missing.length) throw new Error(`ledger accounts not found in tenant ${tenantId}: ${missing.join(', ')}`);
  const first = rows[0]!;
  return {
    accounts,
    forPosting:
      forKey === undefined
        ? null
        : { key: forKey, priorTxnId: first.prior_txn_id == null ? null : Number(first.prior_txn_id), txnId: Number(first.txn_id) },
  };
}

function checkShape(posting: Posting, accounts: Map<number, LockedAccount>) {
  if (posting.lines.length < 2) throw new Error(`posting ${posting.idempotencyKey} has fewer than two lines`);
  const net = new Map<string, number>();
  for (const line of posting.lines) {
    if (!Number.isSafeInteger(line.amount) || line.amount <= 0)
      throw new Error(`posting ${posting.idempotencyKey}: amount ${line.amount} is not a positive integer`);
    const currency = accounts.get(line.accountId)!.currency;
    net.set(currency, (net.get(currency) ?? 0) + (line.direction === 'D' ? line.amount : -line.amount));
  }
  for (const [currency, off] of net)
    if (off !== 0) throw new Error(`posting ${posting.idempotencyKey} does not balance in ${currency}: debits - credits = ${off}`);
}

/** The transaction a key posted, with its lines in the order they were written (a slice's line as its account's). */
async function postedBefore(tx: Db, txnId: number): Promise<PostedTxn> {
  const rows = rowsOf<{ txn_no: string; account_id: string | number; direction: Direction; amount: string | number; balance_after: string | number }>(
    await tx.execute(sql`
      SELECT t.txn_no, coalesce(a.slice_of, a.id) AS account_id, e.direction, e.amount, e.balance_after
        FROM ledger_transactions t
        JOIN ledger_entries e ON e.txn_id = t.id
        JOIN accounts a ON a.id = e.account_id
       WHERE t.id = ${txnId}
       ORDER BY e.id`),
  );
  return {
    txnId,
    txnNo: rows[0]!.txn_no,
    duplicate: true,
    entries: rows.map((e) => ({
      accountId: Number(e.account_id),
      direction: e.direction,
      amount: Number(e.amount),
      balanceAfter: Number(e.balance_after),
    })),
  };
}

/**
 * The one writer of balances (DOMAIN §4.2). Inside the caller's transaction — so the posting commits with the business
 * state it pays for — it locks the accounts, checks Σ D = Σ C per currency, refuses a debit that takes a non-negative
 * account below zero (2008) or touches a frozen or closed one, writes every line with the balance after it and moves
 * the balances. The same idempotency key posts once: a repeat (even a concurrent one) answers the first transaction.
 * `locked` lets a caller that already locked the accounts for this key (to plan BONUS before WALLET) pass them on.
 *
 * Two round trips: the lock (with the key's lookup and the new id), then the database function `ledger_write`, which
 * writes the transaction, its lines and every balance — the shared accounts' too, each on the slice the transaction id
 * picks, so their locks are held only from there to the commit and concurrent postings rarely share one.
 */
export async function post(tx: Db, tenantId: number, posting: Posting, locked?: LockedAccounts): Promise<PostedTxn> {
  const held =
    locked?.forPosting?.key === posting.idempotencyKey
      ? locked
      : await lockAccounts(
          tx,
          tenantId,
          posting.lines.map((l) => l.accountId),
          posting.idempotencyKey,
        );
  const { accounts } = held;
  const { priorTxnId, txnId } = held.forPosting!;
  checkShape(posting, accounts);
  if (priorTxnId !== null) return postedBefore(tx, priorTxnId);

  const balances = new Map([...accounts].map(([id, a]) => [id, a.balance]));
  const lines = posting.lines.map((line, ord) => {
    const account = accounts.get(line.accountId)!;
    const delta = line.direction === account.normalSide ? line.amount : -line.amount;
    const after = balances.get(account.id)! + delta;
    if (account.status === ACCOUNT_CLOSED) throw new BizError(Code.transitionNotAllowed, 'ledger.accountClosed', { accountNo: account.accountNo });
    if (delta < 0 && account.status === ACCOUNT_FROZEN)
      throw new BizError(Code.transitionNotAllowed, 'ledger.accountFrozen', { accountNo: account.accountNo });
    if (delta < 0 && !account.allowNegative && !line.mayOverdraw && after - account.frozen < 0)
      throw new BizError(Code.insufficientBalance, undefined, { accountNo: account.accountNo, shortBy: account.frozen - after });
    balances.set(account.id, after);
    return { ord, line, account, delta, after };
  });

  // A shared account's row moves by its delta in the write; each of its lines gets the row's new balance less what
  // the posting's later lines on it moved.
  const sharedDelta = new Map<number, number>();
  for (const l of lines) if (l.account.shared) sharedDelta.set(l.account.bookedId, (sharedDelta.get(l.account.bookedId) ?? 0) + l.delta);
  const own = [...new Set(lines.filter((l) => !l.account.shared).map((l) => l.account.id))].map((id) => ({ id, balance: balances.get(id)! }));
  const written = lines.map((l) => ({
    ord: l.ord,
    account_id: l.account.bookedId,
    direction: l.line.direction,
    amount: l.line.amount,
    currency: l.account.currency,
    memo_key: l.line.memoKey ?? null,
    balance_after: l.account.shared ? null : l.after,
    later: l.account.shared ? lines.slice(l.ord + 1).reduce((sum, x) => (x.account.id === l.account.id ? sum + x.delta : sum), 0) : 0,
  }));
  const txnNo = businessNoOf('LT', txnId);
  const txn = {
    id: txnId,
    txn_no: txnNo,
    kind: posting.kind,
    idempotency_key: posting.idempotencyKey,
    biz_type: posting.bizType,
    biz_id: posting.bizId,
    occurred_at: (posting.occurredAt ?? new Date()).toISOString(),
    city_code: posting.cityCode ?? null,
    reverses_txn_id: posting.reversesTxnId ?? null,
  };
  const shared = [...sharedDelta].map(([id, delta]) => ({ id, delta }));
  const [result] = rowsOf<{ moved: Record<string, number | string> | null }>(
    await tx.execute(sql`
      SELECT ledger_write(${tenantId}, ${JSON.stringify(txn)}::json, ${JSON.stringify(own)}::json, ${JSON.stringify(shared)}::json,
                          ${JSON.stringify(written)}::json) AS moved`),
  );
  const moved = result!.moved;
  // Another posting of the same key committed while this one waited for the locks: answer it.
  if (moved === null) {
    const [prior] = rowsOf<{ id: string | number }>(
      await tx.execute(sql`SELECT id FROM ledger_transactions WHERE tenant_id = ${tenantId} AND idempotency_key = ${posting.idempotencyKey}`),
    );
    return postedBefore(tx, Number(prior!.id));
  }
  return {
    txnId,
    txnNo,
    duplicate: false,
    entries: lines.map((l, i) => ({
      accountId: l.account.id,
      direction: l.line.direction,
      amount: l.line.amount,
      balanceAfter: l.account.shared ? Number(moved[l.account.bookedId]) - written[i]!.later : l.after,
    })),
  };
}

/**
 * A correction (DOMAIN §4.2 invariant 2): a REVERSAL transaction with every line of the original on the other side.
 * A transaction is reversed at most once (its key is derived from the original, and ledger_transactions_reverses_uq).
 */
export async function reverse(tx: Db, tenantId: number, txnId: number, opts: { memoKey?: string; occurredAt?: Date } = {}): Promise<PostedTxn> {
  const [original] = await tx
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.tenantId, tenantId), eq(ledgerTransactions.id, txnId)));
  if (!original) throw new BizError(Code.notFound);
  if (original.kind === 'REVERSAL') throw new BizError(Code.transitionNotAllowed, 'ledger.reversalOfReversal');
  // Each line on its account (a slice's on the account it is a slice of), booked where the reversal's own id picks.
  const lines = await tx
    .select({
      accountId: sql<number>`coalesce(${accountTable.sliceOf}, ${accountTable.id})`.mapWith(Number),
      direction: ledgerEntries.direction,
      amount: ledgerEntries.amount,
      memoKey: ledgerEntries.memoKey,
    })
    .from(ledgerEntries)
    .innerJoin(accountTable, eq(accountTable.id, ledgerEntries.accountId))
    .where(eq(ledgerEntries.txnId, txnId))
    .orderBy(asc(ledgerEntries.id));
  return post(tx, tenantId, {
    kind: 'REVERSAL',
    idempotencyKey: `REVERSAL:${original.txnNo}`,
    bizType: original.bizType,
    bizId: original.bizId,
    occurredAt: opts.occurredAt,
    cityCode: original.cityCode,
    reversesTxnId: original.id,
    lines: lines.map((l) => ({
      accountId: l.accountId,
      direction: l.direction === 'D' ? 'C' : 'D',
      amount: l.amount,
      memoKey: opts.memoKey ?? l.memoKey ?? undefined,
    })),
  });
}
