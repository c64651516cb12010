/**
 * The System management Home (/configure index) as a dashboard: what GET /system/dashboard answers. Everything is
 * the caller's scope: their tenant (or the one the tenant-id header names for the super-admin) and, for staff bound to
 * cities, those cities only. Days are the tenant's business days (DOMAIN §0.4), oldest first, today last.
 */
export const DASHBOARD_PATH = '/system/dashboard';
/** Who may see it: those who may open the module's Home. */
export const DASHBOARD_PERM = 'configure:index:view';
/** How many business days the activity series covers. */
export const DASHBOARD_DAYS = 14;
/** How many of the most-worked pages are named. */
export const DASHBOARD_TOP_PAGES = 8;

export interface DashboardDay {
  /** YYYY-MM-DD, the tenant's business day. */
  day: string;
  signIns: number;
  failedSignIns: number;
  /** Journalled changes (operation journal rows). */
  operations: number;
}

export interface DashboardPage {
  /** The page's title key (JOURNAL_TITLES), translated by the console. */
  title: string;
  count: number;
}

export interface DashboardCity {
  cityCode: number;
  /** The city's Indonesian and local names. */
  cityInName: string;
  cityName: string;
  lat: number;
  lng: number;
  zoom: number;
  /** cities_status: '1' active. */
  status: string;
  /** Staff accounts bound to the city (not deleted). */
  staff: number;
}

export interface DashboardOverview {
  days: DashboardDay[];
  topPages: DashboardPage[];
  cities: DashboardCity[];
}
