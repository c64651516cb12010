import { EARTH_RADIUS_KM } from '../constants.ts';

/** Map geometry of spec §3/§5/§9: operating areas (polygons) and distances. */

export type LatLng = { lat: number; lng: number };

/** Ray casting on lat/lng as a plane: areas are city-sized, so the curvature error does not matter. */
export function pointInPolygon(point: LatLng, polygon: ReadonlyArray<LatLng>): boolean {
  if (polygon.length < 3) return false;
  const { lat: y, lng: x } = point;
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i];
    const b = polygon[j];
    const crosses = a.lat > y !== b.lat > y && x < ((b.lng - a.lng) * (y - a.lat)) / (b.lat - a.lat) + a.lng;
    if (crosses) inside = !inside;
  }
  return inside;
}

const rad = (deg: number): number => (deg * Math.PI) / 180;

/** Great-circle distance (haversine) in metres, unrounded. */
export function distanceM(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  // min() guards asin against rounding just above 1 for antipodal points.
  return 2 * EARTH_RADIUS_KM * 1000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Great-circle distance, rounded to 0.1 km as the spec displays it. */
export function distanceKm(a: LatLng, b: LatLng): number {
  return Math.round(distanceM(a, b) / 100) / 10;
}
