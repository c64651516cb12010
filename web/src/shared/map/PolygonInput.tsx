import { Typography } from 'antd';
import { useMemo } from 'react';
import { useT } from '../../lib/i18n';
import { MapView } from './MapView';
import type { LatLng, MapPolygon } from './mapTypes';
import { polygonPoints } from './polygonValue';

interface PolygonInputProps {
  /** Set by Form.Item. */
  id?: string;
  value?: unknown;
  onChange?: (points: LatLng[]) => void;
  disabled?: boolean;
  /** Other areas drawn around this one for context (a city's other zones), read-only. */
  context?: readonly MapPolygon[];
  /** Where the map opens when given (a city's centre); else it fits `fit`, or the area and its context. */
  center?: LatLng;
  zoom?: number;
  fit?: readonly LatLng[];
}

/** A `polygon` field: the area drawn and reshaped on a map, its point count beneath; a locked field only shows it. */
export default function PolygonInput({ id, value, onChange, disabled, context, center, zoom, fit }: PolygonInputProps) {
  const t = useT();
  const points = useMemo(() => polygonPoints(value), [value]);
  const polygons = useMemo(() => (disabled ? [...(context ?? []), { id: 'area', points }] : context), [context, disabled, points]);
  return (
    <div id={id}>
      <MapView
        height={300}
        center={center}
        zoom={zoom}
        fit={fit}
        polygons={polygons}
        editable={disabled ? undefined : { points, onChange: (next) => onChange?.(next) }}
      />
      <Typography.Text type="secondary" aria-live="polite">
        {t('engine.points', { count: points.length })}
      </Typography.Text>
    </div>
  );
}
