import { CommandSource } from '@kayuh/contract/api/device';
import { RideAbnormal, RideEndSource, RideStatus, RIDE_ORDER_BIZ } from '@kayuh/contract/resources/rideOrders';
import { rideEndVerdict } from '@kayuh/contract/rules/rideEnd';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { billingRules, vehicles } from '../../../db/schema.ts';
import { actorUserId } from '../../../platform/auth/context.ts';
import type { EventRule, HookContext } from '../../../platform/resources/binding.ts';
import { endPlaceOf } from './endPlace.ts';
import { finishRide, noteRider, payPricedRide, payRide, priceRide } from './finish.ts';
import { abnormalEnd, fixOf } from './lifecycle.ts';
import { moveRide, type RideRow } from './rideRows.ts';

/**
 * The engine writes the event with the state as it is; the ride's own functions then move it (to paid, or abnormal),
 * and the event is recorded with where it really went.
 */
const keepState = (ctx: HookContext) => ({ status: ctx.current!.status });
const wentTo = (ctx: HookContext, ride: RideRow) => {
  ctx.event!.to = ride.status;
};
const noteOf = (ctx: HookContext) => String(ctx.event!.payload.note ?? '').trim() || null;

async function penaltyAt(tx: Db, ride: RideRow, point: { lat: number; lng: number }) {
  const [rule] = await tx.select().from(billingRules).where(eq(billingRules.id, ride.billingRuleId));
  const place = await endPlaceOf(tx, ride.tenantId, ride.cityCode, point);
  return rideEndVerdict(place, rule!, { force: true, stationBased: place.stationBased });
}

/**
 * Customer service ends a ride stuck under way (DOMAIN §3.4, end_source console) at the vehicle's last known position,
 * as the rider would have with `force`: priced and paid, or abnormal outside the service area or with no known
 * position. The vehicle is sent a lock.
 */
export const forceEndEvent: EventRule = {
  set: keepState,
  async effects(ctx) {
    const ride = ctx.row as unknown as RideRow;
    const point = await fixOf(ctx.tx, ride.vehicleId);
    let ended: RideRow;
    if (!point)
      ended = await finishRide(ctx.tx, ctx.auth, ride, { ...abnormalEnd(null, RideAbnormal.gpsLost, RideEndSource.console), remark: noteOf(ctx) });
    else {
      const verdict = await penaltyAt(ctx.tx, ride, point);
      if (!verdict.ok) throw new Error('a forced end is never refused');
      ended = await finishRide(ctx.tx, ctx.auth, ride, {
        at: new Date(),
        source: RideEndSource.console,
        point,
        inArea: verdict.inArea,
        zoneId: verdict.zoneId,
        penaltyFee: verdict.penaltyFee,
        abnormal: verdict.abnormal ? RideAbnormal.outOfArea : null,
        remark: noteOf(ctx),
      });
    }
    wentTo(ctx, ended);
    const [vehicle] = await ctx.tx.select().from(vehicles).where(eq(vehicles.id, ride.vehicleId));
    // The lock's outcome is the command log's (and the LOCK_FAIL rule's); the ride does not wait for it.
    if (vehicle?.imei)
      ctx.services.commands.sendLater({ id: vehicle.id, imei: vehicle.imei, tenantId: vehicle.tenantId, cityCode: vehicle.cityCode }, 'lock', {
        source: CommandSource.console,
        requestedByType: 1,
        requestedById: actorUserId(ctx.auth),
        ref: { type: RIDE_ORDER_BIZ, id: ride.id },
      });
  },
};

/**
 * Customer service resolves an abnormal ride (DOMAIN §3.4 resolve): the end position and the length charged corrected
 * (each left as recorded when not given), the penalty where it now ends (or waived), then priced and paid. A ride not
 * paid by QRIS in time (reason 5) was priced at its end: its fare is charged to the balances as it stands.
 */
export const resolveRideEvent: EventRule = {
  set: keepState,
  async effects(ctx) {
    const ride = ctx.row as unknown as RideRow;
    if (ride.abnormalReason === RideAbnormal.paymentFailed) {
      // Priced when it ended and never paid by QRIS: the fare stands, charged to the balances (debt allowed).
      const waiting = await moveRide(ctx.tx, ride.id, [RideStatus.abnormal], { status: RideStatus.ended, remark: noteOf(ctx) });
      wentTo(ctx, await payPricedRide(ctx.tx, waiting));
      return;
    }
    const p = ctx.event!.payload;
    const corrected = p.endLat !== undefined && p.endLat !== null && p.endLng !== undefined && p.endLng !== null;
    const point = corrected
      ? { lat: Number(p.endLat), lng: Number(p.endLng) }
      : ride.endLat !== null && ride.endLng !== null
        ? { lat: Number(ride.endLat), lng: Number(ride.endLng) }
        : null;
    const verdict = point ? await penaltyAt(ctx.tx, ride, point) : null;
    const penaltyFee = p.waivePenalty === true || !verdict?.ok ? 0 : verdict.penaltyFee;
    const elapsedS = p.rideMinutes !== undefined && p.rideMinutes !== null ? Number(p.rideMinutes) * 60 : (ride.durationS ?? 0);
    const ended = await moveRide(ctx.tx, ride.id, [RideStatus.abnormal], {
      status: RideStatus.ended,
      durationS: elapsedS,
      penaltyFee,
      endLat: point ? String(point.lat) : null,
      endLng: point ? String(point.lng) : null,
      endInArea: verdict?.ok ? verdict.inArea : ride.endInArea,
      endZoneId: verdict?.ok ? verdict.zoneId : ride.endZoneId,
      remark: noteOf(ctx),
    });
    await noteRider(ctx.tx, ended);
    const paid = await payRide(ctx.tx, ended, await priceRide(ctx.tx, ended, elapsedS, Math.min(ended.pausedS, elapsedS), penaltyFee));
    wentTo(ctx, paid);
  },
};
