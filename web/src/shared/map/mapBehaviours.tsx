import { latLngBounds, DomEvent, type LatLngBounds } from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap, useMapEvents } from 'react-leaflet';
import { roundPoint, type LatLng } from './mapTypes';

/** How a map fits what it shows: a margin around it, and never closer than a few streets for a single place. */
export const FIT_OPTIONS = { padding: [24, 24] as [number, number], maxZoom: 15 };

export const boundsOf = (points: readonly LatLng[]): LatLngBounds | undefined =>
  points.length ? latLngBounds(points.map((p) => [p.lat, p.lng])) : undefined;

/** A map that opened with nothing to show fits its content once, when the content arrives (a list read after mount). */
export function FitOnArrival({ points, fitted }: { points: readonly LatLng[]; fitted: boolean }) {
  const map = useMap();
  const done = useRef(fitted);
  useEffect(() => {
    const bounds = boundsOf(points);
    if (done.current || !bounds) return;
    done.current = true;
    map.fitBounds(bounds, FIT_OPTIONS);
  }, [map, points]);
  return null;
}

/**
 * Leaflet focuses the map on a press (for its arrow keys) and puts back only the window's scroll. The console scrolls
 * its content, not the window: that focus would bring a map partly out of view into view, moving it under the pointer
 * between press and release, so the click (on a place, or a point drawn) would be lost. The map's focus never scrolls.
 */
export function FocusWithoutScroll() {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.focus = (options?: FocusOptions) => HTMLElement.prototype.focus.call(container, { ...options, preventScroll: true });
    return () => {
      delete (container as { focus?: unknown }).focus;
    };
  }, [map]);
  return null;
}

/** A centre typed elsewhere (a form's numbers) is brought into view; one already on screen leaves the view alone. */
export function FollowCenter({ center }: { center: LatLng | undefined }) {
  const map = useMap();
  const lat = center?.lat;
  const lng = center?.lng;
  useEffect(() => {
    if (lat === undefined || lng === undefined || !Number.isFinite(lat) || !Number.isFinite(lng)) return;
    if (!map.getBounds().contains([lat, lng])) map.panTo([lat, lng]);
  }, [map, lat, lng]);
  return null;
}

/** Pick mode: a click picks the point under it; Enter on the focused map picks its centre (no mouse needed). */
export function PickOnClick({ onPick }: { onPick: (point: LatLng) => void }) {
  const map = useMap();
  useMapEvents({ click: (e) => onPick(roundPoint(e.latlng)) });
  useEffect(() => {
    const container = map.getContainer();
    const onKey = (e: KeyboardEvent) => {
      if (e.target !== container || e.key !== 'Enter') return;
      DomEvent.preventDefault(e);
      onPick(roundPoint(map.getCenter()));
    };
    container.addEventListener('keydown', onKey);
    return () => container.removeEventListener('keydown', onKey);
  }, [map, onPick]);
  return null;
}
