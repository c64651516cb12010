import { useQuery } from '@tanstack/react-query';
import { Button, Col, Descriptions, Empty, Modal, Row, Skeleton, Typography } from 'antd';
import { useMemo } from 'react';
import type { Track } from '@kayuh/contract/api/monitoring';
import { rideTrackPath } from '@kayuh/contract/api/rides';
import { formatDuration, formatMoney, formatTimestamp } from '@kayuh/contract/rules/format';
import { get } from '../../../lib/http';
import { useT } from '../../../lib/i18n';
import { useDisplayZone } from '../../../lib/displayZone';
import { MapView } from '../../../shared/map/MapView';
import type { LatLng, MapMarker } from '../../../shared/map/mapTypes';
import type { ResourceRow } from '../../../shared/resource/resourceApi';

/** The fare's parts in the order the fare adds them (contract/rules/fare.ts); discounts shown as taken off. */
const FARE_PARTS = [
  ['unlockFee', 1],
  ['timeFee', 1],
  ['pauseFee', 1],
  ['capDiscount', -1],
  ['penaltyFee', 1],
  ['cardDiscount', -1],
  ['levelDiscount', -1],
  ['couponDiscount', -1],
] as const;

const coordinate = (lat: unknown, lng: unknown): LatLng | null =>
  lat === null || lat === undefined || lng === null || lng === undefined ? null : { lat: Number(lat), lng: Number(lng) };

/**
 * One ride as customer service reads it: when and how long, the fare part by part down to what was paid and
 * refunded, and the path the vehicle took from its telemetry, from the start to the end point.
 */
export function RideDetailModal({ row, onClose }: { row: ResourceRow; onClose: () => void }) {
  const t = useT();
  const zone = useDisplayZone();
  const money = (amount: unknown) => formatMoney(Number(amount ?? 0), row.currency);
  const when = (at: unknown) => formatTimestamp(at as string | null, { utcOffsetHours: zone.offsetHours });
  const track = useQuery({
    queryKey: ['rideOrder', 'track', row.rideOrderId],
    queryFn: ({ signal }) => get<Track>(rideTrackPath(Number(row.rideOrderId)), undefined, { signal }),
    enabled: Boolean(row.startAt),
  });
  const path = useMemo<LatLng[]>(
    () => (track.data?.points ?? []).flatMap((p) => (p.lat !== null && p.lng !== null ? [{ lat: p.lat, lng: p.lng }] : [])),
    [track.data],
  );
  const start = coordinate(row.startLat, row.startLng) ?? path[0] ?? null;
  const end = coordinate(row.endLat, row.endLng);
  const markers: MapMarker[] = [
    ...(start ? [{ id: 'start', ...start, label: t('rideOrder.detail.start'), color: '#52c41a' }] : []),
    ...(end ? [{ id: 'end', ...end, label: t('rideOrder.detail.end'), color: '#f5222d' }] : []),
  ];
  const title = `${t('rideOrder.detail.title')} · ${String(row.orderNo ?? '')}`;

  return (
    <Modal
      open
      width={960}
      title={title}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common.ok')}
        </Button>
      }
    >
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={10}>
          <Descriptions size="small" column={1} bordered title={t('rideOrder.detail.ride')}>
            <Descriptions.Item label={t('field.rideOrder.vehicleNo')}>{String(row.vehicleNo ?? '--')}</Descriptions.Item>
            <Descriptions.Item label={t('field.rideOrder.memberPhone')}>{String(row.memberPhone ?? '--')}</Descriptions.Item>
            <Descriptions.Item label={t('field.rideOrder.startAt')}>{when(row.startAt)}</Descriptions.Item>
            <Descriptions.Item label={t('field.rideOrder.endAt')}>{when(row.endAt)}</Descriptions.Item>
            <Descriptions.Item label={t('rideOrder.detail.duration')}>
              {formatDuration(row.durationS as number | null)}
              {Number(row.pausedS ?? 0) > 0 && ` (${t('rideOrder.detail.paused', { time: formatDuration(row.pausedS as number) })})`}
            </Descriptions.Item>
            <Descriptions.Item label={t('rideOrder.detail.distance')}>
              {row.distanceM === null || row.distanceM === undefined ? '--' : `${(Number(row.distanceM) / 1000).toFixed(2)} km`}
            </Descriptions.Item>
          </Descriptions>
          <Descriptions size="small" column={1} bordered title={t('rideOrder.detail.fare')} style={{ marginTop: 16 }}>
            {FARE_PARTS.filter(([field, sign]) => sign > 0 || Number(row[field] ?? 0) > 0).map(([field, sign]) => (
              <Descriptions.Item key={field} label={t(`field.rideOrder.${field}`)}>
                {sign < 0 ? `− ${money(row[field])}` : money(row[field])}
              </Descriptions.Item>
            ))}
            <Descriptions.Item label={<Typography.Text strong>{t('field.rideOrder.payable')}</Typography.Text>}>
              <Typography.Text strong>{money(row.payable)}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('field.rideOrder.paid')}>{money(row.paid)}</Descriptions.Item>
            {Number(row.refunded ?? 0) > 0 && <Descriptions.Item label={t('field.rideOrder.refunded')}>{money(row.refunded)}</Descriptions.Item>}
          </Descriptions>
        </Col>
        <Col xs={24} lg={14}>
          <Typography.Text strong>{t('rideOrder.detail.track')}</Typography.Text>
          {track.isPending && row.startAt ? (
            <Skeleton.Node active style={{ width: '100%', height: 420 }} />
          ) : path.length === 0 && markers.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('rideOrder.detail.noTrack')} />
          ) : (
            <>
              <MapView
                height={420}
                label={`${t('rideOrder.detail.track')} ${String(row.orderNo ?? '')}`}
                lines={path.length > 1 ? [{ id: 'ride', points: path, label: String(row.vehicleNo ?? '') }] : []}
                markers={markers}
                cluster={false}
              />
              <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                {t('rideOrder.detail.frames', { count: track.data?.frames ?? 0 })} · {zone.label}
              </Typography.Paragraph>
            </>
          )}
        </Col>
      </Row>
    </Modal>
  );
}
