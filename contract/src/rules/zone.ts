/**
 * Which clock a time is shown on (issue #8): the selected city's, or for "all cities" the tenant's default city's
 * (its first by city code); WIB when a tenant has no city yet. Indonesia's three zones go by their own names,
 * any other as UTC±h, so a time that could be read in two zones says which.
 */
export interface DisplayZone {
  /** Hours east of UTC (7 for WIB, 8 for WITA, 5.5 for India). */
  offsetHours: number;
  /** WIB, WITA, WIT, or UTC+h. */
  label: string;
}

const NAMED: Readonly<Record<string, string>> = { '7': 'WIB', '8': 'WITA', '9': 'WIT' };

export function zoneLabel(offsetHours: number): string {
  const named = NAMED[String(offsetHours)];
  if (named) return named;
  const sign = offsetHours < 0 ? '−' : '+';
  const abs = Math.abs(offsetHours);
  const minutes = Math.round((abs % 1) * 60);
  return `UTC${sign}${Math.floor(abs)}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

export const DEFAULT_ZONE: DisplayZone = { offsetHours: 7, label: 'WIB' };

export const displayZone = (offsetHours: number | null | undefined): DisplayZone =>
  typeof offsetHours === 'number' && Number.isFinite(offsetHours) ? { offsetHours, label: zoneLabel(offsetHours) } : DEFAULT_ZONE;

/** A UTC instant as the wall-clock time of a zone, held in a Date's UTC fields (how a spreadsheet keeps a local time). */
export const wallClock = (ms: number, zone: DisplayZone): Date => new Date(ms + zone.offsetHours * 3_600_000);

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The business day (DOMAIN §0.4) holding `at` on a clock `offsetHours` from UTC: its midnight and the next, as instants. */
export function businessDayOf(at: Date, offsetHours: number): { from: Date; to: Date } {
  const offset = offsetHours * HOUR_MS;
  const from = Math.floor((at.getTime() + offset) / DAY_MS) * DAY_MS - offset;
  return { from: new Date(from), to: new Date(from + DAY_MS) };
}

/** The business day holding `at`, as its local date (YYYY-MM-DD): a pass's usage_day. */
export const businessDateOf = (at: Date, offsetHours: number): string =>
  new Date(businessDayOf(at, offsetHours).from.getTime() + offsetHours * HOUR_MS).toISOString().slice(0, 10);

/** The first instant of the business month (DOMAIN §0.4) holding `at` on a clock `offsetHours` from UTC. */
export function businessMonthStartOf(at: Date, offsetHours: number): Date {
  const [year, month] = businessDateOf(at, offsetHours).split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, 1) - offsetHours * HOUR_MS);
}
