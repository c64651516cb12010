import { VEHICLE_DASHBOARD_PATH, type VehicleDashboard } from '@kayuh/contract/api/vehicleDashboard';
import { ALL_CITIES_CODE } from '@kayuh/contract/constants';
import { get } from '../../../lib/http';
import type { CityCode } from '../../../stores/configStore';

/** The city the header has chosen, or none for all the caller's cities. */
export const chosenCity = (cityCode: CityCode) => (typeof cityCode === 'number' && cityCode !== ALL_CITIES_CODE ? cityCode : null);

/** GET /vehicle/dashboard for the tenant in the header (the super-admin's choice) and the selected city. */
export const vehicleDashboardQuery = (tenantId: number | null, cityCode: CityCode) => ({
  queryKey: ['vehicle', 'dashboard', tenantId, chosenCity(cityCode)] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => get<VehicleDashboard>(VEHICLE_DASHBOARD_PATH, { cityCode: chosenCity(cityCode) }, { signal }),
});
