import { VALID_RIDE_MIN_S } from '@kayuh/contract/constants';
import { backInService } from '@kayuh/contract/rules/inService';
import { OpState } from '@kayuh/contract/resources/fleet';
import { RideAbnormal, RideEndSource, RideStatus, RidePayMethod, RIDE_ORDER_BIZ } from '@kayuh/contract/resources/rideOrders';
import { fareOf, type Fare, type FareRule } from '@kayuh/contract/rules/fare';
import { businessDateOf, businessDayOf, businessMonthStartOf } from '@kayuh/contract/rules/zone';
import { distanceM, type LatLng } from '@kayuh/contract/rules/geo';
import { and, eq, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { billingRules, cities, members, rideOrders, vehicleLiveStatus, vehicles, vehicleTelemetry } from '../../../db/schema.ts';
import type { AuthContext } from '../../../platform/auth/context.ts';
import { platformAccounts } from '../../../platform/ledger/accounts.ts';
import { payFromBalances } from '../../../platform/ledger/memberPay.ts';
import { post } from '../../../platform/ledger/posting.ts';
import { passForRide, usePass, type RidePass } from '../../payment/passes/ridePass.ts';
import { couponOfRide, settleRideCoupon, type RideCoupon } from '../../payment/passes/rideCoupon.ts';
import { logStateChange } from '../../vehicle/stateLog.ts';
import { newGbfsPublicId } from '../../vehicle/vehicles.ts';
import { moveRide, type RideRow } from './rideRows.ts';
import { shareRide } from './rideShares.ts';
import { PointEvent } from '@kayuh/contract/resources/loyalty';
import { awardPoints } from '../../member/loyalty/points.ts';
import { levelPerksForRide } from '../../member/loyalty/benefits.ts';

/** A track longer than this is thinned before its length is summed (a day of frames at 15 s). */
const TRACK_FRAMES_MAX = 6_000;

/** How and where a ride ends. */
export interface RideEnd {
  at: Date;
  source: (typeof RideEndSource)[keyof typeof RideEndSource];
  /** The end point; null when the vehicle's position is not known (GPS lost). */
  point: LatLng | null;
  inArea: boolean | null;
  zoneId: number | null;
  penaltyFee: number;
  /** Ends abnormal (DOMAIN §3.4): not priced and paid until customer service resolves it. */
  abnormal: (typeof RideAbnormal)[keyof typeof RideAbnormal] | null;
  remark?: string | null;
}

/**
 * What the member's other rides in the ride's city on its business day counted toward the daily cap (DOMAIN §2.5):
 * their subtotals less their cap discounts, for rides priced and not refunded in full.
 */
async function cappedEarlierToday(tx: Db, ride: RideRow, day: { from: Date; to: Date }): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<number>`coalesce(sum(unlock_fee + time_fee + pause_fee - cap_discount), 0)`.mapWith(Number) })
    .from(rideOrders)
    .where(
      and(
        eq(rideOrders.memberId, ride.memberId),
        eq(rideOrders.cityCode, ride.cityCode),
        inArray(rideOrders.status, [RideStatus.ended, RideStatus.paid]),
        gte(rideOrders.startAt, day.from),
        lt(rideOrders.startAt, day.to),
        ne(rideOrders.id, ride.id),
        isNull(rideOrders.deletedAt),
      ),
    );
  return row?.sum ?? 0;
}

/** A ride's fare, and the pass and coupon it was priced with (payRide counts them as used). */
export interface PricedRide {
  fare: Fare;
  rule: FareRule;
  pass: RidePass | null;
  coupon: RideCoupon | null;
}

/**
 * The ride's fare by its billing rule as it stands (contract/rules/fare.ts), over `elapsedS` with its pauses: the cap
 * across the member's rides of the day, then the member's ride pass, then their level's benefits (free unlocks of the
 * ride's business month, the level's discount), then the coupon the rider applied at unlock.
 */
export async function priceRide(tx: Db, ride: RideRow, elapsedS: number, pausedS: number, penaltyFee: number): Promise<PricedRide> {
  const [rule] = await tx.select().from(billingRules).where(eq(billingRules.id, ride.billingRuleId));
  const [city] = await tx
    .select({ timeZone: cities.timeZone })
    .from(cities)
    .where(and(eq(cities.cityCode, ride.cityCode), isNull(cities.deletedAt)));
  const offset = Number(city?.timeZone ?? 7);
  const at = ride.startAt ?? new Date();
  const pass = await passForRide(tx, ride, businessDateOf(at, offset));
  const coupon = await couponOfRide(tx, ride);
  const fare = fareOf(rule!, {
    elapsedS,
    pausedS,
    penaltyFee,
    cappedEarlierToday: await cappedEarlierToday(tx, ride, businessDayOf(at, offset)),
    card: pass?.fareCard ?? null,
    level: await levelPerksForRide(tx, ride, businessMonthStartOf(at, offset)),
    coupon: coupon?.fareCoupon ?? null,
  });
  return { fare, rule: rule!, pass, coupon };
}

/** The fare's columns of a ride. */
export const fareColumns = (fare: Fare) => ({
  unlockFee: fare.unlockFee,
  timeFee: fare.timeFee,
  pauseFee: fare.pauseFee,
  penaltyFee: fare.penaltyFee,
  capDiscount: fare.capDiscount,
  cardDiscount: fare.cardDiscount,
  levelDiscount: fare.levelDiscount,
  levelFreeUnlock: fare.levelFreeUnlock,
  couponDiscount: fare.couponDiscount,
  payable: fare.payable,
});

/** How far the vehicle went during the ride: the sum of the steps between its valid fixes. */
async function trackLengthM(tx: Db, ride: RideRow, to: Date): Promise<number> {
  const frames = await tx
    .select({ lat: vehicleTelemetry.lat, lng: vehicleTelemetry.lng })
    .from(vehicleTelemetry)
    .where(
      and(
        eq(vehicleTelemetry.tenantId, ride.tenantId),
        eq(vehicleTelemetry.vehicleId, ride.vehicleId),
        gte(vehicleTelemetry.reportedAt, ride.startAt!),
        lt(vehicleTelemetry.reportedAt, to),
        eq(vehicleTelemetry.gpsValid, true),
      ),
    )
    .orderBy(vehicleTelemetry.reportedAt)
    .limit(TRACK_FRAMES_MAX);
  let total = 0;
  for (let i = 1; i < frames.length; i++) {
    const [a, b] = [frames[i - 1]!, frames[i]!];
    if (a.lat !== null && a.lng !== null && b.lat !== null && b.lng !== null)
      total += distanceM({ lat: Number(a.lat), lng: Number(a.lng) }, { lat: Number(b.lat), lng: Number(b.lng) });
  }
  return Math.round(total);
}

/** How the rider pays at the end: from the balances (the default), or afterwards by QRIS (docs/rides.md "Pay after the ride"). */
export type PayWith = 'balance' | 'qris';

/**
 * A ride under way ends (DOMAIN §3.4 end / end_anomaly), in the caller's transaction: its end is written and, unless it
 * ends abnormal, it is priced and paid — or, paid by QRIS after the ride, priced and left ended (3) for its payment;
 * the vehicle is free again (low_battery when its SOC is low) under a new GBFS id.
 */
export async function finishRide(tx: Db, auth: AuthContext, ride: RideRow, end: RideEnd, payWith: PayWith = 'balance'): Promise<RideRow> {
  const pausedS = ride.pausedS + (ride.pausedAt ? Math.max(0, Math.round((end.at.getTime() - ride.pausedAt.getTime()) / 1000)) : 0);
  const elapsedS = Math.max(0, Math.round((end.at.getTime() - ride.startAt!.getTime()) / 1000));
  const ended = await moveRide(tx, ride.id, [RideStatus.riding, RideStatus.paused], {
    status: end.abnormal ? RideStatus.abnormal : RideStatus.ended,
    endAt: end.at,
    pausedAt: null,
    pausedS,
    durationS: elapsedS,
    distanceM: await trackLengthM(tx, ride, end.at),
    endLat: end.point ? String(end.point.lat) : null,
    endLng: end.point ? String(end.point.lng) : null,
    endInArea: end.inArea,
    endZoneId: end.zoneId,
    endSource: end.source,
    abnormalReason: end.abnormal,
    penaltyFee: end.penaltyFee,
    ...(end.remark ? { remark: end.remark } : {}),
  });
  await releaseVehicle(tx, auth, ended, end);
  await noteRider(tx, ended);
  if (end.abnormal) return ended;
  const priced = await priceRide(tx, ended, elapsedS, pausedS, end.penaltyFee);
  if (payWith === 'qris' && priced.fare.payable > 0) return awaitPayment(tx, ended, priced);
  return payRide(tx, ended, priced);
}

/**
 * What an ended ride tells about its member (DOMAIN §2.3, §7): when they were last active, and — a valid ride, at least
 * VALID_RIDE_MIN_S long — their first ride, kept once. For the member list and the members' day report.
 */
export async function noteRider(tx: Db, ride: RideRow) {
  if (!ride.endAt || !ride.startAt) return;
  const valid = (ride.durationS ?? 0) >= VALID_RIDE_MIN_S;
  await tx
    .update(members)
    .set({
      lastActiveAt: sql`greatest(${members.lastActiveAt}, ${ride.endAt.toISOString()}::timestamptz)`,
      ...(valid ? { firstRideAt: sql`least(${members.firstRideAt}, ${ride.startAt.toISOString()}::timestamptz)` } : {}),
    })
    .where(eq(members.id, ride.memberId));
}

/** A ride's payment posting, whichever way it is paid: one per ride (its key). */
const ridePayment = (ride: RideRow) => ({
  kind: 'RIDE_PAY' as const,
  idempotencyKey: `ride:${ride.orderNo}:pay`,
  bizType: RIDE_ORDER_BIZ,
  bizId: ride.id,
  cityCode: ride.cityCode,
  occurredAt: ride.endAt ?? undefined,
});

/** What a ride's posting needs of its fare. */
type Owed = Pick<Fare, 'payable' | 'couponDiscount'>;

/**
 * A ride's posting (§4.4): the member's part from their balances — BONUS first, then WALLET, debt allowed — with the
 * coupon's part beside it on EXP_COUPON, Cr REV_RIDE the two; or, when the coupon covers what is left, its part alone.
 */
async function postRide(tx: Db, ride: RideRow, fare: Owed): Promise<number> {
  const accounts = await platformAccounts(tx, ride.tenantId, ride.currency, ['REV_RIDE', 'EXP_COUPON']);
  const posting = ridePayment(ride);
  const discount = { accountId: accounts.EXP_COUPON, amount: fare.couponDiscount };
  if (fare.payable > 0) {
    const paid = await payFromBalances(tx, ride.tenantId, {
      ...posting,
      memberId: ride.memberId,
      currency: ride.currency,
      amount: fare.payable,
      allowDebt: true,
      creditAccountId: accounts.REV_RIDE,
      discount,
    });
    return paid.posted.txnId;
  }
  const lines = [
    { accountId: discount.accountId, direction: 'D' as const, amount: discount.amount },
    { accountId: accounts.REV_RIDE, direction: 'C' as const, amount: discount.amount },
  ];
  return (await post(tx, ride.tenantId, { ...posting, lines })).txnId;
}

/** The fare's columns, and the pass's ride and minutes and the coupon counted as used (what pricing a ride settles). */
async function settleFare(tx: Db, ride: RideRow, priced: PricedRide) {
  const { fare, pass } = priced;
  const usedPass = pass && fare.cardDiscount > 0 ? pass : null;
  if (usedPass) await usePass(tx, usedPass, fare, priced.rule);
  const userCouponId = await settleRideCoupon(tx, ride, priced.coupon, fare);
  return { usedPass, userCouponId, columns: { ...fareColumns(fare), userCardId: usedPass?.card.id ?? null, userCouponId } };
}

/** Priced, to be paid by QRIS after the ride: the fare settled and the ride left ended (3) until its payment. */
async function awaitPayment(tx: Db, ride: RideRow, priced: PricedRide): Promise<RideRow> {
  const { columns } = await settleFare(tx, ride, priced);
  return moveRide(tx, ride.id, [RideStatus.ended], columns);
}

/**
 * The ride is priced and paid (DOMAIN §3.4 pay_ok, §4.4): BONUS first, then WALLET, which may go below zero as debt;
 * a coupon's part is Dr EXP_COUPON; Cr REV_RIDE the fare before the coupon. One posting per ride (its key), in the
 * transaction that moves the ride to paid and counts the pass's ride and minutes and the coupon as used.
 */
export async function payRide(tx: Db, ride: RideRow, priced: PricedRide): Promise<RideRow> {
  const { fare } = priced;
  const { usedPass, userCouponId, columns } = await settleFare(tx, ride, priced);
  const perks = { ...columns, status: RideStatus.paid };
  if (fare.payable === 0 && !userCouponId) {
    const free = await moveRide(tx, ride.id, [RideStatus.ended], {
      ...perks,
      payMethod: usedPass ? RidePayMethod.passOnly : RidePayMethod.free,
      paid: 0,
    });
    await awardRide(tx, free);
    return free;
  }
  const txnId = await postRide(tx, ride, fare);
  const paid = await moveRide(tx, ride.id, [RideStatus.ended], {
    ...perks,
    payMethod: fare.payable === 0 ? RidePayMethod.free : RidePayMethod.wallet,
    paid: fare.payable,
    ledgerTxnId: txnId,
  });
  await awardRide(tx, paid);
  await shareRide(tx, paid, paid.endAt ?? new Date());
  return paid;
}

/**
 * A ride priced and waiting for its payment (3) paid from the member's balances as priced (debt allowed): the rider
 * chose to, or customer service resolves a payment that was not made in time (abnormal 5). Under the ride's row lock.
 */
export async function payPricedRide(tx: Db, ride: RideRow): Promise<RideRow> {
  const txnId = await postRide(tx, ride, ride);
  const paid = await moveRide(tx, ride.id, [RideStatus.ended], {
    status: RideStatus.paid,
    payMethod: RidePayMethod.wallet,
    paid: ride.payable,
    ledgerTxnId: txnId,
  });
  await awardRide(tx, paid);
  // Shared on the day it is paid: a day's shares are complete once it is over (the daily accrual reads them).
  await shareRide(tx, paid, new Date());
  return paid;
}

/**
 * A ride paid by QRIS after it ended (§4.4 "Ride paid directly by QRIS"): Dr CLEARING:<channel> the payment, with the
 * coupon's part on EXP_COUPON, Cr REV_RIDE the two; the ride paid (4) with its payment order. Under the ride's row lock,
 * in the transaction that takes the gateway's notification.
 */
export async function payRideByChannel(
  tx: Db,
  ride: RideRow,
  payment: { orderId: number; clearingAccountId: number; amount: number },
): Promise<RideRow> {
  const accounts = await platformAccounts(tx, ride.tenantId, ride.currency, ['REV_RIDE', 'EXP_COUPON']);
  const coupon = ride.couponDiscount;
  const posted = await post(tx, ride.tenantId, {
    ...ridePayment(ride),
    // Paid now, after the ride ended.
    occurredAt: undefined,
    lines: [
      { accountId: payment.clearingAccountId, direction: 'D', amount: payment.amount },
      ...(coupon > 0 ? [{ accountId: accounts.EXP_COUPON, direction: 'D' as const, amount: coupon }] : []),
      { accountId: accounts.REV_RIDE, direction: 'C', amount: payment.amount + coupon },
    ],
  });
  const paid = await moveRide(tx, ride.id, [RideStatus.ended], {
    status: RideStatus.paid,
    payMethod: RidePayMethod.qris,
    paid: payment.amount,
    paymentOrderId: payment.orderId,
    ledgerTxnId: posted.txnId,
  });
  await awardRide(tx, paid);
  await shareRide(tx, paid, new Date());
  return paid;
}

/** The points a paid ride earns (docs/loyalty.md): for the ride, and for each Rp 1,000 paid. */
async function awardRide(tx: Db, ride: RideRow) {
  const award = { tenantId: ride.tenantId, memberId: ride.memberId, refType: RIDE_ORDER_BIZ, refId: ride.id, cityCode: ride.cityCode };
  await awardPoints(tx, { ...award, event: PointEvent.rideCompleted });
  if (ride.paid > 0) await awardPoints(tx, { ...award, event: PointEvent.perThousandPaid, paid: ride.paid });
}

/** The vehicle a ride leaves: available, or low_battery when its SOC is low; parked where the ride ended. */
async function releaseVehicle(tx: Db, auth: AuthContext, ride: RideRow, end: RideEnd) {
  const [live] = await tx.select({ soc: vehicleLiveStatus.soc }).from(vehicleLiveStatus).where(eq(vehicleLiveStatus.vehicleId, ride.vehicleId));
  const to = backInService(live?.soc);
  const [vehicle] = await tx
    .update(vehicles)
    .set({ opState: to, lastRideAt: end.at, gbfsPublicId: newGbfsPublicId(), updatedAt: new Date() })
    .where(and(eq(vehicles.id, ride.vehicleId), eq(vehicles.opState, OpState.inUse)))
    .returning({ id: vehicles.id });
  // A vehicle staff moved on meanwhile (to maintenance, say) keeps its state.
  if (!vehicle) return;
  await logStateChange(tx, auth, {
    tenantId: ride.tenantId,
    cityCode: ride.cityCode,
    vehicleId: ride.vehicleId,
    fromState: OpState.inUse,
    toState: to,
    event: 'ride_end',
    ref: { type: RIDE_ORDER_BIZ, id: ride.id },
  });
  await tx
    .update(vehicleLiveStatus)
    .set({
      currentRideId: null,
      ...(end.point ? { parkedLat: String(end.point.lat), parkedLng: String(end.point.lng) } : {}),
    })
    .where(eq(vehicleLiveStatus.vehicleId, ride.vehicleId));
}
