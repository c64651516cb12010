import { nextFireTimes, previousFireTime } from '@kayuh/contract/rules/quartzCron';
import type { TaskRecord } from './types.ts';

/**
 * A fire time found this much after it was due counts as misfired, as with Quartz's default
 * misfireThreshold. Below it a late tick (a busy event loop, a slow store) is just late, so a
 * per-second task does not record skipped runs under policy '3' because one tick ran long.
 */
export const MISFIRE_THRESHOLD_MS = 60_000;

export type FirePlan =
  /** Not yet: `dueAt` is the next fire time (null when the schedule has ended), for the caller to cache. */
  | { kind: 'idle'; dueAt: Date | null }
  /** Run once now; lastFireAt moves to `fireAt`, the latest due fire time, so missed ones coalesce. */
  | { kind: 'fire'; fireAt: Date; dueAt: Date; misfired: boolean }
  /** Policy '3': record a skipped run and move lastFireAt to `fireAt` without running. */
  | { kind: 'skip'; fireAt: Date; dueAt: Date };

/**
 * What a task should do at `now`. It is due when its first fire time after lastFireAt (or after
 * `since`, the scheduler's start, for a task that never fired) is at or before now.
 *
 * Misfire policies (DOMAIN §5.8): '0' default, '1' fire now and '2' fire once all fire once now
 * for every missed time together; '3' does nothing. Quartz's '1' (ignore misfires) would replay
 * each missed time: after an outage that floods the run log and repeats work, so it coalesces too.
 */
export function planFire(task: Pick<TaskRecord, 'cronExpression' | 'timeZone' | 'misfirePolicy' | 'lastFireAt'>, now: Date, since: Date): FirePlan {
  const base = task.lastFireAt ?? since;
  const [dueAt] = nextFireTimes(task.cronExpression, { timeZone: task.timeZone, from: base, count: 1 });
  if (!dueAt || dueAt > now) return { kind: 'idle', dueAt: dueAt ?? null };
  const fireAt = previousFireTime(task.cronExpression, { timeZone: task.timeZone, at: now }) ?? dueAt;
  const misfired = now.getTime() - dueAt.getTime() > MISFIRE_THRESHOLD_MS;
  if (misfired && task.misfirePolicy === '3') return { kind: 'skip', fireAt, dueAt };
  return { kind: 'fire', fireAt, dueAt, misfired };
}
