// Rides (DOMAIN §2.5 ride_orders, §9.5): 10,000,000 at scale 1 over the 365 days before AS_OF, ≈ 0.27 rides per
// vehicle per day, written in time order across every city (ids grow with time, as the server makes them, so one
// city's week is spread through the table as it would be).
// - Hours follow a diurnal curve with peaks at 07–09 and 16–19 local time; weekends +20% in Denpasar.
// - Length: log-normal, median 14 min, p95 55 min; distance = length × U(8, 14) km/h; 15% paused a while.
// - Riders: Zipf over the tenant's members (s = 1.1, ranks scattered over the ids).
// - 3% abnormal, 2% refunded; paid 70% from the wallet, 20% by QRIS, 10% on a pass (nothing to pay).
// - Starts and ends near the city's stations (60% within 300 m).
// The fare is fareOf on the city's standard rule (the daily cap not applied across rides). The ledger's ride postings
// stay those of money.ts (payment orders of purpose RIDE, drawn before rides existed): the two are not joined.
import { RideAbnormal, RidePayMethod, RideStatus, rideOrderResource } from '@kayuh/contract/resources/rideOrders';
import { fareOf } from '@kayuh/contract/rules/fare';
import { billingRules, members, rideOrders, vehicles } from '../../../server/src/db/schema.ts';
import { STANDARD_PRICES } from '../../../server/src/db/seed/demoBilling.ts';
import { DAY_MS, type Context } from '../context.ts';
import type { Rng } from '../rng.ts';
import { defineTable } from '../spec.ts';
import { memberPlan } from './money.ts';

export const RIDE_VOLUMES = { rides: 10_000_000 } as const;
const HISTORY_DAYS = 365;
const HOUR_MS = 3_600_000;
/** Relative rides per local hour, 0–23: quiet nights, peaks at 07–09 and 16–19. */
const HOURLY = [0.2, 0.1, 0.1, 0.1, 0.2, 0.5, 1.2, 2.6, 3, 2.2, 1.4, 1.3, 1.5, 1.4, 1.3, 1.5, 2.4, 3, 2.8, 2.4, 1.6, 1.1, 0.7, 0.4];
const HOURLY_SUM = HOURLY.reduce((a, b) => a + b, 0);
const DENPASAR = 'denpasar';
const ZIPF_S = 1.1;
const yymmdd = (d: Date) => d.toISOString().slice(2, 10).replaceAll('-', '');

/** The city's standard rule as rides.ts gives it (the second of each city's three rules, active). */
const standardRuleId = (cityIndex: number) => cityIndex * 3 + 2;
const unitPriceOf = (weight: number) => 800 + 100 * Math.min(7, Math.round(weight));

/** A local hour by the diurnal curve. */
function hourOf(rng: Rng) {
  let x = rng.next() * HOURLY_SUM;
  for (let h = 0; h < 24; h++) if ((x -= HOURLY[h]!) < 0) return h;
  return 23;
}

/** Minutes: log-normal with median 14 and p95 55 (σ = ln(55/14) / 1.645). */
function minutesOf(rng: Rng) {
  const normal = Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
  return Math.max(1, Math.min(600, Math.round(Math.exp(Math.log(14) + 0.832 * normal))));
}

/** A rank 1…n by Zipf(s), by inverting its continuous CDF. */
function zipfRank(rng: Rng, n: number) {
  const a = 1 - ZIPF_S;
  const k = Math.pow(1 + rng.next() * (Math.pow(n + 1, a) - 1), 1 / a);
  return Math.min(n, Math.max(1, Math.floor(k)));
}

export function* rideRows(rng: Rng, ctx: Context): Generator<typeof rideOrders.$inferInsert> {
  const plan = memberPlan(ctx);
  const totalVehicles = ctx.cities.reduce((n, c) => n + c.vehicles, 0);
  const perVehicleDay = (RIDE_VOLUMES.rides * ctx.scale) / HISTORY_DAYS / Math.max(1, totalVehicles);
  const tenantIndex = new Map(ctx.tenants.map((t, i) => [t.id, i]));
  let id = 0;
  for (let day = HISTORY_DAYS; day >= 1; day--) {
    const dayStart = ctx.asOf.getTime() - day * DAY_MS;
    const today: Array<{ at: number; cityIndex: number }> = [];
    ctx.cities.forEach((c, cityIndex) => {
      const weekday = new Date(dayStart + c.tz * HOUR_MS).getUTCDay();
      const weekend = c.slug === DENPASAR && (weekday === 0 || weekday === 6) ? 1.2 : 1;
      const expected = c.vehicles * perVehicleDay * weekend;
      const count = Math.floor(expected) + (rng.chance(expected - Math.floor(expected)) ? 1 : 0);
      // Local midnight of this day in the city's zone.
      const midnight = dayStart - c.tz * HOUR_MS;
      for (let i = 0; i < count; i++) today.push({ at: midnight + hourOf(rng) * HOUR_MS + rng.int(0, HOUR_MS - 1), cityIndex });
    });
    today.sort((a, b) => a.at - b.at);
    for (const { at, cityIndex } of today) {
      const c = ctx.cities[cityIndex]!;
      const ti = tenantIndex.get(c.tenantId)!;
      const fleet = ctx.fleet.get(c.cityCode)!;
      const stations = ctx.maps.get(c.cityCode)?.stations ?? [];
      const n = plan.counts[ti]!;
      const memberId = plan.firstId[ti]! + ((zipfRank(rng, n) * 7_919) % n);
      const vehicleId = fleet.firstVehicleId + rng.int(0, c.vehicles - 1);
      const minutes = minutesOf(rng);
      const pausedS = rng.chance(0.15) ? rng.int(1, Math.max(1, Math.floor(minutes / 3))) * 60 : 0;
      const place = () => {
        const s = stations.length ? rng.pick(stations) : { lat: c.lat, lng: c.lng };
        const m = rng.chance(0.6) ? 300 : 1_500;
        return { lat: s.lat + ((rng.next() - 0.5) * 2 * m) / 111_320, lng: s.lng + ((rng.next() - 0.5) * 2 * m) / 111_320 };
      };
      const from = place();
      const to = place();
      const x = rng.next();
      const abnormal = x < 0.03;
      const refunded = !abnormal && x < 0.05;
      const y = rng.next();
      const payMethod = y < 0.7 ? RidePayMethod.wallet : y < 0.9 ? RidePayMethod.qris : RidePayMethod.passOnly;
      const rule = { ...STANDARD_PRICES, unitPrice: unitPriceOf(c.weight) };
      const fare = fareOf(rule, {
        elapsedS: minutes * 60,
        pausedS,
        card: payMethod === RidePayMethod.passOnly ? { perRideFreeMinutes: null, dailyFreeMinutesLeft: null } : null,
      });
      const startAt = new Date(at);
      const endAt = new Date(at + minutes * 60_000);
      const paid = abnormal ? 0 : fare.payable;
      id++;
      yield {
        id,
        tenantId: c.tenantId,
        cityCode: c.cityCode,
        orderNo: `RD${yymmdd(startAt)}${String(id % 100_000_000).padStart(8, '0')}`,
        memberId,
        vehicleId,
        billingRuleId: standardRuleId(cityIndex),
        status: abnormal ? RideStatus.abnormal : refunded ? RideStatus.refunded : RideStatus.paid,
        startAt,
        endAt,
        pausedS,
        durationS: minutes * 60,
        distanceM: Math.round((minutes / 60) * (8 + rng.next() * 6) * 1000),
        startLat: from.lat.toFixed(6),
        startLng: from.lng.toFixed(6),
        endLat: to.lat.toFixed(6),
        endLng: to.lng.toFixed(6),
        endInArea: !abnormal,
        endSource: 1,
        currency: 'IDR',
        unlockFee: fare.unlockFee,
        timeFee: fare.timeFee,
        pauseFee: fare.pauseFee,
        cardDiscount: fare.cardDiscount,
        payable: fare.payable,
        paid,
        refunded: refunded ? paid : 0,
        payMethod: abnormal ? null : fare.payable === 0 ? (payMethod === RidePayMethod.passOnly ? payMethod : RidePayMethod.free) : payMethod,
        abnormalReason: abnormal ? rng.pick([RideAbnormal.outOfArea, RideAbnormal.deviceOffline, RideAbnormal.gpsLost]) : null,
        rating: !abnormal && rng.chance(0.3) ? rng.int(3, 5) : null,
        createdAt: startAt,
        updatedAt: endAt,
        version: 2,
      };
    }
  }
}

export const rideOrderTables = [
  defineTable({
    table: rideOrders,
    rows: rideRows,
    references: [
      [rideOrders.memberId, members.id],
      [rideOrders.vehicleId, vehicles.id],
      [rideOrders.billingRuleId, billingRules.id],
    ],
    rules: [
      {
        name: 'a ride paid more than its fare, or refunded more than it paid',
        sql: `SELECT count(*) FROM ride_orders WHERE paid > payable OR refunded > paid`,
      },
      {
        name: "a ride priced by another city's rule",
        sql: `SELECT count(*) FROM ride_orders r JOIN billing_rules b ON b.id = r.billing_rule_id WHERE b.city_code <> r.city_code`,
      },
      { name: 'a ride ending before it starts', sql: `SELECT count(*) FROM ride_orders WHERE end_at < start_at` },
    ],
    resource: rideOrderResource,
  }),
];
