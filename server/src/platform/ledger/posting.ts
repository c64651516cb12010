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
  entries: PostedEntry[];
}

/** accounts.status (DOMAIN §4.1). */
const ACCOUNT_FROZEN = 1;
const ACCOUNT_CLOSED = 2;

/**
 * Locks accounts in the one order every posting uses — the owners' accounts by id, then the platform's by id — so
 * two postings never wait on each other in a circle, and the platform's busy accounts are held for the shortest time.
 * Another tenant's account is simply not there.
 */
export async function lockAccounts(tx: Db, tenantId: number, ids: readonly number[]): Promise<Map<number, LockedAccount>> {
  const wanted = [...new Set(ids)];
  const rows = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      SELECT id, account_no, code, owner_type, owner_id, currency, normal_side, balance, frozen, allow_negative, status
        FROM accounts
       WHERE tenant_id = ${tenantId} AND deleted_at IS NULL
         AND id IN (SELECT value::bigint FROM json_array_elements_text(${JSON.stringify(wanted)}::json))
       ORDER BY (owner_type = ${PLATFORM_OWNER_TYPE}), id
         FOR UPDATE`),
  );
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
  const entries: PostedEntry[] = posting.lines.map((line) => {
    const account = accounts.get(line.accountId)!;
    const delta = line.direction === account.normalSide ? line.amount : -line.amount;
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

  await tx.insert(ledgerEntries).values(
    entries.map((e, i) => ({
      tenantId,
      txnId,
      accountId: e.accountId,
      direction: e.direction,
      amount: e.amount,
      currency: accounts.get(e.accountId)!.currency,
      balanceAfter: e.balanceAfter,
      memoKey: posting.lines[i]!.memoKey ?? null,
      cityCode: posting.cityCode ?? null,
    })),
  );
  const moved = [...new Set(entries.map((e) => e.accountId))].map((id) => ({ id, balance: balances.get(id)! }));
  await tx.execute(sql`
    UPDATE accounts a SET balance = m.balance, updated_at = now()
      FROM json_to_recordset(${JSON.stringify(moved)}::json) AS m(id bigint, balance bigint)
     WHERE a.id = m.id`);
  return { txnId, txnNo, duplicate: false, entries };
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
