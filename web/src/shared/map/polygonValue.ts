import type { LatLng } from './mapTypes';

const isPoint = (p: unknown): p is LatLng =>
  typeof p === 'object' && p !== null && Number.isFinite((p as LatLng).lat) && Number.isFinite((p as LatLng).lng);

/**
 * A polygon field's value as points: the form holds `{lat, lng}[]` (what the contract's schema takes); a row read
 * from an older server, or typed JSON, may still hold it as text. Anything unreadable is no points.
 */
export function polygonPoints(value: unknown): LatLng[] {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return Array.isArray(parsed) ? parsed.filter(isPoint).map((p) => ({ lat: Number(p.lat), lng: Number(p.lng) })) : [];
}
