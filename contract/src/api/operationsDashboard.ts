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

/** The open tickets of the selected city (or the caller's cities) where their first vehicle last reported. */
export const TICKET_MAP_PATH = '/operations/dashboard/ticketMap';
/** At most this many on the map; more are counted, not drawn (the list has them all). */
export const TICKET_MAP_MAX = 5000;

export interface TicketOnMap {
  ticketId: number;
  ticketNo: string;
  type: number;
  status: number;
  priority: number;
  overdue: boolean;
  vehicleNo: string;
  lat: number;
  lng: number;
  /** The technician it is with, if any. */
  assignee: string | null;
}

export interface TicketMap {
  tickets: TicketOnMap[];
  /** Open tickets in view in all, those without a reported position included. */
  total: number;
}
