import { PaymentStatus, RefundStatus } from '@kayuh/contract/api/wallet';
import { Code } from '@kayuh/contract/codes';
import { RIDE_ORDER_BIZ, RideStatus } from '@kayuh/contract/resources/rideOrders';
import { USER_CARD_BIZ, UserCardStatus } from '@kayuh/contract/resources/userCards';
import { ShareSource } from '@kayuh/contract/resources/shareEntries';
import { formatThousands } from '@kayuh/contract/rules/format';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { paymentChannels, paymentOrders, refunds, rideOrders, roles, userCards, userRoles } from '../../db/schema.ts';
import { nextBusinessNo } from '../../platform/businessNo.ts';
import { BizError, invalid, notFound } from '../../platform/errors.ts';
import { tenantCurrency } from '../../platform/ledger/accounts.ts';
import { rowsOf } from '../../platform/rows.ts';
import { refundSupportedBy, type Gateways } from './gatewayLinks.ts';
import { GatewayError, type ChannelCode, type GatewayNotification } from './gateways/types.ts';
import { postRefundDone, postRefundStart, RefundDestination, RefundReason, reverseRefundStart, type RefundRow } from './refundPostings.ts';
import { restoreRideCoupon } from './passes/rideCoupon.ts';
import { reverseShares } from '../operations/partners/shareEntries.ts';
import { cityOf } from './topup.ts';

/** A failed refund is tried again at most this many times in all (DOMAIN §3.8 "retry (≤ 3)"). */
export const REFUND_MAX_ATTEMPTS = 3;
/** Statuses that still hold part of an order's refundable amount. */
const OPEN_REFUND: number[] = [RefundStatus.requested, RefundStatus.approved, RefundStatus.processing, RefundStatus.failed];

type Order = typeof paymentOrders.$inferSelect;

export interface RefundRequest {
  tenantId: number;
  /** A payment order to refund; without one (nor a ride), a goodwill refund to a member's wallet. */
  paymentOrderId?: number;
  /** A ride paid from the balances, refunded to the wallet (DOMAIN §4.4). */
  rideOrderId?: number;
  /** A pass bought from the balances, refunded to them (docs/passes.md). */
  userCardId?: number;
  memberId?: number;
  cityCode?: number;
  amount: number;
  reason: number;
  destination: number;
  requestedByType: 1 | 2 | 3;
  /** The request's idempotency key (a console form's requestId, the app's Idempotency-Key). */
  idempotencyKey: string;
  createdBy: number | null;
  remark?: string | null;
}

/**
 * A refund is asked for (DOMAIN §3.8 → 0). Of a payment order: it must be paid, and the amount may not exceed what is
 * left of it — paid less refunded less refunds still under way — checked under the order's row lock, so two requests
 * at once cannot both take the last rupiah. A top-up goes back to its channel or by bank transfer (its money is
 * already in the wallet). Without an order, a goodwill refund goes to the member's wallet.
 */
export async function requestRefund(db: Db, req: RefundRequest): Promise<RefundRow> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.tenantId, req.tenantId), eq(refunds.idempotencyKey, req.idempotencyKey)));
    if (existing) return existing;
    let order: Order | undefined;
    let memberId = req.memberId;
    let cityCode = req.cityCode;
    let currency: string;
    if (req.paymentOrderId !== undefined) {
      [order] = await tx
        .select()
        .from(paymentOrders)
        .where(and(eq(paymentOrders.id, req.paymentOrderId), eq(paymentOrders.tenantId, req.tenantId)))
        .for('update');
      if (!order) throw notFound();
      if (order.status !== PaymentStatus.paid && order.status !== PaymentStatus.partiallyRefunded)
        throw new BizError(Code.transitionNotAllowed, 'refund.notPaid');
      if (order.purpose === 'TOPUP' && req.destination === RefundDestination.wallet) throw invalid({ destination: 'refund.walletForTopup' });
      if (req.destination === RefundDestination.originalChannel) {
        const [channel] = await tx.select().from(paymentChannels).where(eq(paymentChannels.id, order.channelId!));
        if (!channel || !refundSupportedBy(channel)) throw invalid({ destination: 'refund.noGatewayRefund' });
      }
      const left = await leftToRefund(tx, order);
      if (req.amount > left) throw overPaid(left, order.currency);
      memberId = order.memberId ?? undefined;
      cityCode = order.cityCode;
      currency = order.currency;
    } else if (req.rideOrderId !== undefined) {
      const ride = await refundableRide(tx, req.tenantId, req.rideOrderId, req.amount);
      if (req.destination !== RefundDestination.wallet) throw invalid({ destination: 'refund.rideToWallet' });
      memberId = ride.memberId;
      cityCode = ride.cityCode;
      currency = ride.currency;
    } else if (req.userCardId !== undefined) {
      const card = await refundableCard(tx, req.tenantId, req.userCardId, req.amount);
      if (req.destination !== RefundDestination.wallet) throw invalid({ destination: 'refund.rideToWallet' });
      memberId = card.memberId;
      cityCode = await cityOf(tx, { tenantId: req.tenantId, memberId: card.memberId }, undefined);
      currency = card.currency;
    } else {
      if (memberId === undefined || cityCode === undefined) throw invalid({ memberId: 'validation.required' });
      if (req.destination !== RefundDestination.wallet) throw invalid({ destination: 'validation.invalidOption' });
      currency = await tenantCurrency(tx, req.tenantId);
    }
    const { id, no } = await nextBusinessNo(tx, 'refunds', 'RF');
    const [row] = await tx
      .insert(refunds)
      .values({
        id,
        tenantId: req.tenantId,
        cityCode: cityCode!,
        refundNo: no,
        paymentOrderId: order?.id ?? null,
        bizType: order ? 'payment_order' : req.rideOrderId !== undefined ? RIDE_ORDER_BIZ : req.userCardId !== undefined ? USER_CARD_BIZ : 'member',
        bizId: order?.id ?? req.rideOrderId ?? req.userCardId ?? memberId!,
        memberId: memberId ?? null,
        amount: req.amount,
        currency,
        reason: req.reason,
        destination: req.destination,
        status: RefundStatus.requested,
        requestedByType: req.requestedByType,
        idempotencyKey: req.idempotencyKey,
        remark: req.remark ?? null,
        createdBy: req.createdBy,
        updatedBy: req.createdBy,
      })
      .returning();
    return row!;
  });
}

/** What is left to refund of a paid order: paid less refunded less refunds still under way. */
export const leftToRefund = async (tx: Db, order: Order) =>
  order.amount - order.refundedAmount - (await heldBy(tx, sql`payment_order_id = ${order.id}`));

/** Refunds still under way, with what they hold: of a payment order, or of another business (a ride). */
async function heldBy(tx: Db, where: ReturnType<typeof sql>) {
  const [held] = rowsOf<{ n: string | number | null }>(
    await tx.execute(
      sql`SELECT coalesce(sum(amount), 0) AS n FROM refunds WHERE ${where} AND status IN (${sql.join(
        OPEN_REFUND.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    ),
  );
  return Number(held?.n ?? 0);
}

/**
 * A pass still running (pending, active or suspended) under its row lock, and the amount may not exceed its price
 * less the refunds of it under way. Once a refund of it arrives it is refunded (3): nothing more is refunded of it.
 */
async function refundableCard(tx: Db, tenantId: number, userCardId: number, amount: number) {
  const [card] = await tx
    .select()
    .from(userCards)
    .where(and(eq(userCards.id, userCardId), eq(userCards.tenantId, tenantId)))
    .for('update');
  if (!card) throw notFound();
  const running: number[] = [UserCardStatus.pendingStart, UserCardStatus.active, UserCardStatus.suspended];
  if (!running.includes(card.status)) throw new BizError(Code.transitionNotAllowed, 'refund.cardEnded');
  const left = card.price - (await heldBy(tx, sql`biz_type = ${USER_CARD_BIZ} AND biz_id = ${card.id}`));
  if (amount > left) throw overPaid(left, card.currency);
  return card;
}

/** An amount over what is left to refund: 2001 on the amount, saying how much is left. */
const overPaid = (left: number, currency: string) =>
  new BizError(
    Code.validation,
    'refund.overPaid',
    { fields: { amount: 'refund.overPaid' } },
    { left: `${currency} ${formatThousands(Math.max(left, 0))}` },
  );

/**
 * A paid ride under its row lock, and the amount may not exceed what is left of it: paid less refunded less refunds
 * still under way (two requests at once cannot both take the last rupiah).
 */
async function refundableRide(tx: Db, tenantId: number, rideOrderId: number, amount: number) {
  const [ride] = await tx
    .select()
    .from(rideOrders)
    .where(and(eq(rideOrders.id, rideOrderId), eq(rideOrders.tenantId, tenantId)))
    .for('update');
  if (!ride) throw notFound();
  if (ride.status !== RideStatus.paid) throw new BizError(Code.transitionNotAllowed, 'refund.notPaid');
  const left = ride.paid - ride.refunded - (await heldBy(tx, sql`biz_type = ${RIDE_ORDER_BIZ} AND biz_id = ${ride.id}`));
  if (amount > left) throw overPaid(left, ride.currency);
  return ride;
}

/**
 * The largest refund a staff member may approve: the highest limit among their live roles, none when a role of
 * theirs has no limit (DOMAIN §3.8: CS up to Rp 100,000, finance above).
 */
export async function refundApproveLimit(db: Db, userId: number): Promise<number | null> {
  const held = await db
    .select({ limit: roles.refundApproveLimit })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), isNull(roles.deletedAt), eq(roles.status, '0')));
  if (!held.length || held.some((r) => r.limit === null)) return held.length ? null : 0;
  return Math.max(...held.map((r) => r.limit!));
}

const orderOf = async (tx: Db, r: RefundRow) =>
  r.paymentOrderId === null ? undefined : (await tx.select().from(paymentOrders).where(eq(paymentOrders.id, r.paymentOrderId)))[0];

/**
 * A refund that arrived counts on its order (DOMAIN §3.7 2,5 → 5 or 6), or on its ride: refunded in full, the ride is
 * refunded (§3.4 4 → 5); in part, it stays paid with `refunded` raised. A pass refunded, in part or in full, ends (3).
 */
async function countOnOrder(tx: Db, r: RefundRow) {
  if (r.bizType === USER_CARD_BIZ) {
    await tx
      .update(userCards)
      .set({ status: UserCardStatus.refunded, updatedAt: new Date(), version: sql`${userCards.version} + 1` })
      .where(eq(userCards.id, r.bizId));
    return;
  }
  if (r.bizType === RIDE_ORDER_BIZ) {
    const [ride] = await tx
      .update(rideOrders)
      .set({
        refunded: sql`${rideOrders.refunded} + ${r.amount}::bigint`,
        status: sql`CASE WHEN ${rideOrders.refunded} + ${r.amount}::bigint >= ${rideOrders.paid} THEN ${RideStatus.refunded}::smallint ELSE ${rideOrders.status} END`,
        updatedAt: new Date(),
        version: sql`${rideOrders.version} + 1`,
      })
      .where(eq(rideOrders.id, r.bizId))
      .returning({ id: rideOrders.id, status: rideOrders.status, userCouponId: rideOrders.userCouponId });
    if (ride?.status === RideStatus.refunded) await restoreRideCoupon(tx, ride);
    return;
  }
  if (r.paymentOrderId === null) return;
  await tx
    .update(paymentOrders)
    .set({
      refundedAmount: sql`${paymentOrders.refundedAmount} + ${r.amount}::bigint`,
      status: sql`CASE WHEN ${paymentOrders.refundedAmount} + ${r.amount}::bigint >= ${paymentOrders.amount} THEN ${PaymentStatus.refunded}::smallint ELSE ${PaymentStatus.partiallyRefunded}::smallint END`,
      updatedAt: new Date(),
      version: sql`${paymentOrders.version} + 1`,
    })
    .where(eq(paymentOrders.id, r.paymentOrderId));
}

/**
 * The money leaves its source (§3.8 1 → 2; approve and retry fire it in their transaction). A refund to the wallet
 * arrives at once (→ 3); one to a channel waits for the gateway (the submit task), one by bank transfer for finance.
 */
export async function startRefund(tx: Db, r: RefundRow): Promise<void> {
  await postRefundStart(tx, r, await orderOf(tx, r));
  if (r.destination === RefundDestination.wallet) await arriveRefund(tx, r);
}

/** The refund arrived (§3.8 2 → 3): by the gateway's answer or notification, or finance's bank confirmation. */
export async function completeRefund(tx: Db, r: RefundRow, set: Partial<RefundRow> = {}) {
  const [claimed] = await tx
    .update(refunds)
    .set({ ...set, status: RefundStatus.succeeded, succeededAt: new Date(), updatedAt: new Date(), version: sql`${refunds.version} + 1` })
    .where(and(eq(refunds.id, r.id), eq(refunds.status, RefundStatus.processing)))
    .returning();
  if (!claimed) return false;
  await arriveRefund(tx, claimed);
  return true;
}

/** The money reaches where it was sent, and counts on its order (the done posting, DOMAIN §4.4). */
export async function arriveRefund(tx: Db, r: RefundRow) {
  await postRefundDone(tx, r, await orderOf(tx, r));
  await countOnOrder(tx, r);
  const shared = await sharedOrderOf(tx, r);
  if (shared) await reverseShares(tx, { ...r, at: new Date() }, shared);
}

/**
 * The shared order a refund takes its shares back from (docs/profit-sharing.md): the ride or pass refunded to the
 * balances, or the ride a refunded payment order paid; none for a top-up, a withdrawal or goodwill.
 */
async function sharedOrderOf(tx: Db, r: RefundRow): Promise<{ sourceType: string; sourceId: number } | null> {
  if (r.bizType === RIDE_ORDER_BIZ) return { sourceType: ShareSource.ride, sourceId: r.bizId };
  if (r.bizType === USER_CARD_BIZ) return { sourceType: ShareSource.card, sourceId: r.bizId };
  const order = await orderOf(tx, r);
  return order?.bizType === RIDE_ORDER_BIZ && order.bizId !== null ? { sourceType: ShareSource.ride, sourceId: order.bizId } : null;
}

/** The channel refused (§3.8 2 → 4): the start is reversed; finance may retry or switch to a bank transfer. */
export async function failRefund(tx: Db, r: RefundRow, reason: string) {
  const [claimed] = await tx
    .update(refunds)
    .set({ status: RefundStatus.failed, failReason: reason.slice(0, 500), updatedAt: new Date(), version: sql`${refunds.version} + 1` })
    .where(and(eq(refunds.id, r.id), eq(refunds.status, RefundStatus.processing)))
    .returning();
  if (claimed) await reverseRefundStart(tx, claimed);
  return Boolean(claimed);
}

/**
 * Sends the refunds waiting for their channel (status 2, destination 1, not yet sent) to the gateway. The timed task
 * runs on the one scheduler leader; the gateway gets the refund_no as its refund key, so a resend after a crash is
 * answered with the first result.
 */
export async function submitChannelRefunds(db: Db, gateways: Gateways, log: FastifyBaseLogger, signal?: AbortSignal): Promise<number> {
  const due = await db
    .select()
    .from(refunds)
    .where(
      and(eq(refunds.status, RefundStatus.processing), eq(refunds.destination, RefundDestination.originalChannel), isNull(refunds.channelRefundId)),
    )
    .limit(100);
  let moved = 0;
  for (const r of due) {
    if (signal?.aborted) break;
    const order = (await db.select().from(paymentOrders).where(eq(paymentOrders.id, r.paymentOrderId!)))[0]!;
    const [channel] = await db.select().from(paymentChannels).where(eq(paymentChannels.id, order.channelId!));
    const link = gateways.link(channel!);
    try {
      const answer = await link.adapter.refund(
        {
          orderId: order.payNo,
          channelTxnId: order.channelTxnId!,
          channelCode: channel!.channelCode as ChannelCode,
          refundKey: r.refundNo,
          amount: r.amount,
          currency: r.currency,
          // The gateways' own reason words (Xendit's enum; Midtrans keeps it as text).
          reason: r.reason === RefundReason.duplicatePayment ? 'DUPLICATE' : 'REQUESTED_BY_CUSTOMER',
        },
        link.secret,
        link.http,
      );
      await db.transaction(async (tx) => {
        if (answer.status === 'succeeded') await completeRefund(tx, r, { channelRefundId: answer.channelRefundId });
        else if (answer.status === 'failed') await failRefund(tx, r, `gateway: ${answer.failReason ?? answer.channelRefundId}`);
        else await tx.update(refunds).set({ channelRefundId: answer.channelRefundId, updatedAt: new Date() }).where(eq(refunds.id, r.id));
      });
      if (answer.status === 'pending') gateways.confirmSandboxRefundLater(channel!, order.payNo, answer.channelRefundId, log);
      moved++;
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      log.warn({ err, refundNo: r.refundNo }, 'refund not taken by the gateway');
      // No answer to act on: the next run asks again with the same refund key.
      if (err.code === 'unavailable' || err.code === 'indeterminate' || err.code === 'bad_response') continue;
      await db.transaction((tx) => failRefund(tx, r, err.message));
      moved++;
    }
  }
  return moved;
}

/**
 * A gateway's refund notification (settle.ts): the refund it names arrives or fails. One we did not ask for (no key
 * of ours: made in the gateway's dashboard, a chargeback) or of another amount is parked for finance.
 */
export async function applyRefundEvent(tx: Db, tenantId: number, n: GatewayNotification): Promise<'accepted' | 'duplicate' | 'parked_amount'> {
  const [r] = n.refundKey
    ? await tx
        .select()
        .from(refunds)
        .where(and(eq(refunds.tenantId, tenantId), eq(refunds.refundNo, n.refundKey)))
        .for('update')
    : [];
  if (!r || (n.refundAmount !== undefined && n.refundAmount !== r.amount)) return 'parked_amount';
  if (r.status !== RefundStatus.processing) return 'duplicate';
  const moved =
    n.status === 'refunded'
      ? await completeRefund(tx, r, n.channelRefundId ? { channelRefundId: n.channelRefundId } : {})
      : await failRefund(tx, r, `gateway: ${n.providerStatus}`);
  return moved ? 'accepted' : 'duplicate';
}

export { RefundDestination, RefundReason };
