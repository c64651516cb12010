import turfArea from '@turf/area';
import { featureCollection, polygon } from '@turf/helpers';
import turfIntersect from '@turf/intersect';
import turfKinks from '@turf/kinks';
import type { Feature, Polygon } from 'geojson';

export interface LatLng {
  lat: number;
  lng: number;
}

/** Below this a shape has no area worth a rule (a sliver from rounding, a line drawn as a polygon). */
const MIN_AREA_M2 = 1;

/**
 * A zone's points as stored (DOMAIN §8.1): open (a closing point equal to the first is dropped) and without a point
 * repeated in a row, which is a slip of the hand, not a corner.
 */
export function openRing(points: LatLng[]): LatLng[] {
  const out = points.filter((p, i) => i === 0 || p.lat !== points[i - 1]!.lat || p.lng !== points[i - 1]!.lng);
  while (out.length > 1 && out[0]!.lat === out.at(-1)!.lat && out[0]!.lng === out.at(-1)!.lng) out.pop();
  return out;
}

/** GeoJSON wants [lng, lat] and a closed ring. */
export function asPolygon(points: LatLng[]): Feature<Polygon> {
  const ring = points.map((p) => [p.lng, p.lat]);
  return polygon([[...ring, ring[0]!]]);
}

/** Where the outline crosses itself, if it does: the first crossing. */
export function selfIntersection(points: LatLng[]): LatLng | undefined {
  const [first] = turfKinks(asPolygon(points)).features;
  if (!first) return undefined;
  const [lng, lat] = first.geometry.coordinates as [number, number];
  return { lat, lng };
}

/**
 * The ground an outline encloses, in m², on a local flat projection (fine at city scale): points in a straight line
 * of latitude and longitude enclose none, which a spherical area would not quite say.
 */
export function areaM2(points: LatLng[]): number {
  const cos = Math.cos((points[0]!.lat * Math.PI) / 180);
  const xy = points.map((p) => [p.lng * 111_320 * cos, p.lat * 110_540] as const);
  let twice = 0;
  for (let i = 0; i < xy.length; i++) {
    const [x1, y1] = xy[i]!;
    const [x2, y2] = xy[(i + 1) % xy.length]!;
    twice += x1 * y2 - x2 * y1;
  }
  return Math.abs(twice) / 2;
}

/** Whether two zones share ground (more than a touching edge). */
export function overlaps(a: LatLng[], b: LatLng[]): boolean {
  const shared = turfIntersect(featureCollection([asPolygon(a), asPolygon(b)]));
  return shared !== null && turfArea(shared) >= MIN_AREA_M2;
}

export function boundingBox(points: LatLng[]) {
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  return { bboxMinLat: Math.min(...lats), bboxMinLng: Math.min(...lngs), bboxMaxLat: Math.max(...lats), bboxMaxLng: Math.max(...lngs) };
}

export const hasArea = (points: LatLng[]) => points.length >= 3 && areaM2(points) >= MIN_AREA_M2;
