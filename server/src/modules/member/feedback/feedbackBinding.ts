import { LevelBenefitKind, LoyaltyStatus } from '@kayuh/contract/resources/loyalty';
import { RefundStatus } from '@kayuh/contract/api/wallet';
import { Code } from '@kayuh/contract/codes';
import { feedbackResource } from '@kayuh/contract/resources/feedbacks';
import { FaultStatus } from '@kayuh/contract/resources/faults';
import { and, eq, sql } from 'drizzle-orm';
import { faultTypes, feedbacks, refunds, vehicleFaults, vehicles } from '../../../db/schema.ts';
import { actorUserId } from '../../../platform/auth/context.ts';
import { BizError, invalid } from '../../../platform/errors.ts';
import { bindResource, type EventRule, type HookContext } from '../../../platform/resources/binding.ts';
import { isUniqueViolation } from '../../../platform/resources/writes.ts';
import { tenantRows } from '../../../platform/scope.ts';
import { RefundDestination } from '../../payment/refundPostings.ts';
import { requestRefund } from '../../payment/refunds.ts';
import { blockVehicle } from '../../vehicle/faults.ts';
import { memberPhoneOf } from '../memberPhone.ts';

const memberPhone = memberPhoneOf('feedbacks');
/** vehicle_faults.source of a fault a rider reported. */
const RIDER_REPORT = 1;

const handled = (ctx: HookContext) => ({ handlerId: actorUserId(ctx.auth) ?? ctx.current!.handlerId });
const replyOf = (ctx: HookContext) => {
  const reply = ctx.event!.payload.reply;
  return typeof reply === 'string' && reply.trim() ? reply.trim() : undefined;
};

/** The fault already raised from this feedback, if any. */
async function linkedFault(ctx: HookContext) {
  const [fault] = await ctx.tx
    .select({ code: faultTypes.code })
    .from(vehicleFaults)
    .innerJoin(faultTypes, eq(faultTypes.id, vehicleFaults.faultTypeId))
    .where(eq(vehicleFaults.feedbackId, Number(ctx.current!.id)));
  return fault;
}

/**
 * A refund of the ride the feedback names, to the member's balances (as the ride list's Refund), asked for once: the
 * refund machine takes it from there (approval within the approver's limit, DOMAIN §3.8).
 */
const refundFeedback: EventRule = {
  async guard(ctx) {
    if (ctx.current!.rideOrderId === null) throw new BizError(Code.transitionNotAllowed, 'feedback.noRide');
    if (ctx.current!.refundId === null) return;
    const [refund] = await ctx.tx
      .select({ no: refunds.refundNo, status: refunds.status })
      .from(refunds)
      .where(eq(refunds.id, Number(ctx.current!.refundId)));
    // A refund that was rejected or failed for good may be asked for again.
    if (refund && refund.status !== RefundStatus.rejected)
      throw new BizError(Code.transitionNotAllowed, 'feedback.refundOpen', undefined, { refundNo: refund.no });
  },
  set: handled,
  effects: async (ctx) => {
    const { payload } = ctx.event!;
    const refund = await requestRefund(ctx.tx, {
      tenantId: Number(ctx.current!.tenantId),
      rideOrderId: Number(ctx.current!.rideOrderId),
      destination: RefundDestination.wallet,
      amount: Number(payload.amount),
      reason: Number(payload.reason),
      requestedByType: 2,
      idempotencyKey: `feedback:${ctx.current!.id}:v${ctx.current!.version}`,
      createdBy: actorUserId(ctx.auth),
      remark:
        payload.note === undefined || payload.note === null
          ? String(ctx.current!.feedbackNo)
          : `${String(ctx.current!.feedbackNo)} · ${String(payload.note)}`,
    });
    await ctx.tx
      .update(feedbacks)
      .set({ refundId: refund.id })
      .where(eq(feedbacks.id, Number(ctx.current!.id)));
  },
};

/**
 * A fault raised on the vehicle the feedback names, as a rider's report pointing back at it (once); a blocking one
 * takes the vehicle to maintenance, as on Fault Management.
 */
const linkFault: EventRule = {
  async guard(ctx) {
    if (ctx.current!.vehicleId === null) throw new BizError(Code.transitionNotAllowed, 'feedback.noVehicle');
    const fault = await linkedFault(ctx);
    if (fault) throw new BizError(Code.transitionNotAllowed, 'feedback.faultLinked', undefined, { code: fault.code });
  },
  set: handled,
  effects: async (ctx) => {
    const { tx, auth, tenantId, current } = ctx;
    const [type] = await tx
      .select({ id: faultTypes.id })
      .from(faultTypes)
      .where(and(eq(faultTypes.id, Number(ctx.event!.payload.faultTypeId)), tenantRows(tenantId, faultTypes)));
    if (!type) throw invalid({ faultTypeId: 'validation.invalidOption' });
    const [vehicle] = await tx
      .select({ cityCode: vehicles.cityCode })
      .from(vehicles)
      .where(eq(vehicles.id, Number(current!.vehicleId)));
    try {
      const [fault] = await tx
        .insert(vehicleFaults)
        .values({
          tenantId,
          cityCode: vehicle!.cityCode,
          vehicleId: Number(current!.vehicleId),
          faultTypeId: type.id,
          source: RIDER_REPORT,
          feedbackId: Number(current!.id),
          status: FaultStatus.open,
          createdBy: actorUserId(auth),
          remark: String(current!.feedbackNo),
        })
        .returning({ id: vehicleFaults.id, vehicleId: vehicleFaults.vehicleId, faultTypeId: vehicleFaults.faultTypeId });
      await blockVehicle(tx, auth, tenantId, fault!);
    } catch (err) {
      if (isUniqueViolation(err, 'vehicle_faults_feedback_uq')) throw new BizError(Code.transitionNotAllowed, 'feedback.faultLinked');
      throw err;
    }
  },
};

/**
 * Riders' feedback in the console (/user_main/backFeed, docs/feedback.md): the member's phone, the ride's and
 * vehicle's numbers, the refund asked for and the fault raised read beside each row by primary key; searched by phone,
 * ride and vehicle through their own unique indexes. Each event names who handled it; a resolved feedback always
 * carries a reply the app shows.
 */
export const feedbackBinding = bindResource(feedbackResource, feedbacks, {
  noCityIsEveryCity: true,
  computed: {
    memberPhone: memberPhone.computed,
    photoCount: sql<number>`jsonb_array_length(feedbacks.photos)`,
    priority: sql<boolean>`EXISTS (SELECT 1 FROM members m JOIN level_benefits b ON b.level_id = m.level_id
      WHERE m.id = feedbacks.member_id AND b.benefit = ${LevelBenefitKind.prioritySupport} AND b.status = ${LoyaltyStatus.active} AND b.deleted_at IS NULL)`,
    rideOrderNo: sql<string | null>`(SELECT r.order_no FROM ride_orders r WHERE r.id = feedbacks.ride_order_id)`,
    vehicleNo: sql<string | null>`(SELECT v.vehicle_no FROM vehicles v WHERE v.id = feedbacks.vehicle_id)`,
    refundNo: sql<string | null>`(SELECT f.refund_no FROM refunds f WHERE f.id = feedbacks.refund_id)`,
    faultCode: sql<
      string | null
    >`(SELECT ft.code FROM vehicle_faults vf JOIN fault_types ft ON ft.id = vf.fault_type_id WHERE vf.feedback_id = feedbacks.id)`,
  },
  computedFilters: {
    memberPhone: memberPhone.filter,
    rideOrderNo: (value) =>
      sql`feedbacks.ride_order_id IN (SELECT r.id FROM ride_orders r WHERE r.tenant_id = feedbacks.tenant_id AND r.order_no = ${value})`,
    vehicleNo: (value) =>
      sql`feedbacks.vehicle_id IN (SELECT v.id FROM vehicles v WHERE v.tenant_id = feedbacks.tenant_id AND v.vehicle_no = ${value} AND v.deleted_at IS NULL)`,
  },
  events: {
    takeFeedback: { set: handled },
    replyFeedback: { set: (ctx) => ({ ...handled(ctx), reply: replyOf(ctx) }) },
    refundFeedback,
    linkFault,
    resolveFeedback: {
      guard(ctx) {
        if (!replyOf(ctx) && !ctx.current!.reply) throw invalid({ reply: 'validation.required' });
      },
      set: (ctx) => ({ ...handled(ctx), ...(replyOf(ctx) ? { reply: replyOf(ctx) } : {}), resolvedAt: new Date() }),
    },
    closeFeedback: { set: handled },
  },
});
