// Battery swaps (DOMAIN §2.5 swap_orders, §9.5): 3,000,000 at scale 1 over the 365 days before AS_OF, shared by the
// cities as their cabinets are, written in time order across every city (ids grow with time, as the server makes them).
// - Hours follow the rides' diurnal curve, flattened (swappers come before and after their shifts).
// - 95% completed, 4% failed (door fault, battery check, timeout, no full pack, in that proportion), 1% cancelled.
// - Every completed swap is paid per swap (Rp 12,000 from the wallet): the bench's passes are not tied to the swappers,
//   so no swap is drawn on a plan. The packs are batteries of the city (the list reads their serials by id).
import { SwapFailReason, SwapStatus, swapOrderResource } from '@kayuh/contract/resources/swapOrders';
import { StationType } from '@kayuh/contract/resources/fleet';
import { batteries, members, stations, swapOrders } from '../../../server/src/db/schema.ts';
import { DEMO_SWAP_FEE } from '../../../server/src/db/seed/demoFleetMap.ts';
import { DAY_MS, type Context } from '../context.ts';
import type { Rng } from '../rng.ts';
import { defineTable } from '../spec.ts';
import { memberPlan } from './money.ts';

export const SWAP_VOLUMES = { swaps: 3_000_000 } as const;
const HISTORY_DAYS = 365;
const HOUR_MS = 3_600_000;
/** Relative swaps per local hour, 0–23. */
const HOURLY = [0.3, 0.2, 0.2, 0.2, 0.4, 0.9, 1.6, 2.2, 2.2, 1.6, 1.2, 1.2, 1.4, 1.3, 1.2, 1.4, 2, 2.2, 2, 1.6, 1.2, 0.9, 0.6, 0.4];
const HOURLY_SUM = HOURLY.reduce((a, b) => a + b, 0);
const FAILS = [SwapFailReason.doorFault, SwapFailReason.batteryCheckFailed, SwapFailReason.timeout, SwapFailReason.noFullBattery];
const yymmdd = (d: Date) => d.toISOString().slice(2, 10).replaceAll('-', '');

function hourOf(rng: Rng) {
  let x = rng.next() * HOURLY_SUM;
  for (let h = 0; h < 24; h++) if ((x -= HOURLY[h]!) < 0) return h;
  return 23;
}

function* swapRows(rng: Rng, ctx: Context): Generator<typeof swapOrders.$inferInsert> {
  const plan = memberPlan(ctx);
  const totalCabinets = ctx.cities.reduce((n, c) => n + c.cabinets, 0);
  const perCabinetDay = (SWAP_VOLUMES.swaps * ctx.scale) / HISTORY_DAYS / Math.max(1, totalCabinets);
  const tenantIndex = new Map(ctx.tenants.map((t, i) => [t.id, i]));
  const cabinets = new Map(
    ctx.cities.map((c) => [
      c.cityCode,
      (ctx.maps.get(c.cityCode)?.stations ?? []).filter((s) => s.type === StationType.swapCabinet).map((s) => s.id),
    ]),
  );
  let id = 0;
  for (let day = HISTORY_DAYS; day >= 1; day--) {
    const dayStart = ctx.asOf.getTime() - day * DAY_MS;
    const today: Array<{ at: number; cityIndex: number }> = [];
    ctx.cities.forEach((c, cityIndex) => {
      if (!cabinets.get(c.cityCode)!.length) return;
      const expected = c.cabinets * perCabinetDay;
      const count = Math.floor(expected) + (rng.chance(expected - Math.floor(expected)) ? 1 : 0);
      const midnight = dayStart - c.tz * HOUR_MS;
      for (let i = 0; i < count; i++) today.push({ at: midnight + hourOf(rng) * HOUR_MS + rng.int(0, HOUR_MS - 1), cityIndex });
    });
    today.sort((a, b) => a.at - b.at);
    for (const { at, cityIndex } of today) {
      const c = ctx.cities[cityIndex]!;
      const ti = tenantIndex.get(c.tenantId)!;
      const fleet = ctx.fleet.get(c.cityCode)!;
      const pack = () => fleet.firstBatteryId + rng.int(0, c.batteries - 1);
      const x = rng.next();
      const status = x < 0.95 ? SwapStatus.completed : x < 0.99 ? SwapStatus.failed : SwapStatus.cancelled;
      const done = status === SwapStatus.completed;
      const startedAt = new Date(at);
      const finishedAt = new Date(at + rng.int(25, done ? 150 : 120) * 1000);
      id++;
      yield {
        id,
        tenantId: c.tenantId,
        cityCode: c.cityCode,
        orderNo: `SW${yymmdd(startedAt)}${String(id % 100_000_000).padStart(8, '0')}`,
        memberId: plan.firstId[ti]! + rng.int(0, plan.counts[ti]! - 1),
        stationId: rng.pick(cabinets.get(c.cityCode)!),
        oldBatteryId: pack(),
        newBatteryId: status === SwapStatus.cancelled ? null : pack(),
        slotIn: rng.int(1, 12),
        slotOut: status === SwapStatus.cancelled ? null : rng.int(1, 12),
        oldSoc: status === SwapStatus.cancelled ? null : rng.int(3, 35),
        newSoc: done ? rng.int(92, 100) : null,
        channel: 1,
        status,
        failReason: status === SwapStatus.failed ? rng.pick(FAILS) : null,
        fee: DEMO_SWAP_FEE,
        currency: 'IDR',
        requestKey: `bench-${id}`,
        startedAt,
        finishedAt,
        createdAt: startedAt,
        updatedAt: finishedAt,
      };
    }
  }
}

export const swapTables = [
  defineTable({
    table: swapOrders,
    rows: swapRows,
    references: [
      [swapOrders.memberId, members.id],
      [swapOrders.stationId, stations.id],
      [swapOrders.oldBatteryId, batteries.id],
      [swapOrders.newBatteryId, batteries.id],
    ],
    rules: [
      {
        name: 'a swap at a station that is not a swap cabinet of its city',
        sql: `SELECT count(*) FROM swap_orders o JOIN stations s ON s.id = o.station_id WHERE s.type <> ${StationType.swapCabinet} OR s.city_code <> o.city_code OR s.tenant_id <> o.tenant_id`,
      },
    ],
    resource: swapOrderResource,
  }),
];
