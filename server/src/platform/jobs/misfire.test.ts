import { describe, expect, it } from 'vitest';
import { MISFIRE_THRESHOLD_MS, planFire } from './misfire.ts';
import type { TaskRecord } from './types.ts';

type Plannable = Pick<TaskRecord, 'cronExpression' | 'timeZone' | 'misfirePolicy' | 'lastFireAt'>;
const task = (over: Partial<Plannable> = {}): Plannable => ({
  cronExpression: '0 0/5 * * * ?',
  timeZone: 'Asia/Jakarta',
  misfirePolicy: '0',
  lastFireAt: new Date('2026-02-10T03:00:00Z'),
  ...over,
});
const at = (s: string) => new Date(s);
const since = at('2026-02-10T00:00:00Z');

describe('planFire', () => {
  it('is idle until the next fire time after lastFireAt', () => {
    expect(planFire(task(), at('2026-02-10T03:04:59.999Z'), since)).toEqual({ kind: 'idle', dueAt: at('2026-02-10T03:05:00Z') });
  });

  it('fires at the fire time, on time', () => {
    expect(planFire(task(), at('2026-02-10T03:05:00Z'), since)).toEqual({
      kind: 'fire',
      fireAt: at('2026-02-10T03:05:00Z'),
      dueAt: at('2026-02-10T03:05:00Z'),
      misfired: false,
    });
  });

  it('reads the expression in the task time zone', () => {
    const daily = task({ cronExpression: '0 0 2 * * ?', lastFireAt: at('2026-02-09T19:00:00Z') });
    expect(planFire(daily, at('2026-02-10T18:59:59Z'), since).kind).toBe('idle');
    expect(planFire(daily, at('2026-02-10T19:00:00Z'), since).kind).toBe('fire');
    // 02:00 in Makassar (UTC+8) is an hour earlier in UTC.
    expect(planFire({ ...daily, timeZone: 'Asia/Makassar', lastFireAt: at('2026-02-09T18:00:00Z') }, at('2026-02-10T18:00:00Z'), since).kind).toBe(
      'fire',
    );
  });

  it('counts a never-fired task from `since`', () => {
    const fresh = task({ lastFireAt: null });
    expect(planFire(fresh, at('2026-02-10T00:04:59Z'), since).kind).toBe('idle');
    expect(planFire(fresh, at('2026-02-10T00:05:00Z'), since)).toMatchObject({ kind: 'fire', misfired: false });
  });

  it('coalesces a late tick within the threshold into one fire, even under policy 3', () => {
    const secondly = task({ cronExpression: '* * * * * ?', misfirePolicy: '3', lastFireAt: at('2026-02-10T03:00:00Z') });
    expect(planFire(secondly, at('2026-02-10T03:00:03.200Z'), since)).toEqual({
      kind: 'fire',
      fireAt: at('2026-02-10T03:00:03Z'),
      dueAt: at('2026-02-10T03:00:01Z'),
      misfired: false,
    });
  });

  it.each(['0', '1', '2'] as const)('policy %s fires once for many missed times, moving to the latest', (misfirePolicy) => {
    const plan = planFire(task({ misfirePolicy }), at('2026-02-10T06:02:00Z'), since);
    expect(plan).toEqual({ kind: 'fire', fireAt: at('2026-02-10T06:00:00Z'), dueAt: at('2026-02-10T03:05:00Z'), misfired: true });
  });

  it('policy 3 skips the missed times', () => {
    expect(planFire(task({ misfirePolicy: '3' }), at('2026-02-10T06:02:00Z'), since)).toEqual({
      kind: 'skip',
      fireAt: at('2026-02-10T06:00:00Z'),
      dueAt: at('2026-02-10T03:05:00Z'),
    });
  });

  it('a single fire time missed by more than the threshold is a misfire too', () => {
    const daily = task({ cronExpression: '0 0 2 * * ?', misfirePolicy: '3', lastFireAt: at('2026-02-09T19:00:00Z') });
    const late = new Date(at('2026-02-10T19:00:00Z').getTime() + MISFIRE_THRESHOLD_MS + 1);
    expect(planFire(daily, late, since)).toMatchObject({ kind: 'skip', fireAt: at('2026-02-10T19:00:00Z') });
    const onTime = new Date(at('2026-02-10T19:00:00Z').getTime() + MISFIRE_THRESHOLD_MS);
    expect(planFire(daily, onTime, since)).toMatchObject({ kind: 'fire', misfired: false });
  });

  it('coalesces L-n schedules too', () => {
    const monthly = task({ cronExpression: '0 0 2 L-3 * ?', lastFireAt: at('2025-10-27T19:00:00Z') });
    // Missed 2025-11-27, 2025-12-28 and 2026-01-28 (02:00 WIB each), all before 10 Feb.
    expect(planFire(monthly, at('2026-02-10T00:00:00Z'), since)).toEqual({
      kind: 'fire',
      fireAt: at('2026-01-27T19:00:00Z'),
      dueAt: at('2025-11-26T19:00:00Z'),
      misfired: true,
    });
  });

  it('is idle for good once the schedule has ended', () => {
    expect(planFire(task({ cronExpression: '0 0 0 1 1 ? 2025' }), at('2026-02-10T06:02:00Z'), since)).toEqual({ kind: 'idle', dueAt: null });
  });

  it('throws on an expression that is not Quartz', () => {
    expect(() => planFire(task({ cronExpression: '0 0 * * *' }), at('2026-02-10T06:02:00Z'), since)).toThrow(/Invalid Quartz cron/);
  });
});
