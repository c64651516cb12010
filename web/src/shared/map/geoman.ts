// Order matters: the plugin reads the global L when it loads.
import './leafletGlobal';
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import type { Map as LeafletMap, PM } from 'leaflet';

type Geoman = { PM: { Map: new (map: LeafletMap) => PM.PMMap } };

/**
 * geoman's handle on a map. The plugin adds it to maps made after it loaded; a map that was already showing when
 * editing began (geoman loads only then) gets it here, as the plugin's own init hook would have made it.
 */
export function withGeoman(map: LeafletMap): PM.PMMap {
  if (!map.pm) {
    const { PM } = (globalThis as unknown as { L: Geoman }).L;
    map.pm = new PM.Map(map);
    map.pm.setGlobalOptions({});
  }
  return map.pm;
}
