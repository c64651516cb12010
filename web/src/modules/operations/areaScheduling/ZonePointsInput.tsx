import { Form, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useT } from '../../../lib/i18n';
import type { LatLng } from '../../../shared/map/mapTypes';
import PolygonInput from '../../../shared/map/PolygonInput';
import { polygonPoints } from '../../../shared/map/polygonValue';
import type { InputSlotProps } from '../../../shared/resource/inputSlots';
import { useConfigStore } from '../../../stores/configStore';
import { useCityView, useCityZones, zonePolygon } from './zoneMap';

/**
 * A zone's outline, drawn on a map of the form's city, whose other zones show faintly, each in its type's colour, so a
 * new one is drawn beside them, not over them. The map opens fitted to those neighbours (and to the zone, when one is
 * edited); a new zone in a city without zones opens on the city's centre.
 */
export function ZonePointsInput({ id, value, onChange, disabled }: InputSlotProps) {
  const t = useT();
  const form = Form.useFormInstance();
  const headerCity = useConfigStore((s) => s.HCityCode);
  // useWatch answers nothing on the first render: the form's value then, so the header's city is never asked for.
  const watched = (Form.useWatch('cityCode', form) as unknown) ?? (form.getFieldValue('cityCode') as unknown);
  const chosen = watched === undefined || watched === null || watched === '' ? NaN : Number(watched);
  const cityCode = Number.isFinite(chosen) ? chosen : typeof headerCity === 'number' ? headerCity : null;
  // The zone being edited is known by the code it opened with; the others of its city are its context.
  const [ownCode] = useState(() => form.getFieldValue('zoneCode') as unknown);
  const zones = useCityZones(cityCode);
  const view = useCityView(cityCode ?? undefined);
  const context = useMemo(
    () => (zones.data?.rows ?? []).filter((row) => !ownCode || row.zoneCode !== ownCode).map((row) => zonePolygon(row, t, { context: true })),
    [zones.data, ownCode, t],
  );
  // The view holds the zone as it opened and its neighbours; with neither (a new zone, a city without zones) it opens
  // on the city's centre. Another city, its centre or its zones arriving is another map; drawing does not move the view.
  const [opened] = useState(() => polygonPoints(value));
  const fit = useMemo(() => [...opened, ...context.flatMap((area) => area.points)], [opened, context]);
  const center: LatLng | undefined = fit.length ? undefined : view?.center;
  return (
    <>
      <PolygonInput
        key={`${cityCode ?? ''}:${view ? 'v' : '-'}:${zones.data ? 'z' : '-'}`}
        id={id}
        value={value}
        onChange={onChange}
        disabled={disabled}
        context={context}
        center={center}
        zoom={center ? view?.zoom : undefined}
        fit={fit.length ? fit : undefined}
      />
      {context.length > 0 && (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {t('page.zoneMap.context', { count: context.length })}
        </Typography.Text>
      )}
    </>
  );
}
