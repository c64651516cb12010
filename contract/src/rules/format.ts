/** Display formatting of spec §5: timestamps, durations, grouped numbers and money. */
import { CURRENCIES } from './currencies.ts';

const EMPTY = '--';
/** Below this a number is taken as epoch seconds: 1e12 ms is 2001, 1e12 s is far beyond any real record. */
const SECONDS_BELOW = 1e12;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function toEpochMs(value: number | string | Date): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return Math.abs(value) < SECONDS_BELOW ? value * 1000 : value;
  const text = value.trim();
  // Servers send epochs as strings too; a bare number must not go through Date.parse (it reads it as a year).
  if (/^-?\d+(\.\d+)?$/.test(text)) return toEpochMs(Number(text));
  return Date.parse(text);
}

/** `YYYY-MM-DD HH:mm:ss` in the runtime's zone, or in a city's fixed hours offset when given. */
export function formatTimestamp(value: number | string | Date | null | undefined, opts: { utcOffsetHours?: number } = {}): string {
  if (value === null || value === undefined || value === '' || value === 0 || value === '0') return EMPTY;
  const ms = toEpochMs(value);
  // Epoch 0 is how the servers write "never", whatever type carries it.
  if (!Number.isFinite(ms) || ms === 0) return EMPTY;
  const offset = opts.utcOffsetHours;
  const useOffset = typeof offset === 'number' && Number.isFinite(offset);
  const d = new Date(useOffset ? ms + offset * 3_600_000 : ms);
  if (Number.isNaN(d.getTime())) return EMPTY;
  const [y, mo, day, h, mi, s] = useOffset
    ? [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()]
    : [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()];
  return `${pad(y, 4)}-${pad(mo)}-${pad(day)} ${pad(h)}:${pad(mi)}:${pad(s)}`;
}

/** `H:mm:ss`; days fold into hours because ride and rental durations are read as hours. */
export function formatDuration(seconds: number | string | null | undefined): string {
  if (seconds === null || seconds === undefined) return EMPTY;
  if (typeof seconds === 'string' && seconds.trim() === '') return EMPTY;
  const total = typeof seconds === 'number' ? seconds : Number(seconds);
  if (!Number.isFinite(total) || total <= 0) return EMPTY;
  const whole = Math.floor(total);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return `${h}:${pad(m)}:${pad(s)}`;
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;
/** Exponent notation is a number too, but its digits cannot be kept "as given". */
const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const plain = new Intl.NumberFormat('en-US', { useGrouping: false, maximumFractionDigits: 20 });

function digitsOf(value: unknown): string | null {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    const text = String(value);
    return /e/i.test(text) ? plain.format(value) : text;
  }
  if (typeof value === 'string') {
    const text = value.trim();
    if (!NUMERIC.test(text)) return null;
    return /e/i.test(text) ? digitsOf(Number(text)) : text;
  }
  return null;
}

/** Groups the integer part only, so amounts keep the decimals the server chose to send. */
export function formatThousands(value: unknown, separator = ','): string {
  const digits = digitsOf(value);
  const parts = digits === null ? null : DECIMAL.exec(digits);
  if (!parts) return '0';
  const [, sign, int, frac] = parts;
  const grouped = (int || '0').replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  return `${sign === '-' ? '-' : ''}${grouped}${frac ? `.${frac}` : ''}`;
}

/**
 * An amount as money reads (DOMAIN §0.3): the currency's symbol, then the amount in whole units with thousands
 * grouping. Amounts are kept in the currency's smallest unit, so one with decimals (MYR, minor unit 2) shows them:
 * 12345 sen = "RM 123.45"; IDR (minor unit 0) is whole rupiah: "Rp 50,000". A currency the platform did not ship is
 * named by its code, its amount shown as stored; no currency at all shows the grouped amount alone.
 */
export function formatMoney(value: unknown, currency?: unknown): string {
  const code = typeof currency === 'string' ? currency.trim().toUpperCase() : '';
  const known = CURRENCIES.find((c) => c.code === code);
  const digits = digitsOf(value);
  const whole = known && known.minorUnit > 0 && digits !== null && /^-?\d+$/.test(digits) ? toUnits(digits, known.minorUnit) : value;
  const grouped = formatThousands(whole);
  if (known) return `${known.symbol} ${grouped}`;
  return code ? `${code} ${grouped}` : grouped;
}

/** Smallest units as a decimal text of whole units, exactly (no float): "-5" with 2 decimals is "-0.05". */
function toUnits(digits: string, minorUnit: number): string {
  const negative = digits.startsWith('-');
  const padded = (negative ? digits.slice(1) : digits).padStart(minorUnit + 1, '0');
  return `${negative ? '-' : ''}${padded.slice(0, -minorUnit)}.${padded.slice(-minorUnit)}`;
}
