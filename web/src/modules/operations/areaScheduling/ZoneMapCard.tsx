import { Alert, Card, Skeleton, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useT } from '../../../lib/i18n';
import { MapView } from '../../../shared/map/MapView';
import type { ResourceRow } from '../../../shared/resource/resourceApi';
import { useConfigStore } from '../../../stores/configStore';
import { ZoneLegend } from './ZoneLegend';
import { countByType, useCityView, useCityZones, zonePolygon } from './zoneMap';

/**
 * The selected city's zones on a map, each in its type's colour (a draft dashed, a disabled zone faded), with the
 * legend beneath. The map fits the zones, or opens on the city's centre when it has none; a zone clicked is opened.
 */
export function ZoneMapCard({ onOpen }: { onOpen: (row: ResourceRow) => void }) {
  const t = useT();
  const cityCode = useConfigStore((s) => s.HCityCode);
  const zones = useCityZones(cityCode);
  const view = useCityView(cityCode);
  const rows = useMemo(() => zones.data?.rows ?? [], [zones.data]);
  const polygons = useMemo(() => rows.map((row) => zonePolygon(row, t, { onClick: () => onOpen(row) })), [rows, t, onOpen]);
  const total = zones.data?.total ?? rows.length;
  const title = t('page.zoneMap.title');
  return (
    <Card
      title={title}
      size="small"
      extra={<Typography.Text type="secondary">{t('page.zoneMap.count', { count: total })}</Typography.Text>}
      style={{ marginBottom: 16 }}
    >
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        {zones.isPending ? (
          <Skeleton.Node active style={{ width: '100%', height: 420 }} />
        ) : (
          <MapView
            // A new city (or its centre arriving) opens a new view: fitted to the zones, else the city's centre.
            key={`${String(cityCode)}:${view ? 'v' : '-'}:${rows.length > 0 ? 'z' : '-'}`}
            polygons={polygons}
            center={rows.length ? undefined : view?.center}
            zoom={rows.length ? undefined : view?.zoom}
            height={420}
            label={title}
          />
        )}
        {total > rows.length && <Alert type="info" showIcon title={t('page.zoneMap.truncated', { shown: rows.length, total })} />}
        <ZoneLegend counts={countByType(rows)} />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('page.zoneMap.hint')}
        </Typography.Text>
      </Space>
    </Card>
  );
}
