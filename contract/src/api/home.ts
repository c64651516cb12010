/**
 * The console's home (/): today's figures for the selected city (DOMAIN §1.0) above the module cards, from GET
 * HOME_TODAY_PATH. "Today" is the city's business day (DOMAIN §0.4; every visible city, each its own day, when none is
 * selected). A figure the caller may not see (its page's view permission) is null and not shown.
 */
export const HOME_TODAY_PATH = '/home/today';

/** The permission each figure needs: the page it comes from. */
export const HOME_FIGURE_PERMS = {
  rides: 'operations:orderList:view',
  vehicles: 'vehicle:index:view',
  tickets: 'operations:ticketList:view',
  alarms: 'alarm:alarm_list:view',
  members: 'user:user_admin:view',
} as const;

export interface HomeToday {
  /** Rides started today. */
  rides: number | null;
  /** What today's rides paid, less what was refunded of them, in the tenant's currency. */
  rideRevenue: number | null;
  currency: string;
  /** Vehicles available to ride (op_state 20) and riding now (40). */
  availableVehicles: number | null;
  inUseVehicles: number | null;
  /** Work orders open (DOMAIN §3.1: not yet approved, closed or cancelled), and those of them past their due time. */
  openTickets: number | null;
  overdueTickets: number | null;
  /** Alarms not yet acknowledged. */
  openAlarms: number | null;
  /** Members who registered today (by the city they registered in). */
  newMembers: number | null;
}
