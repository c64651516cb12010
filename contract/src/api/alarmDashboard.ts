/**
 * The alarm centre Home (/alarm_main index, DOMAIN §1.11) as a dashboard: what GET /alarm/dashboard answers for the
 * caller's scope (their tenant, their cities), narrowed to the city asked for; no city, or 1, is all of them.
 */
export const ALARM_DASHBOARD_PATH = '/alarm/dashboard';
/** Who may see it: those who may open the module's Home. */
export const ALARM_DASHBOARD_PERM = 'alarm:index:view';
/** alarms.level 1 critical … 4 info (DOMAIN §6.3): every level is named, zeros included. */
export const ALARM_LEVELS: readonly number[] = [1, 2, 3, 4];

export interface AlarmDashboard {
  /** Alarms waiting for someone (status 0). */
  open: number;
  /** Taken on, not yet over (status 1). */
  acknowledged: number;
  /** Open or acknowledged at level 1. */
  critical: number;
  /** Raised since midnight on the clock of `utcOffsetHours`. */
  raisedToday: number;
  /** Open and acknowledged by level, ALARM_LEVELS order. */
  byLevel: Array<{ level: number; count: number }>;
  /** Open and acknowledged by alarm code, most first; codes with none are left out. */
  byCode: Array<{ code: string; count: number }>;
  /** Alarms raised in each hour of today so far (0 … the current hour), on that clock. */
  today: Array<{ hour: number; raised: number }>;
  /** The clock of "today": the city asked for, else the caller's first city. */
  utcOffsetHours: number;
}
