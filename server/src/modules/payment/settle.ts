import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentChannels, paymentOrders, qrisOrders } from '../../db/schema.ts';
import { memberAccounts, platformAccounts } from '../../platform/ledger/accounts.ts';
import { post } from '../../platform/ledger/posting.ts';
import type { GatewayNotification } from './gateways/types.ts';
import { PaymentStatus, QrisStatus } from '@kayuh/contract/api/wallet';
import { applyRefundEvent } from './refunds.ts';
import { PointEvent } from '@kayuh/contract/resources/loyalty';
import { awardPoints } from '../member/loyalty/points.ts';
import { settleRidePayment } from '../operations/rides/payAfterRide.ts';

/**
 * What became of a notification (api_logs.outcome): taken, a repeat of one taken, a payment state the order had
 * already left, or parked for finance to review with nothing posted.
 */
export type SettleOutcome = 'accepted' | 'duplicate' | 'parked_amount' | 'parked_late' | 'pending';

export type PaymentOrderRow = typeof paymentOrders.$inferSelect;
type ChannelRow = typeof paymentChannels.$inferSelect;

const OPEN: readonly number[] = [PaymentStatus.created, PaymentStatus.pending];
const PAID: readonly number[] = [PaymentStatus.paid, PaymentStatus.partiallyRefunded, PaymentStatus.refunded];

/**
 * A top-up paid (DOMAIN §4.4): Dr CLEARING:<channel> / Cr WALLET for what was paid, and the package's bonus as
 * Dr EXP_PROMO / Cr BONUS. A WALLET in debt is repaid first simply by being credited.
 */
async function postTopUp(tx: Db, order: PaymentOrderRow, channel: ChannelRow, key: string) {
  const own = await memberAccounts(tx, order.tenantId, order.memberId!, order.currency);
  const promo = await platformAccounts(tx, order.tenantId, order.currency, ['EXP_PROMO']);
  const bonus = order.bonusAmount ?? 0;
  return post(tx, order.tenantId, {
    kind: 'TOPUP',
    idempotencyKey: key,
    bizType: 'payment_order',
    bizId: order.id,
    cityCode: order.cityCode,
    lines: [
      { accountId: channel.clearingAccountId, direction: 'D', amount: order.amount, memoKey: 'ledger.memo.topup' },
      { accountId: own.WALLET, direction: 'C', amount: order.amount, memoKey: 'ledger.memo.topup' },
      ...(bonus > 0
        ? [
            { accountId: promo.EXP_PROMO, direction: 'D' as const, amount: bonus, memoKey: 'ledger.memo.topupBonus' },
            { accountId: own.BONUS, direction: 'C' as const, amount: bonus, memoKey: 'ledger.memo.topupBonus' },
          ]
        : []),
    ],
  });
}

/** The order's new state, and its QRIS code's if it shows one still waiting (§3.10 follows §3.7). */
async function moveOrder(
  tx: Db,
  orderId: number,
  order: Partial<typeof paymentOrders.$inferInsert>,
  qris: Partial<typeof qrisOrders.$inferInsert>,
): Promise<PaymentOrderRow> {
  const [moved] = await tx
    .update(paymentOrders)
    .set({ ...order, updatedAt: new Date(), version: sql`${paymentOrders.version} + 1` })
    .where(eq(paymentOrders.id, orderId))
    .returning();
  await tx
    .update(qrisOrders)
    .set({ ...qris, updatedAt: new Date() })
    .where(and(eq(qrisOrders.paymentOrderId, orderId), eq(qrisOrders.status, QrisStatus.processing)));
  return moved!;
}

/**
 * Applies a verified gateway notification to its payment order (DOMAIN §3.7, §3.10), in one transaction under the
 * order's row lock: the same notification delivered many times, at once, moves the order and posts once (and the
 * posting's key, `<channel>:<channel_txn_id>:paid`, makes sure of it). An amount or currency that is not the order's,
 * or a payment for an order that had expired or failed, is parked for review: nothing is posted.
 */
export async function applyNotification(
  db: Db,
  orderId: number,
  n: GatewayNotification,
): Promise<{ outcome: SettleOutcome; order: PaymentOrderRow }> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, orderId)).for('update');
    if (!order) throw new Error(`payment order ${orderId} vanished`);
    const [channel] = await tx.select().from(paymentChannels).where(eq(paymentChannels.id, order.channelId!));
    const done = (outcome: SettleOutcome, row = order) => ({ outcome, order: row });

    if (n.status === 'refunded' || n.status === 'refund_failed') return done(await applyRefundEvent(tx, order.tenantId, n));
    if (n.amount !== order.amount || n.currency !== order.currency) return done('parked_amount');
    if (n.status === 'pending') return done(OPEN.includes(order.status) ? 'pending' : 'duplicate');

    if (n.status === 'paid') {
      if (PAID.includes(order.status)) return done('duplicate');
      if (!OPEN.includes(order.status)) return done('parked_late');
      if (order.purpose === 'RIDE') {
        // A ride paid after it ended (docs/rides.md): the ride is paid by it, if it still waits for its payment.
        if (!(await settleRidePayment(tx, order, channel!.clearingAccountId))) return done('parked_late');
      } else if (order.purpose === 'TOPUP') {
        await postTopUp(tx, order, channel!, n.eventKey);
        await awardPoints(tx, {
          tenantId: order.tenantId,
          memberId: order.memberId!,
          event: PointEvent.topUp,
          refType: 'payment_order',
          refId: order.id,
          cityCode: order.cityCode,
        });
      } else throw new Error(`payment order ${order.payNo}: no posting rule for a paid ${order.purpose}`);
      const paidAt = n.paidAt ?? new Date();
      const paid = await moveOrder(
        tx,
        order.id,
        { status: PaymentStatus.paid, paidAt, channelTxnId: order.channelTxnId ?? n.channelTxnId },
        { status: QrisStatus.success, rrn: n.rrn ?? null, issuer: n.issuer ?? null, paidAt },
      );
      return done('accepted', paid);
    }

    // failed or expired: the order closes unpaid, if it was still open.
    if (!OPEN.includes(order.status)) return done('duplicate');
    const failed = n.status === 'failed';
    const closed = await moveOrder(
      tx,
      order.id,
      { status: failed ? PaymentStatus.failed : PaymentStatus.expired, failReason: failed ? `gateway: ${n.providerStatus}` : null },
      { status: failed ? QrisStatus.failed : QrisStatus.expired },
    );
    return done('accepted', closed);
  });
}
