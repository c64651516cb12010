import { DASHBOARD_PATH, type DashboardOverview } from '@kayuh/contract/api/dashboard';
import { ALL_CITIES_CODE } from '@kayuh/contract/constants';
import { get } from '../../../lib/http';
import type { CityCode } from '../../../stores/configStore';

/** A chosen city's clock decides when its "today" begins; all cities read on the tenant's. */
const zoneCity = (cityCode: CityCode) => (typeof cityCode === 'number' && cityCode !== ALL_CITIES_CODE ? cityCode : null);

/** GET /system/dashboard for the tenant in the header (the super-admin's choice) and the selected city's day. */
export const dashboardQuery = (tenantId: number | null, cityCode: CityCode) => ({
  queryKey: ['configure', 'dashboard', tenantId, zoneCity(cityCode)] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => get<DashboardOverview>(DASHBOARD_PATH, { cityCode: zoneCity(cityCode) }, { signal }),
});
