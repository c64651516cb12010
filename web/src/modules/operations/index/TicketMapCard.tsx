import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { TICKET_MAP_PATH, type TicketMap } from '@kayuh/contract/api/operationsDashboard';
import { TicketType } from '@kayuh/contract/resources/tickets';
import { get } from '../../../lib/http';
import { useT } from '../../../lib/i18n';
import { MapView } from '../../../shared/map/MapView';
import type { MapMarker } from '../../../shared/map/mapTypes';
import { useConfigStore, type CityCode } from '../../../stores/configStore';
import { Swatch } from '../areaScheduling/ZoneLegend';
import { useCityView } from '../areaScheduling/zoneMap';
import { chosenCity } from '../../vehicle/index/vehicleDashboardApi';

/** One colour per ticket type (dict tickets_type). */
const TYPE_COLORS: Record<number, string> = {
  [TicketType.dispatch]: '#1677ff',
  [TicketType.batterySwap]: '#d46b08',
  [TicketType.fault]: '#cf1322',
  [TicketType.repair]: '#722ed1',
  [TicketType.inspection]: '#08979c',
  [TicketType.findVehicle]: '#595959',
};
const HEIGHT = 420;

export const ticketMapQuery = (tenantId: number | null, cityCode: CityCode) => ({
  queryKey: ['operations', 'ticketMap', tenantId, chosenCity(cityCode)] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => get<TicketMap>(TICKET_MAP_PATH, { cityCode: chosenCity(cityCode) }, { signal }),
});

/** The operations Home's map: the open tickets where their vehicles stand, coloured by type, each opening its ticket. */
export function TicketMapCard() {
  const t = useT();
  const tenantId = useConfigStore((s) => s.tenantId);
  const cityCode = useConfigStore((s) => s.HCityCode);
  const view = useCityView(cityCode);
  const map = useQuery(ticketMapQuery(tenantId, cityCode));
  const rows = useMemo(() => map.data?.tickets ?? [], [map.data]);
  const markers = useMemo<MapMarker[]>(
    () =>
      rows.map((row) => ({
        id: row.ticketId,
        lat: row.lat,
        lng: row.lng,
        label: `${row.ticketNo} · ${row.vehicleNo}`,
        color: TYPE_COLORS[row.type],
        popup: (
          <Space orientation="vertical" size={2}>
            <Link to={`/Ticket/list?ticketNo=${row.ticketNo}`}>
              <Typography.Text strong>{row.ticketNo}</Typography.Text>
            </Link>
            <span>
              {t(`dict.tickets_type.${row.type}`)} · {t(`dict.tickets_status.${row.status}`)} · P{row.priority}
            </span>
            <span>{row.vehicleNo}</span>
            {row.assignee && <span>{row.assignee}</span>}
            {row.overdue && <Tag color="red">{t('page.operationsDashboard.mapOverdue')}</Tag>}
          </Space>
        ),
      })),
    [rows, t],
  );
  const types = [...new Set(rows.map((r) => r.type))].sort((a, b) => a - b);
  const hidden = (map.data?.total ?? 0) - rows.length;
  return (
    <Card size="small" title={t('page.operationsDashboard.map', { count: map.data?.total ?? 0 })}>
      {map.isError ? (
        <Alert type="error" showIcon title={t('page.operationsDashboard.failed')} />
      ) : (
        <MapView
          key={`${String(cityCode)}:${view ? 'v' : '-'}:${rows.length ? 'a' : '-'}`}
          markers={markers}
          fit={rows.length ? markers : undefined}
          center={rows.length ? undefined : view?.center}
          zoom={rows.length ? undefined : view?.zoom}
          height={HEIGHT}
          label={t('page.operationsDashboard.map', { count: map.data?.total ?? 0 })}
        />
      )}
      <Space wrap size={[16, 4]} style={{ marginTop: 8 }}>
        {types.map((type) => (
          <span key={type}>
            <Swatch color={TYPE_COLORS[type]!} /> {t(`dict.tickets_type.${type}`)} ({rows.filter((r) => r.type === type).length})
          </span>
        ))}
        {hidden > 0 && <Typography.Text type="secondary">{t('page.operationsDashboard.mapUnplaced', { count: hidden })}</Typography.Text>}
      </Space>
    </Card>
  );
}
