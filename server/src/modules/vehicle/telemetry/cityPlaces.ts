import { ZoneStatus, ZoneType } from '@kayuh/contract/resources/zone';
import { distanceM, pointInPolygon, type LatLng } from '@kayuh/contract/rules/geo';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { stations, zones } from '../../../db/schema.ts';

/** A vehicle is at a station within this distance of it (DOMAIN §6.1). */
export const AT_STATION_M = 30;
/** How long a city's zones and stations are kept before they are read again. */
const TTL_MS = 60_000;
/** Grid cells of about 110 m: a station within 30 m of a point is in its cell or a neighbour. */
const CELL_DEG = 0.001;

interface Zone {
  id: number;
  type: number;
  points: LatLng[];
  box: { minLat: number; minLng: number; maxLat: number; maxLng: number };
}
interface CityPlaceSet {
  zones: Zone[];
  stations: Map<string, Array<LatLng & { id: number }>>;
  until: number;
}

export interface Place {
  inServiceArea: boolean;
  /** The zone the point is in besides the service area (parking, no-parking, slow…), the smallest when several. */
  zoneId: number | null;
  /** The nearest station within AT_STATION_M. */
  stationId: number | null;
}

const cell = (lat: number, lng: number) => `${Math.floor(lat / CELL_DEG)}:${Math.floor(lng / CELL_DEG)}`;
const inBox = (p: LatLng, b: Zone['box']) => p.lat >= b.minLat && p.lat <= b.maxLat && p.lng >= b.minLng && p.lng <= b.maxLng;
const boxArea = (b: Zone['box']) => (b.maxLat - b.minLat) * (b.maxLng - b.minLng);

/** Where a reported position is, against the city's active zones and its stations, read once a minute per city. */
export class CityPlaces {
  private readonly cities = new Map<string, Promise<CityPlaceSet>>();

  constructor(private readonly db: Db) {}

  async placeOf(tenantId: number, cityCode: number, point: LatLng): Promise<Place> {
    const set = await this.load(tenantId, cityCode);
    let inServiceArea = false;
    let zone: Zone | undefined;
    for (const z of set.zones) {
      if (!inBox(point, z.box) || !pointInPolygon(point, z.points)) continue;
      if (z.type === ZoneType.serviceArea) inServiceArea = true;
      else if (!zone || boxArea(z.box) < boxArea(zone.box)) zone = z;
    }
    let station: { id: number; m: number } | undefined;
    const [row, col] = [Math.floor(point.lat / CELL_DEG), Math.floor(point.lng / CELL_DEG)];
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        for (const s of set.stations.get(`${row + dr}:${col + dc}`) ?? []) {
          const m = distanceM(point, s);
          if (m <= AT_STATION_M && (!station || m < station.m)) station = { id: s.id, m };
        }
      }
    }
    return { inServiceArea, zoneId: zone?.id ?? null, stationId: station?.id ?? null };
  }

  private load(tenantId: number, cityCode: number): Promise<CityPlaceSet> {
    const key = `${tenantId}:${cityCode}`;
    const cached = this.cities.get(key);
    if (cached) {
      // A set past its minute is read again in the background; the old one answers meanwhile.
      void cached.then((set) => {
        if (set.until < Date.now() && this.cities.get(key) === cached) this.cities.set(key, this.read(tenantId, cityCode, cached));
      });
      return cached;
    }
    const loading = this.read(tenantId, cityCode);
    this.cities.set(key, loading);
    return loading;
  }

  private async read(tenantId: number, cityCode: number, fallback?: Promise<CityPlaceSet>): Promise<CityPlaceSet> {
    try {
      const city = (t: typeof zones | typeof stations) => and(eq(t.tenantId, tenantId), eq(t.cityCode, cityCode), isNull(t.deletedAt));
      const [zoneRows, stationRows] = await Promise.all([
        this.db
          .select({
            id: zones.id,
            type: zones.type,
            points: zones.points,
            minLat: zones.bboxMinLat,
            minLng: zones.bboxMinLng,
            maxLat: zones.bboxMaxLat,
            maxLng: zones.bboxMaxLng,
          })
          .from(zones)
          .where(and(city(zones), eq(zones.status, ZoneStatus.active))),
        this.db.select({ id: stations.id, lat: stations.lat, lng: stations.lng }).from(stations).where(city(stations)),
      ]);
      const grid = new Map<string, Array<LatLng & { id: number }>>();
      for (const s of stationRows) {
        const at = { id: s.id, lat: Number(s.lat), lng: Number(s.lng) };
        const key = cell(at.lat, at.lng);
        grid.set(key, [...(grid.get(key) ?? []), at]);
      }
      return {
        zones: zoneRows.map((z) => ({
          id: z.id,
          type: z.type,
          points: (z.points as Array<{ lat: number | string; lng: number | string }>).map((p) => ({ lat: Number(p.lat), lng: Number(p.lng) })),
          box: { minLat: Number(z.minLat), minLng: Number(z.minLng), maxLat: Number(z.maxLat), maxLng: Number(z.maxLng) },
        })),
        stations: grid,
        until: Date.now() + TTL_MS,
      };
    } catch (err) {
      // A database that is away keeps the last set in use; the next frame asks again.
      if (fallback) return { ...(await fallback), until: 0 };
      this.cities.delete(`${tenantId}:${cityCode}`);
      throw err;
    }
  }
}
