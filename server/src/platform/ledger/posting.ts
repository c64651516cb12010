import { Code } from '@kayuh/contract/codes';
import type { LedgerKind } from '@kayuh/contract/rules/ledgerChart';
import { PLATFORM_OWNER_TYPE } from '@kayuh/contract/rules/ledgerChart';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerEntries, ledgerTransactions } from '../../db/schema.ts';
import { nextBusinessNo } from '../businessNo.ts';
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
   * tenant touches one, so it is not locked with the others but moved last, in one statement just before the commit
   * (`balance` is as read, not as locked).
   */
  shared: boolean;
}

export interface PostedEntry {
  accountId: number;
  direction: Direction;
  amount: number;
  balanceAfter: number;
}

export interface PostedTxn {
  txnId: number;
  txnNo: string;
  /** The key had posted before: nothing moved now, the first transaction is answered. */
  duplicate: boolean;
  /** As written: the lines on the posting's own accounts, then those on the shared platform accounts. */
  entries: PostedEntry[];
}

/** accounts.status (DOMAIN §4.1). */
const ACCOUNT_FROZEN = 1;
const ACCOUNT_CLOSED = 2;

/** A shared account (LockedAccount.shared): the platform's, allowed below zero. */
const SHARED = sql.raw(`(owner_type = ${PLATFORM_OWNER_TYPE} AND allow_negative)`);

/**
 * Locks the accounts a posting moves, by id — the one order every posting uses, so two never wait on each other in a
 * circle — and reads the shared platform accounts without a lock: `post` moves those last, just before the commit,
 * so the tenant's busy revenue and clearing rows are held for one statement, not for the whole posting. Another
 * tenant's account is simply not there.
 */
export async function lockAccounts(tx: Db, tenantId: number, ids: readonly number[]): Promise<Map<number, LockedAccount>> {
  const wanted = [...new Set(ids)];
  const columns = sql.raw('id, account_no, code, owner_type, owner_id, currency, normal_side, balance, frozen, allow_negative, status');
  const where = sql`tenant_id = ${tenantId} AND deleted_at IS NULL
         AND id IN (SELECT value::bigint FROM json_array_elements_text(${JSON.stringify(wanted)}::json))`;
  const rows = [
    ...rowsOf<Record<string, unknown>>(
      await tx.execute(sql`SELECT ${columns}, false AS shared FROM accounts WHERE ${where} AND NOT ${SHARED} ORDER BY id FOR UPDATE`),
    ),
    ...rowsOf<Record<string, unknown>>(await tx.execute(sql`SELECT ${columns}, true AS shared FROM accounts WHERE ${where} AND ${SHARED}`)),
  ];
  const locked = new Map(
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
      } satisfies LockedAccount,
    ]),
  );
  const missing = wanted.filter((id) => !locked.has(id));
  if (missing.length) throw new Error(`ledger accounts not found in tenant ${tenantId}: ${missing.join(', ')}`);
  return locked;
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

/** The transaction a key posted before, with its lines, or null. */
async function postedBefore(tx: Db, tenantId: number, key: string): Promise<PostedTxn | null> {
  const [txn] = await tx
    .select({ id: ledgerTransactions.id, txnNo: ledgerTransactions.txnNo })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.tenantId, tenantId), eq(ledgerTransactions.idempotencyKey, key)));
  if (!txn) return null;
  const entries = await tx
    .select({
      accountId: ledgerEntries.accountId,
      direction: ledgerEntries.direction,
      amount: ledgerEntries.amount,
      balanceAfter: ledgerEntries.balanceAfter,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.txnId, txn.id))
    .orderBy(asc(ledgerEntries.id));
  return { txnId: txn.id, txnNo: txn.txnNo, duplicate: true, entries: entries.map((e) => ({ ...e, direction: e.direction as Direction })) };
}

/**
 * The one writer of balances (DOMAIN §4.2). Inside the caller's transaction — so the posting commits with the business
 * state it pays for — it locks the accounts, checks Σ D = Σ C per currency, refuses a debit that takes a non-negative
 * account below zero (2008) or touches a frozen or closed one, writes every line with the balance after it and moves
 * the balances. The same idempotency key posts once: a repeat (even a concurrent one) answers the first transaction.
 * `locked` lets a caller that already locked the accounts (to plan BONUS before WALLET) pass them on.
 */
export async function post(tx: Db, tenantId: number, posting: Posting, locked?: Map<number, LockedAccount>): Promise<PostedTxn> {
  const accounts =
    locked ??
    (await lockAccounts(
      tx,
      tenantId,
      posting.lines.map((l) => l.accountId),
    ));
  checkShape(posting, accounts);
  const before = await postedBefore(tx, tenantId, posting.idempotencyKey);
  if (before) return before;

  const balances = new Map([...accounts].map(([id, a]) => [id, a.balance]));
  const deltas: number[] = [];
  const entries: PostedEntry[] = posting.lines.map((line) => {
    const account = accounts.get(line.accountId)!;
    const delta = line.direction === account.normalSide ? line.amount : -line.amount;
    deltas.push(delta);
    const after = balances.get(account.id)! + delta;
    if (account.status === ACCOUNT_CLOSED) throw new BizError(Code.transitionNotAllowed, 'ledger.accountClosed', { accountNo: account.accountNo });
    if (delta < 0 && account.status === ACCOUNT_FROZEN)
      throw new BizError(Code.transitionNotAllowed, 'ledger.accountFrozen', { accountNo: account.accountNo });
    if (delta < 0 && !account.allowNegative && !line.mayOverdraw && after - account.frozen < 0)
      throw new BizError(Code.insufficientBalance, undefined, { accountNo: account.accountNo, shortBy: account.frozen - after });
    balances.set(account.id, after);
    return { accountId: account.id, direction: line.direction, amount: line.amount, balanceAfter: after };
  });

  const { id: txnId, no: txnNo } = await nextBusinessNo(tx, 'ledger_transactions', 'LT');
  const inserted = await tx
    .insert(ledgerTransactions)
    .values({
      id: txnId,
      tenantId,
      txnNo,
      kind: posting.kind,
      idempotencyKey: posting.idempotencyKey,
      bizType: posting.bizType,
      bizId: posting.bizId,
      occurredAt: posting.occurredAt ?? new Date(),
      cityCode: posting.cityCode ?? null,
      reversesTxnId: posting.reversesTxnId ?? null,
    })
    .onConflictDoNothing({ target: [ledgerTransactions.tenantId, ledgerTransactions.idempotencyKey] })
    .returning({ id: ledgerTransactions.id });
  // Another posting of the same key committed while this one waited for the locks.
  if (!inserted.length) return (await postedBefore(tx, tenantId, posting.idempotencyKey))!;

  const row = (e: PostedEntry, i: number) => ({
    tenantId,
    txnId,
    accountId: e.accountId,
    direction: e.direction,
    amount: e.amount,
    currency: accounts.get(e.accountId)!.currency,
    balanceAfter: e.balanceAfter,
    memoKey: posting.lines[i]!.memoKey ?? null,
    cityCode: posting.cityCode ?? null,
  });
  const isShared = (e: PostedEntry) => accounts.get(e.accountId)!.shared;
  const own = entries.map((e, i) => ({ e, i })).filter(({ e }) => !isShared(e));
  const shared = entries.flatMap((e, i) => (isShared(e) ? [{ e, delta: deltas[i]!, row: row(e, i) }] : []));
  if (own.length) {
    await tx.insert(ledgerEntries).values(own.map(({ e, i }) => row(e, i)));
    const moved = [...new Set(own.map(({ e }) => e.accountId))].map((id) => ({ id, balance: balances.get(id)! }));
    await tx.execute(sql`
      UPDATE accounts a SET balance = m.balance, updated_at = now()
        FROM json_to_recordset(${JSON.stringify(moved)}::json) AS m(id bigint, balance bigint)
       WHERE a.id = m.id`);
  }
  if (shared.length) await moveShared(tx, shared);
  // In the order the lines were written (a repeat reads them back so): the posting's own accounts, then the shared.
  return { txnId, txnNo, duplicate: false, entries: [...own.map(({ e }) => e), ...shared.map(({ e }) => e)] };
}

/**
 * The shared platform accounts' lines, last: their balances move and their lines are written, in one statement, so
 * their row locks are held from here to the commit only. Two shared accounts are locked in id order first, as every
 * other lock is taken. Each line gets the balance after it: the account's new balance less what its later lines in
 * this posting moved.
 */
async function moveShared(tx: Db, shared: Array<{ e: PostedEntry; delta: number; row: Record<string, unknown> }>) {
  const delta = new Map<number, number>();
  for (const { e, delta: d } of shared) delta.set(e.accountId, (delta.get(e.accountId) ?? 0) + d);
  const ids = [...delta.keys()].sort((a, b) => a - b);
  if (ids.length > 1)
    await tx.execute(
      sql`SELECT id FROM accounts WHERE id IN (SELECT value::bigint FROM json_array_elements_text(${JSON.stringify(ids)}::json)) ORDER BY id FOR UPDATE`,
    );
  const lines = shared.map(({ e, row }, k) => ({
    ord: k,
    account_id: e.accountId,
    direction: e.direction,
    amount: e.amount,
    currency: row.currency,
    memo_key: row.memoKey,
    later: shared
      .slice(k + 1)
      .filter((x) => x.e.accountId === e.accountId)
      .reduce((sum, x) => sum + x.delta, 0),
  }));
  const { tenantId, txnId, cityCode } = shared[0]!.row;
  const moved = rowsOf<{ id: string | number; balance: string | number }>(
    await tx.execute(sql`
      WITH moved AS (
        UPDATE accounts a SET balance = a.balance + d.delta, updated_at = now()
          FROM json_to_recordset(${JSON.stringify(ids.map((id) => ({ id, delta: delta.get(id) })))}::json) AS d(id bigint, delta bigint)
         WHERE a.id = d.id
        RETURNING a.id, a.balance
      ), written AS (
        INSERT INTO ledger_entries (tenant_id, txn_id, account_id, direction, amount, currency, balance_after, memo_key, city_code)
        SELECT ${tenantId}, ${txnId}, l.account_id, l.direction, l.amount, l.currency, m.balance - l.later, l.memo_key, ${cityCode}
          FROM json_to_recordset(${JSON.stringify(lines)}::json)
               AS l(ord int, account_id bigint, direction text, amount bigint, currency text, memo_key text, later bigint)
          JOIN moved m ON m.id = l.account_id
         ORDER BY l.ord
        RETURNING 1
      )
      SELECT id, balance FROM moved`),
  );
  const balance = new Map(moved.map((m) => [Number(m.id), Number(m.balance)]));
  // The caller answers each line with the balance it was written with.
  shared.forEach(({ e }, k) => (e.balanceAfter = balance.get(e.accountId)! - lines[k]!.later));
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
  const lines = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.txnId, txnId)).orderBy(asc(ledgerEntries.id));
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
