import { useQuery } from '@tanstack/react-query';
import { MONITOR_PATH, MONITOR_REFRESH_MS, type MonitorAnswer } from '@kayuh/contract/api/vehicleMonitor';
import { formatTimestamp } from '@kayuh/contract/rules/format';
import { Card, Input, Select, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { get } from '../../../lib/http';
import { useDisplayZone } from '../../../lib/displayZone';
import { useT } from '../../../lib/i18n';
import { MapView } from '../../../shared/map/MapView';
import type { MapMarker } from '../../../shared/map/mapTypes';
import { PageHeader } from '../../../shared/PageHeader';
import { useDictLabel, useDictOptions } from '../../../shared/resource/optionsApi';
import { useConfigStore } from '../../../stores/configStore';
import { chosenCity } from '../index/vehicleDashboardApi';
import { OTHER_COLOUR, SOC_BANDS, STATE_COLOURS, type SocBand } from './vehicleColours';
import { VehiclePanel } from './VehiclePanel';

type Link = 'online' | 'offline';

/**
 * vehicle_main/monitor (DOMAIN §1.5): the city's vehicles where their boxes last put them, coloured by state and
 * gathered into clusters, read again every 15 s without reloading the page; found by number, filtered by state, charge,
 * link and model.
 * A vehicle's panel shows its last frame and sends it commands.
 */
export default function MonitorPage() {
  const t = useT();
  const zone = useDisplayZone();
  const tenantId = useConfigStore((s) => s.tenantId);
  const cityCode = chosenCity(useConfigStore((s) => s.HCityCode));
  const live = useQuery({
    queryKey: ['vehicle', 'monitor', tenantId, cityCode] as const,
    queryFn: ({ signal }) => get<MonitorAnswer>(MONITOR_PATH, { cityCode }, { signal }),
    refetchInterval: MONITOR_REFRESH_MS,
  });
  const stateOptions = useDictOptions('vehicles_op_state');
  const stateLabel = useDictLabel('vehicles_op_state');
  const [states, setStates] = useState<number[]>([]);
  const [bands, setBands] = useState<SocBand[]>([]);
  const [link, setLink] = useState<Link | null>(null);
  const [models, setModels] = useState<number[]>([]);
  const [number, setNumber] = useState('');

  const vehicles = live.data?.vehicles;
  const shown = useMemo(
    () =>
      (vehicles ?? []).filter(
        (v) =>
          (!states.length || states.includes(v.opState)) &&
          (!bands.length || (v.soc !== null && SOC_BANDS.some((b) => bands.includes(b.key) && v.soc! >= b.min && v.soc! <= b.max))) &&
          (link === null || v.isOnline === (link === 'online')) &&
          (!models.length || models.includes(v.modelId)) &&
          (!number.trim() || v.vehicleNo.toUpperCase().includes(number.trim().toUpperCase())),
      ),
    [vehicles, states, bands, link, models, number],
  );
  const markers = useMemo<MapMarker[]>(
    () =>
      shown.map((v) => ({
        id: v.vehicleId,
        lat: v.lat,
        lng: v.lng,
        label: v.vehicleNo,
        color: STATE_COLOURS[v.opState] ?? OTHER_COLOUR,
        popup: <VehiclePanel vehicle={v} />,
      })),
    [shown],
  );

  return (
    <>
      <PageHeader title={t('menu.vehicle.monitor')} />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Space wrap size={[16, 8]}>
          <Input.Search
            allowClear
            style={{ width: 220 }}
            aria-label={t('monitor.vehicleNo')}
            placeholder={t('monitor.vehicleNo')}
            value={number}
            onChange={(e) => setNumber(e.target.value)}
          />
          <Select<number[]>
            mode="multiple"
            allowClear
            style={{ minWidth: 240 }}
            aria-label={t('monitor.state')}
            placeholder={t('monitor.allStates')}
            value={states}
            onChange={setStates}
            options={stateOptions.map((o) => ({ value: Number(o.value), label: o.label }))}
          />
          <Select<SocBand[]>
            mode="multiple"
            allowClear
            style={{ minWidth: 200 }}
            aria-label={t('monitor.soc')}
            placeholder={t('monitor.anySoc')}
            value={bands}
            onChange={setBands}
            options={SOC_BANDS.map((b) => ({ value: b.key, label: `${b.min}–${b.max}%` }))}
          />
          <Select<Link>
            allowClear
            style={{ minWidth: 160 }}
            aria-label={t('monitor.link')}
            placeholder={t('monitor.anyLink')}
            value={link ?? undefined}
            onChange={(v) => setLink(v ?? null)}
            options={[
              { value: 'online', label: t('monitor.online') },
              { value: 'offline', label: t('monitor.offline') },
            ]}
          />
          <Select<number[]>
            mode="multiple"
            allowClear
            style={{ minWidth: 200 }}
            aria-label={t('monitor.model')}
            placeholder={t('monitor.allModels')}
            value={models}
            onChange={setModels}
            options={(live.data?.models ?? []).map((m) => ({ value: m.modelId, label: m.name }))}
          />
        </Space>
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {t('monitor.shown', { shown: shown.length, total: vehicles?.length ?? 0 })}
          {live.data &&
            ` · ${t('monitor.readAt', { at: `${formatTimestamp(live.data.readAt, { utcOffsetHours: zone.offsetHours }).slice(11)} ${zone.label}` })}`}
        </Typography.Paragraph>
        <Space wrap size={[4, 4]} style={{ marginTop: 8 }}>
          {Object.entries(STATE_COLOURS).map(([state, colour]) => (
            <Tag key={state} color={colour}>
              {stateLabel(Number(state))}
            </Tag>
          ))}
        </Space>
      </Card>
      <MapView markers={markers} height="calc(100vh - 330px)" label={t('menu.vehicle.monitor')} />
    </>
  );
}
