import { JOB_RUN_MESSAGES } from '@kayuh/contract/jobTargets';
import { planFire, type FirePlan } from './misfire.ts';
import type { JobHandler, JobRegistry } from './registry.ts';
import { RunStatus, type Leadership, type RunResult, type SchedulerLogger, type TaskRecord, type TaskStore } from './types.ts';
import { errorText } from '../logSerializers.ts';

export { JobRegistry, type JobHandler } from './registry.ts';
export { RunStatus, type Leadership, type RunResult, type SchedulerLogger, type TaskRecord, type TaskStore } from './types.ts';

/**
 * The timed-task scheduler (DESIGN §1 jobs; DOMAIN §5.8, §3.15). Every tick the instance that holds
 * leadership reads the enabled tasks and runs the due ones; the others only keep asking. It knows
 * the database only through TaskStore and Leadership, so it is tested with fakes.
 */

const DEFAULT_TICK_MS = 1_000;
const DEFAULT_STOP_GRACE_MS = 30_000;
/** timed_task_runs.exception keeps the first 4 KB (DOMAIN §5.8); the message is held to the same. */
const TEXT_MAX_BYTES = 4 * 1024;

export interface SchedulerDeps {
  store: TaskStore;
  leadership: Leadership;
  registry: JobRegistry;
  clock?: () => Date;
  tickMs?: number;
  /** How long stop() waits for running jobs before it aborts them. */
  stopGraceMs?: number;
  logger?: SchedulerLogger;
}

type Outcome = Omit<RunResult, 'endAt'>;

interface ActiveRun {
  taskId: number;
  controller: AbortController;
  done: Promise<void>;
}

/** Abort reasons, told apart when the run is written up. */
class RunTimeout extends Error {}
class SchedulerStopping extends Error {}

const silent: SchedulerLogger = { info() {}, warn() {}, error() {} };

/** The longest prefix of `text` within `maxBytes` of UTF-8, never cutting a character in two. */
export function firstBytes(text: string, maxBytes: number): string {
  let bytes = 0;
  let end = 0;
  for (const ch of text) {
    const size = Buffer.byteLength(ch);
    if (bytes + size > maxBytes) break;
    bytes += size;
    end += ch.length;
  }
  return text.slice(0, end);
}

function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

export class Scheduler {
  private readonly store: TaskStore;
  private readonly leadership: Leadership;
  private readonly registry: JobRegistry;
  private readonly clock: () => Date;
  private readonly tickMs: number;
  private readonly stopGraceMs: number;
  private readonly logger: SchedulerLogger;

  private timer: ReturnType<typeof setInterval> | undefined;
  private startedAt: Date | undefined;
  private ticking: Promise<void> | undefined;
  private leader = false;
  private stopping = false;
  /** Registered before startRun is even awaited, so two launches of one task cannot both pass the concurrency check. */
  private readonly active = new Set<ActiveRun>();
  /** When each never-fired task was first seen, the point its schedule counts from. */
  private readonly seenAt = new Map<number, Date>();
  private lastListedAt: Date | undefined;
  /**
   * The next fire time per task, kept while the schedule inputs stay the same, so an idle task
   * costs a comparison per tick instead of a cron walk.
   */
  private readonly idleUntil = new Map<number, { key: string; dueAt: Date | null }>();
  /** Bad expressions already logged, so a broken row does not log once a second. */
  private readonly reported = new Map<number, string>();

  constructor(deps: SchedulerDeps) {
    this.store = deps.store;
    this.leadership = deps.leadership;
    this.registry = deps.registry;
    this.clock = deps.clock ?? (() => new Date());
    this.tickMs = deps.tickMs ?? DEFAULT_TICK_MS;
    this.stopGraceMs = deps.stopGraceMs ?? DEFAULT_STOP_GRACE_MS;
    this.logger = deps.logger ?? silent;
  }

  get isLeader(): boolean {
    return this.leader;
  }

  start(): void {
    if (this.timer) return;
    this.stopping = false;
    this.startedAt ??= this.clock();
    this.timer = setInterval(() => void this.tick(), this.tickMs);
    // The HTTP server keeps the process alive; the scheduler alone should not.
    this.timer.unref();
  }

  /** One pass; a call while a pass is still going joins it instead of starting another. */
  tick(): Promise<void> {
    this.ticking ??= this.pass().finally(() => {
      this.ticking = undefined;
    });
    return this.ticking;
  }

  /** Runs a task once, now, on this instance, whatever its schedule and status (the console's "run once"). */
  runNow(task: TaskRecord): Promise<number> {
    if (this.stopping) return Promise.reject(new Error('The scheduler is stopping'));
    return this.launch(task);
  }

  /** Stops ticking, waits up to the grace period for running jobs, then aborts the rest and gives up leadership. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking;
    if (this.active.size > 0) {
      let graceTimer: ReturnType<typeof setTimeout> | undefined;
      const graceOver = new Promise<true>((resolve) => {
        graceTimer = setTimeout(() => resolve(true), this.stopGraceMs);
      });
      const expired = await Promise.race([this.allDone().then(() => false), graceOver]);
      clearTimeout(graceTimer);
      if (expired) {
        this.logger.warn({ runs: this.active.size }, 'scheduler: aborting jobs still running at shutdown');
        for (const run of this.active) run.controller.abort(new SchedulerStopping());
        await this.allDone();
      }
    }
    if (this.leader) {
      this.leader = false;
      try {
        await this.leadership.release();
      } catch (err) {
        this.logger.error({ err }, 'scheduler: releasing leadership failed');
      }
    }
  }

  private async allDone(): Promise<void> {
    // Runs started by a job finishing (none today) would join the set; loop until it is empty.
    while (this.active.size > 0) await Promise.all([...this.active].map((r) => r.done));
  }

  private async pass(): Promise<void> {
    if (this.stopping) return;
    const now = this.clock();
    this.startedAt ??= now;
    try {
      this.leader = await this.leadership.tryAcquire();
    } catch (err) {
      this.leader = false;
      this.logger.error({ err }, 'scheduler: leadership check failed');
      return;
    }
    if (!this.leader) {
      // A later leader term counts never-fired tasks from the scheduler's start again.
      this.lastListedAt = undefined;
      return;
    }
    let tasks: TaskRecord[];
    try {
      tasks = await this.store.listEnabled();
    } catch (err) {
      this.logger.error({ err }, 'scheduler: listing tasks failed');
      return;
    }
    this.forgetGone(tasks);
    for (const task of tasks) {
      if (this.stopping) break;
      try {
        await this.consider(task, now);
      } catch (err) {
        this.logger.error({ err, taskId: task.id }, 'scheduler: task could not be handled');
      }
    }
    this.lastListedAt = now;
  }

  /** A paused or deleted task that comes back counts from when it is seen again. */
  private forgetGone(tasks: TaskRecord[]): void {
    const ids = new Set(tasks.map((t) => t.id));
    for (const id of this.seenAt.keys()) if (!ids.has(id)) this.seenAt.delete(id);
    for (const id of this.idleUntil.keys()) if (!ids.has(id)) this.idleUntil.delete(id);
    for (const id of this.reported.keys()) if (!ids.has(id)) this.reported.delete(id);
  }

  /**
   * A task that never fired counts from the scheduler's start when it was there from the first
   * pass, else from the pass before it appeared: a task created an hour after start must not
   * count the hour as missed.
   */
  private since(task: TaskRecord): Date {
    let seen = this.seenAt.get(task.id);
    if (!seen) {
      seen = this.lastListedAt ?? this.startedAt ?? this.clock();
      this.seenAt.set(task.id, seen);
    }
    return seen;
  }

  private async consider(task: TaskRecord, now: Date): Promise<void> {
    if (task.status !== '0') return;
    const since = this.since(task);
    const key = `${task.cronExpression}\n${task.timeZone}\n${(task.lastFireAt ?? since).getTime()}`;
    const cached = this.idleUntil.get(task.id);
    if (cached?.key === key && (cached.dueAt === null || cached.dueAt > now)) return;
    let plan: FirePlan;
    try {
      plan = planFire(task, now, since);
      this.reported.delete(task.id);
    } catch (err) {
      if (this.reported.get(task.id) !== task.cronExpression) {
        this.reported.set(task.id, task.cronExpression);
        this.logger.warn({ err, taskId: task.id, cron: task.cronExpression }, 'scheduler: task has an unusable schedule');
      }
      return;
    }
    if (plan.kind === 'idle') {
      this.idleUntil.set(task.id, { key, dueAt: plan.dueAt });
      return;
    }
    this.idleUntil.delete(task.id);
    // Marked before running: a crash mid-run must not fire the same time again (at most once).
    await this.store.markFired(task.id, plan.fireAt);
    if (plan.kind === 'skip') {
      await this.recordSkipped(task, JOB_RUN_MESSAGES.misfireSkipped, `due at ${plan.dueAt.toISOString()}; misfire policy 3 does nothing`);
      return;
    }
    if (plan.misfired) {
      this.logger.warn({ taskId: task.id, dueAt: plan.dueAt, policy: task.misfirePolicy }, 'scheduler: misfired task fires once now');
    }
    // The handler sees the fire time it runs for.
    await this.launch({ ...task, lastFireAt: plan.fireAt });
  }

  private isBusy(taskId: number): boolean {
    for (const run of this.active) if (run.taskId === taskId) return true;
    return false;
  }

  /** Resolves with the run id once the run is recorded; the job itself goes on in the background. */
  private launch(task: TaskRecord): Promise<number> {
    if (task.concurrent === '1' && this.isBusy(task.id)) {
      return this.recordSkipped(task, JOB_RUN_MESSAGES.previousRunning);
    }
    const run: ActiveRun = { taskId: task.id, controller: new AbortController(), done: Promise.resolve() };
    this.active.add(run);
    const started = this.store.startRun(task, this.clock());
    run.done = started
      .then(
        (runId) => this.perform(task, runId, run.controller),
        () => undefined, // the caller gets the error through `started`
      )
      .finally(() => this.active.delete(run));
    return started;
  }

  private async recordSkipped(task: TaskRecord, message: string, detail?: string): Promise<number> {
    const runId = await this.store.startRun(task, this.clock());
    await this.store.finishRun(runId, { status: RunStatus.skipped, endAt: this.clock(), message, ...(detail ? { exception: detail } : {}) });
    return runId;
  }

  private async perform(task: TaskRecord, runId: number, controller: AbortController): Promise<void> {
    const handler = this.registry.get(task.invokeTarget);
    const outcome: Outcome = handler
      ? await this.execute(task, handler, controller)
      : {
          status: RunStatus.failed,
          message: JOB_RUN_MESSAGES.notAllowed,
          exception: `invoke target '${task.invokeTarget}' is not on the allow-list`,
        };
    if (outcome.status === RunStatus.failed) {
      this.logger.warn({ taskId: task.id, runId, message: outcome.message }, 'scheduler: run failed');
    }
    try {
      await this.store.finishRun(runId, { ...outcome, endAt: this.clock() });
    } catch (err) {
      this.logger.error({ err, taskId: task.id, runId }, 'scheduler: recording the run failed');
    }
  }

  /**
   * Runs the handler against its timeout. The run ends at the timeout or at a shutdown abort even
   * if the handler ignores its signal: the log must not show it running forever, and a handler
   * that keeps going past that point has its result dropped.
   */
  private async execute(task: TaskRecord, handler: JobHandler, controller: AbortController): Promise<Outcome> {
    const { signal } = controller;
    const timer = task.timeoutS > 0 ? setTimeout(() => controller.abort(new RunTimeout()), task.timeoutS * 1000) : undefined;
    try {
      if (signal.aborted) throw signal.reason;
      const result = await Promise.race([Promise.resolve().then(() => handler({ task, signal })), rejectOnAbort(signal)]);
      const outcome: Outcome = { status: RunStatus.success };
      if (result?.message !== undefined) outcome.message = firstBytes(result.message, TEXT_MAX_BYTES);
      if (result?.rowsAffected !== undefined) outcome.rowsAffected = result.rowsAffected;
      return outcome;
    } catch (err) {
      // The signal says why, whatever the handler threw on its way out.
      const reason: unknown = signal.aborted ? signal.reason : undefined;
      if (reason instanceof RunTimeout) return { status: RunStatus.failed, message: JOB_RUN_MESSAGES.timeout };
      if (reason instanceof SchedulerStopping) return { status: RunStatus.failed, message: JOB_RUN_MESSAGES.aborted };
      const { message, stack } = errorText(err);
      return {
        status: RunStatus.failed,
        message: firstBytes(message || 'error', TEXT_MAX_BYTES),
        exception: firstBytes(stack, TEXT_MAX_BYTES),
      };
    } finally {
      clearTimeout(timer);
    }
  }
}
