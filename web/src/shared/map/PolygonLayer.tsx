import { Polygon, Tooltip } from 'react-leaflet';
import { BRAND_COLOR } from '../brand';
import type { MapPolygon } from './mapTypes';

/** Read-only areas; a label follows the pointer over its area; a draft is dashed, a faded one pale. */
export function PolygonLayer({ polygons }: { polygons: readonly MapPolygon[] }) {
  return polygons
    .filter((area) => area.points.length > 0)
    .map((area) => (
      <Polygon
        key={area.id}
        positions={area.points.map((p) => [p.lat, p.lng])}
        pathOptions={{
          color: area.color ?? BRAND_COLOR,
          weight: 2,
          dashArray: area.dashed ? '6 6' : undefined,
          opacity: area.faded ? 0.45 : 1,
          fillOpacity: area.faded ? 0.06 : 0.2,
        }}
        eventHandlers={area.onClick ? { click: area.onClick } : undefined}
      >
        {area.label && <Tooltip sticky>{area.label}</Tooltip>}
      </Polygon>
    ));
}
