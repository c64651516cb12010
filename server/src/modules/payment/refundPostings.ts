import { RIDE_ORDER_BIZ } from '@kayuh/contract/resources/rideOrders';
import { USER_CARD_BIZ } from '@kayuh/contract/resources/userCards';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerEntries, ledgerTransactions, paymentChannels, paymentOrders, refunds } from '../../db/schema.ts';
import { memberAccounts, platformAccounts } from '../../platform/ledger/accounts.ts';
import { lockAccounts, post, reverse, type PostedTxn, type PostingLine } from '../../platform/ledger/posting.ts';

export type RefundRow = typeof refunds.$inferSelect;
type Order = typeof paymentOrders.$inferSelect;

/** refunds.destination (DOMAIN §2.7). */
export const RefundDestination = { originalChannel: 1, wallet: 2, bankTransfer: 3 } as const;
/** refunds.biz_type of a failed prepaid order's refund (prepaid_orders.refund_id points back). */
export const PREPAID_ORDER_BIZ = 'prepaid_order';
/** refunds.reason codes this module starts refunds for. */
export const RefundReason = { rideDispute: 1, balanceWithdrawal: 4, duplicatePayment: 5, serviceFailed: 6, goodwill: 7, other: 8 } as const;

/** Each attempt starts anew (a failed one was reversed), so its start posting has its own key. */
const startKey = (r: RefundRow) => `refund:${r.refundNo}:start:${r.attempts}`;
const doneKey = (r: RefundRow) => `refund:${r.refundNo}:done`;

/**
 * Where a refund's money comes from (DOMAIN §4.4), posted when it starts: Dr source / Cr REFUND_IN_TRANSIT.
 * - A top-up's money comes back out of the member's WALLET (a withdrawal), and the package bonus it earned goes back
 *   in proportion, as far as the BONUS still holds it (Dr BONUS / Cr EXP_PROMO).
 * - A ride's refund comes out of REV_RIDE, a pass's out of REV_CARD (it was recognised at purchase).
 * - A prepaid order IAK failed gives back what it holds in PREPAID_IN_TRANSIT (DOMAIN §3.10, reason 6).
 * - A goodwill refund is the operator's expense (EXP_PROMO).
 */
async function startLines(tx: Db, r: RefundRow, order: Order | undefined): Promise<PostingLine[]> {
  const p = await platformAccounts(tx, r.tenantId, r.currency, ['REFUND_IN_TRANSIT', 'EXP_PROMO']);
  const inTransit: PostingLine = { accountId: p.REFUND_IN_TRANSIT, direction: 'C', amount: r.amount, memoKey: 'ledger.memo.refundStart' };
  if (order?.purpose === 'TOPUP') {
    const own = await memberAccounts(tx, r.tenantId, r.memberId!, r.currency);
    const locked = await lockAccounts(tx, r.tenantId, [own.WALLET, own.BONUS, p.REFUND_IN_TRANSIT, p.EXP_PROMO]);
    // Half-up share of the order's bonus for the part refunded (DOMAIN §0.3), never more than the BONUS holds.
    const earned = Math.floor(((order.bonusAmount ?? 0) * r.amount * 2 + order.amount) / (2 * order.amount));
    const clawback = Math.min(earned, Math.max(locked.accounts.get(own.BONUS)!.balance, 0));
    return [
      { accountId: own.WALLET, direction: 'D', amount: r.amount, memoKey: 'ledger.memo.refundStart' },
      inTransit,
      ...(clawback > 0
        ? [
            { accountId: own.BONUS, direction: 'D' as const, amount: clawback, memoKey: 'ledger.memo.bonusClawback' },
            { accountId: p.EXP_PROMO, direction: 'C' as const, amount: clawback, memoKey: 'ledger.memo.bonusClawback' },
          ]
        : []),
    ];
  }
  if (r.bizType === RIDE_ORDER_BIZ) {
    const revenue = await platformAccounts(tx, r.tenantId, r.currency, ['REV_RIDE']);
    return [{ accountId: revenue.REV_RIDE, direction: 'D', amount: r.amount, memoKey: 'ledger.memo.refundStart' }, inTransit];
  }
  if (r.bizType === USER_CARD_BIZ) {
    const revenue = await platformAccounts(tx, r.tenantId, r.currency, ['REV_CARD']);
    return [{ accountId: revenue.REV_CARD, direction: 'D', amount: r.amount, memoKey: 'ledger.memo.refundStart' }, inTransit];
  }
  if (r.bizType === PREPAID_ORDER_BIZ) {
    const held = await platformAccounts(tx, r.tenantId, r.currency, ['PREPAID_IN_TRANSIT']);
    return [{ accountId: held.PREPAID_IN_TRANSIT, direction: 'D', amount: r.amount, memoKey: 'ledger.memo.refundStart' }, inTransit];
  }
  return [{ accountId: p.EXP_PROMO, direction: 'D', amount: r.amount, memoKey: 'ledger.memo.refundStart' }, inTransit];
}

/** The refund starts: its source is debited into REFUND_IN_TRANSIT (2008 when a WALLET no longer holds the money). */
export async function postRefundStart(tx: Db, r: RefundRow, order: Order | undefined): Promise<PostedTxn> {
  const lines = await startLines(tx, r, order);
  return post(tx, r.tenantId, { kind: 'REFUND_START', idempotencyKey: startKey(r), bizType: 'refund', bizId: r.id, cityCode: r.cityCode, lines });
}

/**
 * The refund arrived (DOMAIN §4.4): Dr REFUND_IN_TRANSIT / Cr where it went — the WALLET, the channel's clearing
 * account (the gateway paid it back out of what it owes us), or the BANK (finance transferred it).
 */
export async function postRefundDone(tx: Db, r: RefundRow, order: Order | undefined): Promise<PostedTxn> {
  const p = await platformAccounts(tx, r.tenantId, r.currency, ['REFUND_IN_TRANSIT', 'BANK']);
  let to: number;
  const paidFromBalances = PAID_FROM_BALANCES[r.bizType];
  if (r.destination === RefundDestination.wallet && paidFromBalances) return postBalancesRefundDone(tx, r, p.REFUND_IN_TRANSIT, paidFromBalances);
  if (r.destination === RefundDestination.wallet) to = (await memberAccounts(tx, r.tenantId, r.memberId!, r.currency)).WALLET;
  else if (r.destination === RefundDestination.originalChannel) {
    const [channel] = await tx.select().from(paymentChannels).where(eq(paymentChannels.id, order!.channelId!));
    to = channel!.clearingAccountId;
  } else to = p.BANK;
  return postDone(tx, r, [
    { accountId: p.REFUND_IN_TRANSIT, direction: 'D', amount: r.amount, memoKey: DONE_MEMO },
    { accountId: to, direction: 'C', amount: r.amount, memoKey: DONE_MEMO },
  ]);
}

const DONE_MEMO = 'ledger.memo.refundDone';
/** The refund's done posting, once (its key). */
const postDone = (tx: Db, r: RefundRow, lines: PostingLine[]) =>
  post(tx, r.tenantId, { kind: 'REFUND_DONE', idempotencyKey: doneKey(r), bizType: 'refund', bizId: r.id, cityCode: r.cityCode, lines });

/** What the member paid from their balances, by the business refunded: its payment posting's kind. */
const PAID_FROM_BALANCES: Record<string, string> = { [RIDE_ORDER_BIZ]: 'RIDE_PAY', [USER_CARD_BIZ]: 'CARD_BUY' };

/**
 * A ride's or a pass's refund arrives in the member's balances as its payment took them (DOMAIN §4.4): the part the
 * BONUS paid goes back to the BONUS in proportion (half-up), the rest to the WALLET.
 */
async function postBalancesRefundDone(tx: Db, r: RefundRow, inTransit: number, paymentKind: string): Promise<PostedTxn> {
  const own = await memberAccounts(tx, r.tenantId, r.memberId!, r.currency);
  const paid = await tx
    .select({ accountId: ledgerEntries.accountId, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.txnId))
    .where(
      and(
        eq(ledgerTransactions.tenantId, r.tenantId),
        eq(ledgerTransactions.bizType, r.bizType),
        eq(ledgerTransactions.bizId, r.bizId),
        eq(ledgerTransactions.kind, paymentKind),
        eq(ledgerEntries.direction, 'D'),
      ),
    );
  const from = (id: number) => paid.filter((e) => e.accountId === id).reduce((n, e) => n + e.amount, 0);
  const [bonus, wallet] = [from(own.BONUS), from(own.WALLET)];
  const toBonus = bonus + wallet > 0 ? Math.floor((r.amount * bonus * 2 + bonus + wallet) / (2 * (bonus + wallet))) : 0;
  const memoKey = DONE_MEMO;
  return postDone(tx, r, [
    { accountId: inTransit, direction: 'D', amount: r.amount, memoKey },
    ...(toBonus > 0 ? [{ accountId: own.BONUS, direction: 'C' as const, amount: toBonus, memoKey }] : []),
    ...(r.amount - toBonus > 0 ? [{ accountId: own.WALLET, direction: 'C' as const, amount: r.amount - toBonus, memoKey }] : []),
  ]);
}

/** The channel refused: the start posting is reversed, the money is back where it came from (§3.8 2 → 4). */
export async function reverseRefundStart(tx: Db, r: RefundRow): Promise<void> {
  const [started] = await tx
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.tenantId, r.tenantId), eq(ledgerTransactions.idempotencyKey, startKey(r))));
  if (started) await reverse(tx, r.tenantId, started.id, { memoKey: 'ledger.memo.refundFailed' });
}
