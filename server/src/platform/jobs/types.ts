/** The scheduler's view of timed_tasks and timed_task_runs (DOMAIN §5.8, §3.15), free of the database. */

export interface TaskRecord {
  id: number;
  tenantId: number;
  jobName: string;
  jobGroup: string;
  /** An allow-listed `bean.method`, e.g. `sessionTask.cleanExpired`. */
  invokeTarget: string;
  /** Quartz, 6 or 7 fields. */
  cronExpression: string;
  /** IANA zone the expression is read in. */
  timeZone: string;
  /** '0' default, '1' fire now, '2' fire once, '3' do nothing. */
  misfirePolicy: '0' | '1' | '2' | '3';
  /** '0' allowed, '1' forbidden. */
  concurrent: '0' | '1';
  timeoutS: number;
  /** '0' normal, '1' paused. */
  status: '0' | '1';
  /** The last scheduled fire time the scheduler consumed (fired or skipped). */
  lastFireAt: Date | null;
}

/** timed_task_runs.status (DOMAIN §3.15): 2 running → 0 success | 1 failed; 3 skipped. */
export const RunStatus = { success: 0, failed: 1, running: 2, skipped: 3 } as const;

export interface RunResult {
  status: 0 | 1 | 3;
  endAt: Date;
  message?: string;
  /** The first 4 KB of the stack. */
  exception?: string;
  rowsAffected?: number;
}

export interface TaskStore {
  /** Tasks with status '0', each with its current lastFireAt. */
  listEnabled(): Promise<TaskRecord[]>;
  markFired(taskId: number, fireAt: Date): Promise<void>;
  /** Inserts a run with status 2 (running) and returns its id. */
  startRun(task: TaskRecord, startAt: Date): Promise<number>;
  finishRun(runId: number, result: RunResult): Promise<void>;
}

/**
 * One scheduler leader across N server instances (a PostgreSQL advisory lock on the server).
 * tryAcquire is asked on every tick, so while the lock is held it must answer true again without
 * stacking the lock (session-level advisory locks count re-acquisitions).
 */
export interface Leadership {
  tryAcquire(): Promise<boolean>;
  release(): Promise<void>;
}

/** A pino-compatible subset, so the Fastify logger fits as it is. */
export interface SchedulerLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
