import { Form, Typography } from 'antd';
import { useCallback } from 'react';
import { useT } from '../../lib/i18n';
import type { InputSlotProps } from '../resource/inputSlots';
import { MapView } from './MapView';
import type { LatLng } from './mapTypes';

interface CentrePointInputProps extends InputSlotProps {
  /** The form field holding the longitude; this control's own value is the latitude. */
  lngField: string;
  /** The form field holding the zoom the place opens at, when there is one. */
  zoomField?: string;
}

/** A form's number (or a decimal the row carried as text); undefined while the field is empty or half-typed. */
function numberOf(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/**
 * A latitude and longitude pair set on a map: a click (or Enter on the focused map) writes both fields, and both stay
 * typed numbers as well. It sits in the latitude's place in the form and writes the longitude through the form.
 */
export function CentrePointInput({ standard, value, onChange, disabled, lngField, zoomField }: CentrePointInputProps) {
  const t = useT();
  const form = Form.useFormInstance();
  const lat = numberOf(value);
  const lng = numberOf(Form.useWatch(lngField, form));
  const zoom = numberOf(Form.useWatch((values: Record<string, unknown>) => (zoomField ? values[zoomField] : undefined), form));
  const centre = lat !== undefined && lng !== undefined ? { lat, lng } : undefined;
  const pick = useCallback(
    (point: LatLng) => {
      onChange?.(point.lat);
      form.setFieldValue(lngField, point.lng);
      // Both were set by one click: clear what either said before, and check them as a save would.
      void form.validateFields([lngField]).catch(() => undefined);
    },
    [form, lngField, onChange],
  );
  return (
    <>
      {standard}
      <div style={{ marginTop: 8 }}>
        <MapView
          height={240}
          center={centre}
          zoom={zoom}
          markers={centre ? [{ id: 'centre', ...centre, label: `${centre.lat}, ${centre.lng}` }] : undefined}
          onPick={disabled ? undefined : pick}
        />
        {!disabled && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('engine.centre.hint')}
          </Typography.Text>
        )}
      </div>
    </>
  );
}
