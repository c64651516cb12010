/**
 * DOMAIN §9.1's map of each demo city: its service area and the other zones it lists, and §9.4's stations (swap
 * cabinets with their bays, parking stations, one depot). The zones are checked at seed time by the rules the
 * console enforces on save (§8.1), so the demo never holds a map the server would refuse.
 */
import { pointInPolygon } from '@kayuh/contract/rules/geo';
import { imeiOf } from '@kayuh/contract/rules/imei';
import { StationType } from '@kayuh/contract/resources/fleet';
import { ZoneStatus, ZoneType } from '@kayuh/contract/resources/zone';
import { boundingBox, hasArea, overlaps, selfIntersection, type LatLng } from '../../modules/operations/zoneGeometry.ts';
import type { Db } from '../client.ts';
import { stations, zones } from '../schema.ts';
import type { DemoCity, DemoTenant } from './demoOrg.ts';

/** A small deterministic PRNG (mulberry32): the same seed gives the same demo. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** An integer in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Rng = ReturnType<typeof prng>;

/** Short city codes for business numbers (vehicle_no KB-JKT-000001, station JKT-CAB-01). */
export const CITY_ABBR: Record<number, string> = { 2001: 'JKT', 2002: 'BDG', 2003: 'SBY', 3001: 'DPS', 3002: 'JKT' };

const M_PER_DEG_LAT = 110_540;
const mPerDegLng = (lat: number) => 111_320 * Math.cos((lat * Math.PI) / 180);
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** A point `east` and `north` metres away. */
export function offset(p: LatLng, north: number, east: number): LatLng {
  return { lat: round6(p.lat + north / M_PER_DEG_LAT), lng: round6(p.lng + east / mPerDegLng(p.lat)) };
}

/** A square of `side` metres around a point, corners clockwise from the north-west. */
function square(c: LatLng, side = 150): LatLng[] {
  const h = side / 2;
  return [offset(c, h, -h), offset(c, h, h), offset(c, -h, h), offset(c, -h, -h)];
}

const rect = (north: number, west: number, south: number, east: number): LatLng[] => [
  { lat: north, lng: west },
  { lat: north, lng: east },
  { lat: south, lng: east },
  { lat: south, lng: west },
];

interface ZoneSpec {
  name: string;
  type: number;
  points: LatLng[];
  speedLimitKph?: number;
  parkingCapacity?: number;
}

/** §9.1: the service area (4 points) of each city. */
const SERVICE_AREAS: Record<number, LatLng[]> = {
  2001: rect(-6.13, 106.79, -6.23, 106.87),
  2002: rect(-6.87, 107.58, -6.95, 107.66),
  2003: rect(-7.22, 112.7, -7.32, 112.78),
  3001: rect(-8.62, 115.16, -8.73, 115.27),
  3002: rect(-6.2, 106.775, -6.27, 106.845),
};

const parking = (name: string, lat: number, lng: number): ZoneSpec => ({
  name,
  type: ZoneType.parking,
  points: square({ lat, lng }),
  parkingCapacity: 30,
});
const slow = (name: string, points: LatLng[]): ZoneSpec => ({ name, type: ZoneType.slow, points, speedLimitKph: 10 });
const noParking = (name: string, points: LatLng[]): ZoneSpec => ({ name, type: ZoneType.noParking, points });

/** §9.1 "Other zones": ~150 m squares around the points unless stated. */
const OTHER_ZONES: Record<number, ZoneSpec[]> = {
  2001: [
    parking('Stasiun Gambir', -6.1767, 106.8306),
    parking('Bundaran HI', -6.195, 106.823),
    parking('Sarinah', -6.1875, 106.8236),
    noParking('Taman dalam Monas', square({ lat: -6.175392, lng: 106.827153 }, 400)),
    slow('Kota Tua / Fatahillah', square({ lat: -6.1352, lng: 106.8133 })),
  ],
  2002: [
    parking('Alun-alun Bandung', -6.9218, 107.6071),
    parking('ITB Ganesha', -6.8915, 107.6107),
    slow('Jalan Braga', square({ lat: -6.9172, lng: 107.6094 })),
  ],
  2003: [
    parking('Stasiun Gubeng', -7.2652, 112.752),
    parking('Tugu Pahlawan', -7.245791, 112.737797),
    slow('Jalan Tunjungan', square({ lat: -7.2619, lng: 112.7397 })),
  ],
  3001: [
    parking('Renon / Bajra Sandhi', -8.6722, 115.2337),
    parking('Pantai Sindhu Sanur', -8.6838, 115.263),
    // The beachwalk runs north–south along Sanur's shore: a strip about 2.8 km long and 300 m wide.
    slow('Jalur pantai Sanur', rect(-8.67, 115.2615, -8.695, 115.2645)),
    noParking('Lapangan Puputan Badung', square({ lat: -8.65681, lng: 115.2168 })),
  ],
  3002: [parking('GBK Senayan', -6.2183, 106.802), parking('Blok M', -6.2443, 106.7996), parking('SCBD', -6.2253, 106.8085)],
};

/** Zone codes: JKT-SA, JKT-PK-01, JKT-NP-01, JKT-SL-01 (the console's own examples, JKT-P-01, stay free). */
const ZONE_LETTER: Record<number, string> = {
  [ZoneType.parking]: 'PK',
  [ZoneType.noParking]: 'NP',
  [ZoneType.slow]: 'SL',
};

/** The rules of §8.1 the zone binding enforces on save, asserted on the demo map: a refusal here is a seed bug. */
function assertValidMap(cityCode: number, specs: ZoneSpec[]) {
  const area = specs.find((z) => z.type === ZoneType.serviceArea)!;
  if (specs.filter((z) => z.type === ZoneType.serviceArea).length !== 1) throw new Error(`demo city ${cityCode}: one service area`);
  for (const z of specs) {
    if (selfIntersection(z.points) || !hasArea(z.points)) throw new Error(`demo zone ${z.name}: not a simple outline`);
    if (z !== area && !z.points.every((p) => pointInPolygon(p, area.points))) throw new Error(`demo zone ${z.name}: outside the service area`);
  }
  for (const [i, a] of specs.entries()) {
    for (const b of specs.slice(i + 1)) {
      if (a.type === b.type && a.type !== ZoneType.slow && overlaps(a.points, b.points))
        throw new Error(`demo zones ${a.name} and ${b.name} overlap`);
    }
  }
}

export interface CityMap {
  city: DemoCity;
  serviceArea: LatLng[];
  noParking: LatLng[][];
  /** The city's stations with their places; parking stations tied to a zone carry it. */
  stations: Array<{ id: number; type: number; lat: number; lng: number; zoneId: number | null; slotCount: number | null }>;
}

/** Stations per city (§9.4): swap cabinets (12 bays), parking stations, depots. */
const STATION_COUNTS: Record<number, { cabinets: number; parking: number; depots: number }> = {
  2001: { cabinets: 6, parking: 20, depots: 1 },
  2002: { cabinets: 3, parking: 10, depots: 1 },
  2003: { cabinets: 3, parking: 10, depots: 1 },
  3001: { cabinets: 4, parking: 12, depots: 1 },
  3002: { cabinets: 2, parking: 6, depots: 1 },
};
export const CABINET_SLOTS = 12;
/** A swap without a plan at a demo cabinet (DOMAIN §9.3: pay per swap 12,000). */
export const DEMO_SWAP_FEE = 12_000;

/** A place in the service area, clear of its edge by ~300 m and out of its no-parking zones. */
export function placeIn(rng: Rng, area: LatLng[], avoid: LatLng[][] = []): LatLng {
  const { bboxMinLat, bboxMinLng, bboxMaxLat, bboxMaxLng } = boundingBox(area);
  const mLat = 300 / M_PER_DEG_LAT;
  const mLng = 300 / mPerDegLng(bboxMinLat);
  for (;;) {
    const p = {
      lat: round6(bboxMinLat + mLat + rng.next() * (bboxMaxLat - bboxMinLat - 2 * mLat)),
      lng: round6(bboxMinLng + mLng + rng.next() * (bboxMaxLng - bboxMinLng - 2 * mLng)),
    };
    if (pointInPolygon(p, area) && !avoid.some((z) => pointInPolygon(p, z))) return p;
  }
}

/** The zones and stations of one demo tenant's cities, written in a few multi-row inserts. */
export async function seedCityMaps(db: Db, t: DemoTenant, rng: Rng, now: Date): Promise<CityMap[]> {
  const maps: CityMap[] = [];
  for (const city of t.cities) {
    const abbr = CITY_ABBR[city.code]!;
    const specs: ZoneSpec[] = [
      { name: `Area layanan ${city.name}`, type: ZoneType.serviceArea, points: SERVICE_AREAS[city.code]! },
      ...OTHER_ZONES[city.code]!,
    ];
    assertValidMap(city.code, specs);
    const perType = new Map<number, number>();
    const zoneRows = await db
      .insert(zones)
      .values(
        specs.map((z) => {
          const n = (perType.get(z.type) ?? 0) + 1;
          perType.set(z.type, n);
          const code = z.type === ZoneType.serviceArea ? `${abbr}-SA` : `${abbr}-${ZONE_LETTER[z.type]}-${String(n).padStart(2, '0')}`;
          const box = boundingBox(z.points);
          return {
            tenantId: t.id,
            cityCode: city.code,
            zoneCode: code,
            name: z.name,
            type: z.type,
            points: z.points,
            bboxMinLat: String(box.bboxMinLat),
            bboxMinLng: String(box.bboxMinLng),
            bboxMaxLat: String(box.bboxMaxLat),
            bboxMaxLng: String(box.bboxMaxLng),
            speedLimitKph: z.speedLimitKph ?? null,
            parkingCapacity: z.parkingCapacity ?? null,
            currency: 'IDR',
            status: ZoneStatus.active,
          };
        }),
      )
      .returning({ id: zones.id, type: zones.type, name: zones.name });
    const serviceArea = SERVICE_AREAS[city.code]!;
    const noParkingZones = specs.filter((z) => z.type === ZoneType.noParking).map((z) => z.points);
    const parkingZones = specs
      .map((z, i) => ({ ...z, id: zoneRows[i]!.id }))
      .filter((z) => z.type === ZoneType.parking)
      .map((z) => ({
        id: z.id,
        name: z.name,
        centre: { lat: round6((z.points[0]!.lat + z.points[2]!.lat) / 2), lng: round6((z.points[0]!.lng + z.points[2]!.lng) / 2) },
      }));

    const counts = STATION_COUNTS[city.code]!;
    const common = { tenantId: t.id, cityCode: city.code, status: 1, lastReportedAt: now };
    const at = (p: LatLng) => ({ lat: String(p.lat), lng: String(p.lng) });
    const two = (n: number) => String(n).padStart(2, '0');
    const rows: Array<typeof stations.$inferInsert> = [];
    for (let i = 1; i <= counts.cabinets; i++) {
      rows.push({
        ...common,
        ...at(placeIn(rng, serviceArea, noParkingZones)),
        stationCode: `${abbr}-CAB-${two(i)}`,
        name: `Kabinet Tukar ${city.name} ${two(i)}`,
        type: StationType.swapCabinet,
        capacity: CABINET_SLOTS,
        slotCount: CABINET_SLOTS,
        // The cabinet's modem IMEI (its user name on the device link): a cabinet type code, the city and the number.
        deviceSn: imeiOf(`86473299${city.code}${two(i)}`),
        swapFee: DEMO_SWAP_FEE,
        // One cabinet per city is quiet, so the console has an offline one to show.
        online: i !== counts.cabinets,
      });
    }
    for (let i = 1; i <= counts.parking; i++) {
      const zone = parkingZones[i - 1];
      rows.push({
        ...common,
        ...at(zone ? zone.centre : placeIn(rng, serviceArea, noParkingZones)),
        stationCode: `${abbr}-PRK-${two(i)}`,
        name: zone ? zone.name : `Titik Parkir ${city.name} ${two(i)}`,
        type: StationType.parking,
        zoneId: zone?.id ?? null,
        capacity: zone ? 30 : rng.int(8, 20),
        lastReportedAt: null,
      });
    }
    for (let i = 1; i <= counts.depots; i++) {
      rows.push({
        ...common,
        ...at(placeIn(rng, serviceArea, noParkingZones)),
        stationCode: `${abbr}-DEP-${two(i)}`,
        name: `Gudang ${city.name}`,
        type: StationType.depot,
        capacity: 600,
        isPublic: false,
        openingHours: 'Mo-Sa 07:00-19:00',
        lastReportedAt: null,
      });
    }
    const stationRows = await db.insert(stations).values(rows).returning({
      id: stations.id,
      type: stations.type,
      lat: stations.lat,
      lng: stations.lng,
      zoneId: stations.zoneId,
      slotCount: stations.slotCount,
    });
    maps.push({
      city,
      serviceArea,
      noParking: noParkingZones,
      stations: stationRows.map((s) => ({ ...s, lat: Number(s.lat), lng: Number(s.lng) })),
    });
  }
  return maps;
}
