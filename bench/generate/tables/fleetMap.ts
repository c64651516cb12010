// Each city's map (DOMAIN §8.1): a service area around its real centre sized to the city, a no-parking square on the
// landmark at the centre and a slow street beside it, and the stations (§9.5: 2,000 swap cabinets by population,
// one and a half parking stations per cabinet, each in its own parking zone, and a depot). Stations sit on a 500 m
// grid out of the centre, so no two parking zones overlap: the rules the zone editor enforces hold here too.
import { StationType } from '@kayuh/contract/resources/fleet';
import { ZoneStatus, ZoneType, zoneResource } from '@kayuh/contract/resources/zone';
import { stationResource } from '@kayuh/contract/resources/fleet';
import { offset } from '../../../server/src/db/seed/demoFleetMap.ts';
import { stations, zones } from '../../../server/src/db/schema.ts';
import { boundingBox, type LatLng } from '../../../server/src/modules/operations/zoneGeometry.ts';
import { DAY_MS, stamped, type BenchCity, type CityMap, type Context, type PlannedStation } from '../context.ts';
import type { Rng } from '../rng.ts';
import { defineTable } from '../spec.ts';
import { hostOfCabinet } from './merchantPlan.ts';
import { userIdOf } from './staff.ts';

export const CABINET_SLOTS = 12;
const CELL_M = 500;
/** No station within this of the centre: the landmark's no-parking square and the slow street are there. */
const CLEAR_OF_CENTRE_M = 1_200;

const square = (c: LatLng, side: number): LatLng[] => {
  const h = side / 2;
  return [offset(c, h, -h), offset(c, h, h), offset(c, -h, h), offset(c, -h, -h)];
};
/** Half the side of the city's service area: a small city about 6 km across, Jakarta about 31 km. */
const halfSideM = (c: BenchCity) => 2_500 + 1_250 * c.weight;
const parkingCount = (c: BenchCity) => Math.max(1, Math.round(c.cabinets * 1.5));
const four = (n: number) => String(n).padStart(4, '0');
const pad = (n: number, to = 2) => String(n).padStart(to, '0');
const madeAt = (ctx: Context, rng: Rng) => new Date(ctx.asOf.getTime() - rng.int(150, 170) * DAY_MS + rng.int(0, 9 * 3600) * 1000);

/** `n` distinct grid cells of the area, clear of its edge and its centre, in random order. */
function cells(rng: Rng, c: BenchCity, n: number): LatLng[] {
  const half = halfSideM(c);
  const all: LatLng[] = [];
  for (let north = -half + CELL_M; north <= half - CELL_M; north += CELL_M) {
    for (let east = -half + CELL_M; east <= half - CELL_M; east += CELL_M) {
      if (Math.hypot(north, east) >= CLEAR_OF_CENTRE_M) all.push(offset(c, north, east));
    }
  }
  if (all.length < n) throw new Error(`${c.name}: ${n} stations do not fit its ${all.length} grid cells`);
  for (let i = 0; i < n; i++) {
    const j = rng.int(i, all.length - 1);
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all.slice(0, n);
}

const counter = () => {
  let id = 0;
  return () => ++id;
};

export const fleetMapTables = [
  defineTable({
    table: zones,
    // Plans the whole map: the stations table writes the stations placed here, with the ids given here.
    *rows(rng, ctx) {
      const nextZone = counter();
      const nextStation = counter();
      for (const c of ctx.cities) {
        const half = halfSideM(c);
        const serviceArea = [offset(c, half, -half), offset(c, half, half), offset(c, -half, half), offset(c, -half, -half)];
        const noParking = square(c, 400);
        const map: CityMap = { serviceArea, noParking, stations: [] };
        const zone = (type: number, zoneCode: string, name: string, points: LatLng[], extra: Partial<typeof zones.$inferInsert> = {}) => {
          const box = boundingBox(points);
          return {
            id: nextZone(),
            tenantId: c.tenantId,
            cityCode: c.cityCode,
            zoneCode,
            name,
            type,
            points,
            bboxMinLat: String(box.bboxMinLat),
            bboxMinLng: String(box.bboxMinLng),
            bboxMaxLat: String(box.bboxMaxLat),
            bboxMaxLng: String(box.bboxMaxLng),
            currency: 'IDR',
            status: ZoneStatus.active,
            createdBy: userIdOf(c.tenantId),
            ...stamped(madeAt(ctx, rng)),
            ...extra,
          };
        };
        yield zone(ZoneType.serviceArea, `${c.abbr}-SA`, `Area layanan ${c.name}`, serviceArea);
        yield zone(ZoneType.noParking, `${c.abbr}-NP-01`, `Alun-alun ${c.name}`, noParking);
        yield zone(ZoneType.slow, `${c.abbr}-SL-01`, `Jalan utama ${c.name}`, square(offset(c, 800, 0), 300), { speedLimitKph: 10 });

        const parking = parkingCount(c);
        const places = cells(rng, c, c.cabinets + parking + 1);
        // Up to 100 m from the cell's middle, so the map does not look ruled.
        const jitter = (p: LatLng) => offset(p, rng.int(-100, 100), rng.int(-100, 100));
        const station = (type: number, at: LatLng, zoneId: number | null = null): PlannedStation => {
          const s = { id: nextStation(), type, ...at, zoneId };
          map.stations.push(s);
          return s;
        };
        for (let i = 0; i < c.cabinets; i++) station(StationType.swapCabinet, jitter(places[i]!));
        for (let i = 1; i <= parking; i++) {
          const at = jitter(places[c.cabinets + i - 1]!);
          const z = zone(ZoneType.parking, `${c.abbr}-PK-${four(i)}`, `Parkir ${c.name} ${four(i)}`, square(at, 100), { parkingCapacity: 30 });
          station(StationType.parking, at, z.id);
          yield z;
        }
        station(StationType.depot, places.at(-1)!);
        ctx.maps.set(c.cityCode, map);
      }
    },
    rules: [
      {
        name: 'city without exactly one active service area',
        sql: `SELECT count(*) FROM cities c WHERE c.tenant_id >= 1001 AND (SELECT count(*) FROM zones z
                WHERE z.city_code = c.city_code AND z.type = ${ZoneType.serviceArea} AND z.status = ${ZoneStatus.active} AND z.deleted_at IS NULL) <> 1`,
      },
      {
        name: 'zones of one type (slow excepted) whose boxes overlap',
        sql: `SELECT count(*) FROM zones a JOIN zones b ON a.city_code = b.city_code AND a.type = b.type AND a.id < b.id
                WHERE a.tenant_id >= 1001 AND a.type <> ${ZoneType.slow}
                  AND a.bbox_min_lat < b.bbox_max_lat AND b.bbox_min_lat < a.bbox_max_lat
                  AND a.bbox_min_lng < b.bbox_max_lng AND b.bbox_min_lng < a.bbox_max_lng`,
      },
      {
        name: 'zone outside its service area',
        sql: `SELECT count(*) FROM zones z JOIN zones sa ON sa.city_code = z.city_code AND sa.type = ${ZoneType.serviceArea}
                WHERE z.tenant_id >= 1001 AND (z.bbox_min_lat < sa.bbox_min_lat OR z.bbox_max_lat > sa.bbox_max_lat
                  OR z.bbox_min_lng < sa.bbox_min_lng OR z.bbox_max_lng > sa.bbox_max_lng)`,
      },
    ],
    resource: zoneResource,
  }),
  defineTable({
    table: stations,
    *rows(rng, ctx) {
      for (const c of ctx.cities) {
        const seen = new Map<number, number>();
        for (const s of ctx.maps.get(c.cityCode)!.stations) {
          const n = (seen.get(s.type) ?? 0) + 1;
          seen.set(s.type, n);
          const at = { lat: String(s.lat), lng: String(s.lng), address: `Jl. ${c.name} Raya No. ${rng.int(1, 250)}` };
          const common = {
            id: s.id,
            tenantId: c.tenantId,
            cityCode: c.cityCode,
            status: 1,
            createdBy: userIdOf(c.tenantId),
            ...stamped(madeAt(ctx, rng)),
          };
          if (s.type === StationType.swapCabinet) {
            // One cabinet in fifty is quiet, so the console has offline ones to show.
            const online = !rng.chance(0.02);
            const lastSeenS = online ? rng.int(5, 120) : rng.int(2, 48) * 3600;
            yield {
              ...common,
              ...at,
              stationCode: `${c.abbr}-CAB-${four(n)}`,
              name: `Kabinet Tukar ${c.name} ${four(n)}`,
              type: s.type,
              capacity: CABINET_SLOTS,
              slotCount: CABINET_SLOTS,
              deviceSn: `SP12-${c.cityCode}-${four(n)}`,
              merchantId: hostOfCabinet(ctx, c, n),
              online,
              lastReportedAt: new Date(ctx.asOf.getTime() - lastSeenS * 1000),
            };
          } else if (s.type === StationType.parking) {
            yield {
              ...common,
              ...at,
              stationCode: `${c.abbr}-PRK-${four(n)}`,
              name: `Parkir ${c.name} ${four(n)}`,
              type: s.type,
              zoneId: s.zoneId,
              capacity: 30,
            };
          } else {
            yield {
              ...common,
              ...at,
              stationCode: `${c.abbr}-DEP-${pad(n)}`,
              name: `Gudang ${c.name}`,
              type: s.type,
              capacity: Math.max(600, Math.ceil(c.batteries / 100) * 10),
              isPublic: false,
              openingHours: 'Mo-Sa 07:00-19:00',
            };
          }
        }
      }
    },
    references: [[stations.zoneId, zones.id]],
    rules: [
      {
        name: 'parking station outside its zone',
        sql: `SELECT count(*) FROM stations s JOIN zones z ON z.id = s.zone_id WHERE s.tenant_id >= 1001
                AND NOT (s.lat BETWEEN z.bbox_min_lat AND z.bbox_max_lat AND s.lng BETWEEN z.bbox_min_lng AND z.bbox_max_lng)`,
      },
      {
        name: 'station outside its service area',
        sql: `SELECT count(*) FROM stations s JOIN zones sa ON sa.city_code = s.city_code AND sa.type = ${ZoneType.serviceArea}
                WHERE s.tenant_id >= 1001 AND NOT (s.lat BETWEEN sa.bbox_min_lat AND sa.bbox_max_lat AND s.lng BETWEEN sa.bbox_min_lng AND sa.bbox_max_lng)`,
      },
    ],
    resource: stationResource,
  }),
];
