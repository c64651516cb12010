import { useQuery } from '@tanstack/react-query';
import { Col, Empty, Row, Skeleton, Typography } from 'antd';
import { useMemo } from 'react';
import { TELEMETRY_TRACK_PATH, type Track } from '@kayuh/contract/api/monitoring';
import { formatTimestamp } from '@kayuh/contract/rules/format';
import { get } from '../../../lib/http';
import { useT } from '../../../lib/i18n';
import { useDisplayZone } from '../../../lib/displayZone';
import { Chart } from '../../../shared/chart/Chart';
import { MapView } from '../../../shared/map/MapView';
import type { LatLng } from '../../../shared/map/mapTypes';
import { useConfigStore } from '../../../stores/configStore';

type Point = { time: string; soc: number | null; speed: number | null; signal: number | null };
/** The three drawings over time, each its own chart (their units differ). */
const SERIES = [
  ['soc', 'monitoring.soc'],
  ['speed', 'monitoring.speed'],
  ['signal', 'monitoring.signal'],
] as const;

/** One vehicle's frames over a range, drawn: SOC, speed and signal over time, and the path it took. */
export function TrackPanel({ vehicleId, from, to }: { vehicleId: number; from: string; to: string }) {
  const t = useT();
  const zone = useDisplayZone();
  const tenantId = useConfigStore((s) => s.tenantId);
  const track = useQuery({
    queryKey: ['monitoringData', 'track', tenantId, vehicleId, from, to],
    queryFn: ({ signal }) => get<Track>(TELEMETRY_TRACK_PATH, { vehicleId, from, to }, { signal }),
  });
  const points = track.data?.points;
  // Times on the city's clock; the date only when the range spans days.
  const rows = useMemo<Point[]>(() => {
    const stamps = (points ?? []).map((p) => formatTimestamp(p.at, { utcOffsetHours: zone.offsetHours }));
    const sameDay = stamps.every((stamp) => stamp.slice(0, 10) === stamps[0]!.slice(0, 10));
    return (points ?? []).map((p, i) => ({
      time: sameDay ? stamps[i]!.slice(11, 16) : stamps[i]!.slice(5, 16),
      soc: p.soc,
      speed: p.speedKph,
      signal: p.gsmSignal,
    }));
  }, [points, zone.offsetHours]);
  const path = useMemo<LatLng[]>(
    () => (points ?? []).flatMap((p) => (p.lat !== null && p.lng !== null ? [{ lat: p.lat, lng: p.lng }] : [])),
    [points],
  );

  if (track.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (track.isError) return null;
  const { vehicleNo, frames } = track.data;
  if (frames === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('monitoring.noFrames')} />;
  const timeLabel = t('monitoring.time');
  return (
    <>
      <Typography.Paragraph type="secondary">
        {vehicleNo} · {t('monitoring.frames', { count: frames })}
        {rows.length < frames && ` · ${t('monitoring.thinned', { shown: rows.length })}`} · {zone.label}
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {SERIES.map(([field, title]) => (
          <Col key={field} xs={24} xl={12}>
            <Chart kind="line" title={t(title)} data={rows} x="time" xLabel={timeLabel} series={[{ field, label: t(title) }]} height={200} />
          </Col>
        ))}
        <Col xs={24} xl={12}>
          <Typography.Text strong>{t('monitoring.track')}</Typography.Text>
          <MapView
            height={226}
            label={`${t('monitoring.track')} ${vehicleNo}`}
            lines={path.length > 1 ? [{ id: vehicleId, points: path, label: vehicleNo }] : []}
            markers={path.length ? [{ id: 'last', ...path[path.length - 1]!, label: vehicleNo }] : []}
            cluster={false}
          />
        </Col>
      </Row>
    </>
  );
}
