import { Code } from '@kayuh/contract/codes';
import { type LedgerKind, memberAccountNo } from '@kayuh/contract/rules/ledgerChart';
import { splitSpend } from '@kayuh/contract/rules/spend';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema.ts';
import { BizError } from '../errors.ts';
import { memberAccounts } from './accounts.ts';
import { lockAccounts, post, type PostedTxn, type PostingLine } from './posting.ts';

export interface MemberPayment {
  memberId: number;
  currency: string;
  /** What the member pays from their balances. */
  amount: number;
  /** A service already used (a ride): the WALLET may go below zero, as debt (DOMAIN §4.4). */
  allowDebt: boolean;
  /** The account the payment is for (a revenue account, PREPAID_IN_TRANSIT …), credited amount + discount. */
  creditAccountId: number;
  /** What a coupon takes off the price, carried by an expense account (EXP_COUPON). */
  discount?: { accountId: number; amount: number };
  kind: LedgerKind;
  idempotencyKey: string;
  bizType: string;
  bizId: number;
  cityCode?: number | null;
  occurredAt?: Date;
}

export interface MemberPaid {
  posted: PostedTxn;
  fromBonus: number;
  fromWallet: number;
}

/**
 * A member pays from their balances (DOMAIN §4.4): BONUS first, then WALLET, decided on the balances as locked, in
 * the caller's transaction. Without the debt rule a payment the balances cannot cover answers 2008, moving nothing.
 */
export async function payFromBalances(tx: Db, tenantId: number, p: MemberPayment): Promise<MemberPaid> {
  const own = await memberAccounts(tx, tenantId, p.memberId, p.currency);
  const ids = [own.BONUS, own.WALLET, p.creditAccountId, ...(p.discount ? [p.discount.accountId] : [])];
  const locked = await lockAccounts(tx, tenantId, ids, p.idempotencyKey);
  const wallet = locked.accounts.get(own.WALLET)!;
  const bonus = locked.accounts.get(own.BONUS)!;
  const split = splitSpend({ wallet: wallet.balance - wallet.frozen, bonus: bonus.balance - bonus.frozen }, p.amount, { allowDebt: p.allowDebt });
  if (!split.ok) throw new BizError(Code.insufficientBalance, undefined, { accountNo: wallet.accountNo, shortBy: split.shortBy });
  const discount = p.discount?.amount ?? 0;
  const lines: PostingLine[] = [
    ...(split.fromBonus ? [{ accountId: own.BONUS, direction: 'D' as const, amount: split.fromBonus }] : []),
    ...(split.fromWallet ? [{ accountId: own.WALLET, direction: 'D' as const, amount: split.fromWallet, mayOverdraw: p.allowDebt }] : []),
    ...(p.discount && discount ? [{ accountId: p.discount.accountId, direction: 'D' as const, amount: discount }] : []),
    { accountId: p.creditAccountId, direction: 'C', amount: p.amount + discount },
  ];
  const posted = await post(tx, tenantId, { ...p, lines }, locked);
  return { posted, fromBonus: split.fromBonus, fromWallet: split.fromWallet };
}

export interface MemberBalances {
  currency: string;
  /** Spendable cash: the WALLET when it is above zero. */
  wallet: number;
  bonus: number;
  /** What the member owes: the WALLET below zero, repaid first by the next top-up. */
  debt: number;
  deposit: number;
}

/** A member's balances as the rider app shows them; nothing is opened for a member who never had money. */
export async function memberBalances(db: Db, tenantId: number, memberId: number, currency: string): Promise<MemberBalances> {
  const rows = await db
    .select({ code: accounts.code, balance: accounts.balance })
    .from(accounts)
    .where(
      and(
        eq(accounts.tenantId, tenantId),
        inArray(
          accounts.accountNo,
          (['WALLET', 'BONUS', 'DEPOSIT'] as const).map((code) => memberAccountNo(memberId, code, currency)),
        ),
        isNull(accounts.deletedAt),
      ),
    );
  const balance = (code: string) => rows.find((r) => r.code === code)?.balance ?? 0;
  const wallet = balance('WALLET');
  return { currency, wallet: Math.max(wallet, 0), bonus: balance('BONUS'), debt: Math.max(-wallet, 0), deposit: balance('DEPOSIT') };
}
