import { CheckOutlined, CloseOutlined, DeleteOutlined, EditOutlined, FormOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { polygon, type LatLng as LeafletLatLng, type Layer, type Polygon } from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useMap } from 'react-leaflet';
import { useT } from '../../lib/i18n';
import { BRAND_COLOR } from '../brand';
import { withGeoman } from './geoman';
import { useGeomanTexts } from './geomanTexts';
import { useMapControl } from './useMapControl';
import { roundPoint, type EditablePolygon, type LatLng } from './mapTypes';

type Mode = 'idle' | 'draw' | 'edit';

const pointsOf = (layer: Polygon): LatLng[] => (layer.getLatLngs()[0] as LeafletLatLng[]).map(roundPoint);
const samePoints = (a: readonly LatLng[], b: readonly LatLng[]) =>
  a.length === b.length && a.every((p, i) => p.lat === roundPoint(b[i]!).lat && p.lng === roundPoint(b[i]!).lng);

/**
 * One area drawn and reshaped with geoman: Draw places its points with clicks (the first point again closes it),
 * Edit drags and adds points (the midpoints), Clear removes it. Every change reports all points, rounded as stored.
 */
export default function PolygonEditor({ points, onChange, color = BRAND_COLOR }: EditablePolygon) {
  const t = useT();
  const map = useMap();
  const [pm] = useState(() => withGeoman(map));
  const tools = useMapControl('topright');
  const [mode, setMode] = useState<Mode>('idle');
  const layer = useRef<Polygon | null>(null);
  const modeNow = useRef(mode);
  const report = useRef(onChange);
  useEffect(() => {
    modeNow.current = mode;
    report.current = onChange;
  });
  useGeomanTexts(pm);

  // The drawn layer follows the value; a value that is the layer's own latest edit leaves it (and its handles) alone.
  useEffect(() => {
    const current = layer.current;
    if (current && samePoints(pointsOf(current), points)) return;
    current?.remove();
    layer.current = null;
    if (points.length === 0) return;
    const next = polygon(
      points.map((p) => [p.lat, p.lng]),
      { color, weight: 2 },
    ).addTo(map);
    next.on('pm:edit', () => report.current(pointsOf(next)));
    if (modeNow.current === 'edit') next.pm.enable({ allowSelfIntersection: false });
    layer.current = next;
  }, [map, points, color]);
  useEffect(
    () => () => {
      layer.current?.remove();
      layer.current = null;
    },
    [],
  );

  // A finished drawing becomes the value; geoman's own layer goes, the value's layer above replaces it.
  useEffect(() => {
    const created = (e: { layer: Layer }) => {
      const drawn = e.layer as Polygon;
      drawn.remove();
      setMode('idle');
      report.current(pointsOf(drawn));
    };
    map.on('pm:create', created);
    return () => {
      map.off('pm:create', created);
      pm.disableDraw();
    };
  }, [map, pm]);

  const draw = () => {
    pm.enableDraw('Polygon', {
      allowSelfIntersection: false,
      finishOnEnter: true,
      pathOptions: { color, weight: 2 },
      templineStyle: { color, weight: 2 },
      hintlineStyle: { color, weight: 2, dashArray: [5, 5] },
    });
    setMode('draw');
  };
  const cancelDraw = () => {
    pm.disableDraw();
    setMode('idle');
  };
  const edit = (on: boolean) => {
    if (on) layer.current?.pm.enable({ allowSelfIntersection: false });
    else layer.current?.pm.disable();
    setMode(on ? 'edit' : 'idle');
  };
  const clear = () => {
    layer.current?.pm.disable();
    setMode('idle');
    report.current([]);
  };

  if (!tools) return null;
  const drawn = points.length > 0;
  return createPortal(
    <Space size={4} wrap>
      {mode === 'draw' ? (
        <Button size="small" icon={<CloseOutlined />} onClick={cancelDraw}>
          {t('common.cancel')}
        </Button>
      ) : (
        !drawn && (
          <Button size="small" type="primary" icon={<FormOutlined />} onClick={draw}>
            {t('engine.polygon.draw')}
          </Button>
        )
      )}
      {drawn && (
        <Button size="small" icon={mode === 'edit' ? <CheckOutlined /> : <EditOutlined />} onClick={() => edit(mode !== 'edit')}>
          {t(mode === 'edit' ? 'engine.polygon.done' : 'engine.polygon.edit')}
        </Button>
      )}
      {drawn && (
        <Button size="small" danger icon={<DeleteOutlined />} onClick={clear}>
          {t('engine.polygon.clear')}
        </Button>
      )}
    </Space>,
    tools,
  );
}
