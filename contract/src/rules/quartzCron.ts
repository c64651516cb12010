import { Cron, type CronOptions } from 'croner';

/**
 * Quartz cron expressions of timed tasks (DOMAIN §5.8 `cron_expression`): 6 or 7 fields,
 * `sec min hour day-of-month month day-of-week [year]`, day-of-week 1=SUN…7=SAT.
 *
 * The parser here is the single source of truth for what an expression means. croner only walks
 * the calendar in a time zone, and it is always handed a normalised pattern (plain number lists
 * plus its L / LW / nW / d#n / d#L tokens), so croner's own, looser reading of steps, `?` and
 * day-field OR logic never comes into play. Quartz's `L-n` (n days before the month's last day)
 * has no croner form: that day is picked month by month here, and croner places the times in it.
 */

export type QuartzCronCheck = { valid: true } | { valid: false; reason: string };

/** Quartz's own year bounds; croner would go on to 9999. */
const YEAR_MIN = 1970;
const YEAR_MAX = 2099;

type FieldKey = 'second' | 'minute' | 'hour' | 'dayOfMonth' | 'month' | 'dayOfWeek' | 'year';

interface FieldDef {
  key: FieldKey;
  label: string;
  min: number;
  max: number;
  /** The largest increment Quartz accepts after '/'. */
  maxStep: number;
  names?: Readonly<Record<string, number>>;
}

const MONTH_NAMES: Readonly<Record<string, number>> = {
  JAN: 1,
  FEB: 2,
  MAR: 3,
  APR: 4,
  MAY: 5,
  JUN: 6,
  JUL: 7,
  AUG: 8,
  SEP: 9,
  OCT: 10,
  NOV: 11,
  DEC: 12,
};
const DAY_NAMES: Readonly<Record<string, number>> = { SUN: 1, MON: 2, TUE: 3, WED: 4, THU: 5, FRI: 6, SAT: 7 };

const SECOND: FieldDef = { key: 'second', label: 'second', min: 0, max: 59, maxStep: 59 };
const MINUTE: FieldDef = { key: 'minute', label: 'minute', min: 0, max: 59, maxStep: 59 };
const HOUR: FieldDef = { key: 'hour', label: 'hour', min: 0, max: 23, maxStep: 23 };
const DAY_OF_MONTH: FieldDef = { key: 'dayOfMonth', label: 'day-of-month', min: 1, max: 31, maxStep: 31 };
const MONTH: FieldDef = { key: 'month', label: 'month', min: 1, max: 12, maxStep: 12, names: MONTH_NAMES };
const DAY_OF_WEEK: FieldDef = { key: 'dayOfWeek', label: 'day-of-week', min: 1, max: 7, maxStep: 7, names: DAY_NAMES };
const YEAR: FieldDef = { key: 'year', label: 'year', min: YEAR_MIN, max: YEAR_MAX, maxStep: YEAR_MAX - YEAR_MIN };
const FIELDS = [SECOND, MINUTE, HOUR, DAY_OF_MONTH, MONTH, DAY_OF_WEEK, YEAR] as const;

type DayOfMonth =
  | { kind: 'any' }
  | { kind: 'days'; days: number[] }
  /** L, L-n, LW, L-nW */
  | { kind: 'last'; offset: number; weekday: boolean }
  /** nW */
  | { kind: 'nearestWeekday'; day: number };

type DayOfWeek =
  | { kind: 'any' }
  | { kind: 'days'; days: number[] }
  /** d#n */
  | { kind: 'nth'; day: number; nth: number }
  /** dL */
  | { kind: 'last'; day: number };

interface QuartzSpec {
  second: number[];
  minute: number[];
  hour: number[];
  dayOfMonth: DayOfMonth;
  month: number[];
  dayOfWeek: DayOfWeek;
  year: number[];
}

class QuartzSyntaxError extends Error {}

function fail(reason: string): never {
  throw new QuartzSyntaxError(reason);
}

/** A number or, in month and day-of-week, a three-letter name. */
function parseValue(token: string, def: FieldDef, item: string): number {
  if (token === '') fail(`${def.label}: '${item}' is missing a value`);
  if (/^\d+$/.test(token)) {
    const n = Number(token);
    if (n < def.min || n > def.max) fail(`${def.label}: ${n} is out of range ${def.min}-${def.max}`);
    return n;
  }
  if (def.names && Object.hasOwn(def.names, token)) return def.names[token];
  return fail(`${def.label}: '${token}' is not a valid value`);
}

/**
 * start..end every step. A backwards range wraps past the field's end, as Quartz reads it
 * (hours 22-2 = 22,23,0,1,2; FRI-MON = FRI,SAT,SUN,MON); croner would reject it.
 */
function expand(start: number, end: number, step: number, def: FieldDef, item: string): number[] {
  const span = def.max - def.min + 1;
  if (end < start) {
    if (def.key === 'year') fail(`year: range '${item}' runs backwards`);
    end += span;
  }
  const out: number[] = [];
  for (let v = start; v <= end; v += step) out.push(v > def.max ? v - span : v);
  return out;
}

/** One list item: *, a, a-b, each optionally /step (a/step runs to the field's end, as in Quartz). */
function parseItem(item: string, def: FieldDef): number[] {
  const parts = item.split('/');
  if (parts.length > 2) fail(`${def.label}: '${item}' has more than one '/'`);
  const [base, stepText] = parts;
  let step = 1;
  if (stepText !== undefined) {
    if (!/^\d+$/.test(stepText)) fail(`${def.label}: the step in '${item}' must be a whole number`);
    step = Number(stepText);
    if (step < 1 || step > def.maxStep) fail(`${def.label}: the step in '${item}' must be 1-${def.maxStep}`);
  }
  if (base === '*') return expand(def.min, def.max, step, def, item);
  if (base === '') fail(`${def.label}: '${item}' needs '*' or a start value before '/'`);
  const bounds = base.split('-');
  if (bounds.length > 2) fail(`${def.label}: '${item}' is not a valid range`);
  if (bounds[0] === '*') fail(`${def.label}: '*' cannot start a range in '${item}'`);
  const start = parseValue(bounds[0], def, item);
  if (bounds.length === 1) return stepText === undefined ? [start] : expand(start, def.max, step, def, item);
  return expand(start, parseValue(bounds[1], def, item), step, def, item);
}

function parseList(text: string, def: FieldDef): number[] {
  const values = new Set<number>();
  for (const item of text.split(',')) {
    if (item === '') fail(`${def.label}: '${text}' has an empty list item`);
    for (const v of parseItem(item, def)) values.add(v);
  }
  return [...values].sort((a, b) => a - b);
}

/** Rejects characters a field cannot hold, with the reason Quartz users need to fix it. */
function checkCharacters(text: string, def: FieldDef): void {
  // Names are taken out first: JUL holds an L and WED a W, and neither is the modifier.
  const bare = text.replace(/[A-Z]{3}/g, (word) => (def.names && Object.hasOwn(def.names, word) ? '' : word));
  const dayField = def.key === 'dayOfMonth' || def.key === 'dayOfWeek';
  if (bare.includes('?')) {
    if (!dayField) fail(`${def.label}: '?' is only allowed in day-of-month or day-of-week`);
    if (text !== '?') fail(`${def.label}: '?' must stand alone`);
  }
  if (bare.includes('L') && !dayField) fail(`${def.label}: 'L' is only allowed in day-of-month or day-of-week`);
  if (bare.includes('W') && def.key !== 'dayOfMonth') fail(`${def.label}: 'W' is only allowed in day-of-month`);
  if (bare.includes('#') && def.key !== 'dayOfWeek') fail(`${def.label}: '#' is only allowed in day-of-week`);
  const odd = /[^0-9A-Z*,/?#-]/.exec(bare);
  if (odd) fail(`${def.label}: unexpected character '${odd[0]}'`);
}

function parseDayOfMonth(text: string): DayOfMonth {
  if (text === '?' || text === '*') return { kind: 'any' };
  if (/[LW]/.test(text)) {
    // Quartz does not implement L or W beside other days either.
    if (text.includes(',')) fail(`day-of-month: 'L' and 'W' cannot be combined with other days in a list`);
    const last = /^L(?:-(\d+))?(W?)$/.exec(text);
    if (last) {
      const offset = last[1] === undefined ? 0 : Number(last[1]);
      if (offset > 30) fail(`day-of-month: the offset in '${text}' must be 0-30`);
      return { kind: 'last', offset, weekday: last[2] === 'W' };
    }
    const near = /^(\d+)W$/.exec(text);
    if (near) return { kind: 'nearestWeekday', day: parseValue(near[1], DAY_OF_MONTH, text) };
    fail(`day-of-month: '${text}' is not a valid L or W form (L, L-n, LW, L-nW or nW with a single day)`);
  }
  return { kind: 'days', days: parseList(text, DAY_OF_MONTH) };
}

function parseDayOfWeek(text: string): DayOfWeek {
  if (text === '?' || text === '*') return { kind: 'any' };
  if (text.includes('#')) {
    if (text.includes(',')) fail(`day-of-week: '#' cannot be combined with other days in a list`);
    const nth = /^([0-9A-Z]+)#(\d+)$/.exec(text);
    if (!nth) fail(`day-of-week: '${text}' is not a valid '#' form (a single day, e.g. 6#3 or FRI#3)`);
    const n = Number(nth[2]);
    if (n < 1 || n > 5) fail(`day-of-week: the n in '${text}' must be 1-5`);
    return { kind: 'nth', day: parseValue(nth[1], DAY_OF_WEEK, text), nth: n };
  }
  // Day names hold no L, so any L here is the modifier.
  if (text.includes('L')) {
    if (text === 'L') return { kind: 'days', days: [7] }; // Quartz: L alone in day-of-week is Saturday
    if (text.includes(',')) fail(`day-of-week: 'L' cannot be combined with other days in a list`);
    const last = /^([0-9A-Z]+?)L$/.exec(text);
    if (!last) fail(`day-of-week: '${text}' is not a valid 'L' form (a single day, e.g. 5L or THUL)`);
    return { kind: 'last', day: parseValue(last[1], DAY_OF_WEEK, text) };
  }
  return { kind: 'days', days: parseList(text, DAY_OF_WEEK) };
}

function parse(expr: string): QuartzSpec {
  if (typeof expr !== 'string' || expr.trim() === '') fail('the expression is empty');
  // Quartz reads names and modifiers case-insensitively.
  const fields = expr.trim().toUpperCase().split(/\s+/);
  if (fields.length !== 6 && fields.length !== 7) {
    fail(`expected 6 or 7 fields (second minute hour day-of-month month day-of-week [year]), got ${fields.length}`);
  }
  fields.forEach((text, i) => checkCharacters(text, FIELDS[i]));
  const [sec, min, hour, dom, month, dow, year = '*'] = fields;
  const spec: QuartzSpec = {
    second: parseList(sec, SECOND),
    minute: parseList(min, MINUTE),
    hour: parseList(hour, HOUR),
    dayOfMonth: parseDayOfMonth(dom),
    month: parseList(month, MONTH),
    dayOfWeek: parseDayOfWeek(dow),
    year: parseList(year, YEAR),
  };
  if (dom === '?' && dow === '?') fail(`day-of-month and day-of-week cannot both be '?'`);
  if (dom !== '?' && dow !== '?') {
    fail(`one of day-of-month and day-of-week must be '?' (Quartz cannot combine both day fields)`);
  }
  return spec;
}

export function validateQuartzCron(expr: string): QuartzCronCheck {
  try {
    parse(expr);
    return { valid: true };
  } catch (e) {
    if (e instanceof QuartzSyntaxError) return { valid: false, reason: e.message };
    throw e;
  }
}

/** The bare boolean of RuoYi's checkCronExpressionIsValid (DOMAIN §5.8). */
export function isValidQuartzCron(expr: string): boolean {
  return validateQuartzCron(expr).valid;
}

function parseOrThrow(expr: string): QuartzSpec {
  try {
    return parse(expr);
  } catch (e) {
    if (e instanceof QuartzSyntaxError) throw new Error(`Invalid Quartz cron expression '${expr}': ${e.message}`);
    throw e;
  }
}

// ---- fire times ---------------------------------------------------------------------------------

/** A full field goes to croner as '*'; the year stays a list so croner stops after 2099 as Quartz does. */
function list(values: number[], def: FieldDef): string {
  if (def.key !== 'year' && values.length === def.max - def.min + 1) return '*';
  return values.join(',');
}

function dayOfMonthToken(dom: DayOfMonth): string {
  switch (dom.kind) {
    case 'any':
      return '*';
    case 'days':
      return list(dom.days, DAY_OF_MONTH);
    case 'nearestWeekday':
      return `${dom.day}W`;
    case 'last':
      return dom.weekday ? 'LW' : 'L'; // offset 0 only: L-n never reaches croner
  }
}

function dayOfWeekToken(dow: DayOfWeek): string {
  switch (dow.kind) {
    case 'any':
      return '*';
    case 'days':
      return list(dow.days, DAY_OF_WEEK);
    case 'nth':
      return `${dow.day}#${dow.nth}`;
    case 'last':
      return `${dow.day}#L`;
  }
}

function cronerPattern(spec: QuartzSpec, day: string, month = list(spec.month, MONTH), year = list(spec.year, YEAR)): string {
  const time = `${list(spec.second, SECOND)} ${list(spec.minute, MINUTE)} ${list(spec.hour, HOUR)}`;
  return `${time} ${day} ${month} ${dayOfWeekToken(spec.dayOfWeek)} ${year}`;
}

function cronerOptions(timezone: string): CronOptions {
  return {
    timezone,
    mode: '7-part', // always handed all seven fields
    // Quartz ANDs the day fields; one of them is always '*' here, and OR would make '*' match every day.
    domAndDow: true,
    alternativeWeekdays: true, // 1=SUN…7=SAT, as Quartz numbers them
  };
}

function assertTimeZone(timeZone: string): void {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    throw new RangeError(`Unknown time zone '${timeZone}'`);
  }
}

function assertDate(d: Date, name: string): void {
  if (!(d instanceof Date) || Number.isNaN(d.getTime())) throw new RangeError(`${name} must be a valid Date`);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Quartz W: Saturday → Friday, Sunday → Monday, never leaving the month (1st Sat → Mon 3rd, last Sun → Fri). */
function nearestWeekday(year: number, month: number, day: number, last: number): number {
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  if (weekday === 6) return day === 1 ? 3 : day - 1;
  if (weekday === 0) return day === last ? day - 2 : day + 1;
  return day;
}

/** The L-n (or L-nW) day of one month, or null when the month is too short for it. */
function lastOffsetDay(dom: { offset: number; weekday: boolean }, year: number, month: number): number | null {
  const last = daysInMonth(year, month);
  const day = last - dom.offset;
  if (day < 1) return null;
  return dom.weekday ? nearestWeekday(year, month, day, last) : day;
}

function localYearMonth(at: Date, timeZone: string): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric' }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month') };
}

type MonthStep = { year: number; month: number };
const nextMonth = ({ year, month }: MonthStep): MonthStep => (month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 });
const prevMonth = ({ year, month }: MonthStep): MonthStep => (month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 });

/** A croner job for one month's L-n day, or null when the spec or the month rules it out. */
function monthJob(spec: QuartzSpec, dom: { offset: number; weekday: boolean }, m: MonthStep, timeZone: string): Cron | null {
  if (!spec.year.includes(m.year) || !spec.month.includes(m.month)) return null;
  const day = lastOffsetDay(dom, m.year, m.month);
  if (day === null) return null;
  return new Cron(cronerPattern(spec, String(day), String(m.month), String(m.year)), cronerOptions(timeZone));
}

function isLastOffset(dom: DayOfMonth): dom is { kind: 'last'; offset: number; weekday: boolean } {
  return dom.kind === 'last' && dom.offset > 0;
}

/**
 * The next `count` fire instants strictly after `from`, with the expression read in the IANA
 * `timeZone`. Fewer come back when the expression stops firing (its last year has passed).
 * Throws on an invalid expression or time zone.
 */
export function nextFireTimes(expr: string, opts: { timeZone: string; from: Date; count: number }): Date[] {
  const spec = parseOrThrow(expr);
  assertTimeZone(opts.timeZone);
  assertDate(opts.from, 'from');
  if (!Number.isInteger(opts.count) || opts.count < 0) throw new RangeError('count must be a whole number ≥ 0');
  if (opts.count === 0) return [];
  const dom = spec.dayOfMonth;
  if (!isLastOffset(dom)) {
    const job = new Cron(cronerPattern(spec, dayOfMonthToken(dom)), cronerOptions(opts.timeZone));
    return job.nextRuns(opts.count, opts.from);
  }
  const out: Date[] = [];
  // Start a month early so a month boundary that the zone's offset moves cannot be stepped over.
  let m = prevMonth(localYearMonth(opts.from, opts.timeZone));
  if (m.year < YEAR_MIN) m = { year: YEAR_MIN, month: 1 };
  for (; m.year <= YEAR_MAX && out.length < opts.count; m = nextMonth(m)) {
    const job = monthJob(spec, dom, m, opts.timeZone);
    if (job) out.push(...job.nextRuns(opts.count - out.length, opts.from));
  }
  return out;
}

/**
 * The latest fire instant at or before `at`, or null when there is none (before 1970 or the
 * expression's first year). The scheduler uses it to coalesce missed fire times.
 */
export function previousFireTime(expr: string, opts: { timeZone: string; at: Date }): Date | null {
  const spec = parseOrThrow(expr);
  assertTimeZone(opts.timeZone);
  assertDate(opts.at, 'at');
  // croner's previousRuns is strictly before its reference; one millisecond more makes `at` itself count.
  const ref = new Date(opts.at.getTime() + 1);
  const dom = spec.dayOfMonth;
  if (!isLastOffset(dom)) {
    const job = new Cron(cronerPattern(spec, dayOfMonthToken(dom)), cronerOptions(opts.timeZone));
    return job.previousRuns(1, ref)[0] ?? null;
  }
  let m = nextMonth(localYearMonth(opts.at, opts.timeZone));
  if (m.year > YEAR_MAX) m = { year: YEAR_MAX, month: 12 };
  for (; m.year >= YEAR_MIN; m = prevMonth(m)) {
    const found = monthJob(spec, dom, m, opts.timeZone)?.previousRuns(1, ref)[0];
    if (found) return found;
  }
  return null;
}
