/**
 * DOMAIN §9.4's fleet on the map of §9.1 for a demo tenant: zones and stations (demoFleetMap.ts), vehicles with their
 * state logs and live status, and batteries with their events, placed where their state says (§3.3's CHECK), in
 * cabinets' bays or vehicles. Every state of §3.2 and §3.3 has rows in each tenant (the coverage rule of §9.4); battery
 * state 50 (with a member) comes with the demo's swaps (demoSwaps.ts). Deterministic: a seeded PRNG, times relative to `now`.
 * Written in multi-row inserts, so the first start stays quick.
 */
import { BatteryState, OpState, StationType } from '@kayuh/contract/resources/fleet';
import { imeiOf } from '@kayuh/contract/rules/imei';
import { pointInPolygon } from '@kayuh/contract/rules/geo';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  batteries,
  batteryEvents,
  cabinetSlots,
  factoryLots,
  productModels,
  users,
  vehicleLiveStatus,
  vehicleStateLog,
  vehicles,
} from '../schema.ts';
import type { DemoTenant } from './demoOrg.ts';
import { seedDemoFrames } from './demoTelemetry.ts';
import { CABINET_SLOTS, CITY_ABBR, offset, placeIn, prng, seedCityMaps, type Rng } from './demoFleetMap.ts';

/** §9.4 vehicles per city and batteries per tenant. */
const VEHICLES: Record<number, number> = { 2001: 180, 2002: 90, 2003: 80, 3001: 120, 3002: 60 };
const BATTERIES: Record<number, number> = { 2: 600, 3: 320 };
const TENANT_ABBR: Record<number, string> = { 2: 'KB', 3: 'GB' };

/** Share of a city's fleet in each state; available (20) takes what is left. Each gets at least one vehicle. */
const STATE_SHARE: Array<[number, number]> = [
  [OpState.inStock, 0.04],
  [OpState.reserved, 0.02],
  [OpState.inUse, 0.08],
  [OpState.lowBattery, 0.07],
  [OpState.swapping, 0.02],
  [OpState.dispatching, 0.02],
  [OpState.maintenance, 0.06],
  [OpState.lost, 0.01],
  [OpState.impounded, 0.01],
  [OpState.onRental, 0.07],
  [OpState.retired, 0.02],
];

type Step = [event: string, to: number, actorType: number];
const STAFF = 1;
const MEMBER = 2;
const SYSTEM = 3;
const DEVICE = 4;
/** A plausible way to each state after the vehicle is received (§3.2 event names, as vehicle_state_log_event names them). */
const PATH: Record<number, Step[]> = {
  [OpState.inStock]: [],
  [OpState.available]: [['deploy', 20, STAFF]],
  [OpState.reserved]: [
    ['deploy', 20, STAFF],
    ['reserve', 30, MEMBER],
  ],
  [OpState.inUse]: [
    ['deploy', 20, STAFF],
    ['unlock_ok', 40, MEMBER],
  ],
  [OpState.lowBattery]: [
    ['deploy', 20, STAFF],
    ['soc_below_threshold', 50, DEVICE],
  ],
  [OpState.swapping]: [
    ['deploy', 20, STAFF],
    ['soc_below_threshold', 50, DEVICE],
    ['ticket_started', 60, STAFF],
  ],
  [OpState.dispatching]: [
    ['deploy', 20, STAFF],
    ['ticket_started', 70, STAFF],
  ],
  [OpState.maintenance]: [
    ['deploy', 20, STAFF],
    ['fault_blocking', 80, MEMBER],
  ],
  [OpState.lost]: [
    ['deploy', 20, STAFF],
    ['mark_lost', 90, SYSTEM],
  ],
  [OpState.impounded]: [
    ['deploy', 20, STAFF],
    ['impound', 100, STAFF],
  ],
  [OpState.onRental]: [['rental_handover', 110, STAFF]],
  [OpState.retired]: [
    ['deploy', 20, STAFF],
    ['fault_blocking', 80, STAFF],
    ['retire', 120, STAFF],
  ],
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (now: Date, ms: number) => new Date(now.getTime() - Math.round(ms));

/** Multi-row inserts of at most `size` rows (a statement's parameters stay well under PostgreSQL's 65,535). */
async function insertAll<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>, size = 500) {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

/** A 15-digit IMEI: an 8-digit type code, a 6-digit serial and the Luhn check digit. */
const imei = (serial: number) => imeiOf(`86473204${String(serial).padStart(6, '0')}`);

const hex2 = (rng: Rng) => rng.int(0, 255).toString(16).toUpperCase().padStart(2, '0');
/** 12 random bytes as base64url, like newGbfsPublicId, but from the seeded PRNG. */
const gbfsId = (rng: Rng) => Buffer.from(Array.from({ length: 12 }, () => rng.int(0, 255))).toString('base64url');

/** The states of a city's vehicles, shuffled: each state at least once, most available. */
function cityStates(rng: Rng, n: number): number[] {
  const list: number[] = [];
  for (const [state, share] of STATE_SHARE) list.push(...Array<number>(Math.max(1, Math.round(n * share))).fill(state));
  list.push(...Array<number>(n - list.length).fill(OpState.available));
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

export async function seedFleetAssets(db: Db, t: DemoTenant, now: Date) {
  const rng = prng(0x6b617975 ^ t.id);
  const maps = await seedCityMaps(db, t, rng, now);

  const models = await db
    .select({ id: productModels.id, code: productModels.modelCode, maxRangeM: productModels.maxRangeM })
    .from(productModels)
    .where(eq(productModels.tenantId, t.id));
  const model = (code: string) => models.find((m) => m.code === code)!;
  const lots = await db
    .select({ id: factoryLots.id, cityCode: factoryLots.cityCode, kind: factoryLots.kind })
    .from(factoryLots)
    .where(eq(factoryLots.tenantId, t.id));
  const lotOf = (cityCode: number, kind: number) => lots.find((l) => l.cityCode === cityCode && l.kind === kind)?.id ?? null;
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, t.id), eq(users.userName, `${t.prefix}.admin`)));
  const staffId = admin?.id ?? null;

  const bikeA = model('NB-CITY-2');
  const bikeB = model('NB-SPORT');
  const moped = model('GM-RIDE-45');
  const battery = model('VC-48-20');
  let imeiSerial = t.id * 100_000;
  const totalVehicles = t.cities.reduce((s, c) => s + VEHICLES[c.code]!, 0);
  let batteriesLeft = BATTERIES[t.id] ?? totalVehicles * 2;

  for (const [ci, map] of maps.entries()) {
    const { city } = map;
    const abbr = CITY_ABBR[city.code]!;
    const n = VEHICLES[city.code]!;
    const states = cityStates(rng, n);
    // Rental mopeds: every one out on rental, and a few more in stock, available or in the workshop.
    const spareMopeds = new Set<number>();
    for (const s of [OpState.inStock, OpState.available, OpState.maintenance]) spareMopeds.add(states.indexOf(s));

    // ---- vehicles
    const vehicleRows = states.map((state, i) => {
      const isMoped = state === OpState.onRental || spareMopeds.has(i);
      const m = isMoped ? moped : rng.chance(0.3) ? bikeB : bikeA;
      const seq = String(i + 1).padStart(6, '0');
      const deployed = state !== OpState.inStock && state !== OpState.onRental;
      const deployedAt = deployed ? ago(now, rng.int(20, 110) * DAY + rng.next() * DAY) : null;
      imeiSerial += 1;
      return {
        tenantId: t.id,
        cityCode: city.code,
        vehicleNo: `${TENANT_ABBR[t.id]}-${abbr}-${seq}`,
        frameNo: `MH1${isMoped ? 'GM' : 'NB'}26${city.code}${String(i + 1).padStart(5, '0')}`,
        plateNo: isMoped ? `B ${3000 + i} ${abbr.slice(0, 2)}` : null,
        modelId: m.id,
        imei: imei(imeiSerial),
        iccid: `89621${t.id}${String(imeiSerial).padStart(13, '0')}`,
        simExpireOn: '2027-07-31',
        firmware: rng.chance(0.8) ? 'TB4G-1.8.3' : 'TB4G-1.7.9',
        bleMac: `C8:2E:${hex2(rng)}:${hex2(rng)}:${hex2(rng)}:${hex2(rng)}`,
        lockType: isMoped ? 3 : 1,
        opState: state,
        usageMode: isMoped ? 2 : 1,
        factoryLotId: m === bikeA ? lotOf(city.code, 1) : null,
        deployedAt,
        odometerM: deployed ? rng.int(150, 2_400) * 1000 : 0,
        lastRideAt: deployed && !isMoped ? ago(now, rng.int(1, 72) * HOUR) : null,
        retiredAt: state === OpState.retired ? ago(now, rng.int(1, 10) * DAY) : null,
        gbfsPublicId: gbfsId(rng),
        createdAt: ago(now, 130 * DAY),
        updatedAt: now,
        createdBy: staffId,
      };
    });
    const inserted: Array<{ id: number; no: string }> = [];
    await insertAll(vehicleRows, async (chunk) => {
      inserted.push(...(await db.insert(vehicles).values(chunk).returning({ id: vehicles.id, no: vehicles.vehicleNo })));
    });
    const idOf = new Map(inserted.map((v) => [v.no, v.id]));
    const vehicleIds = vehicleRows.map((v) => idOf.get(v.vehicleNo)!);

    // ---- their state logs: received, then a short plausible way to their state
    const logRows: Array<typeof vehicleStateLog.$inferInsert> = [];
    for (const [i, v] of vehicleRows.entries()) {
      const base = { tenantId: t.id, cityCode: city.code, vehicleId: vehicleIds[i]! };
      logRows.push({
        ...base,
        fromState: null,
        toState: OpState.inStock,
        event: 'create',
        actorType: STAFF,
        actorId: staffId,
        createdAt: ago(now, 130 * DAY),
      });
      const steps = PATH[v.opState]!;
      let from: number = OpState.inStock;
      let at = v.deployedAt ?? ago(now, rng.int(3, 30) * DAY);
      for (const [k, [event, to, actorType]] of steps.entries()) {
        // The last step is recent (a ride, a reservation a few minutes old); the ones before spread over the weeks.
        if (k > 0)
          at =
            k === steps.length - 1
              ? ago(now, to === OpState.reserved ? rng.int(1, 9) * 60_000 : rng.int(5, 36 * 60) * 60_000)
              : new Date(at.getTime() + DAY);
        logRows.push({ ...base, fromState: from, toState: to, event, actorType, actorId: actorType === STAFF ? staffId : null, createdAt: at });
        from = to;
      }
    }
    await insertAll(logRows, (chunk) => db.insert(vehicleStateLog).values(chunk));

    // ---- live status of every vehicle out of the depot: 60% near a station, the rest anywhere in the area
    const nearable = map.stations.filter((s) => s.type === StationType.swapCabinet || s.type === StationType.parking);
    const liveRows: Array<typeof vehicleLiveStatus.$inferInsert> = [];
    const socOf = new Map<number, number>();
    for (const [i, v] of vehicleRows.entries()) {
      const state = v.opState;
      const soc =
        state === OpState.lowBattery || state === OpState.swapping ? rng.int(5, 19) : state === OpState.inStock ? rng.int(80, 100) : rng.int(25, 100);
      socOf.set(i, soc);
      if (state === OpState.inStock || state === OpState.retired) continue;
      let point = placeIn(rng, map.serviceArea, map.noParking);
      let stationId: number | null = null;
      let zoneId: number | null = null;
      if (rng.chance(0.6)) {
        const s = rng.pick(nearable);
        // Half of those by a parking station stand at it (a parked vehicle, not one riding past).
        const atStation = s.type === StationType.parking && state !== OpState.inUse && rng.chance(0.5);
        for (;;) {
          const r = Math.sqrt(rng.next()) * (atStation ? 25 : 300);
          const angle = rng.next() * 2 * Math.PI;
          const p = offset(s, r * Math.cos(angle), r * Math.sin(angle));
          if (!pointInPolygon(p, map.serviceArea)) continue;
          point = p;
          // Close enough to a parking station to count as parked there (in its zone, where it has one).
          if (s.type === StationType.parking && state !== OpState.inUse && r < 60) {
            stationId = s.id;
            zoneId = s.zoneId;
          }
          break;
        }
      }
      const online = state !== OpState.lost && !rng.chance(0.05);
      liveRows.push({
        vehicleId: vehicleIds[i]!,
        tenantId: t.id,
        cityCode: city.code,
        lat: String(point.lat),
        lng: String(point.lng),
        soc,
        speedKph: state === OpState.inUse ? rng.int(8, 24) : 0,
        isOnline: online,
        inServiceArea: true,
        zoneId,
        stationId,
        opState: state,
        rangeM: Math.round((soc * (models.find((m) => m.id === v.modelId)!.maxRangeM ?? 0)) / 100),
        lastReportedAt: online ? ago(now, rng.int(5, 120) * 1000) : ago(now, (state === OpState.lost ? rng.int(72, 200) : rng.int(2, 20)) * HOUR),
      });
    }
    await insertAll(liveRows, (chunk) => db.insert(vehicleLiveStatus).values(chunk));
    const imeiById = new Map(vehicleRows.map((v, i) => [vehicleIds[i]!, v.imei]));
    await seedDemoFrames(db, rng, map.serviceArea, liveRows, (id) => imeiById.get(id)!);

    // ---- batteries: one in every vehicle on the road, bays of the cabinets about three-quarters full, the rest
    // in the depot, on the move, faulty or retired.
    const cityBatteries = ci === maps.length - 1 ? batteriesLeft : Math.round(((BATTERIES[t.id] ?? totalVehicles * 2) * n) / totalVehicles);
    batteriesLeft -= cityBatteries;
    const depot = map.stations.find((s) => s.type === StationType.depot)!;
    const cabinets = map.stations.filter((s) => s.type === StationType.swapCabinet);
    type Placed = { state: number; vehicle?: number; station?: number; slot?: number; depot?: number; soc: number };
    const placed: Placed[] = [];
    for (const [i, v] of vehicleRows.entries()) {
      if (v.opState === OpState.inStock || v.opState === OpState.retired) continue;
      placed.push({ state: BatteryState.installed, vehicle: i, soc: socOf.get(i)! });
    }
    for (const cabinet of cabinets) {
      const filled = rng.int(7, CABINET_SLOTS - 2);
      for (let slot = 1; slot <= filled; slot++) {
        const full = slot === 1 || (slot !== 2 && rng.chance(0.65));
        placed.push({
          state: full ? BatteryState.inCabinet : BatteryState.charging,
          station: cabinet.id,
          slot,
          soc: full ? rng.int(95, 100) : rng.int(20, 94),
        });
      }
    }
    const rest = cityBatteries - placed.length;
    if (rest < 4) throw new Error(`demo city ${city.code}: too few batteries for its vehicles and cabinets`);
    const transit = Math.max(1, Math.round(rest * 0.06));
    const faulty = Math.max(1, Math.round(rest * 0.05));
    const retired = Math.max(1, Math.round(rest * 0.03));
    for (let i = 0; i < transit; i++) placed.push({ state: BatteryState.inTransit, soc: rng.int(30, 100) });
    for (let i = 0; i < faulty; i++) placed.push({ state: BatteryState.faulty, soc: rng.int(0, 60) });
    for (let i = 0; i < retired; i++) placed.push({ state: BatteryState.retired, soc: 0 });
    while (placed.length < cityBatteries) placed.push({ state: BatteryState.inStock, depot: depot.id, soc: rng.int(60, 100) });

    const batteryRows = placed.map((p, i) => {
      const cycles = p.state === BatteryState.retired ? rng.int(700, 900) : p.state === BatteryState.inStock ? rng.int(0, 40) : rng.int(40, 420);
      const soh =
        p.state === BatteryState.faulty
          ? rng.int(45, 70)
          : p.state === BatteryState.retired
            ? rng.int(50, 62)
            : Math.min(100, 101 - Math.round(cycles / 25) - rng.int(0, 2));
      const inField = p.state === BatteryState.installed || p.state === BatteryState.inCabinet || p.state === BatteryState.charging;
      return {
        tenantId: t.id,
        cityCode: city.code,
        batterySn: `VC48-${city.code}-${String(i + 1).padStart(5, '0')}`,
        bmsSn: `BMS${city.code}${String(i + 1).padStart(6, '0')}`,
        modelId: battery.id,
        factoryLotId: lotOf(city.code, 2),
        state: p.state,
        health: p.state === BatteryState.faulty ? 2 : soh < 80 ? 1 : 0,
        soc: p.soc,
        soh,
        cycleCount: cycles,
        voltageMv: 13 * (3_200 + p.soc * 10),
        temperatureC: p.state === BatteryState.charging ? rng.int(32, 40) : rng.int(26, 34),
        readingAt: inField ? ago(now, rng.int(10, 600) * 1000) : ago(now, rng.int(1, 48) * HOUR),
        vehicleId: p.vehicle === undefined ? null : vehicleIds[p.vehicle]!,
        stationId: p.station ?? null,
        slotNo: p.slot ?? null,
        depotId: p.depot ?? null,
        swapCount: inField ? rng.int(0, Math.ceil(cycles / 3)) : 0,
        lastSwapAt: inField && cycles > 40 ? ago(now, rng.int(1, 240) * HOUR) : null,
        retiredAt: p.state === BatteryState.retired ? ago(now, rng.int(2, 20) * DAY) : null,
        createdAt: ago(now, 130 * DAY),
        updatedAt: now,
        createdBy: staffId,
      };
    });
    const batteryIds: number[] = [];
    await insertAll(batteryRows, async (chunk) => {
      const rows = await db.insert(batteries).values(chunk).returning({ id: batteries.id, sn: batteries.batterySn });
      const bySn = new Map(rows.map((r) => [r.sn, r.id]));
      batteryIds.push(...chunk.map((b) => bySn.get(b.batterySn)!));
    });

    // ---- the cabinets' bays: the packs in them, empty otherwise
    const inBay = new Map(
      placed.flatMap((p, i) =>
        p.station ? [[`${p.station}:${p.slot}`, { id: batteryIds[i]!, full: p.state === BatteryState.inCabinet }] as const] : [],
      ),
    );
    const slotRows = cabinets.flatMap((cabinet) =>
      Array.from({ length: CABINET_SLOTS }, (_, k) => {
        const pack = inBay.get(`${cabinet.id}:${k + 1}`);
        return {
          tenantId: t.id,
          cityCode: city.code,
          stationId: cabinet.id,
          slotNo: k + 1,
          state: pack ? (pack.full ? 2 : 1) : 0,
          batteryId: pack?.id ?? null,
          updatedFromDeviceAt: ago(now, rng.int(10, 300) * 1000),
        };
      }),
    );
    await insertAll(slotRows, (chunk) => db.insert(cabinetSlots).values(chunk));

    // ---- battery events: received from the lot, then the way to where the pack is
    const eventRows: Array<typeof batteryEvents.$inferInsert> = [];
    for (const [i, p] of placed.entries()) {
      const base = { tenantId: t.id, cityCode: city.code, batteryId: batteryIds[i]! };
      let at = ago(now, 125 * DAY);
      const step = (event: string, fromState: number | null, toState: number, extra: Partial<typeof batteryEvents.$inferInsert> = {}) => {
        eventRows.push({ ...base, event, fromState, toState, soc: p.soc, actorType: STAFF, actorId: staffId, createdAt: at, ...extra });
        at = new Date(at.getTime() + rng.int(1, 20) * DAY);
      };
      step('receive_lot', null, BatteryState.inStock, { stationId: depot.id });
      if (p.state === BatteryState.inStock) continue;
      if (p.state === BatteryState.faulty || p.state === BatteryState.retired) {
        step('fault_detected', BatteryState.inStock, BatteryState.faulty, { actorType: SYSTEM, actorId: null });
        if (p.state === BatteryState.retired) step('retire', BatteryState.faulty, BatteryState.retired);
        continue;
      }
      step('dispatch_out', BatteryState.inStock, BatteryState.inTransit);
      if (p.state === BatteryState.installed) step('install', BatteryState.inTransit, BatteryState.installed, { vehicleId: vehicleIds[p.vehicle!]! });
      if (p.state === BatteryState.inCabinet || p.state === BatteryState.charging) {
        step('put_in_cabinet', BatteryState.inTransit, BatteryState.charging, { stationId: p.station! });
        if (p.state === BatteryState.inCabinet)
          step('charge_full', BatteryState.charging, BatteryState.inCabinet, { stationId: p.station!, actorType: DEVICE, actorId: null });
      }
    }
    await insertAll(eventRows, (chunk) => db.insert(batteryEvents).values(chunk), 1000);
  }

  // ---- each vehicle names the pack in it (one pack per vehicle)
  await db.execute(
    sql`UPDATE vehicles v SET battery_id = b.id FROM batteries b WHERE b.vehicle_id = v.id AND b.tenant_id = ${t.id} AND v.tenant_id = ${t.id} AND b.state = ${BatteryState.installed}`,
  );
}
