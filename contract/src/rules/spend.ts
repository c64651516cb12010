/**
 * How a member pays from their balances (DOMAIN §4.4): BONUS first, then WALLET. Only a payment for a service
 * already used (a ride) may take the WALLET below zero; that debt is repaid by the next top-up and blocks the
 * next unlock. Amounts are integers in the currency's smallest unit.
 */
export interface MemberBalances {
  /** What may be spent of the WALLET (balance less frozen); negative when the member is in debt. */
  wallet: number;
  bonus: number;
}

export type SpendSplit = { ok: true; fromBonus: number; fromWallet: number } | { ok: false; shortBy: number };

export function splitSpend(balances: MemberBalances, amount: number, opts: { allowDebt: boolean }): SpendSplit {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`amount must be a positive integer, got ${amount}`);
  const fromBonus = Math.min(Math.max(balances.bonus, 0), amount);
  const fromWallet = amount - fromBonus;
  const walletAfter = balances.wallet - fromWallet;
  if (walletAfter < 0 && fromWallet > 0 && !opts.allowDebt) return { ok: false, shortBy: -walletAfter };
  return { ok: true, fromBonus, fromWallet };
}

/**
 * A refund of a member's spend goes back where it came from, in proportion (DOMAIN §4.4 "BONUS-funded parts go back
 * to BONUS in proportion"); the rounding remainder goes to the WALLET, so the parts add up to the refund.
 */
export function splitRefund(paid: { fromBonus: number; fromWallet: number }, refund: number): { toBonus: number; toWallet: number } {
  const total = paid.fromBonus + paid.fromWallet;
  if (!Number.isSafeInteger(refund) || refund <= 0 || refund > total) throw new RangeError(`refund must be 1..${total}, got ${refund}`);
  const toBonus = Math.floor((refund * paid.fromBonus) / total);
  return { toBonus, toWallet: refund - toBonus };
}
