import { Card, Empty, Space, Typography } from 'antd';
import { useMemo } from 'react';
import type { DashboardCity } from '@kayuh/contract/api/dashboard';
import { useT } from '../../../lib/i18n';
import { MapView } from '../../../shared/map/MapView';
import type { MapMarker } from '../../../shared/map/mapTypes';

/** cities_status '1' is an active city; the others are greyed. */
const ACTIVE = '1';
const GREY = '#8c8c8c';

/** The tenant's cities on a map, fitted to them: each dot opens its name, staff count and status. */
export function CityMapCard({ cities }: { cities: DashboardCity[] }) {
  const t = useT();
  const markers = useMemo<MapMarker[]>(
    () =>
      cities.map((city) => ({
        id: city.cityCode,
        lat: city.lat,
        lng: city.lng,
        label: city.cityInName,
        color: city.status === ACTIVE ? undefined : GREY,
        popup: (
          <Space orientation="vertical" size={0}>
            <Typography.Text strong>{city.cityInName}</Typography.Text>
            {city.cityName !== city.cityInName && <Typography.Text type="secondary">{city.cityName}</Typography.Text>}
            <span>{t('page.cityMap.staff', { count: city.staff })}</span>
            <span>{t(`dict.cities_status.${city.status}`)}</span>
          </Space>
        ),
      })),
    [cities, t],
  );
  return (
    <Card title={t('page.cityMap.title')} size="small">
      {cities.length ? (
        <MapView markers={markers} cluster={false} height={320} label={t('page.cityMap.title')} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('page.cityMap.none')} />
      )}
    </Card>
  );
}
