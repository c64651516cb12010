import 'leaflet/dist/leaflet.css';
import './map.css';
import { lazy, Suspense, useMemo, useState } from 'react';
import { MapContainer, Polyline, Tooltip } from 'react-leaflet';
import { useT } from '../../lib/i18n';
import { ClusteredMarkers } from './ClusteredMarkers';
import { boundsOf, FIT_OPTIONS, FitOnArrival, FocusWithoutScroll, FollowCenter, PickOnClick } from './mapBehaviours';
import { MapControls } from './MapControls';
import { MapTiles } from './MapTiles';
import { DEFAULT_VIEW, MAX_ZOOM, type LatLng, type MapViewProps } from './mapTypes';
import { PolygonLayer } from './PolygonLayer';

/** A centre given without a zoom: a city's streets. */
const CITY_ZOOM = 13;

// Drawing and reshaping areas (geoman) loads only on maps that edit one.
const PolygonEditor = lazy(() => import('./PolygonEditor'));

type Drawn = Pick<MapViewProps, 'fit' | 'markers' | 'polygons' | 'lines'> & { edited?: readonly LatLng[] };

/** What the first view must hold when no centre is given: `fit`, else everything drawn. */
function contentPoints({ fit, markers, polygons, lines, edited }: Drawn): LatLng[] {
  if (fit) return [...fit];
  return [...(markers ?? []), ...(polygons ?? []).flatMap((p) => p.points), ...(lines ?? []).flatMap((l) => l.points), ...(edited ?? [])];
}

/** The map itself (MapView loads it lazily): Leaflet with the deployment's tiles and the console's layers. */
export default function LeafletMap(props: MapViewProps) {
  const { center, zoom, fit, markers, cluster = true, polygons, lines, editable, onPick, height, label } = props;
  const t = useT();
  const [tilesAvailable, setTilesAvailable] = useState(true);
  // Arriving content (a list read after mount) is fitted once; an area the user draws is not chased.
  const arrived = useMemo(() => (center ? [] : contentPoints({ fit, markers, polygons, lines })), [center, fit, markers, polygons, lines]);
  // The opening view, worked out once: Leaflet owns the view from then on.
  const [initial] = useState(() => {
    if (center) return { center, zoom: zoom ?? CITY_ZOOM };
    const bounds = boundsOf(contentPoints({ fit, markers, polygons, lines, edited: editable?.points }));
    return bounds ? { bounds } : { center: DEFAULT_VIEW.center, zoom: zoom ?? DEFAULT_VIEW.zoom };
  });

  return (
    <div className={onPick ? 'kayuh-map kayuh-map--pick' : 'kayuh-map'} style={{ height }}>
      <MapContainer
        {...initial}
        boundsOptions={FIT_OPTIONS}
        maxZoom={MAX_ZOOM}
        zoomControl={false}
        attributionControl={false}
        style={{ height: '100%', width: '100%' }}
      >
        <MapControls label={label} />
        <FocusWithoutScroll />
        <MapTiles onAvailable={setTilesAvailable} />
        {polygons && <PolygonLayer polygons={polygons} />}
        {lines?.map((line) => (
          <Polyline
            key={line.id}
            positions={line.points.map((p) => [p.lat, p.lng] as [number, number])}
            pathOptions={{ color: line.color ?? '#1677ff', weight: 4 }}
          >
            {line.label && <Tooltip sticky>{line.label}</Tooltip>}
          </Polyline>
        ))}
        {markers && <ClusteredMarkers markers={markers} cluster={cluster} />}
        {editable && (
          <Suspense fallback={null}>
            <PolygonEditor {...editable} />
          </Suspense>
        )}
        {onPick && <PickOnClick onPick={onPick} />}
        <FitOnArrival points={arrived} fitted={'bounds' in initial || Boolean(center)} />
        <FollowCenter center={center} />
      </MapContainer>
      {!tilesAvailable && (
        <div className="kayuh-map__notice" role="status">
          {t('engine.map.tilesFailed')}
        </div>
      )}
    </div>
  );
}
