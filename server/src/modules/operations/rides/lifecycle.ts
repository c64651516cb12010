import { CommandResult, CommandSource, type IotCommandName } from '@kayuh/contract/api/device';
import { Code } from '@kayuh/contract/codes';
import { BillingRuleStatus } from '@kayuh/contract/resources/billingRules';
import { OpState } from '@kayuh/contract/resources/fleet';
import { RideAbnormal, RideEndSource, RideStatus, RIDE_ORDER_BIZ } from '@kayuh/contract/resources/rideOrders';
import { rideEndVerdict } from '@kayuh/contract/rules/rideEnd';
import type { LatLng } from '@kayuh/contract/rules/geo';
import { and, arrayContains, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { billingRules, members, rideOrders, vehicleLiveStatus, vehicles } from '../../../db/schema.ts';
import { systemActor } from '../../../platform/auth/context.ts';
import { nextBusinessNo } from '../../../platform/businessNo.ts';
import { BizError } from '../../../platform/errors.ts';
import { memberBalances } from '../../../platform/ledger/memberPay.ts';
import type { CommandOutcome, CommandTarget, VehicleCommander } from '../../../platform/devices/commander.ts';
import { commandRefusal } from '../../vehicle/commands.ts';
import { endPlaceOf } from './endPlace.ts';
import { lockCouponForRide, releaseRideCoupon } from '../../payment/passes/rideCoupon.ts';
import { finishRide, type PayWith } from './finish.ts';
import { memberRide, moveRide, rideUnderWay, type RideRow } from './rideRows.ts';
import { endReservation } from './reservations.ts';
import { setRideVehicle } from './rideVehicle.ts';

/** members.status: only a member in good standing rides. */
const MEMBER_NORMAL = 0;
/** A position older than this, or an invalid fix, is not where the vehicle is (DOMAIN §3.4 GPS lost). */
export const FIX_MAX_AGE_MS = 10 * 60_000;

/** The rider of an app call. */
export interface Rider {
  tenantId: number;
  memberId: number;
}

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string; cause?: { code?: string } }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505';

/**
 * The ride lifecycle of the rider app (DOMAIN §3.4, docs/rides.md): unlock, pause, resume and end, each a command to the
 * vehicle's IoT box whose ack moves the ride. A ride exists only once its unlock is acked; a pause's lock or a resume's
 * unlock that is not acked leaves the ride as it was (2009), an end's makes it abnormal; a ride ends only where §8.2
 * allows, or anyway with the fee when the rider says so.
 */
export class RideLifecycle {
  constructor(private readonly deps: { db: Db; commands: VehicleCommander; isConnected: (imei: string) => boolean | undefined }) {}

  /**
   * Scans a vehicle and rides it: claimed for the member in one transaction (with the coupon they apply, locked for the
   * ride), then unlocked; no ack → no ride (2009), and the coupon is theirs again.
   */
  async unlock(rider: Rider, vehicleNo: string, userCouponId?: number): Promise<RideRow> {
    const { db } = this.deps;
    const claimed = await db
      .transaction(async (tx) => {
        const vehicle = await vehicleToTake(tx, rider, vehicleNo);
        // The member's reservation of this vehicle becomes the ride; any other ride under way refuses the unlock.
        const underWay = await rideUnderWay(tx, rider.tenantId, rider.memberId);
        const reservation = underWay?.status === RideStatus.reserved && underWay.vehicleId === vehicle.id ? underWay : null;
        if (underWay && !reservation) throw new BizError(Code.transitionNotAllowed, 'ride.alreadyRiding');
        const rule = await mayRide(tx, rider, vehicle, reservation ? OpState.reserved : OpState.available);
        const [live] = await tx.select().from(vehicleLiveStatus).where(eq(vehicleLiveStatus.vehicleId, vehicle.id));
        const now = new Date();
        const start = {
          status: RideStatus.riding,
          startAt: now,
          startLat: live?.gpsValid ? live.lat : null,
          startLng: live?.gpsValid ? live.lng : null,
          startZoneId: live?.zoneId ?? null,
          batteryId: vehicle.batteryId,
        };
        const ride = reservation
          ? await moveRide(tx, reservation.id, [RideStatus.reserved], start)
          : await newRide(tx, rider, vehicle, rule, start, now);
        await setRideVehicle(tx, ride, reservation ? OpState.reserved : OpState.available, OpState.inUse, 'unlock_ok', ride.id);
        if (userCouponId !== undefined) {
          await lockCouponForRide(tx, ride, userCouponId);
          ride.userCouponId = userCouponId;
          await tx.update(rideOrders).set({ userCouponId }).where(eq(rideOrders.id, ride.id));
        }
        return {
          ride,
          reservation,
          target: { id: vehicle.id, imei: vehicle.imei, tenantId: vehicle.tenantId, cityCode: vehicle.cityCode },
        };
      })
      .catch((err: unknown) => {
        // Another unlock of this member got in first: its ride is the one under way.
        if (isUniqueViolation(err)) throw new BizError(Code.transitionNotAllowed, 'ride.alreadyRiding');
        throw err;
      });
    const outcome = await this.command(claimed.target, 'unlock', rider, claimed.ride);
    if (outcome.result === CommandResult.success)
      return db.transaction((tx) => moveRide(tx, claimed.ride.id, [RideStatus.riding], { startAt: new Date() }));
    // No ride: the claim is withdrawn and the vehicle is free again — or, from a reservation, reserved again as it was.
    await db.transaction(async (tx) => {
      await releaseRideCoupon(tx, claimed.ride);
      const held = claimed.reservation;
      if (held) {
        await tx
          .update(rideOrders)
          .set({ status: RideStatus.reserved, startAt: null, userCouponId: null, batteryId: held.batteryId })
          .where(eq(rideOrders.id, held.id));
        await setRideVehicle(tx, claimed.ride, OpState.inUse, OpState.reserved, 'unlock_failed', held.id);
        return;
      }
      await tx.update(rideOrders).set({ status: RideStatus.cancelled, deletedAt: new Date() }).where(eq(rideOrders.id, claimed.ride.id));
      await setRideVehicle(tx, claimed.ride, OpState.inUse, OpState.available, 'unlock_failed', null);
    });
    throw commandRefusal(outcome);
  }

  /**
   * Holds a vehicle for the member (DOMAIN §3.4 reserve, §3.2 20 → 30) under the unlock's conditions, for the rule's free
   * reservation minutes and RESERVE_GRACE_MINUTES more: no command goes to the vehicle. Unlocking it starts the ride.
   */
  async reserve(rider: Rider, vehicleNo: string): Promise<RideRow> {
    return this.deps.db
      .transaction(async (tx) => {
        const vehicle = await vehicleToTake(tx, rider, vehicleNo);
        if (await rideUnderWay(tx, rider.tenantId, rider.memberId)) throw new BizError(Code.transitionNotAllowed, 'ride.alreadyRiding');
        const rule = await mayRide(tx, rider, vehicle, OpState.available);
        const now = new Date();
        const ride = await newRide(tx, rider, vehicle, rule, { status: RideStatus.reserved, reservedAt: now, batteryId: vehicle.batteryId }, now);
        await setRideVehicle(tx, ride, OpState.available, OpState.reserved, 'reserve', ride.id);
        return ride;
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) throw new BizError(Code.transitionNotAllowed, 'ride.alreadyRiding');
        throw err;
      });
  }

  /** The member lets their reservation go: cancelled, charged for the minutes held past the free ones. */
  async cancelReservation(rider: Rider): Promise<RideRow> {
    const ride = await this.myRide(rider, [RideStatus.reserved]);
    return this.deps.db.transaction((tx) => endReservation(tx, ride, new Date(), 'reserve_cancel'));
  }

  /** A temporary lock: the ride pauses once the lock is acked, charged at the pause price from then. */
  async pause(rider: Rider): Promise<RideRow> {
    const ride = await this.myRide(rider, [RideStatus.riding]);
    await this.commandOrFail(ride, 'lock', rider);
    return this.deps.db.transaction((tx) => moveRide(tx, ride.id, [RideStatus.riding], { status: RideStatus.paused, pausedAt: new Date() }));
  }

  /** Unlocked again: the pause's length joins the ride's paused time. */
  async resume(rider: Rider): Promise<RideRow> {
    const ride = await this.myRide(rider, [RideStatus.paused]);
    await this.commandOrFail(ride, 'unlock', rider);
    return this.deps.db.transaction(async (tx) => {
      const now = new Date();
      const pausedS = ride.pausedS + Math.max(0, Math.round((now.getTime() - (ride.pausedAt ?? now).getTime()) / 1000));
      return moveRide(tx, ride.id, [RideStatus.paused], { status: RideStatus.riding, pausedAt: null, pausedS });
    });
  }

  /**
   * The rider ends the ride where the vehicle is (DOMAIN §3.4, §8.2): refused where a rule forbids it (2004 with the
   * reason and what ending there anyway costs), unless `force`; then locked, priced and paid. A box that is not
   * connected, a position that is not known or a lock that is not acked ends the ride abnormal (DOMAIN §3.4
   * end_anomaly) for customer service to price: the rider is not charged on for a bike they could not lock.
   */
  async end(rider: Rider, force: boolean, payWith: PayWith = 'balance'): Promise<RideRow> {
    const ride = await this.myRide(rider, [RideStatus.riding, RideStatus.paused]);
    const { db } = this.deps;
    const target = await targetOf(db, ride);
    const point = await fixOf(db, ride.vehicleId);
    const auth = systemActor(ride.tenantId, 'member');
    if (this.deps.isConnected(target.imei) === false)
      return db.transaction((tx) => finishRide(tx, auth, ride, abnormalEnd(point, RideAbnormal.deviceOffline, RideEndSource.rider)));
    if (!point) {
      const reason = (await this.locks(ride, rider, target)) ? RideAbnormal.gpsLost : RideAbnormal.notLocked;
      return db.transaction((tx) => finishRide(tx, auth, ride, abnormalEnd(null, reason, RideEndSource.rider)));
    }
    const place = await endPlaceOf(db, ride.tenantId, ride.cityCode, point);
    const [rule] = await db.select().from(billingRules).where(eq(billingRules.id, ride.billingRuleId));
    const verdict = rideEndVerdict(place, rule!, { force, stationBased: place.stationBased });
    if (!verdict.ok)
      throw new BizError(Code.transitionNotAllowed, `ride.end.${verdict.refusal}`, {
        refusal: verdict.refusal,
        fee: verdict.fee,
        currency: ride.currency,
      });
    if (!(await this.locks(ride, rider, target)))
      return db.transaction((tx) => finishRide(tx, auth, ride, abnormalEnd(point, RideAbnormal.notLocked, RideEndSource.rider)));
    return db.transaction((tx) =>
      finishRide(
        tx,
        auth,
        ride,
        {
          at: new Date(),
          source: RideEndSource.rider,
          point,
          inArea: verdict.inArea,
          zoneId: verdict.zoneId,
          penaltyFee: verdict.penaltyFee,
          abnormal: verdict.abnormal ? RideAbnormal.outOfArea : null,
        },
        payWith,
      ),
    );
  }

  /** The rider rates a ride they paid for, once. */
  async rate(rider: Rider, orderNo: string, rating: number): Promise<RideRow> {
    return this.deps.db.transaction(async (tx) => {
      const ride = await memberRide(tx, rider, orderNo);
      if (!ride) throw new BizError(Code.notFound);
      if (ride.rating !== null) throw new BizError(Code.duplicate, 'ride.rated');
      const [rated] = await tx
        .update(rideOrders)
        .set({ rating, updatedAt: new Date(), version: sql`${rideOrders.version} + 1` })
        .where(and(eq(rideOrders.id, ride.id), isNull(rideOrders.rating), sql`${rideOrders.status} IN (${RideStatus.paid}, ${RideStatus.refunded})`))
        .returning();
      if (!rated) throw new BizError(Code.transitionNotAllowed, 'ride.notPaid');
      return rated;
    });
  }

  private async myRide(rider: Rider, states: readonly number[]): Promise<RideRow> {
    const ride = await rideUnderWay(this.deps.db, rider.tenantId, rider.memberId);
    if (!ride) throw new BizError(Code.notFound, 'ride.none');
    if (!states.includes(ride.status))
      throw new BizError(Code.transitionNotAllowed, 'ride.state', undefined, { status: `dict.ride_orders_status.${ride.status}` });
    return ride;
  }

  /** Whether the box locked at the end: one that refused or did not answer leaves a bike the rider cannot lock. */
  private async locks(ride: RideRow, rider: Rider, target: CommandTarget): Promise<boolean> {
    return (await this.command(target, 'lock', rider, ride)).result === CommandResult.success;
  }

  private async commandOrFail(ride: RideRow, command: IotCommandName, rider: Rider) {
    const outcome = await this.command(await targetOf(this.deps.db, ride), command, rider, ride);
    if (outcome.result !== CommandResult.success) throw commandRefusal(outcome);
  }

  private async command(target: CommandTarget, command: IotCommandName, rider: Rider, ride: RideRow): Promise<CommandOutcome> {
    const sent = await this.deps.commands.issue(target, command, null, {
      source: CommandSource.riderApp,
      requestedByType: 2,
      requestedById: rider.memberId,
      ref: { type: RIDE_ORDER_BIZ, id: ride.id },
    });
    return sent.outcome;
  }
}

type Vehicle = typeof vehicles.$inferSelect;

/** The vehicle a rider names, locked for the unlock or reservation; one without an IoT box is not one to take. */
async function vehicleToTake(tx: Db, rider: Rider, vehicleNo: string): Promise<Vehicle & { imei: string }> {
  const [vehicle] = await tx
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.tenantId, rider.tenantId), eq(vehicles.vehicleNo, vehicleNo), isNull(vehicles.deletedAt)))
    .for('update');
  if (!vehicle?.imei) throw new BizError(Code.notFound, 'ride.vehicleUnknown');
  return vehicle as Vehicle & { imei: string };
}

/** A new ride order of the member on the vehicle, by its rule, numbered RD + yyMMdd + 8 digits. */
async function newRide(tx: Db, rider: Rider, vehicle: Vehicle, rule: { id: number; currency: string }, values: Partial<RideRow>, now: Date) {
  const { id, no } = await nextBusinessNo(tx, 'ride_orders', 'RD', now);
  const [ride] = await tx
    .insert(rideOrders)
    .values({
      id,
      tenantId: vehicle.tenantId,
      cityCode: vehicle.cityCode,
      orderNo: no,
      memberId: rider.memberId,
      vehicleId: vehicle.id,
      billingRuleId: rule.id,
      currency: rule.currency,
      status: RideStatus.riding,
      ...values,
    })
    .returning();
  return ride as RideRow;
}

/**
 * What the member must hold to take a vehicle (an unlock, a reservation): good standing, a vehicle in `state`, a
 * billing rule for it, no debt and the city's minimum balance. Answers the rule.
 */
async function mayRide(tx: Db, rider: Rider, vehicle: Vehicle, state: number) {
  const [member] = await tx.select({ status: members.status }).from(members).where(eq(members.id, rider.memberId));
  if (member?.status !== MEMBER_NORMAL) throw new BizError(Code.forbidden, 'ride.memberBlocked');
  if (vehicle.opState !== state) throw new BizError(Code.transitionNotAllowed, 'ride.vehicleNotAvailable');
  const rule = await ruleFor(tx, vehicle.tenantId, vehicle.cityCode, vehicle.modelId);
  if (!rule) throw new BizError(Code.transitionNotAllowed, 'ride.noBillingRule');
  const [unpaid] = await tx
    .select({ orderNo: rideOrders.orderNo, payable: rideOrders.payable })
    .from(rideOrders)
    .where(and(eq(rideOrders.memberId, rider.memberId), eq(rideOrders.status, RideStatus.ended), isNull(rideOrders.deletedAt)))
    .limit(1);
  if (unpaid)
    throw new BizError(
      Code.insufficientBalance,
      'ride.unpaid',
      { unpaid: unpaid.orderNo, amount: unpaid.payable, currency: rule.currency },
      { orderNo: unpaid.orderNo },
    );
  const balances = await memberBalances(tx, rider.tenantId, rider.memberId, rule.currency);
  if (balances.debt > 0) throw new BizError(Code.insufficientBalance, 'ride.debt', { debt: balances.debt, currency: rule.currency });
  if (balances.wallet + balances.bonus < rule.minBalanceToUnlock)
    throw new BizError(Code.insufficientBalance, 'ride.lowBalance', { needed: rule.minBalanceToUnlock, currency: rule.currency });
  return rule;
}

/** The ride's vehicle as a command's target. */
async function targetOf(db: Db, ride: RideRow): Promise<CommandTarget> {
  const [v] = await db
    .select({ id: vehicles.id, imei: vehicles.imei, tenantId: vehicles.tenantId, cityCode: vehicles.cityCode })
    .from(vehicles)
    .where(eq(vehicles.id, ride.vehicleId));
  return { ...v!, imei: v!.imei ?? '' };
}

/** Where the vehicle is by its last frame, if that is a valid fix of the last FIX_MAX_AGE_MS. */
export async function fixOf(db: Db, vehicleId: number): Promise<LatLng | null> {
  const [live] = await db
    .select({ lat: vehicleLiveStatus.lat, lng: vehicleLiveStatus.lng, gpsValid: vehicleLiveStatus.gpsValid, at: vehicleLiveStatus.lastReportedAt })
    .from(vehicleLiveStatus)
    .where(eq(vehicleLiveStatus.vehicleId, vehicleId));
  if (!live?.gpsValid || live.lat === null || live.lng === null || Date.now() - live.at.getTime() > FIX_MAX_AGE_MS) return null;
  return { lat: Number(live.lat), lng: Number(live.lng) };
}

/** An end the system cannot price: abnormal, at the last known point if any. */
export const abnormalEnd = (
  point: LatLng | null,
  reason: (typeof RideAbnormal)[keyof typeof RideAbnormal],
  source: (typeof RideEndSource)[keyof typeof RideEndSource],
) => ({ at: new Date(), source, point, inArea: null, zoneId: null, penaltyFee: 0, abnormal: reason });

/** The city's rule for a model, in force now: active, the highest priority, the newest on a tie. */
export async function ruleFor(db: Db, tenantId: number, cityCode: number, modelId: number) {
  const now = new Date();
  const [rule] = await db
    .select()
    .from(billingRules)
    .where(
      and(
        eq(billingRules.tenantId, tenantId),
        eq(billingRules.cityCode, cityCode),
        eq(billingRules.status, BillingRuleStatus.active),
        isNull(billingRules.deletedAt),
        lte(billingRules.validFrom, now),
        or(isNull(billingRules.validTo), gt(billingRules.validTo, now)),
        or(isNull(billingRules.modelIds), arrayContains(billingRules.modelIds, [modelId])),
      ),
    )
    .orderBy(desc(billingRules.priority), desc(billingRules.id))
    .limit(1);
  return rule;
}
