import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { MapViewProps } from './mapTypes';

// Leaflet, its CSS and the clustering load with the first map, never with the sign-in page or the shell.
const LeafletMap = lazy(() => import('./LeafletMap'));

/** The console's one map block (DESIGN §1 maps): places (clustered), areas, one editable area, a picked point. */
export function MapView(props: MapViewProps) {
  const height = props.height ?? 360;
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
      <LeafletMap {...props} height={height} />
    </Suspense>
  );
}
