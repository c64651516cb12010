/** The operations centre Home (DOMAIN §1.2 index): open tickets by type × status, SLA breaches, vehicles needing work, today's swaps. */
export const OPERATIONS_DASHBOARD_PATH = '/operations/dashboard';
export const OPERATIONS_DASHBOARD_PERM = 'operations:index:view';

export interface OperationsDashboard {
  /** Open tickets (DOMAIN §3.1 "open") per type and status, only the pairs that have some. */
  openByTypeStatus: { type: number; status: number; count: number }[];
  /** Open tickets past their due time. */
  overdue: number;
  /** Tickets submitted today, and how many of them within their SLA. */
  submittedToday: number;
  withinSlaToday: number;
  /** Vehicles in low_battery (50), and vehicles in service whose box is not reporting. */
  lowBattery: number;
  offline: number;
  /** Battery swaps done today: by technicians (swap tickets submitted) and by members at cabinets. */
  ticketSwapsToday: number;
  cabinetSwapsToday: number;
}
