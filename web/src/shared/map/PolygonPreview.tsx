import { Typography } from 'antd';
import { useMemo } from 'react';
import { useT } from '../../lib/i18n';
import { MapView } from './MapView';
import { polygonPoints } from './polygonValue';

/** A stored area in a detail view: how many points it has, over a small map of it. */
export function PolygonPreview({ value }: { value: unknown }) {
  const t = useT();
  const points = useMemo(() => polygonPoints(value), [value]);
  return (
    <>
      <Typography.Text>{t('engine.points', { count: points.length })}</Typography.Text>
      <MapView height={200} polygons={[{ id: 'area', points }]} />
    </>
  );
}
