// The fleet (DOMAIN §2.1, §3.2): each city's share of 100,000 vehicles in the states of §3.2 (most available), their
// state logs (received, then a plausible way to their state) and, for every vehicle out of the depot, its live
// status: 60% within 300 m of a station (DOMAIN §9.5), the rest anywhere in the service area.
import { OpState, StationType, vehicleResource } from '@kayuh/contract/resources/fleet';
import { pointInPolygon } from '@kayuh/contract/rules/geo';
import { imeiOf } from '@kayuh/contract/rules/imei';
import { offset, placeIn } from '../../../server/src/db/seed/demoFleetMap.ts';
import { factoryLots, productModels, stations, vehicleLiveStatus, vehicleStateLog, vehicles, zones } from '../../../server/src/db/schema.ts';
import { DAY_MS, type BenchCity, type Context } from '../context.ts';
import type { Rng } from '../rng.ts';
import { defineTable } from '../spec.ts';
import { userIdOf } from './staff.ts';

/** Share of a city's fleet in each state; available takes what is left (as the demo, DOMAIN §9.4). */
const STATE_SHARE: Array<[number, number]> = [
  [OpState.inStock, 0.04],
  [OpState.reserved, 0.01],
  [OpState.inUse, 0.08],
  [OpState.lowBattery, 0.07],
  [OpState.swapping, 0.02],
  [OpState.dispatching, 0.02],
  [OpState.maintenance, 0.06],
  [OpState.lost, 0.005],
  [OpState.impounded, 0.005],
  [OpState.onRental, 0.05],
  [OpState.retired, 0.02],
];

export const STAFF = 1;
export const MEMBER = 2;
export const SYSTEM = 3;
export const DEVICE = 4;
type Step = [event: string, to: number, actorType: number];
const deploy: Step = ['deploy', OpState.available, STAFF];
/** A way from in stock to each state, by §3.2's events (vehicle_state_log_event names them). */
const PATH: Record<number, Step[]> = {
  [OpState.inStock]: [],
  [OpState.available]: [deploy],
  [OpState.reserved]: [deploy, ['reserve', OpState.reserved, MEMBER]],
  [OpState.inUse]: [deploy, ['unlock_ok', OpState.inUse, MEMBER]],
  [OpState.lowBattery]: [deploy, ['soc_below_threshold', OpState.lowBattery, DEVICE]],
  [OpState.swapping]: [deploy, ['soc_below_threshold', OpState.lowBattery, DEVICE], ['ticket_started', OpState.swapping, STAFF]],
  [OpState.dispatching]: [deploy, ['ticket_started', OpState.dispatching, STAFF]],
  [OpState.maintenance]: [deploy, ['fault_blocking', OpState.maintenance, MEMBER]],
  [OpState.lost]: [deploy, ['mark_lost', OpState.lost, SYSTEM]],
  [OpState.impounded]: [deploy, ['impound', OpState.impounded, STAFF]],
  [OpState.onRental]: [['rental_handover', OpState.onRental, STAFF]],
  [OpState.retired]: [deploy, ['fault_blocking', OpState.maintenance, STAFF], ['retire', OpState.retired, STAFF]],
};
/** Out of the depot: on the street, with a battery in it and a live status. */
export const onTheRoad = (state: number) => state !== OpState.inStock && state !== OpState.retired;

const HOUR_MS = 3_600_000;
const ago = (ctx: Context, ms: number) => new Date(ctx.asOf.getTime() - Math.round(ms));
/** When the city's vehicles arrived (as the demo: about 130 days before now), and one a vehicle was deployed. */
const createdAt = (ctx: Context, c: BenchCity) => ago(ctx, (130 - (c.cityCode % 7)) * DAY_MS);
const deployedAt = (ctx: Context, rng: Rng) => ago(ctx, rng.int(20, 110) * DAY_MS + rng.next() * DAY_MS);

/** A 15-digit IMEI: a 7-digit type code, a 7-digit serial and the Luhn check digit. */
export const imei = (serial: number) => imeiOf(`8647321${String(serial).padStart(7, '0')}`);
const hex2 = (rng: Rng) => rng.int(0, 255).toString(16).toUpperCase().padStart(2, '0');
const gbfsId = (rng: Rng) => Buffer.from(Array.from({ length: 12 }, () => rng.int(0, 255))).toString('base64url');

/** The city's states, shuffled: each share rounded, the rest available. */
function cityStates(rng: Rng, n: number): Uint8Array {
  const list = new Uint8Array(n).fill(OpState.available);
  let k = 0;
  for (const [state, share] of STATE_SHARE) for (let i = Math.round(n * share); i > 0 && k < n; i--) list[k++] = state;
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

export const vehicleTables = [
  defineTable({
    table: vehicles,
    *rows(rng, ctx) {
      let nextId = 1;
      let nextBattery = 1;
      for (const c of ctx.cities) {
        const cat = ctx.catalogue.get(c.tenantId)!;
        const states = cityStates(rng, c.vehicles);
        const socs = new Uint8Array(c.vehicles);
        const modelIds = new Uint32Array(c.vehicles);
        const fleet = { firstVehicleId: nextId, states, modelIds, socs, firstBatteryId: nextBattery };
        ctx.fleet.set(c.cityCode, fleet);
        const lotId = ctx.lots.get(c.cityCode)?.vehicle ?? null;
        const [cityModel, otherModel, third] = cat.vehicleModelIds;
        // A tenant with an e-moped rents it out long term; one without rents its e-bikes.
        const rentalModel = cat.vehicleModelIds.length > 2 ? third! : cityModel!;
        let installed = 0;
        for (let i = 0; i < c.vehicles; i++) {
          const state = states[i]!;
          const rental = state === OpState.onRental;
          const modelId = rental ? rentalModel : rng.chance(0.3) ? otherModel! : cityModel!;
          modelIds[i] = modelId;
          socs[i] =
            state === OpState.lowBattery || state === OpState.swapping
              ? rng.int(5, 19)
              : state === OpState.inStock
                ? rng.int(80, 100)
                : rng.int(25, 100);
          const road = onTheRoad(state);
          // A vehicle on the road carries the next of the city's batteries, while the city has one left.
          const batteryId = road && installed < c.batteries ? fleet.firstBatteryId + installed++ : null;
          const deployed = road && !rental ? deployedAt(ctx, rng) : null;
          const id = nextId++;
          const seq = String(i + 1).padStart(6, '0');
          yield {
            id,
            tenantId: c.tenantId,
            cityCode: c.cityCode,
            vehicleNo: `${c.abbr}-${seq}`,
            frameNo: `MH1${rental && modelId === third ? 'M' : 'B'}${c.cityCode}${seq}`,
            plateNo: rental && modelId === third ? `B ${3000 + (i % 6000)} ${c.abbr.slice(0, 2)}` : null,
            modelId,
            imei: imei(id),
            iccid: `89621${c.tenantId % 10}${String(id).padStart(13, '0')}`,
            simExpireOn: '2027-07-31',
            firmware: rng.chance(0.8) ? 'TB4G-1.8.3' : 'TB4G-1.7.9',
            bleMac: `C8:2E:${hex2(rng)}:${hex2(rng)}:${hex2(rng)}:${hex2(rng)}`,
            lockType: rental ? 3 : 1,
            opState: state,
            usageMode: rental ? 2 : 1,
            batteryId,
            factoryLotId: modelId === cityModel ? lotId : null,
            deployedAt: deployed,
            odometerM: road ? rng.int(150, 2_400) * 1000 : 0,
            lastRideAt: deployed ? ago(ctx, rng.int(1, 72) * HOUR_MS) : null,
            retiredAt: state === OpState.retired ? ago(ctx, rng.int(1, 10) * DAY_MS) : null,
            gbfsPublicId: gbfsId(rng),
            createdAt: createdAt(ctx, c),
            createdBy: userIdOf(c.tenantId),
            updatedAt: ctx.asOf,
          };
        }
        nextBattery += c.batteries;
      }
    },
    references: [
      [vehicles.modelId, productModels.id],
      [vehicles.factoryLotId, factoryLots.id],
    ],
    rules: [
      {
        name: 'vehicle whose battery is not installed in it',
        sql: `SELECT count(*) FROM vehicles v LEFT JOIN batteries b ON b.id = v.battery_id
                WHERE v.tenant_id >= 1001 AND v.battery_id IS NOT NULL AND (b.vehicle_id IS DISTINCT FROM v.id OR b.state <> 30)`,
      },
      {
        name: 'lot holding more vehicles than its quantity',
        sql: `SELECT count(*) FROM factory_lots l WHERE l.tenant_id >= 1001 AND l.kind = 1 AND l.quantity < (SELECT count(*) FROM vehicles v WHERE v.factory_lot_id = l.id)`,
      },
      {
        name: 'vehicle of a model that is not a vehicle',
        sql: `SELECT count(*) FROM vehicles v JOIN product_models m ON m.id = v.model_id WHERE v.tenant_id >= 1001 AND (m.kind <> 1 OR m.tenant_id <> v.tenant_id)`,
      },
    ],
    resource: vehicleResource,
  }),
  defineTable({
    table: vehicleStateLog,
    *rows(rng, ctx) {
      let nextId = 1;
      for (const c of ctx.cities) {
        const fleet = ctx.fleet.get(c.cityCode)!;
        const staff = userIdOf(c.tenantId);
        for (let i = 0; i < c.vehicles; i++) {
          const base = { tenantId: c.tenantId, cityCode: c.cityCode, vehicleId: fleet.firstVehicleId + i };
          yield {
            ...base,
            id: nextId++,
            fromState: null,
            toState: OpState.inStock,
            event: 'create',
            actorType: STAFF,
            actorId: staff,
            createdAt: createdAt(ctx, c),
          };
          const state = fleet.states[i]!;
          const steps = PATH[state]!;
          let from: number = OpState.inStock;
          let at = deployedAt(ctx, rng);
          for (const [k, [event, to, actorType]] of steps.entries()) {
            // The last step is recent (a ride, a reservation minutes old); the ones before a day apart.
            if (k > 0)
              at =
                k === steps.length - 1
                  ? ago(ctx, to === OpState.reserved ? rng.int(1, 9) * 60_000 : rng.int(5, 36 * 60) * 60_000)
                  : new Date(at.getTime() + DAY_MS);
            yield {
              ...base,
              id: nextId++,
              fromState: from,
              toState: to,
              event,
              actorType,
              actorId: actorType === STAFF ? staff : null,
              createdAt: at,
            };
            from = to;
          }
        }
      }
    },
    references: [[vehicleStateLog.vehicleId, vehicles.id]],
    rules: [
      {
        name: 'vehicle whose last logged state is not its op_state',
        sql: `SELECT count(*) FROM vehicles v WHERE v.tenant_id >= 1001 AND v.op_state IS DISTINCT FROM
                (SELECT l.to_state FROM vehicle_state_log l WHERE l.vehicle_id = v.id ORDER BY l.id DESC LIMIT 1)`,
      },
      {
        name: 'state-log event outside vehicle_state_log_event',
        sql: `SELECT count(*) FROM vehicle_state_log WHERE tenant_id >= 1001 AND event NOT IN
                (SELECT dict_value FROM dict_data WHERE dict_type = 'vehicle_state_log_event' AND deleted_at IS NULL)`,
      },
    ],
  }),
  defineTable({
    table: vehicleLiveStatus,
    *rows(rng, ctx) {
      for (const c of ctx.cities) {
        const fleet = ctx.fleet.get(c.cityCode)!;
        const map = ctx.maps.get(c.cityCode)!;
        const nearable = map.stations.filter((s) => s.type !== StationType.depot);
        const rangeM = ctx.catalogue.get(c.tenantId)!.rangeM;
        for (let i = 0; i < c.vehicles; i++) {
          const state = fleet.states[i]!;
          if (!onTheRoad(state)) continue;
          const soc = fleet.socs[i]!;
          let point = placeIn(rng, map.serviceArea, [map.noParking]);
          let stationId: number | null = null;
          let zoneId: number | null = null;
          const s = rng.chance(0.6) ? rng.pick(nearable) : undefined;
          if (s) {
            // Half of those by a parking station stand at it (parked, not riding past).
            const parked = s.type === StationType.parking && state !== OpState.inUse && rng.chance(0.5);
            for (;;) {
              const r = Math.sqrt(rng.next()) * (parked ? 25 : 300);
              const angle = rng.next() * 2 * Math.PI;
              const p = offset(s, r * Math.cos(angle), r * Math.sin(angle));
              if (!pointInPolygon(p, map.serviceArea) || pointInPolygon(p, map.noParking)) continue;
              point = p;
              if (parked) [stationId, zoneId] = [s.id, s.zoneId];
              break;
            }
          }
          const online = state !== OpState.lost && !rng.chance(0.05);
          yield {
            vehicleId: fleet.firstVehicleId + i,
            tenantId: c.tenantId,
            cityCode: c.cityCode,
            lat: String(point.lat),
            lng: String(point.lng),
            soc,
            speedKph: state === OpState.inUse ? rng.int(8, 24) : 0,
            isOnline: online,
            inServiceArea: true,
            zoneId,
            stationId,
            opState: state,
            rangeM: Math.round((soc * rangeM.get(fleet.modelIds[i]!)!) / 100),
            lastReportedAt: ago(ctx, online ? rng.int(5, 120) * 1000 : (state === OpState.lost ? rng.int(72, 200) : rng.int(2, 20)) * HOUR_MS),
          };
        }
      }
    },
    references: [
      [vehicleLiveStatus.vehicleId, vehicles.id],
      [vehicleLiveStatus.stationId, stations.id],
      [vehicleLiveStatus.zoneId, zones.id],
    ],
    rules: [
      {
        name: 'live status of another op_state or city than its vehicle',
        sql: `SELECT count(*) FROM vehicle_live_status s JOIN vehicles v ON v.id = s.vehicle_id
                WHERE s.tenant_id >= 1001 AND (s.op_state <> v.op_state OR s.city_code <> v.city_code OR s.tenant_id <> v.tenant_id)`,
      },
      {
        name: 'vehicle on the road without a live status',
        sql: `SELECT count(*) FROM vehicles v WHERE v.tenant_id >= 1001 AND v.op_state NOT IN (10, 120)
                AND NOT EXISTS (SELECT 1 FROM vehicle_live_status s WHERE s.vehicle_id = v.id)`,
      },
      {
        name: 'vehicle outside its service area',
        sql: `SELECT count(*) FROM vehicle_live_status s JOIN zones sa ON sa.city_code = s.city_code AND sa.type = 1
                WHERE s.tenant_id >= 1001 AND NOT (s.lat BETWEEN sa.bbox_min_lat AND sa.bbox_max_lat AND s.lng BETWEEN sa.bbox_min_lng AND sa.bbox_max_lng)`,
      },
    ],
  }),
];
