import type { LatLng } from '../../../shared/map/mapTypes';

/** A square zone of `size` degrees with its top left corner at a point. */
export const square = (lat: number, lng: number, size = 0.01): LatLng[] => [
  { lat, lng },
  { lat, lng: lng + size },
  { lat: lat - size, lng: lng + size },
  { lat: lat - size, lng },
];

/** A zone row as /operations/zone/list answers it. */
export const zoneRow = (zoneId: number, name: string, type: string, status: string, points: LatLng[], cityCode = 3101) => ({
  zoneId,
  zoneCode: `JKT-${zoneId}`,
  name,
  cityCode,
  type,
  status,
  points,
  isPublic: true,
  version: 1,
});

/** A city row with its centre, as /system/city/list answers it. */
export const cityRow = (cityCode: number, cityInName: string, centerLat: number, centerLng: number) => ({
  cityId: cityCode,
  cityCode,
  cityInName,
  cityName: cityInName,
  countryName: 'Indonesia',
  timeZone: 7,
  status: 1,
  centerLat: String(centerLat),
  centerLng: String(centerLng),
  defaultZoom: 13,
});

export const CITIES = [cityRow(1, 'All cities', 0, 0), cityRow(3101, 'Jakarta', -6.2, 106.82), cityRow(3102, 'Bandung', -6.91, 107.61)];

/** The SVG paths Leaflet drew for areas. */
export const areaPaths = () => [...document.querySelectorAll<SVGPathElement>('path.leaflet-interactive')];
export const pathOf = (colour: string) => areaPaths().filter((p) => p.getAttribute('stroke') === colour);

/** The pixels a path's points span (its `d` is "M x y L x y …"); on a map not yet moved, as its container places them. */
export function pathBox(path: SVGPathElement) {
  const points = [...(path.getAttribute('d') ?? '').matchAll(/[ML]\s*(-?[\d.]+)\s+(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}

/** How wide a path is drawn, in pixels. */
export function pathWidth(path: SVGPathElement): number {
  const box = pathBox(path);
  return box.right - box.left;
}
