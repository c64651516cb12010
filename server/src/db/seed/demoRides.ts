import { OpState, StationType } from '@kayuh/contract/resources/fleet';
import { RideAbnormal, RideEndSource, RideStatus } from '@kayuh/contract/resources/rideOrders';
import { distanceM, type LatLng } from '@kayuh/contract/rules/geo';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { noteRider, payRide, priceRide } from '../../modules/operations/rides/finish.ts';
import { ruleFor } from '../../modules/operations/rides/lifecycle.ts';
import { nextBusinessNo } from '../../platform/businessNo.ts';
import { memberBalances } from '../../platform/ledger/memberPay.ts';
import type { Db } from '../client.ts';
import { members, rideOrders, stations, vehicleLiveStatus, vehicles } from '../schema.ts';
import { prng, type Rng } from './demoFleetMap.ts';
import type { DemoTenant } from './demoOrg.ts';

/**
 * The demo's rides (DOMAIN §9.4, scaled like its top-ups): finished rides over the last 30 days between the city's
 * parking stations, priced by the city's rule and paid by the same service a ride's end uses (so the ledger holds
 * every fare), a few ended abnormal for customer service, and a ride under way on every vehicle the fleet seed left
 * in use. Deterministic: a seeded PRNG, times relative to `now`.
 */
const RIDES = { 2: 400, 3: 200 } as Record<number, number>;
const DAY_MS = 86_400_000;

/** Minutes of a ride: log-normal, median 14, p95 about 55 (DOMAIN §9.5). */
const rideMinutes = (rng: Rng) => {
  const normal = Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
  return Math.max(2, Math.min(180, Math.round(Math.exp(Math.log(14) + 0.83 * normal))));
};
/** A point within about `m` metres of `p`. */
const near = (rng: Rng, p: LatLng, m: number): LatLng => ({
  lat: Number((p.lat + ((rng.next() - 0.5) * 2 * m) / 111_320).toFixed(6)),
  lng: Number((p.lng + ((rng.next() - 0.5) * 2 * m) / 111_320).toFixed(6)),
});

type DemoVehicle = { id: number; tenantId: number; cityCode: number; batteryId: number | null };

/** A ride's own columns as it starts: its number from its id, the member, the vehicle, the rule and the time. */
async function rideOf(db: Db, vehicle: DemoVehicle, memberId: number, rule: { id: number; currency: string }, startAt: Date) {
  const { id, no } = await nextBusinessNo(db, 'ride_orders', 'RD', startAt);
  return {
    id,
    tenantId: vehicle.tenantId,
    cityCode: vehicle.cityCode,
    orderNo: no,
    memberId,
    vehicleId: vehicle.id,
    billingRuleId: rule.id,
    startAt,
    currency: rule.currency,
    batteryId: vehicle.batteryId,
    createdAt: startAt,
    updatedAt: startAt,
  };
}

export async function seedDemoRides(db: Db, t: DemoTenant, now: Date) {
  const rng = prng(0x72696465 ^ t.id);
  const riders = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.tenantId, t.id), isNull(members.deletedAt)));
  if (!riders.length) return;
  const fleet = await db
    .select({
      id: vehicles.id,
      tenantId: vehicles.tenantId,
      cityCode: vehicles.cityCode,
      modelId: vehicles.modelId,
      opState: vehicles.opState,
      batteryId: vehicles.batteryId,
    })
    .from(vehicles)
    .where(
      and(eq(vehicles.tenantId, t.id), inArray(vehicles.opState, [OpState.available, OpState.inUse, OpState.lowBattery]), isNull(vehicles.deletedAt)),
    );
  const parking = await db
    .select({ cityCode: stations.cityCode, lat: stations.lat, lng: stations.lng })
    .from(stations)
    .where(and(eq(stations.tenantId, t.id), eq(stations.type, StationType.parking), isNull(stations.deletedAt)));
  const placesOf = (cityCode: number) => parking.filter((s) => s.cityCode === cityCode).map((s) => ({ lat: Number(s.lat), lng: Number(s.lng) }));

  // Oldest first, so each member's ledger reads in time order.
  const starts = Array.from({ length: RIDES[t.id] ?? 100 }, () => now.getTime() - rng.int(3 * 3_600_000, 30 * DAY_MS)).sort((a, b) => a - b);
  for (const startMs of starts) {
    const vehicle = rng.pick(fleet);
    const places = placesOf(vehicle.cityCode);
    const rule = await ruleFor(db, t.id, vehicle.cityCode, vehicle.modelId);
    if (!places.length || !rule) continue;
    const member = rng.pick(riders);
    const minutes = rideMinutes(rng);
    const from = near(rng, rng.pick(places), 40);
    const abnormal = rng.chance(0.03);
    const to = abnormal ? near(rng, from, 6_000) : near(rng, rng.pick(places), 40);
    const startAt = new Date(startMs);
    const endAt = new Date(startMs + minutes * 60_000);
    const pausedS = rng.chance(0.15) ? rng.int(1, Math.max(1, minutes - 1)) * 60 : 0;
    const [ride] = await db
      .insert(rideOrders)
      .values({
        ...(await rideOf(db, vehicle, member.id, rule, startAt)),
        status: abnormal ? RideStatus.abnormal : RideStatus.ended,
        endAt,
        pausedS,
        durationS: minutes * 60,
        distanceM: Math.round(distanceM(from, to) * 1.3),
        startLat: String(from.lat),
        startLng: String(from.lng),
        endLat: String(to.lat),
        endLng: String(to.lng),
        endInArea: !abnormal,
        endSource: RideEndSource.rider,
        abnormalReason: abnormal ? rng.pick([RideAbnormal.outOfArea, RideAbnormal.deviceOffline]) : null,
        penaltyFee: 0,
        updatedAt: endAt,
      })
      .returning();
    await noteRider(db, ride!);
    if (abnormal) continue;
    await db.transaction(async (tx) => {
      await payRide(tx, ride!, await priceRide(tx, ride!, minutes * 60, pausedS, 0));
    });
  }
  await ridesUnderWay(db, t, fleet, riders, rng, now);
}

/** Every vehicle the fleet seed left in use rides for a member, started a few minutes ago (one ride per member). */
async function ridesUnderWay(
  db: Db,
  t: DemoTenant,
  fleet: Array<DemoVehicle & { modelId: number; opState: number }>,
  riders: Array<{ id: number }>,
  rng: Rng,
  now: Date,
) {
  const free = [...riders];
  for (const vehicle of fleet.filter((v) => v.opState === OpState.inUse)) {
    const rule = await ruleFor(db, t.id, vehicle.cityCode, vehicle.modelId);
    // A rider with enough to unlock, as the app would have asked.
    let member: { id: number } | undefined;
    while (!member && free.length) {
      const candidate = free.splice(rng.int(0, free.length - 1), 1)[0]!;
      const b = rule ? await memberBalances(db, t.id, candidate.id, rule.currency) : undefined;
      if (b && b.debt === 0 && b.wallet + b.bonus >= rule!.minBalanceToUnlock) member = candidate;
    }
    if (!rule || !member) continue;
    const [live] = await db.select().from(vehicleLiveStatus).where(eq(vehicleLiveStatus.vehicleId, vehicle.id));
    const startAt = new Date(now.getTime() - rng.int(2, 40) * 60_000);
    const ride = await rideOf(db, vehicle, member.id, rule, startAt);
    await db.insert(rideOrders).values({ ...ride, status: RideStatus.riding, startLat: live?.lat ?? null, startLng: live?.lng ?? null });
    await db.update(vehicleLiveStatus).set({ currentRideId: ride.id }).where(eq(vehicleLiveStatus.vehicleId, vehicle.id));
  }
}
