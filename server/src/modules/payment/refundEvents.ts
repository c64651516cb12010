import { RefundStatus } from '@kayuh/contract/api/wallet';
import { Code } from '@kayuh/contract/codes';
import { formatMoney } from '@kayuh/contract/rules/format';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentChannels, paymentOrders, refunds } from '../../db/schema.ts';
import { actorUserId } from '../../platform/auth/context.ts';
import { BizError, invalid } from '../../platform/errors.ts';
import type { EventRule, HookContext } from '../../platform/resources/binding.ts';
import { refundSupportedBy } from './gatewayLinks.ts';
import { RefundDestination } from './refundPostings.ts';
import { arriveRefund, REFUND_MAX_ATTEMPTS, refundApproveLimit, requestRefund, startRefund, type RefundRequest } from './refunds.ts';

const refundOf = async (tx: Db, ctx: HookContext) =>
  (
    await tx
      .select()
      .from(refunds)
      .where(eq(refunds.id, Number(ctx.current!.id)))
  )[0]!;

/** A destination the refund's order can take (a VA's gateway refunds nothing; a top-up is never refunded to the wallet). */
async function checkDestination(tx: Db, paymentOrderId: number | null, destination: number) {
  if (paymentOrderId === null) {
    if (destination !== RefundDestination.wallet) throw invalid({ destination: 'validation.invalidOption' });
    return;
  }
  const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, paymentOrderId));
  if (order?.purpose === 'TOPUP' && destination === RefundDestination.wallet) throw invalid({ destination: 'refund.walletForTopup' });
  if (destination === RefundDestination.originalChannel) {
    const [channel] = order?.channelId ? await tx.select().from(paymentChannels).where(eq(paymentChannels.id, order.channelId)) : [];
    if (!channel || !refundSupportedBy(channel)) throw invalid({ destination: 'refund.noGatewayRefund' });
  }
}

/**
 * The refund machine's staff events (DOMAIN §3.8), each in the engine's transaction with the refund row locked:
 * approve within the approver's limit, and the money leaves its source; reject with a reason; retry a failed one
 * (≤ 3 attempts, maybe by bank transfer instead); confirm a bank transfer.
 */
export const refundEvents: Record<string, EventRule> = {
  approve: {
    async guard(ctx) {
      const limit = await refundApproveLimit(ctx.tx, actorUserId(ctx.auth)!);
      const amount = Number(ctx.current!.amount);
      if (limit !== null && amount > limit)
        throw new BizError(Code.forbidden, 'refund.overLimit', undefined, { limit: formatMoney(limit, String(ctx.current!.currency)) });
    },
    // To the wallet it arrives in this transaction; elsewhere it is under way until the gateway or finance says so.
    set: (ctx) => {
      const toWallet = Number(ctx.current!.destination) === RefundDestination.wallet;
      return {
        status: toWallet ? RefundStatus.succeeded : RefundStatus.processing,
        approvedBy: actorUserId(ctx.auth),
        ...(toWallet ? { succeededAt: new Date() } : {}),
      };
    },
    effects: async (ctx) => startRefund(ctx.tx, await refundOf(ctx.tx, ctx)),
  },
  reject: { set: (ctx) => ({ failReason: String(ctx.event!.payload.reason ?? '') }) },
  retry: {
    async guard(ctx) {
      if (Number(ctx.current!.attempts) + 1 >= REFUND_MAX_ATTEMPTS)
        throw new BizError(Code.transitionNotAllowed, 'refund.tooManyAttempts', undefined, { max: REFUND_MAX_ATTEMPTS });
      const destination = ctx.event!.payload.destination;
      if (destination !== undefined && destination !== null && destination !== '')
        await checkDestination(ctx.tx, ctx.current!.paymentOrderId === null ? null : Number(ctx.current!.paymentOrderId), Number(destination));
    },
    set: (ctx) => {
      const destination = ctx.event!.payload.destination;
      return {
        attempts: Number(ctx.current!.attempts) + 1,
        failReason: null,
        channelRefundId: null,
        ...(destination !== undefined && destination !== null && destination !== '' ? { destination: Number(destination) } : {}),
      };
    },
    effects: async (ctx) => startRefund(ctx.tx, await refundOf(ctx.tx, ctx)),
  },
  confirmTransfer: {
    guard(ctx) {
      if (Number(ctx.current!.destination) !== RefundDestination.bankTransfer)
        throw new BizError(Code.transitionNotAllowed, 'refund.notBankTransfer');
    },
    set: (ctx) => ({ channelRefundId: String(ctx.event!.payload.bankRef ?? ''), succeededAt: new Date() }),
    effects: async (ctx) => arriveRefund(ctx.tx, await refundOf(ctx.tx, ctx)),
  },
};

/**
 * A refund asked for on a business's row, in the event's transaction (as the staff request route does): the row
 * keeps its state (the event changes only its version, so a second submit of the same form answers 2003).
 */
const askRefund = (
  what: (ctx: HookContext) => Pick<RefundRequest, 'paymentOrderId' | 'rideOrderId' | 'userCardId' | 'destination'>,
  keyPrefix: string,
): EventRule => ({
  set: (ctx) => ({ status: ctx.current!.status }),
  effects: async (ctx) => {
    const payload = ctx.event!.payload;
    await requestRefund(ctx.tx, {
      tenantId: Number(ctx.current!.tenantId),
      ...what(ctx),
      amount: Number(payload.amount),
      reason: Number(payload.reason),
      requestedByType: 2,
      idempotencyKey: `${keyPrefix}:${ctx.current!.id}:v${ctx.current!.version}`,
      createdBy: actorUserId(ctx.auth),
      remark: payload.note === undefined || payload.note === null ? null : String(payload.note),
    });
  },
});

/** A paid order's "Request a refund" (orderListPage, rechargeList), to where the form says. */
export const requestRefundEvent = askRefund(
  (ctx) => ({ paymentOrderId: Number(ctx.current!.id), destination: Number(ctx.event!.payload.destination) }),
  'order',
);

/**
 * Customer service refunds a paid ride, in part or in full, to the member's balances (DOMAIN §3.4, §4.4); the ride
 * keeps its state until the refund arrives (then `refunded` rises, and a ride refunded in full is refunded, 5).
 */
export const requestRideRefundEvent = askRefund((ctx) => ({ rideOrderId: Number(ctx.current!.id), destination: RefundDestination.wallet }), 'ride');

/**
 * Customer service refunds a pass, in part or in full, to the member's balances as they paid for it (docs/passes.md);
 * the pass runs on until the refund arrives, then it is refunded (3).
 */
export const requestCardRefundEvent = askRefund((ctx) => ({ userCardId: Number(ctx.current!.id), destination: RefundDestination.wallet }), 'card');
