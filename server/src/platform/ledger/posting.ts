import { Code } from '@kayuh/contract/codes';
import type { LedgerKind } from '@kayuh/contract/rules/ledgerChart';
import { PLATFORM_OWNER_TYPE } from '@kayuh/contract/rules/ledgerChart';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerEntries, ledgerTransactions } from '../../db/schema.ts';
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
  /** In the posting's order, as written. */
  entries: PostedEntry[];
}

/** accounts.status (DOMAIN §4.1). */
const ACCOUNT_FROZEN = 1;
const ACCOUNT_CLOSED = 2;

/** A shared account (LockedAccount.shared): the platform's, allowed below zero. */
const SHARED = sql.raw(`(owner_type = ${PLATFORM_OWNER_TYPE} AND allow_negative)`);

/** The accounts a posting holds, read as their locks were taken. */
export interface LockedAccounts {
  accounts: Map<number, LockedAccount>;
  /**
   * Read in the same statement when the lock was taken for a posting (`lockAccounts`' `forKey`): the transaction the
   * key posted before, if any, and the id (and so the number) a new one takes.
   */
  forPosting: { key: string; priorTxnId: number | null; txnId: number } | null;
}

/**
 * Locks the accounts a posting moves, by id — the one order every posting uses, so two never wait on each other in a
 * circle — and reads the shared platform accounts without a lock: `post` moves those last, in its one write, so the
 * tenant's busy revenue and clearing rows are held from there to the commit only. Another tenant's account is simply
 * not there. With `forKey` the same round trip looks up the key's earlier transaction and reserves the next one's id.
 */
export async function lockAccounts(tx: Db, tenantId: number, ids: readonly number[], forKey?: string): Promise<LockedAccounts> {
  const wanted = [...new Set(ids)];
  const columns = sql.raw('id, account_no, code, owner_type, owner_id, currency, normal_side, balance, frozen, allow_negative, status');
  const where = sql`tenant_id = ${tenantId} AND deleted_at IS NULL
         AND id IN (SELECT value::bigint FROM json_array_elements_text(${JSON.stringify(wanted)}::json))`;
  const posting =
    forKey === undefined
      ? sql`SELECT NULL::bigint AS prior_txn_id, NULL::bigint AS txn_id`
      : sql`SELECT (SELECT id FROM ledger_transactions WHERE tenant_id = ${tenantId} AND idempotency_key = ${forKey}) AS prior_txn_id,
                   nextval(pg_get_serial_sequence('ledger_transactions', 'id')) AS txn_id`;
  const rows = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      WITH own AS (SELECT ${columns}, false AS shared FROM accounts WHERE ${where} AND NOT ${SHARED} ORDER BY id FOR UPDATE),
           shared AS (SELECT ${columns}, true AS shared FROM accounts WHERE ${where} AND ${SHARED}),
           posting AS MATERIALIZED (${posting})
      SELECT a.*, p.prior_txn_id, p.txn_id FROM (SELECT * FROM own UNION ALL SELECT * FROM shared) a CROSS JOIN posting p`),
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

/** The transaction a key posted, with its lines in the order they were written. */
async function postedBefore(tx: Db, txnId: number): Promise<PostedTxn> {
  const rows = rowsOf<{ txn_no: string; account_id: string | number; direction: Direction; amount: string | number; balance_after: string | number }>(
    await tx.execute(sql`
      SELECT t.txn_no, e.account_id, e.direction, e.amount, e.balance_after
        FROM ledger_transactions t JOIN ledger_entries e ON e.txn_id = t.id
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
 * Two round trips: the lock (with the key's lookup and the new id), then one statement that writes the transaction,
 * its lines and every balance — the shared platform accounts' in it too, so their locks are held only from there to
 * the commit.
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

  // A shared account's balance is as read, not as locked: it moves by its delta in the write, and each of its lines
  // gets the new balance less what its later lines in this posting moved.
  const sharedDelta = new Map<number, number>();
  for (const l of lines) if (l.account.shared) sharedDelta.set(l.account.id, (sharedDelta.get(l.account.id) ?? 0) + l.delta);
  const ownBalances = [...new Set(lines.filter((l) => !l.account.shared).map((l) => l.account.id))].map((id) => ({ id, balance: balances.get(id)! }));
  const written = lines.map((l) => ({
    ord: l.ord,
    account_id: l.account.id,
    direction: l.line.direction,
    amount: l.line.amount,
    currency: l.account.currency,
    memo_key: l.line.memoKey ?? null,
    balance_after: l.account.shared ? null : l.after,
    later: l.account.shared ? lines.slice(l.ord + 1).reduce((sum, x) => (x.account.id === l.account.id ? sum + x.delta : sum), 0) : 0,
  }));
  const occurredAt = (posting.occurredAt ?? new Date()).toISOString();
  const txnNo = businessNoOf('LT', txnId);
  const [result] = rowsOf<{ posted: number; shared: Array<[number, number]> }>(
    await tx.execute(sql`
      WITH txn AS (
        INSERT INTO ledger_transactions (id, tenant_id, txn_no, kind, idempotency_key, biz_type, biz_id, occurred_at, city_code, reverses_txn_id)
        VALUES (${txnId}, ${tenantId}, ${txnNo}, ${posting.kind}, ${posting.idempotencyKey}, ${posting.bizType}, ${posting.bizId},
                ${occurredAt}::timestamptz, ${posting.cityCode ?? null}, ${posting.reversesTxnId ?? null})
        ON CONFLICT (tenant_id, idempotency_key) DO NOTHING
        RETURNING id
      ), own AS (
        UPDATE accounts a SET balance = m.balance, updated_at = now()
          FROM json_to_recordset(${JSON.stringify(ownBalances)}::json) AS m(id bigint, balance bigint)
         WHERE a.id = m.id AND EXISTS (SELECT 1 FROM txn)
        RETURNING a.id
      ), shared_locks AS MATERIALIZED (
        SELECT id FROM accounts
         WHERE id IN (SELECT value::bigint FROM json_array_elements_text(${JSON.stringify([...sharedDelta.keys()])}::json))
           AND EXISTS (SELECT 1 FROM txn)
         ORDER BY id FOR UPDATE
      ), shared AS (
        UPDATE accounts a SET balance = a.balance + d.delta, updated_at = now()
          FROM json_to_recordset(${JSON.stringify([...sharedDelta].map(([id, delta]) => ({ id, delta })))}::json) AS d(id bigint, delta bigint)
         WHERE a.id = d.id AND a.id IN (SELECT id FROM shared_locks)
        RETURNING a.id, a.balance
      ), lines AS (
        INSERT INTO ledger_entries (tenant_id, txn_id, account_id, direction, amount, currency, balance_after, memo_key, city_code)
        SELECT ${tenantId}, t.id, l.account_id, l.direction, l.amount, l.currency, coalesce(s.balance - l.later, l.balance_after), l.memo_key,
               ${posting.cityCode ?? null}
          FROM txn t
         CROSS JOIN json_to_recordset(${JSON.stringify(written)}::json)
               AS l(ord int, account_id bigint, direction text, amount bigint, currency text, memo_key text, balance_after bigint, later bigint)
          LEFT JOIN shared s ON s.id = l.account_id
         ORDER BY l.ord
        RETURNING 1
      )
      SELECT (SELECT count(*)::int FROM txn) AS posted,
             (SELECT coalesce(json_agg(json_build_array(id, balance)), '[]'::json) FROM shared) AS shared,
             (SELECT count(*) FROM own) + (SELECT count(*) FROM lines) AS moved`),
  );
  // Another posting of the same key committed while this one waited for the locks: answer it.
  if (!result!.posted) {
    const [prior] = rowsOf<{ id: string | number }>(
      await tx.execute(sql`SELECT id FROM ledger_transactions WHERE tenant_id = ${tenantId} AND idempotency_key = ${posting.idempotencyKey}`),
    );
    return postedBefore(tx, Number(prior!.id));
  }
  const sharedBalance = new Map(result!.shared.map(([id, balance]) => [Number(id), Number(balance)]));
  return {
    txnId,
    txnNo,
    duplicate: false,
    entries: written.map((w) => ({
      accountId: w.account_id,
      direction: w.direction,
      amount: w.amount,
      balanceAfter: w.balance_after ?? sharedBalance.get(w.account_id)! - w.later,
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
