// Each city's share of 150,000 batteries (DOMAIN §2.1, §3.3), where their state says (the table's CHECK): one in each
// vehicle on the road (the vehicles table already named it), the swap cabinets' bays about three-quarters full, and
// the rest in transit, faulty, retired or in the depot; the bays that hold them; and each pack's events, from its
// lot to where it is.
import { BatteryState, StationType, batteryResource } from '@kayuh/contract/resources/fleet';
import {
  batteries,
  batteryAcquisitions,
  batteryEvents,
  cabinetSlots,
  factoryLots,
  partnerAgencies,
  productModels,
  stations,
  vehicles,
} from '../../../server/src/db/schema.ts';
import { DAY_MS, type BenchCity, type Context } from '../context.ts';
import type { Rng } from '../rng.ts';
import { defineTable } from '../spec.ts';
import { CABINET_SLOTS } from './fleetMap.ts';
import { userIdOf } from './staff.ts';
import { DEVICE, onTheRoad, STAFF, SYSTEM } from './vehicles.ts';

const HOUR_MS = 3_600_000;
const ago = (ctx: Context, ms: number) => new Date(ctx.asOf.getTime() - Math.round(ms));

interface Placed {
  state: number;
  vehicleId?: number;
  stationId?: number;
  slotNo?: number;
  depotId?: number;
  soc: number;
}

/**
 * The city's batteries in id order (from fleet.firstBatteryId): installed ones in vehicle order, as the vehicles
 * table numbered them, then the bays (recorded in ctx.bays), then the rest.
 */
function* placeCity(rng: Rng, ctx: Context, c: BenchCity): Generator<Placed> {
  const fleet = ctx.fleet.get(c.cityCode)!;
  const map = ctx.maps.get(c.cityCode)!;
  let n = 0;
  for (let i = 0; i < c.vehicles && n < c.batteries; i++) {
    if (!onTheRoad(fleet.states[i]!)) continue;
    n++;
    yield { state: BatteryState.installed, vehicleId: fleet.firstVehicleId + i, soc: fleet.socs[i]! };
  }
  // A tenth of the city's packs stay for the depot, the road between and the workshop.
  let bayBudget = Math.max(0, c.batteries - n - Math.ceil(c.batteries / 10));
  for (const cabinet of map.stations.filter((s) => s.type === StationType.swapCabinet)) {
    const bays: Array<{ id: number; full: boolean } | undefined> = Array.from({ length: CABINET_SLOTS });
    ctx.bays.set(cabinet.id, bays);
    const filled = Math.min(bayBudget, rng.int(7, CABINET_SLOTS - 2));
    bayBudget -= filled;
    for (let slot = 1; slot <= filled; slot++) {
      const full = slot === 1 || (slot !== 2 && rng.chance(0.65));
      bays[slot - 1] = { id: fleet.firstBatteryId + n++, full };
      yield {
        state: full ? BatteryState.inCabinet : BatteryState.charging,
        stationId: cabinet.id,
        slotNo: slot,
        soc: full ? rng.int(95, 100) : rng.int(20, 94),
      };
    }
  }
  const depot = map.stations.find((s) => s.type === StationType.depot)!;
  const rest = c.batteries - n;
  const counts: Array<[number, number]> = [
    [BatteryState.inTransit, Math.round(rest * 0.06)],
    [BatteryState.faulty, Math.round(rest * 0.05)],
    [BatteryState.retired, Math.round(rest * 0.03)],
  ];
  for (const [state, count] of counts) {
    for (let k = 0; k < count; k++, n++)
      yield { state, soc: state === BatteryState.retired ? 0 : state === BatteryState.faulty ? rng.int(0, 60) : rng.int(30, 100) };
  }
  for (; n < c.batteries; n++) yield { state: BatteryState.inStock, depotId: depot.id, soc: rng.int(60, 100) };
}

/** The city's placed batteries, made once and kept for the events (the bays table reads ctx.bays). */
const placedOf = new WeakMap<Context, Map<number, Placed[]>>();

export const batteryTables = [
  defineTable({
    table: batteries,
    *rows(rng, ctx) {
      const placedByCity = new Map<number, Placed[]>();
      placedOf.set(ctx, placedByCity);
      for (const c of ctx.cities) {
        const fleet = ctx.fleet.get(c.cityCode)!;
        const cat = ctx.catalogue.get(c.tenantId)!;
        const placed = [...placeCity(rng, ctx, c)];
        placedByCity.set(c.cityCode, placed);
        // The delivered contracts own the city's first batteries, block after block (running in its vehicles).
        const owners = (ctx.acquisitions.get(c.cityCode) ?? []).flatMap((a) => Array<typeof a>(a.quantity).fill(a));
        for (const [i, p] of placed.entries()) {
          const owner = owners[i];
          const cycles = p.state === BatteryState.retired ? rng.int(700, 900) : p.state === BatteryState.inStock ? rng.int(0, 40) : rng.int(40, 420);
          const soh =
            p.state === BatteryState.faulty
              ? rng.int(45, 70)
              : p.state === BatteryState.retired
                ? rng.int(50, 62)
                : Math.min(100, 101 - Math.round(cycles / 25) - rng.int(0, 2));
          const inField = p.state === BatteryState.installed || p.state === BatteryState.inCabinet || p.state === BatteryState.charging;
          const seq = String(i + 1).padStart(6, '0');
          yield {
            id: fleet.firstBatteryId + i,
            tenantId: c.tenantId,
            cityCode: c.cityCode,
            batterySn: `B48-${c.cityCode}-${seq}`,
            bmsSn: `BMS${c.cityCode}${seq}`,
            modelId: cat.batteryModelIds[0]!,
            factoryLotId: ctx.lots.get(c.cityCode)?.battery ?? null,
            state: p.state,
            health: p.state === BatteryState.faulty ? 2 : soh < 80 ? 1 : 0,
            soc: p.soc,
            soh,
            cycleCount: cycles,
            voltageMv: 13 * (3_200 + p.soc * 10),
            temperatureC: p.state === BatteryState.charging ? rng.int(32, 40) : rng.int(26, 34),
            readingAt: inField ? ago(ctx, rng.int(10, 600) * 1000) : ago(ctx, rng.int(1, 48) * HOUR_MS),
            vehicleId: p.vehicleId ?? null,
            stationId: p.stationId ?? null,
            slotNo: p.slotNo ?? null,
            depotId: p.depotId ?? null,
            ownerType: owner?.ownerType ?? 1,
            ownerPartnerId: owner?.partnerId ?? null,
            acquisitionId: owner?.id ?? null,
            swapCount: inField ? rng.int(0, Math.ceil(cycles / 3)) : 0,
            lastSwapAt: inField && cycles > 40 ? ago(ctx, rng.int(1, 240) * HOUR_MS) : null,
            retiredAt: p.state === BatteryState.retired ? ago(ctx, rng.int(2, 20) * DAY_MS) : null,
            createdAt: ago(ctx, 125 * DAY_MS),
            createdBy: userIdOf(c.tenantId),
            updatedAt: ctx.asOf,
          };
        }
      }
    },
    references: [
      [batteries.modelId, productModels.id],
      [batteries.factoryLotId, factoryLots.id],
      [batteries.vehicleId, vehicles.id],
      [batteries.stationId, stations.id],
      [batteries.depotId, stations.id],
      [batteries.ownerPartnerId, partnerAgencies.id],
      [batteries.acquisitionId, batteryAcquisitions.id],
    ],
    rules: [
      {
        name: 'installed battery whose vehicle does not name it',
        sql: `SELECT count(*) FROM batteries b JOIN vehicles v ON v.id = b.vehicle_id WHERE b.tenant_id >= 1001 AND v.battery_id IS DISTINCT FROM b.id`,
      },
      {
        name: 'battery in a bay its cabinet does not hold',
        sql: `SELECT count(*) FROM batteries b WHERE b.tenant_id >= 1001 AND b.station_id IS NOT NULL
                AND NOT EXISTS (SELECT 1 FROM cabinet_slots s WHERE s.station_id = b.station_id AND s.slot_no = b.slot_no AND s.battery_id = b.id)`,
      },
    ],
    resource: batteryResource,
  }),
  defineTable({
    table: cabinetSlots,
    *rows(rng, ctx) {
      let nextId = 1;
      for (const c of ctx.cities) {
        for (const cabinet of ctx.maps.get(c.cityCode)!.stations) {
          const bays = ctx.bays.get(cabinet.id);
          if (!bays) continue;
          for (let k = 0; k < CABINET_SLOTS; k++) {
            const pack = bays[k];
            yield {
              id: nextId++,
              tenantId: c.tenantId,
              cityCode: c.cityCode,
              stationId: cabinet.id,
              slotNo: k + 1,
              state: pack ? (pack.full ? 2 : 1) : 0,
              batteryId: pack?.id ?? null,
              updatedFromDeviceAt: ago(ctx, rng.int(10, 300) * 1000),
              createdAt: ago(ctx, 150 * DAY_MS),
              updatedAt: ctx.asOf,
            };
          }
        }
      }
    },
    references: [
      [cabinetSlots.stationId, stations.id],
      [cabinetSlots.batteryId, batteries.id],
    ],
    rules: [
      {
        name: "bay whose state is not its battery's",
        sql: `SELECT count(*) FROM cabinet_slots s LEFT JOIN batteries b ON b.id = s.battery_id WHERE s.tenant_id >= 1001
                AND s.state <> CASE WHEN b.id IS NULL THEN 0 WHEN b.state = 40 THEN 2 WHEN b.state = 45 THEN 1 ELSE -1 END`,
      },
    ],
  }),
  defineTable({
    table: batteryEvents,
    *rows(rng, ctx) {
      let nextId = 1;
      for (const c of ctx.cities) {
        const fleet = ctx.fleet.get(c.cityCode)!;
        const depot = ctx.maps.get(c.cityCode)!.stations.find((s) => s.type === StationType.depot)!;
        const staff = userIdOf(c.tenantId);
        for (const [i, p] of placedOf.get(ctx)!.get(c.cityCode)!.entries()) {
          let at = ago(ctx, 125 * DAY_MS);
          const base = { tenantId: c.tenantId, cityCode: c.cityCode, batteryId: fleet.firstBatteryId + i, soc: p.soc };
          const step = (event: string, fromState: number | null, toState: number, extra: Partial<typeof batteryEvents.$inferInsert> = {}) => {
            const row = { ...base, id: nextId++, event, fromState, toState, actorType: STAFF, actorId: staff, createdAt: at, ...extra };
            at = new Date(at.getTime() + rng.int(1, 20) * DAY_MS);
            return row;
          };
          yield step('receive_lot', null, BatteryState.inStock, { stationId: depot.id });
          if (p.state === BatteryState.inStock) continue;
          if (p.state === BatteryState.faulty || p.state === BatteryState.retired) {
            yield step('fault_detected', BatteryState.inStock, BatteryState.faulty, { actorType: SYSTEM, actorId: null });
            if (p.state === BatteryState.retired) yield step('retire', BatteryState.faulty, BatteryState.retired);
            continue;
          }
          yield step('dispatch_out', BatteryState.inStock, BatteryState.inTransit);
          if (p.state === BatteryState.installed) yield step('install', BatteryState.inTransit, BatteryState.installed, { vehicleId: p.vehicleId! });
          if (p.state === BatteryState.inCabinet || p.state === BatteryState.charging) {
            yield step('put_in_cabinet', BatteryState.inTransit, BatteryState.charging, { stationId: p.stationId! });
            if (p.state === BatteryState.inCabinet)
              yield step('charge_full', BatteryState.charging, BatteryState.inCabinet, { stationId: p.stationId!, actorType: DEVICE, actorId: null });
          }
        }
      }
    },
    references: [
      [batteryEvents.batteryId, batteries.id],
      [batteryEvents.vehicleId, vehicles.id],
      [batteryEvents.stationId, stations.id],
    ],
    rules: [
      {
        name: 'battery whose last event is not its state',
        sql: `SELECT count(*) FROM batteries b WHERE b.tenant_id >= 1001 AND b.state IS DISTINCT FROM
                (SELECT e.to_state FROM battery_events e WHERE e.battery_id = b.id ORDER BY e.id DESC LIMIT 1)`,
      },
      {
        name: 'battery event outside battery_events_event',
        sql: `SELECT count(*) FROM battery_events WHERE tenant_id >= 1001 AND event NOT IN
                (SELECT dict_value FROM dict_data WHERE dict_type = 'battery_events_event' AND deleted_at IS NULL)`,
      },
    ],
  }),
];
