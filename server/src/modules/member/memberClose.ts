import { PaymentStatus } from '@kayuh/contract/api/wallet';
import { Code } from '@kayuh/contract/codes';
import { RideStatus } from '@kayuh/contract/resources/rideOrders';
import { OPEN_SWAP_STATES } from '@kayuh/contract/resources/swapOrders';
import { formatMoney } from '@kayuh/contract/rules/format';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentChannels, paymentOrders, rideOrders, swapOrders } from '../../db/schema.ts';
import { revokeMemberSessions } from '../../platform/auth/memberSessions.ts';
import { actorUserId } from '../../platform/auth/context.ts';
import { BizError } from '../../platform/errors.ts';
import { memberAccounts, platformAccounts, tenantCurrency } from '../../platform/ledger/accounts.ts';
import { lockAccounts, post } from '../../platform/ledger/posting.ts';
import type { EventRule, HookContext } from '../../platform/resources/binding.ts';
import { refundSupportedBy } from '../payment/gatewayLinks.ts';
import { RefundDestination, RefundReason } from '../payment/refundPostings.ts';
import { leftToRefund, requestRefund } from '../payment/refunds.ts';

const MEMBER_BIZ = 'member';

/** Nothing under way: a ride not ended or a swap whose doors are open keeps the account open. */
async function assertIdle(tx: Db, memberId: number) {
  const [ride] = await tx
    .select({ id: rideOrders.id })
    .from(rideOrders)
    .where(and(eq(rideOrders.memberId, memberId), inArray(rideOrders.status, [RideStatus.reserved, RideStatus.riding, RideStatus.paused])))
    .limit(1);
  const [swap] = await tx
    .select({ id: swapOrders.id })
    .from(swapOrders)
    .where(and(eq(swapOrders.memberId, memberId), inArray(swapOrders.status, [...OPEN_SWAP_STATES])))
    .limit(1);
  if (ride || swap) throw new BizError(Code.transitionNotAllowed, 'member.closeBusy');
}

/**
 * The wallet goes back where it came from: refund requests (reason 4, balance withdrawal) on the member's paid top-ups,
 * newest first, each up to what is left of it — through its gateway where the channel refunds, else by bank transfer —
 * until the balance is covered. They wait for approval in the refund list as any refund does; the money moves when
 * one starts. A balance no top-up can take back (a goodwill credit) refuses the close, naming it.
 */
async function refundWallet(ctx: HookContext, memberId: number, currency: string, balance: number) {
  const { tx, tenantId, auth } = ctx;
  const topups = await tx
    .select({ order: paymentOrders, channel: paymentChannels })
    .from(paymentOrders)
    .innerJoin(paymentChannels, eq(paymentChannels.id, paymentOrders.channelId))
    .where(
      and(
        eq(paymentOrders.tenantId, tenantId),
        eq(paymentOrders.memberId, memberId),
        eq(paymentOrders.purpose, 'TOPUP'),
        inArray(paymentOrders.status, [PaymentStatus.paid, PaymentStatus.partiallyRefunded]),
      ),
    )
    .orderBy(desc(paymentOrders.id));
  let remaining = balance;
  for (const { order, channel } of topups) {
    if (remaining <= 0) break;
    const amount = Math.min(remaining, await leftToRefund(tx, order));
    if (amount <= 0) continue;
    await requestRefund(tx, {
      tenantId,
      paymentOrderId: order.id,
      amount,
      reason: RefundReason.balanceWithdrawal,
      destination: refundSupportedBy(channel) ? RefundDestination.originalChannel : RefundDestination.bankTransfer,
      requestedByType: 2,
      idempotencyKey: `close:${memberId}:${order.id}`,
      createdBy: actorUserId(auth),
      remark: String(ctx.event!.payload.note ?? '').slice(0, 300),
    });
    remaining -= amount;
  }
  if (remaining > 0)
    throw new BizError(Code.transitionNotAllowed, 'member.closeUnrefundable', undefined, { amount: formatMoney(remaining, currency) });
}

/**
 * Closing a member's account (customer service, user:user_admin:cancel; docs/members.md), in the transition's
 * transaction with the member's row locked: refused while a ride or a swap is under way or while the member owes
 * money; the app's sessions end; the BONUS is forfeited (Dr BONUS / Cr EXP_PROMO, the promotion it came from) and the
 * WALLET is asked back through the refund machine. A closed member signs in no more; closing is not undone.
 */
export const closeMember: EventRule = {
  guard: async ({ tx, current }) => assertIdle(tx, Number(current!.id)),
  set: (ctx) => ({ remark: String(ctx.event!.payload.note ?? '').trim() }),
  effects: async (ctx) => {
    const { tx, tenantId } = ctx;
    const memberId = Number(ctx.current!.id);
    await revokeMemberSessions(tx, memberId);
    const currency = await tenantCurrency(tx, tenantId);
    const own = await memberAccounts(tx, tenantId, memberId, currency);
    const promo = await platformAccounts(tx, tenantId, currency, ['EXP_PROMO']);
    const key = `close:${memberId}:bonus`;
    // The balances as they stand under the accounts' locks: a payment landing now waits for the close.
    const locked = await lockAccounts(tx, tenantId, [own.WALLET, own.BONUS, promo.EXP_PROMO], key);
    const wallet = locked.accounts.get(own.WALLET)!.balance;
    const bonus = locked.accounts.get(own.BONUS)!.balance;
    if (wallet < 0) throw new BizError(Code.transitionNotAllowed, 'member.closeDebt', undefined, { amount: formatMoney(-wallet, currency) });
    if (bonus > 0)
      await post(
        tx,
        tenantId,
        {
          kind: 'ADJUST',
          idempotencyKey: key,
          bizType: MEMBER_BIZ,
          bizId: memberId,
          lines: [
            { accountId: own.BONUS, direction: 'D', amount: bonus, memoKey: 'ledger.memo.bonusForfeit' },
            { accountId: promo.EXP_PROMO, direction: 'C', amount: bonus, memoKey: 'ledger.memo.bonusForfeit' },
          ],
        },
        locked,
      );
    if (wallet > 0) await refundWallet(ctx, memberId, currency, wallet);
  },
};
