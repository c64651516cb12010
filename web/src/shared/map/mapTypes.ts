import type { ReactNode } from 'react';
import type { LatLng } from '@kayuh/contract/rules/geo';

export type { LatLng };

/** One place on a map: drawn as a dot (or gathered into a cluster with its neighbours). */
export interface MapMarker {
  id: string | number;
  lat: number;
  lng: number;
  /** Names the place for screen readers and on hover. */
  label: string;
  /** What opens when the place is clicked (or Enter is pressed on it); the label when not given. */
  popup?: ReactNode;
  /** A CSS colour (#rrggbb or a name); the console's blue when not given. */
  color?: string;
}

/** A read-only area (a service area, a parking zone). */
export interface MapPolygon {
  id: string | number;
  points: readonly LatLng[];
  color?: string;
  label?: string;
  /** Drawn with a dashed outline (a draft). */
  dashed?: boolean;
  /** Drawn pale (a disabled area, or others shown only for context). */
  faded?: boolean;
  /** A click on the area (or Enter on it). */
  onClick?: () => void;
}

/** A path drawn as a line (a vehicle's track), in order. */
export interface MapLine {
  id: string | number;
  points: readonly LatLng[];
  color?: string;
  /** Names the path on hover. */
  label?: string;
}

/** The one area the user draws and reshapes; every change reports all its points. */
export interface EditablePolygon {
  points: readonly LatLng[];
  onChange: (points: LatLng[]) => void;
  color?: string;
}

export interface MapViewProps {
  /** The view to open at; without it the map fits its markers and polygons (or `fit`). */
  center?: LatLng;
  zoom?: number;
  /** Points the first view holds (a city's stations); defaults to the markers and polygons when no center is given. */
  fit?: readonly LatLng[];
  markers?: readonly MapMarker[];
  /** Gather close markers into clusters (on by default); a handful of far-apart places (cities) may each show. */
  cluster?: boolean;
  polygons?: readonly MapPolygon[];
  lines?: readonly MapLine[];
  editable?: EditablePolygon;
  /** A click on the map (or Enter on the focused map, for its centre) picks that point. */
  onPick?: (point: LatLng) => void;
  /** CSS height of the map; 360 px when not given. */
  height?: number | string;
  /** Names the map for screen readers ("Map" when not given). */
  label?: string;
}

/** The whole of Indonesia: where a map without anything to show opens. */
export const DEFAULT_VIEW = { center: { lat: -2.5, lng: 118 }, zoom: 4 } as const;
/** The closest zoom of a map; street level, where a parked bike can be told from its neighbours. */
export const MAX_ZOOM = 19;

/** Coordinates as stored (DECIMAL(9,6), about 10 cm) and on the world the map shows, not on a copy of it. */
export function roundPoint(point: LatLng): LatLng {
  const lng = ((((point.lng + 180) % 360) + 360) % 360) - 180;
  return { lat: Math.round(point.lat * 1e6) / 1e6, lng: Math.round(lng * 1e6) / 1e6 };
}
