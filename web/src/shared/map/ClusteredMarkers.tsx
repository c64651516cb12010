import type { Map as LeafletMap } from 'leaflet';
import { useMemo, useState } from 'react';
import { Marker, Popup, useMap, useMapEvents } from 'react-leaflet';
import Supercluster from 'supercluster';
import { useT } from '../../lib/i18n';
import { clusterIcon, pointIcon } from './markerIcons';
import { MAX_ZOOM, type MapMarker } from './mapTypes';

type Place = { marker: MapMarker };
type View = { bbox: [number, number, number, number]; zoom: number };

/** The part of the world on screen, with a margin so that a short pan shows places at once. */
function viewOf(map: LeafletMap): View {
  const b = map.getBounds().pad(0.25);
  const clamp = (v: number, limit: number) => Math.max(-limit, Math.min(limit, v));
  return {
    bbox: [clamp(b.getWest(), 180), clamp(b.getSouth(), 90), clamp(b.getEast(), 180), clamp(b.getNorth(), 90)],
    zoom: Math.round(map.getZoom()),
  };
}

/**
 * Many places (20,000 vehicles of a city) as clusters: supercluster indexes them once, and each move or zoom asks it
 * for what is on screen only, so the map draws a few hundred markers at most. A cluster zooms in where it splits.
 * Unclustered (`cluster` off), every place on screen is drawn by itself.
 */
export function ClusteredMarkers({ markers, cluster: clustered }: { markers: readonly MapMarker[]; cluster: boolean }) {
  const t = useT();
  const map = useMap();
  const index = useMemo(() => {
    // Above its maxZoom supercluster answers every place by itself; the map's last zoom shows even stacked ones.
    // Unclustered, no group is ever big enough; the index still answers only what is on screen.
    const cluster = new Supercluster<Place, Record<string, never>>({ radius: 80, maxZoom: MAX_ZOOM - 1, minPoints: clustered ? 2 : Infinity });
    cluster.load(
      markers.map((marker) => ({ type: 'Feature', geometry: { type: 'Point', coordinates: [marker.lng, marker.lat] }, properties: { marker } })),
    );
    return cluster;
  }, [markers, clustered]);
  const [view, setView] = useState(() => viewOf(map));
  useMapEvents({ moveend: () => setView(viewOf(map)), zoomend: () => setView(viewOf(map)) });
  const shown = useMemo(() => index.getClusters(view.bbox, view.zoom), [index, view]);

  return shown.map((feature) => {
    const [lng, lat] = feature.geometry.coordinates as [number, number];
    if ('cluster' in feature.properties && feature.properties.cluster) {
      const { cluster_id: id, point_count: count } = feature.properties;
      const zoomIn = () => map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(id), map.getMaxZoom()));
      const title = t('engine.map.cluster', { count });
      // Leaflet sets a marker's title once: a new text (another count, another language) is a new marker.
      return <Marker key={`c${id}:${title}`} position={[lat, lng]} icon={clusterIcon(count)} title={title} eventHandlers={{ click: zoomIn }} />;
    }
    const { marker } = feature.properties as Place;
    return (
      <Marker key={`p${marker.id}:${marker.label}`} position={[lat, lng]} icon={pointIcon(marker.color)} title={marker.label}>
        <Popup>{marker.popup ?? marker.label}</Popup>
      </Marker>
    );
  });
}
