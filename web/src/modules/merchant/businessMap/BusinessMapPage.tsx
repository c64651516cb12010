import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Checkbox, Col, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { PAGE_SIZE_MAX } from '@kayuh/contract/constants';
import { stationResource } from '@kayuh/contract/resources/fleet';
import { merchantResource } from '@kayuh/contract/resources/merchants';
import { useT } from '../../../lib/i18n';
import { MapView } from '../../../shared/map/MapView';
import type { MapMarker } from '../../../shared/map/mapTypes';
import { PageHeader } from '../../../shared/PageHeader';
import { cityParam } from '../../../shared/resource/listState';
import { listQuery } from '../../../shared/resource/resourceApi';
import { useConfigStore } from '../../../stores/configStore';
import { Swatch } from '../../operations/areaScheduling/ZoneLegend';
import { countByType, useCityView, useCityZones, ZONE_TYPES, zoneColor, zonePolygon } from '../../operations/areaScheduling/zoneMap';

/** One colour per station type (dict stations_type): virtual parking, swap cabinet, depot, merchant counter. */
const STATION_TYPES = ['1', '2', '3', '4'] as const;
const STATION_COLORS: Record<string, string> = { '1': '#1677ff', '2': '#d46b08', '3': '#595959', '4': '#c41d7f' };
const stationColor = (type: unknown) => STATION_COLORS[String(type)] ?? '#8c8c8c';

/** Merchants' shops: one colour, a square's worth apart from the stations' (closed merchants are left off). */
const MERCHANT_COLOR = '#08979c';

/** The layers a user can switch: the merchants, the stations, and the zones one type at a time. */
type Layer = 'merchants' | 'stations' | `zone${(typeof ZONE_TYPES)[number]}`;
const ALL_LAYERS: Layer[] = ['merchants', 'stations', ...ZONE_TYPES.map((type) => `zone${type}` as Layer)];

/**
 * merchant/businessmap: the selected city's business on one map: its merchants' shops (open and suspended, each
 * opening its name, number, type, status and the sites it hosts), its stations (clustered, coloured by type, each
 * opening its name, type, status and host merchant) and its zones (read-only, coloured as on the zone page), each
 * layer switchable, with their counts.
 */
export default function BusinessMapPage() {
  const t = useT();
  const tenantId = useConfigStore((s) => s.tenantId);
  const cityCode = useConfigStore((s) => s.HCityCode);
  const view = useCityView(cityCode);
  const zones = useCityZones(cityCode);
  const stations = useQuery({
    ...listQuery(stationResource, { pageNum: 1, pageSize: PAGE_SIZE_MAX, ...cityParam(stationResource, cityCode) }, tenantId),
    enabled: cityCode !== null,
  });
  const merchants = useQuery({
    ...listQuery(merchantResource, { pageNum: 1, pageSize: PAGE_SIZE_MAX, status: '0,1', ...cityParam(merchantResource, cityCode) }, tenantId),
    enabled: cityCode !== null,
  });
  const [shown, setShown] = useState<Layer[]>(ALL_LAYERS);

  const stationRows = useMemo(() => stations.data?.rows ?? [], [stations.data]);
  const zoneRows = useMemo(() => zones.data?.rows ?? [], [zones.data]);
  const markers = useMemo<MapMarker[]>(
    () =>
      stationRows.map((row) => ({
        id: Number(row.stationId),
        lat: Number(row.lat),
        lng: Number(row.lng),
        label: String(row.name ?? row.stationCode ?? ''),
        color: stationColor(row.type),
        popup: (
          <Space orientation="vertical" size={0}>
            <Typography.Text strong>{String(row.name ?? '')}</Typography.Text>
            <Typography.Text type="secondary">{String(row.stationCode ?? '')}</Typography.Text>
            <span>{t(`dict.stations_type.${String(row.type)}`)}</span>
            <span>{t(`dict.stations_status.${String(row.status)}`)}</span>
            {row.merchantId != null && <span>{t('page.businessMap.hostedBy', { name: String(row.merchantIdLabel ?? row.merchantId) })}</span>}
          </Space>
        ),
      })),
    [stationRows, t],
  );
  const merchantRows = useMemo(() => (merchants.data?.rows ?? []).filter((row) => row.lat != null && row.lng != null), [merchants.data]);
  const shops = useMemo<MapMarker[]>(
    () =>
      merchantRows.map((row) => ({
        id: `merchant-${String(row.merchantId)}`,
        lat: Number(row.lat),
        lng: Number(row.lng),
        label: String(row.name ?? ''),
        color: MERCHANT_COLOR,
        popup: (
          <Space orientation="vertical" size={0}>
            <Typography.Text strong>{String(row.name ?? '')}</Typography.Text>
            <Typography.Text type="secondary">{String(row.merchantNo ?? '')}</Typography.Text>
            <span>{t(`dict.merchants_type.${String(row.type)}`)}</span>
            <span>{t(`dict.merchants_status.${String(row.status)}`)}</span>
            <span>{t('page.businessMap.sitesHosted', { count: Number(row.stationCount ?? 0) })}</span>
          </Space>
        ),
      })),
    [merchantRows, t],
  );
  const polygons = useMemo(() => zoneRows.map((row) => zonePolygon(row, t)), [zoneRows, t]);
  const zoneCounts = countByType(zoneRows);
  const stationCounts = useMemo(() => {
    const counts: Record<string, number> = {};
    for (const row of stationRows) counts[String(row.type)] = (counts[String(row.type)] ?? 0) + 1;
    return counts;
  }, [stationRows]);
  const stationTotal = stations.data?.total ?? stationRows.length;
  const zoneTotal = zones.data?.total ?? zoneRows.length;
  const truncated = stationTotal > stationRows.length || zoneTotal > zoneRows.length;

  const visibleMarkers = [...(shown.includes('stations') ? markers : []), ...(shown.includes('merchants') ? shops : [])];
  const visiblePolygons = polygons.filter((_, i) => shown.includes(`zone${String(zoneRows[i]!.type)}` as Layer));
  const loading = stations.isPending || zones.isPending || merchants.isPending;
  const anything = stationRows.length + zoneRows.length + shops.length > 0;
  const title = t('menu.merchant.businessmap');

  return (
    <>
      <PageHeader title={title} description={t('page.businessMap.description')} />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('page.businessMap.stations')} value={stationTotal} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('page.businessMap.zones')} value={zoneTotal} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('page.businessMap.merchants')} value={merchants.data?.total ?? merchantRows.length} />
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16} xl={18}>
          <Card size="small" title={t('page.businessMap.map')}>
            {loading ? (
              <Skeleton.Node active style={{ width: '100%', height: 520 }} />
            ) : (
              <MapView
                // A new city (or its centre arriving) opens a new view: fitted to what it holds, else the city's centre.
                key={`${String(cityCode)}:${view ? 'v' : '-'}:${anything ? 'a' : '-'}`}
                markers={visibleMarkers}
                polygons={visiblePolygons}
                fit={anything ? [...markers, ...shops, ...polygons.flatMap((p) => p.points)] : undefined}
                center={anything ? undefined : view?.center}
                zoom={anything ? undefined : view?.zoom}
                height={520}
                label={t('page.businessMap.map')}
              />
            )}
            {truncated && <Alert style={{ marginTop: 8 }} type="info" showIcon title={t('page.businessMap.truncated', { max: PAGE_SIZE_MAX })} />}
          </Card>
        </Col>
        <Col xs={24} lg={8} xl={6}>
          <Card size="small" title={t('page.businessMap.layers')}>
            <Checkbox.Group value={shown} onChange={(next) => setShown(next)} style={{ width: '100%' }}>
              <Space orientation="vertical" size={6} style={{ width: '100%' }}>
                <Checkbox value="merchants">
                  <Dot color={MERCHANT_COLOR} /> {t('page.businessMap.merchants')} ({shops.length})
                </Checkbox>
                <Checkbox value="stations">
                  {t('page.businessMap.stations')} ({stationRows.length})
                </Checkbox>
                <Space orientation="vertical" size={2} style={{ paddingLeft: 24 }}>
                  {STATION_TYPES.map((type) => (
                    <Typography.Text key={type} type="secondary" style={{ fontSize: 12 }}>
                      <Dot color={stationColor(type)} />
                      {t(`dict.stations_type.${type}`)} ({stationCounts[type] ?? 0})
                    </Typography.Text>
                  ))}
                </Space>
                <Typography.Text strong style={{ marginTop: 8 }}>
                  {t('page.businessMap.zones')}
                </Typography.Text>
                {ZONE_TYPES.map((type) => (
                  <Checkbox key={type} value={`zone${type}`}>
                    <Swatch color={zoneColor(type)} /> {t(`dict.zones_type.${type}`)} ({zoneCounts[type] ?? 0})
                  </Checkbox>
                ))}
              </Space>
            </Checkbox.Group>
            <Space style={{ marginTop: 12 }} size={16}>
              <span>
                <Swatch color="#595959" dashed /> {t('dict.zones_status.0')}
              </span>
              <span>
                <Swatch color="#595959" faded /> {t('dict.zones_status.2')}
              </span>
            </Space>
          </Card>
        </Col>
      </Row>
    </>
  );
}

/** A marker's colour in the legend. */
function Dot({ color }: { color: string }) {
  return <span aria-hidden style={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', background: color, marginRight: 6 }} />;
}
