import { describe, expect, it } from 'vitest';
import { isValidQuartzCron, nextFireTimes, previousFireTime, validateQuartzCron } from './quartzCron.ts';

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
const next = (expr: string, from: string, count: number, timeZone = 'Asia/Jakarta') =>
  iso(nextFireTimes(expr, { timeZone, from: new Date(from), count }));

describe('validateQuartzCron: accepts every Quartz feature', () => {
  it.each([
    ['0 0 12 * * ?', 'plain 6 fields, ? in day-of-week'],
    ['0 0 12 ? * *', '? in day-of-month'],
    ['0 0 12 * * ? 2027', '7th field: a year'],
    ['0 0 12 * * ? 2026-2030', 'a year range'],
    ['0 0 12 * * ? 2026/2', 'a year step'],
    ['0 0 12 * * ? *', 'a year wildcard'],
    ['0 0/15 * * * ?', 'start/step'],
    ['*/5 * * * * ?', '*/step'],
    ['0 10-40/10 * * * ?', 'range/step'],
    ['0 0 8,12,18 * * ?', 'a list'],
    ['0 0 8-10,14,20-22 * * ?', 'a list of ranges and values'],
    ['0 0 22-2 * * ?', 'a wrapping hour range (Quartz wraps it)'],
    ['0 0 0 1 JAN-MAR ?', 'month names'],
    ['0 0 0 ? jan,Jul,DEC mon', 'names in any case'],
    ['0 0 8 ? * MON-FRI', 'day names'],
    ['0 0 8 ? * 2-6', 'day numbers 1=SUN…7=SAT'],
    ['0 0 8 ? * FRI-MON', 'a wrapping day range'],
    ['0 0 2 L * ?', 'L: last day of month'],
    ['0 0 2 L-3 * ?', 'L-n'],
    ['0 0 2 l-30 * ?', 'L-30, lower case'],
    ['0 0 2 LW * ?', 'LW: last weekday'],
    ['0 0 2 L-2W * ?', 'L-nW'],
    ['0 0 12 15W * ?', 'nW: nearest weekday'],
    ['0 15 10 ? * 6#3', 'd#n: third Friday'],
    ['0 15 10 ? * FRI#5', 'name#n'],
    ['0 15 10 ? * 5L', 'dL: last Thursday'],
    ['0 15 10 ? * THUL', 'nameL'],
    ['0 15 10 ? * L', 'L alone in day-of-week (Saturday)'],
    ['  0   0  12  *  *  ?  ', 'extra whitespace'],
    ['00 05 09 * * ?', 'leading zeros'],
  ])('%s (%s)', (expr) => {
    expect(validateQuartzCron(expr)).toEqual({ valid: true });
    expect(isValidQuartzCron(expr)).toBe(true);
  });
});

describe('validateQuartzCron: rejects with a reason', () => {
  it.each([
    ['', /empty/],
    ['   ', /empty/],
    ['0 12 * * ?', /6 or 7 fields.*got 5/],
    ['0 0 12 * * ? 2026 1', /6 or 7 fields.*got 8/],
    ['@daily', /6 or 7 fields/],
    ['60 * * * * ?', /second: 60 is out of range 0-59/],
    ['0 60 * * * ?', /minute: 60 is out of range/],
    ['0 0 24 * * ?', /hour: 24 is out of range 0-23/],
    ['0 0 0 0 * ?', /day-of-month: 0 is out of range 1-31/],
    ['0 0 0 32 * ?', /day-of-month: 32 is out of range/],
    ['0 0 0 1 13 ?', /month: 13 is out of range 1-12/],
    ['0 0 0 1 0 ?', /month: 0 is out of range/],
    ['0 0 0 ? * 0', /day-of-week: 0 is out of range 1-7/],
    ['0 0 0 ? * 8', /day-of-week: 8 is out of range/],
    ['0 0 0 * * ? 1969', /year: 1969 is out of range 1970-2099/],
    ['0 0 0 * * ? 2100', /year: 2100 is out of range/],
    ['0 0 0 * * ? 2030-2026', /year: range '2030-2026' runs backwards/],
    ['0 5- * * * ?', /minute: '5-' is missing a value/],
    ['0 -5 * * * ?', /minute: '-5' is missing a value/],
    ['0 1-2-3 * * * ?', /minute: '1-2-3' is not a valid range/],
    ['0 */0 * * * ?', /minute: the step in '\*\/0' must be 1-59/],
    ['0 0/60 * * * ?', /the step in '0\/60' must be 1-59/],
    ['0 0 */24 * * ?', /hour: the step .* must be 1-23/],
    ['0 */x * * * ?', /step .* must be a whole number/],
    ['0 */ * * * ?', /step .* must be a whole number/],
    ['0 /5 * * * ?', /needs '\*' or a start value/],
    ['0 1/2/3 * * * ?', /more than one '\/'/],
    ['0 *-5 * * * ?', /'\*' cannot start a range/],
    ['0 1,,2 * * * ?', /empty list item/],
    ['0 1, * * * ?', /empty list item/],
    ['0 0 0 * * *', /one of day-of-month and day-of-week must be '\?'/],
    ['0 0 0 1 * MON', /one of day-of-month and day-of-week must be '\?'/],
    ['0 0 0 ? * ?', /cannot both be '\?'/],
    ['? 0 0 * * ?', /second: '\?' is only allowed in day-of-month or day-of-week/],
    ['0 0 0 * * ? ?', /year: '\?' is only allowed/],
    ['0 0 0 ?,1 * ?', /must stand alone/],
    ['0 0 L * * ?', /hour: 'L' is only allowed in day-of-month or day-of-week/],
    ['0 0 0 1 L ?', /month: 'L' is only allowed/],
    ['0 0 0 * * ? L', /year: 'L' is only allowed/],
    ['0 0 0 ? * 2W', /day-of-week: 'W' is only allowed in day-of-month/],
    ['0 0 5W * * ?', /hour: 'W' is only allowed in day-of-month/],
    ['0 0 0 6#3 * ?', /day-of-month: '#' is only allowed in day-of-week/],
    ['0 0 0 1 1#2 ?', /month: '#' is only allowed in day-of-week/],
    ['0 0 0 1,L * ?', /'L' and 'W' cannot be combined with other days/],
    ['0 0 0 1-15W * ?', /not a valid L or W form/],
    ['0 0 0 L-31 * ?', /offset in 'L-31' must be 0-30/],
    ['0 0 0 32W * ?', /day-of-month: 32 is out of range/],
    ['0 0 0 LX * ?', /'LX' is not a valid L or W form/],
    ['0 0 0 ? * 6#6', /the n in '6#6' must be 1-5/],
    ['0 0 0 ? * 6#0', /the n in '6#0' must be 1-5/],
    ['0 0 0 ? * 2#1,6#3', /'#' cannot be combined with other days/],
    ['0 0 0 ? * 2-6#3', /'2-6#3' is not a valid '#' form/],
    ['0 0 0 ? * #3', /not a valid '#' form/],
    ['0 0 0 ? * 2L,6', /'L' cannot be combined with other days/],
    ['0 0 0 ? * 2-6L', /'2-6L' is not a valid 'L' form/],
    ['0 0 0 ? * 8L', /day-of-week: 8 is out of range/],
    ['0 0 0 ? * MONDAY', /'MONDAY' is not a valid value/],
    ['0 0 0 ? JANUARY *', /'JANUARY' is not a valid value/],
    ['0 0 MON * * ?', /hour: 'MON' is not a valid value/],
    ['0 0 0 ? * +MON', /unexpected character '\+'/],
    ['0 0 0.5 * * ?', /unexpected character '\.'/],
  ])('%s', (expr, reason) => {
    const result = validateQuartzCron(expr);
    expect(result.valid).toBe(false);
    if (!result.valid) expect(result.reason).toMatch(reason);
    expect(isValidQuartzCron(expr)).toBe(false);
  });
});

describe('nextFireTimes: hand-computed instants', () => {
  it('L in Asia/Jakarta (UTC+7): 28 Feb 2026 02:00 WIB is 27 Feb 19:00 UTC', () => {
    // 2026 is not a leap year, so the last day of February is the 28th.
    expect(next('0 0 2 L * ?', '2026-02-10T00:00:00Z', 3)).toEqual([
      '2026-02-27T19:00:00.000Z',
      '2026-03-30T19:00:00.000Z',
      '2026-04-29T19:00:00.000Z',
    ]);
  });

  it('L in a leap February', () => {
    expect(next('0 0 2 L 2 ?', '2027-06-01T00:00:00Z', 2)).toEqual(['2028-02-28T19:00:00.000Z', '2029-02-27T19:00:00.000Z']);
  });

  it('L-n and L-nW (croner has no L-n; computed month by month)', () => {
    // Feb 2026: 28-3 = 25 (Wed). Mar: 31-3 = 28 is a Saturday, so L-3W moves to Fri 27.
    expect(next('0 0 2 L-3 * ?', '2026-02-10T00:00:00Z', 2)).toEqual(['2026-02-24T19:00:00.000Z', '2026-03-27T19:00:00.000Z']);
    expect(next('0 0 2 L-3W * ?', '2026-02-10T00:00:00Z', 2)).toEqual(['2026-02-24T19:00:00.000Z', '2026-03-26T19:00:00.000Z']);
  });

  it('L-30 skips months shorter than 31 days', () => {
    // Only 31-day months have a day 31-30 = 1; 1 Mar 2026 00:00 WIB = 28 Feb 17:00 UTC.
    expect(next('0 0 0 L-30 * ?', '2026-02-10T00:00:00Z', 3)).toEqual([
      '2026-02-28T17:00:00.000Z',
      '2026-04-30T17:00:00.000Z',
      '2026-06-30T17:00:00.000Z',
    ]);
  });

  it('LW: the last weekday (28 Feb 2026 is a Saturday → Friday 27th)', () => {
    expect(next('0 0 2 LW * ?', '2026-02-10T00:00:00Z', 2)).toEqual(['2026-02-26T19:00:00.000Z', '2026-03-30T19:00:00.000Z']);
  });

  it('6#3: the third Friday, 10:15 WIB', () => {
    // Fridays of Feb 2026: 6, 13, 20. March: 6, 13, 20. April: 3, 10, 17.
    expect(next('0 15 10 ? * 6#3', '2026-02-10T00:00:00Z', 3)).toEqual([
      '2026-02-20T03:15:00.000Z',
      '2026-03-20T03:15:00.000Z',
      '2026-04-17T03:15:00.000Z',
    ]);
    expect(next('0 15 10 ? * FRI#3', '2026-02-10T00:00:00Z', 3)).toEqual(next('0 15 10 ? * 6#3', '2026-02-10T00:00:00Z', 3));
  });

  it('5L: the last Thursday', () => {
    expect(next('0 15 10 ? * 5L', '2026-02-10T00:00:00Z', 2)).toEqual(['2026-02-26T03:15:00.000Z', '2026-03-26T03:15:00.000Z']);
  });

  it('15W when the 15th is a Sunday (Feb 2026 → Mon 16th), a Saturday (Aug 2026 → Fri 14th), a weekday', () => {
    expect(next('0 0 12 15W * ?', '2026-02-01T00:00:00Z', 1)).toEqual(['2026-02-16T05:00:00.000Z']);
    expect(next('0 0 12 15W * ?', '2026-08-01T00:00:00Z', 1)).toEqual(['2026-08-14T05:00:00.000Z']);
    expect(next('0 0 12 15W * ?', '2026-04-01T00:00:00Z', 1)).toEqual(['2026-04-15T05:00:00.000Z']);
  });

  it('1W never leaves the month: 1 Aug 2026 is a Saturday → Monday 3rd', () => {
    expect(next('0 0 12 1W * ?', '2026-07-15T00:00:00Z', 1)).toEqual(['2026-08-03T05:00:00.000Z']);
  });

  it('MON-FRI at 08:00 skips the weekend', () => {
    // Fri 13 Feb 2026, then Mon 16th.
    expect(next('0 0 8 ? * MON-FRI', '2026-02-13T00:00:00Z', 3)).toEqual([
      '2026-02-13T01:00:00.000Z',
      '2026-02-16T01:00:00.000Z',
      '2026-02-17T01:00:00.000Z',
    ]);
  });

  it('Quartz day numbers: 1 is Sunday and 7 is Saturday', () => {
    expect(next('0 0 8 ? * 1', '2026-02-10T00:00:00Z', 1)).toEqual(['2026-02-15T01:00:00.000Z']);
    expect(next('0 0 8 ? * 7', '2026-02-10T00:00:00Z', 1)).toEqual(['2026-02-14T01:00:00.000Z']);
    expect(next('0 0 8 ? * 2-6', '2026-02-13T00:00:00Z', 2)).toEqual(next('0 0 8 ? * MON-FRI', '2026-02-13T00:00:00Z', 2));
  });

  it('0/30 within 9-17: every half hour from 09:00 to 17:30, in Asia/Makassar (UTC+8)', () => {
    const times = next('0 0/30 9-17 * * ?', '2026-02-10T00:00:00Z', 19, 'Asia/Makassar');
    expect(times[0]).toBe('2026-02-10T01:00:00.000Z');
    expect(times[17]).toBe('2026-02-10T09:30:00.000Z');
    expect(times[18]).toBe('2026-02-11T01:00:00.000Z');
  });

  it('start/step keeps the start: 5/20 in minutes is 5, 25, 45', () => {
    expect(next('0 5/20 0 * * ?', '2026-02-09T16:00:00Z', 4, 'UTC')).toEqual([
      '2026-02-10T00:05:00.000Z',
      '2026-02-10T00:25:00.000Z',
      '2026-02-10T00:45:00.000Z',
      '2026-02-11T00:05:00.000Z',
    ]);
  });

  it('*/n in day-of-month counts from the 1st and in months from January', () => {
    expect(next('0 0 0 */10 */5 ?', '2025-12-31T00:00:00Z', 5, 'UTC')).toEqual([
      '2026-01-01T00:00:00.000Z',
      '2026-01-11T00:00:00.000Z',
      '2026-01-21T00:00:00.000Z',
      '2026-01-31T00:00:00.000Z',
      '2026-06-01T00:00:00.000Z',
    ]);
  });

  it('wrapping ranges: hours 22-2/2 on FRI-MON', () => {
    // Hours 22,0,2 on FRI,SAT,SUN,MON; Friday 13 Feb 2026 is the first such day after Tuesday the 10th.
    expect(next('0 0 22-2/2 ? * FRI-MON', '2026-02-10T00:00:00Z', 4, 'UTC')).toEqual([
      '2026-02-13T00:00:00.000Z',
      '2026-02-13T02:00:00.000Z',
      '2026-02-13T22:00:00.000Z',
      '2026-02-14T00:00:00.000Z',
    ]);
    expect(next('0 0 0 ? NOV-FEB 1', '2026-02-20T00:00:00Z', 2, 'UTC')).toEqual(['2026-02-22T00:00:00.000Z', '2026-11-01T00:00:00.000Z']);
  });

  it('the year field bounds the schedule', () => {
    expect(next('0 0 0 1 1 ? 2027-2028', '2026-02-10T00:00:00Z', 5)).toEqual(['2026-12-31T17:00:00.000Z', '2027-12-31T17:00:00.000Z']);
    expect(next('0 0 0 1 1 ? 2020', '2026-02-10T00:00:00Z', 5)).toEqual([]);
    expect(next('0 0 0 L-2 * ? 2020', '2026-02-10T00:00:00Z', 5)).toEqual([]);
  });

  it('without a year field nothing fires after 2099, as in Quartz', () => {
    expect(next('0 0 0 1 * ?', '2099-11-15T00:00:00Z', 5, 'UTC')).toEqual(['2099-12-01T00:00:00.000Z']);
  });

  it('seconds field and strictly-after semantics', () => {
    expect(next('*/20 * * * * ?', '2026-02-10T00:00:20Z', 3, 'UTC')).toEqual([
      '2026-02-10T00:00:40.000Z',
      '2026-02-10T00:01:00.000Z',
      '2026-02-10T00:01:20.000Z',
    ]);
    expect(next('*/20 * * * * ?', '2026-02-10T00:00:19.999Z', 1, 'UTC')).toEqual(['2026-02-10T00:00:20.000Z']);
  });

  it('follows a zone with daylight saving (Europe/Berlin 09:00 is 08:00Z in winter, 07:00Z in summer)', () => {
    expect(next('0 0 9 ? * SUN', '2026-03-21T00:00:00Z', 2, 'Europe/Berlin')).toEqual(['2026-03-22T08:00:00.000Z', '2026-03-29T07:00:00.000Z']);
  });

  it('the same expression differs by zone', () => {
    expect(next('0 0 2 * * ?', '2026-02-10T00:00:00Z', 1, 'Asia/Jakarta')).toEqual(['2026-02-10T19:00:00.000Z']);
    expect(next('0 0 2 * * ?', '2026-02-10T00:00:00Z', 1, 'Asia/Makassar')).toEqual(['2026-02-10T18:00:00.000Z']);
  });

  it('count 0 gives nothing; bad input throws', () => {
    expect(next('0 0 2 * * ?', '2026-02-10T00:00:00Z', 0)).toEqual([]);
    const from = new Date('2026-02-10T00:00:00Z');
    expect(() => nextFireTimes('0 0 2 * * *', { timeZone: 'Asia/Jakarta', from, count: 1 })).toThrow(/Invalid Quartz cron.*must be '\?'/);
    expect(() => nextFireTimes('0 0 2 * * ?', { timeZone: 'Mars/Olympus', from, count: 1 })).toThrow(/Unknown time zone/);
    expect(() => nextFireTimes('0 0 2 * * ?', { timeZone: 'UTC', from: new Date('x'), count: 1 })).toThrow(/from/);
    expect(() => nextFireTimes('0 0 2 * * ?', { timeZone: 'UTC', from, count: -1 })).toThrow(/count/);
  });
});

/**
 * An independent reading of Quartz's day rules, day by day, to check the whole of 2026-2027 in
 * Asia/Jakarta (UTC+7 without daylight saving, so local noon is 05:00 UTC).
 */
describe('nextFireTimes: day rules against a brute-force reference', () => {
  const weekdayOf = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 1; // 1=SUN
  const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
  const isWorkday = (y: number, m: number, d: number) => ![1, 7].includes(weekdayOf(y, m, d));
  const nearestWorkday = (y: number, m: number, target: number) => {
    if (target > lastDay(y, m)) return -1;
    let best = -1;
    for (let d = 1; d <= lastDay(y, m); d++) {
      if (isWorkday(y, m, d) && (best < 0 || Math.abs(d - target) < Math.abs(best - target))) best = d;
    }
    return best;
  };
  type Rule = (y: number, m: number, d: number) => boolean;
  const rules: Array<[string, Rule]> = [
    ['L * ?', (y, m, d) => d === lastDay(y, m)],
    ['L-5 * ?', (y, m, d) => d === lastDay(y, m) - 5],
    ['LW * ?', (y, m, d) => d === nearestWorkday(y, m, lastDay(y, m))],
    ['L-1W * ?', (y, m, d) => d === nearestWorkday(y, m, lastDay(y, m) - 1)],
    ['1W * ?', (y, m, d) => d === nearestWorkday(y, m, 1)],
    ['30W * ?', (y, m, d) => d === nearestWorkday(y, m, 30)],
    ['? * 2#1', (y, m, d) => weekdayOf(y, m, d) === 2 && d <= 7],
    ['? * SAT#5', (y, m, d) => weekdayOf(y, m, d) === 7 && d > 28],
    ['? * 1L', (y, m, d) => weekdayOf(y, m, d) === 1 && d + 7 > lastDay(y, m)],
    ['? * 4-6', (y, m, d) => [4, 5, 6].includes(weekdayOf(y, m, d))],
    ['? * 6-2/2', (y, m, d) => [6, 1].includes(weekdayOf(y, m, d))],
    ['29-2 * ?', (y, m, d) => d >= 29 || d <= 2],
    ['? JUN-AUG MON,WED', (y, m, d) => m >= 6 && m <= 8 && [2, 4].includes(weekdayOf(y, m, d))],
  ];

  it.each(rules)('0 0 12 %s', (days, rule) => {
    const expected: string[] = [];
    for (let y = 2026; y <= 2027; y++) {
      for (let m = 1; m <= 12; m++) {
        for (let d = 1; d <= lastDay(y, m); d++) {
          if (rule(y, m, d)) expected.push(new Date(Date.UTC(y, m - 1, d, 5)).toISOString());
        }
      }
    }
    const actual = next(`0 0 12 ${days}`, '2025-12-31T17:00:00Z', expected.length + 1);
    expect(actual.slice(0, expected.length)).toEqual(expected);
    expect(actual[expected.length] >= '2028-01-01').toBe(true);
  });
});

describe('previousFireTime', () => {
  const at = (expr: string, when: string, timeZone = 'Asia/Jakarta') =>
    previousFireTime(expr, { timeZone, at: new Date(when) })?.toISOString() ?? null;

  it('counts a fire time exactly at `at`', () => {
    expect(at('0 0 2 * * ?', '2026-02-10T19:00:00Z')).toBe('2026-02-10T19:00:00.000Z');
    expect(at('0 0 2 * * ?', '2026-02-10T18:59:59.999Z')).toBe('2026-02-09T19:00:00.000Z');
  });

  it('walks back over L-n months', () => {
    expect(at('0 0 2 L-3 * ?', '2026-02-10T00:00:00Z')).toBe('2026-01-27T19:00:00.000Z');
    expect(at('0 0 0 L-30 * ?', '2026-04-15T00:00:00Z')).toBe('2026-02-28T17:00:00.000Z');
  });

  it('is null before the first fire time', () => {
    expect(at('0 0 0 1 1 ? 2030', '2026-02-10T00:00:00Z')).toBeNull();
    expect(at('0 0 0 L-1 * ? 2030', '2026-02-10T00:00:00Z')).toBeNull();
  });
});
