import { OPERATIONS_DASHBOARD_PATH, type OperationsDashboard } from '@kayuh/contract/api/operationsDashboard';
import { OPEN_TICKET_STATES } from '@kayuh/contract/resources/tickets';
import { OpState } from '@kayuh/contract/resources/fleet';
import { get } from '../../../lib/http';
import type { CityCode } from '../../../stores/configStore';
import { chosenCity } from '../../vehicle/index/vehicleDashboardApi';

/** GET /operations/dashboard for the tenant in the header (the super-admin's choice) and the selected city. */
export const operationsDashboardQuery = (tenantId: number | null, cityCode: CityCode) => ({
  queryKey: ['operations', 'dashboard', tenantId, chosenCity(cityCode)] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    get<OperationsDashboard>(OPERATIONS_DASHBOARD_PATH, { cityCode: chosenCity(cityCode) }, { signal }),
});

const open = OPEN_TICKET_STATES.join(',');
/** The lists the figures summarise, filtered (and sorted) as the figure counts. */
export const LIST_LINKS = {
  open: `/Ticket/list?status=${open}`,
  overdue: `/Ticket/list?status=${open}&orderByColumn=dueAt&isAsc=asc`,
  submitted: '/Ticket/list?orderByColumn=createdAt&isAsc=desc',
  lowBattery: `/vehicle_main/vehicle?opState=${OpState.lowBattery}`,
  offline: '/vehicle_main/monitor',
  swaps: '/Ticket/battery/sub-list',
} as const;
