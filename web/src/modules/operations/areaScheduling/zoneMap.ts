import { useQuery } from '@tanstack/react-query';
import { cityResource } from '@kayuh/contract/resources/city';
import { zoneResource, ZoneStatus } from '@kayuh/contract/resources/zone';
import { PAGE_SIZE_MAX } from '@kayuh/contract/constants';
import type { TFunction } from '../../../lib/i18n';
import { polygonPoints } from '../../../shared/map/polygonValue';
import type { LatLng, MapPolygon } from '../../../shared/map/mapTypes';
import { cityParam } from '../../../shared/resource/listState';
import { listQuery, type ResourceRow } from '../../../shared/resource/resourceApi';
import { useConfigStore, type CityCode } from '../../../stores/configStore';

/** The six zone types (dict zones_type), in the legend's order. */
export const ZONE_TYPES = ['1', '2', '3', '4', '5', '6'] as const;

/** One colour per zone type: service area blue, parking green, no parking red, slow orange, no riding purple, deployment cyan. */
const ZONE_COLORS: Record<string, string> = {
  '1': '#1677ff',
  '2': '#389e0d',
  '3': '#cf1322',
  '4': '#d46b08',
  '5': '#722ed1',
  '6': '#08979c',
};
const OTHER_COLOR = '#8c8c8c';

export const zoneColor = (type: unknown) => ZONE_COLORS[String(type)] ?? OTHER_COLOR;

/** A zone as the map draws it: its type's colour, a draft dashed, a disabled zone faded; `context` fades them all. */
export function zonePolygon(row: ResourceRow, t: TFunction, options: { context?: boolean; onClick?: () => void } = {}): MapPolygon {
  const status = String(row.status);
  const name = `${String(row.name ?? '')} · ${t(`dict.zones_type.${String(row.type)}`)}`;
  return {
    id: Number(row.zoneId),
    points: polygonPoints(row.points),
    color: zoneColor(row.type),
    label: status === String(ZoneStatus.active) ? name : `${name} (${t(`dict.zones_status.${status}`)})`,
    dashed: status === String(ZoneStatus.draft),
    faded: options.context || status === String(ZoneStatus.disabled),
    onClick: options.onClick,
  };
}

/** Zones per type, for the legend's counts. */
export function countByType(rows: readonly ResourceRow[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const row of rows) counts[String(row.type)] = (counts[String(row.type)] ?? 0) + 1;
  return counts;
}

/**
 * Every zone of a city (or, for 'all cities', of the tenant) as one list read of the most the server pages, under the
 * zone resource's query key: a zone saved on the page's list refreshes the map too. `total` says when there are more.
 */
export function useCityZones(cityCode: CityCode) {
  const tenantId = useConfigStore((s) => s.tenantId);
  const body = { pageNum: 1, pageSize: PAGE_SIZE_MAX, orderByColumn: 'zoneCode', isAsc: 'asc', ...cityParam(zoneResource, cityCode) };
  return useQuery({ ...listQuery(zoneResource, body, tenantId), enabled: cityCode !== null });
}

export interface CityView {
  center: LatLng;
  zoom: number;
}

const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN);

/** Where a city's maps open: its centre and default zoom (from the tenant's city list); undefined for 'all cities'. */
export function useCityView(cityCode: CityCode | undefined): CityView | undefined {
  const tenantId = useConfigStore((s) => s.tenantId);
  const query = useQuery({ ...listQuery(cityResource, { pageNum: 1, pageSize: PAGE_SIZE_MAX }, tenantId), staleTime: 5 * 60_000 });
  const city = typeof cityCode === 'number' ? query.data?.rows?.find((row) => Number(row.cityCode) === cityCode) : undefined;
  if (!city) return undefined;
  const lat = num(city.centerLat);
  const lng = num(city.centerLng);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return undefined;
  const zoom = num(city.defaultZoom);
  return { center: { lat, lng }, zoom: Number.isFinite(zoom) ? zoom : 13 };
}
