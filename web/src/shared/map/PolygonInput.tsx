import { Typography } from 'antd';
import { useMemo } from 'react';
import { useT } from '../../lib/i18n';
import { MapView } from './MapView';
import type { LatLng } from './mapTypes';
import { polygonPoints } from './polygonValue';

interface PolygonInputProps {
  /** Set by Form.Item. */
  id?: string;
  value?: unknown;
  onChange?: (points: LatLng[]) => void;
  disabled?: boolean;
}

/** A `polygon` field: the area drawn and reshaped on a map, its point count beneath; a locked field only shows it. */
export default function PolygonInput({ id, value, onChange, disabled }: PolygonInputProps) {
  const t = useT();
  const points = useMemo(() => polygonPoints(value), [value]);
  return (
    <div id={id}>
      <MapView
        height={300}
        polygons={disabled ? [{ id: 'area', points }] : undefined}
        editable={disabled ? undefined : { points, onChange: (next) => onChange?.(next) }}
      />
      <Typography.Text type="secondary" aria-live="polite">
        {t('engine.points', { count: points.length })}
      </Typography.Text>
    </div>
  );
}
