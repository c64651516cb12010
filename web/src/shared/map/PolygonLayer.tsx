import { Polygon, Tooltip } from 'react-leaflet';
import { BRAND_COLOR } from '../brand';
import type { MapPolygon } from './mapTypes';

/** Read-only areas; a label follows the pointer over its area. */
export function PolygonLayer({ polygons }: { polygons: readonly MapPolygon[] }) {
  return polygons
    .filter((area) => area.points.length > 0)
    .map((area) => (
      <Polygon key={area.id} positions={area.points.map((p) => [p.lat, p.lng])} pathOptions={{ color: area.color ?? BRAND_COLOR, weight: 2 }}>
        {area.label && <Tooltip sticky>{area.label}</Tooltip>}
      </Polygon>
    ));
}
