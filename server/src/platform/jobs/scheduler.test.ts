import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  firstBytes,
  JobRegistry,
  Scheduler,
  type JobHandler,
  type Leadership,
  type RunResult,
  type TaskRecord,
  type TaskStore,
} from './scheduler.ts';

/** The run log as the fake store keeps it: status 2 until finishRun. */
interface FakeRun extends Partial<Omit<RunResult, 'status'>> {
  id: number;
  taskId: number;
  startAt: Date;
  status: number;
}

class FakeStore implements TaskStore {
  readonly runs: FakeRun[] = [];
  readonly fired: Array<{ taskId: number; fireAt: Date }> = [];
  listCalls = 0;
  constructor(public tasks: TaskRecord[]) {}

  async listEnabled() {
    this.listCalls++;
    // Copies, as rows read fresh from the database would be.
    return this.tasks.filter((t) => t.status === '0').map((t) => ({ ...t }));
  }
  async markFired(taskId: number, fireAt: Date) {
    this.fired.push({ taskId, fireAt });
    const task = this.tasks.find((t) => t.id === taskId);
    if (task) task.lastFireAt = fireAt;
  }
  async startRun(task: TaskRecord, startAt: Date) {
    const run: FakeRun = { id: this.runs.length + 1, taskId: task.id, startAt, status: 2 };
    this.runs.push(run);
    return run.id;
  }
  async finishRun(runId: number, result: RunResult) {
    Object.assign(this.runs[runId - 1], result);
  }
  task(id: number) {
    return this.tasks.find((t) => t.id === id)!;
  }
}

class FakeLeadership implements Leadership {
  acquireCalls = 0;
  releaseCalls = 0;
  constructor(public leader = true) {}
  async tryAcquire() {
    this.acquireCalls++;
    return this.leader;
  }
  async release() {
    this.releaseCalls++;
  }
}

const task = (over: Partial<TaskRecord> = {}): TaskRecord => ({
  id: 1,
  tenantId: 1,
  jobName: 'Clean sessions',
  jobGroup: 'SYSTEM',
  invokeTarget: 'sessionTask.cleanExpired',
  cronExpression: '0 0/5 * * * ?',
  timeZone: 'Asia/Jakarta',
  misfirePolicy: '0',
  concurrent: '1',
  timeoutS: 600,
  status: '0',
  lastFireAt: null,
  ...over,
});

/** A promise a test settles by hand, standing in for a job that takes its time. */
function deferred<T = void>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets background job promises run without moving the fake clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

function setup(tasks: TaskRecord[], handler: JobHandler = async () => ({ message: 'ok', rowsAffected: 3 }), leader = true) {
  const store = new FakeStore(tasks);
  const leadership = new FakeLeadership(leader);
  const handlerSpy = vi.fn(handler);
  const registry = new JobRegistry().register('sessionTask.cleanExpired', handlerSpy);
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const scheduler = new Scheduler({ store, leadership, registry, logger, stopGraceMs: 10_000 });
  return { store, leadership, registry, handler: handlerSpy, logger, scheduler };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-02-10T18:59:58Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Scheduler: due detection', () => {
  it('fires a daily 02:00 Asia/Jakarta task at 19:00 UTC, once, from the tick loop', async () => {
    const { store, handler, scheduler } = setup([task({ cronExpression: '0 0 2 * * ?' })]);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(1_000); // 18:59:59
    expect(handler).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000); // 19:00:00
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler.mock.calls[0][0].task).toMatchObject({
      id: 1,
      invokeTarget: 'sessionTask.cleanExpired',
      lastFireAt: new Date('2026-02-10T19:00:00Z'),
    });
    expect(store.task(1).lastFireAt).toEqual(new Date('2026-02-10T19:00:00Z'));
    expect(store.runs).toEqual([
      expect.objectContaining({ taskId: 1, status: 0, startAt: new Date('2026-02-10T19:00:00Z'), message: 'ok', rowsAffected: 3 }),
    ]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(handler).toHaveBeenCalledTimes(1);
    await scheduler.stop();
  });

  it('reads each task in its own zone: 02:00 Asia/Makassar is 18:00 UTC', async () => {
    vi.setSystemTime(new Date('2026-02-10T17:59:59Z'));
    const { store, scheduler } = setup([
      task({ id: 1, cronExpression: '0 0 2 * * ?', timeZone: 'Asia/Makassar' }),
      task({ id: 2, cronExpression: '0 0 2 * * ?', timeZone: 'Asia/Jakarta' }),
    ]);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.runs.map((r) => r.taskId)).toEqual([1]);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(store.runs.map((r) => r.taskId)).toEqual([1, 2]);
    await scheduler.stop();
  });

  it('counts from lastFireAt, and a task created later does not count the time before it as missed', async () => {
    const { store, handler, scheduler } = setup([task({ id: 1, cronExpression: '0 0 * * * ?', misfirePolicy: '3' })]);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(2 * 3_600_000); // 19:00 and 20:00 fire
    expect(handler).toHaveBeenCalledTimes(2);
    // A second task, never fired, shows up at 20:59:58: its first fire is 21:00, run, not skipped.
    store.tasks.push(task({ id: 2, cronExpression: '0 0 * * * ?', misfirePolicy: '3' }));
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(store.runs.filter((r) => r.taskId === 2).map((r) => r.status)).toEqual([0]);
    await scheduler.stop();
  });

  it('picks up an edited expression at the next tick', async () => {
    const { store, handler, scheduler } = setup([task({ cronExpression: '0 0 3 * * ?' })]);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(handler).not.toHaveBeenCalled();
    store.task(1).cronExpression = '*/2 * * * * ?'; // at 19:00:01
    await vi.advanceTimersByTimeAsync(1_000);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(store.task(1).lastFireAt).toEqual(new Date('2026-02-10T19:00:02Z'));
    await vi.advanceTimersByTimeAsync(1_000); // 19:00:03, odd
    expect(handler).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(handler).toHaveBeenCalledTimes(2);
    await scheduler.stop();
  });

  it('ignores paused tasks and unusable expressions, logging the latter once', async () => {
    const { store, handler, logger, scheduler } = setup([
      task({ id: 1, cronExpression: '* * * * * ?', status: '1' }),
      task({ id: 2, cronExpression: '* * * * * *' }),
      task({ id: 3, cronExpression: '* * * * * ?', invokeTarget: 'sessionTask.cleanExpired' }),
    ]);
    // A store that hands back a paused row anyway must not get it run.
    store.listEnabled = async () => store.tasks.map((t) => ({ ...t }));
    for (let i = 0; i < 3; i++) {
      vi.advanceTimersByTime(1_000);
      await scheduler.tick();
    }
    await settle();
    // The first pass marks the start (tick() without start()), so only the next two seconds fire.
    expect(new Set(store.runs.map((r) => r.taskId))).toEqual(new Set([3]));
    expect(handler).toHaveBeenCalledTimes(2);
    expect(logger.warn.mock.calls.filter(([, msg]) => msg === 'scheduler: task has an unusable schedule')).toHaveLength(1);
  });
});

describe('Scheduler: leadership', () => {
  it('a non-leader never reads or runs tasks, but keeps asking', async () => {
    const { store, leadership, handler, scheduler } = setup([task({ cronExpression: '* * * * * ?' })], undefined, false);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(leadership.acquireCalls).toBe(10);
    expect(store.listCalls).toBe(0);
    expect(handler).not.toHaveBeenCalled();
    expect(scheduler.isLeader).toBe(false);
    leadership.leader = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(scheduler.isLeader).toBe(true);
    expect(handler).toHaveBeenCalledTimes(1);
    await scheduler.stop();
    expect(leadership.releaseCalls).toBe(1);
  });

  it('a failing leadership check counts as not leader', async () => {
    const { store, leadership, scheduler } = setup([task({ cronExpression: '* * * * * ?' })]);
    leadership.tryAcquire = async () => {
      throw new Error('connection lost');
    };
    await scheduler.tick();
    expect(scheduler.isLeader).toBe(false);
    expect(store.listCalls).toBe(0);
  });
});

describe('Scheduler: misfire', () => {
  // Every 5 minutes; the server was down from 16:00 to 18:59:58, so 35 fire times were missed.
  const missed = (misfirePolicy: TaskRecord['misfirePolicy']) =>
    task({ cronExpression: '0 0/5 * * * ?', misfirePolicy, lastFireAt: new Date('2026-02-10T16:00:00Z') });

  it.each(['0', '1', '2'] as const)('policy %s fires once now and moves lastFireAt to the latest missed time', async (policy) => {
    const { store, handler, scheduler } = setup([missed(policy)]);
    await scheduler.tick();
    await settle();
    expect(handler).toHaveBeenCalledTimes(1);
    expect(store.runs).toEqual([expect.objectContaining({ status: 0, startAt: new Date('2026-02-10T18:59:58Z') })]);
    expect(store.task(1).lastFireAt).toEqual(new Date('2026-02-10T18:55:00Z'));
    vi.advanceTimersByTime(1_000);
    await scheduler.tick();
    await settle();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('policy 3 records a skipped run without running and moves lastFireAt', async () => {
    const { store, handler, scheduler } = setup([missed('3')]);
    await scheduler.tick();
    await settle();
    expect(handler).not.toHaveBeenCalled();
    expect(store.runs).toEqual([
      expect.objectContaining({ status: 3, message: 'jobRun.msg.misfireSkipped', exception: expect.stringMatching(/due at .*policy 3/) }),
    ]);
    expect(store.task(1).lastFireAt).toEqual(new Date('2026-02-10T18:55:00Z'));
    // The schedule carries on normally at 19:00.
    vi.setSystemTime(new Date('2026-02-10T19:00:00Z'));
    await scheduler.tick();
    await settle();
    expect(handler).toHaveBeenCalledTimes(1);
    expect(store.runs.map((r) => r.status)).toEqual([3, 0]);
  });

  it('a never-fired task counts the downtime from the scheduler start only', async () => {
    const { store, handler, scheduler } = setup([task({ cronExpression: '0 0/5 * * * ?', misfirePolicy: '3' })]);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(2_000); // 19:00:00
    expect(handler).toHaveBeenCalledTimes(1);
    expect(store.runs.map((r) => r.status)).toEqual([0]);
    await scheduler.stop();
  });
});

describe('Scheduler: concurrency', () => {
  it("concurrent '1' records a skipped run while the previous run is going", async () => {
    const gate = deferred();
    const { store, handler, scheduler } = setup([task({ cronExpression: '* * * * * ?', concurrent: '1' })], async () => {
      await gate.promise;
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(store.runs.map((r) => r.status)).toEqual([2, 3, 3]);
    expect(store.runs[1].message).toBe('jobRun.msg.previousRunning');
    gate.resolve();
    await vi.advanceTimersByTimeAsync(1_000);
    // Free again: the next second runs (and, its gate open, finishes at once).
    expect(store.runs.map((r) => r.status)).toEqual([0, 3, 3, 0]);
    expect(handler).toHaveBeenCalledTimes(2);
    await scheduler.stop();
  });

  it("concurrent '0' lets runs overlap", async () => {
    const gate = deferred();
    const { store, handler, scheduler } = setup([task({ cronExpression: '* * * * * ?', concurrent: '0' })], () => gate.promise);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(handler).toHaveBeenCalledTimes(3);
    expect(store.runs.map((r) => r.status)).toEqual([2, 2, 2]);
    gate.resolve();
    await scheduler.stop();
    expect(store.runs.map((r) => r.status)).toEqual([0, 0, 0]);
  });
});

describe('Scheduler: run outcomes', () => {
  it('a run past timeoutS is aborted through its signal and recorded as failed "timeout"', async () => {
    let seen: AbortSignal | undefined;
    const { store, scheduler } = setup([task({ timeoutS: 5 })], ({ signal }) => {
      seen = signal;
      return new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted by signal'))));
    });
    await scheduler.runNow(store.task(1));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(store.runs[0].status).toBe(2);
    expect(seen?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen?.aborted).toBe(true);
    expect(store.runs[0]).toMatchObject({ status: 1, message: 'jobRun.msg.timeout', endAt: new Date('2026-02-10T19:00:03Z') });
    expect(store.runs[0].exception).toBeUndefined();
  });

  it('a handler that ignores its signal is still recorded as timed out at the deadline', async () => {
    const { store, scheduler } = setup([task({ timeoutS: 2 })], () => new Promise(() => {}));
    await scheduler.runNow(store.task(1));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(store.runs[0]).toMatchObject({ status: 1, message: 'jobRun.msg.timeout' });
    await scheduler.stop(); // nothing left to wait for
  });

  it('a thrown error is recorded as failed with its stack in exception', async () => {
    const { store, scheduler } = setup([task()], async () => {
      throw new TypeError('rollup table missing');
    });
    await scheduler.runNow(store.task(1));
    await settle();
    expect(store.runs[0]).toMatchObject({ status: 1, message: 'rollup table missing' });
    expect(store.runs[0].exception).toMatch(/^TypeError: rollup table missing\n\s+at /);
  });

  it('a synchronous throw and a thrown non-Error are recorded too', async () => {
    const { store, registry, scheduler } = setup([task(), task({ id: 2, invokeTarget: 'reportTask.rollupDay' })], () => {
      throw new Error('sync');
    });
    registry.register('reportTask.rollupDay', () => Promise.reject('plain text'));
    await scheduler.runNow(store.task(1));
    await scheduler.runNow(store.task(2));
    await settle();
    expect(store.runs[0]).toMatchObject({ status: 1, message: 'sync' });
    expect(store.runs[1]).toMatchObject({ status: 1, message: 'plain text', exception: 'plain text' });
  });

  it('keeps only the first 4 KB of the stack', async () => {
    const { store, scheduler } = setup([task()], async () => {
      throw new Error('é'.repeat(5_000));
    });
    await scheduler.runNow(store.task(1));
    await settle();
    const { exception } = store.runs[0];
    expect(Buffer.byteLength(exception!)).toBeLessThanOrEqual(4096);
    expect(Buffer.byteLength(exception!)).toBeGreaterThan(4090);
    expect(exception).toMatch(/^Error: éé/);
  });

  it('an invoke target off the allow-list is recorded as failed and never executed', async () => {
    const { store, handler, scheduler } = setup([task({ invokeTarget: "sessionTask.cleanExpired'); drop table x; --" })]);
    await scheduler.runNow(store.task(1));
    await settle();
    expect(handler).not.toHaveBeenCalled();
    expect(store.runs[0]).toMatchObject({ status: 1, message: 'jobRun.msg.notAllowed', exception: expect.stringMatching(/not on the allow-list/) });
  });

  it('an unknown target reached by the schedule is refused the same way', async () => {
    const { store, handler, scheduler } = setup([task({ cronExpression: '* * * * * ?', invokeTarget: 'ghostTask.run' })]);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(1_000);
    await scheduler.stop();
    expect(handler).not.toHaveBeenCalled();
    expect(store.runs).toEqual([
      expect.objectContaining({ status: 1, message: 'jobRun.msg.notAllowed', exception: "invoke target 'ghostTask.run' is not on the allow-list" }),
    ]);
  });

  it('a store failure while recording is logged, not thrown into the tick', async () => {
    const { store, logger, scheduler } = setup([task()]);
    store.finishRun = async () => {
      throw new Error('db down');
    };
    await scheduler.runNow(store.task(1));
    await settle();
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ runId: 1 }), 'scheduler: recording the run failed');
  });
});

describe('Scheduler.runNow', () => {
  it('records a run and returns its id before the job ends', async () => {
    const gate = deferred<{ message: string; rowsAffected: number }>();
    const { store, handler, scheduler } = setup([task({ status: '1' })], () => gate.promise);
    const runId = await scheduler.runNow(store.task(1));
    expect(runId).toBe(1);
    expect(store.runs[0]).toMatchObject({ id: 1, status: 2, startAt: new Date('2026-02-10T18:59:58Z') });
    await settle();
    expect(handler).toHaveBeenCalledTimes(1);
    expect(store.runs[0].status).toBe(2);
    gate.resolve({ message: 'cleaned 12 sessions', rowsAffected: 12 });
    await settle();
    expect(store.runs[0]).toMatchObject({ status: 0, message: 'cleaned 12 sessions', rowsAffected: 12 });
    expect(store.fired).toEqual([]); // a manual run does not touch the schedule
  });

  it('respects concurrent forbidden', async () => {
    const gate = deferred();
    const { store, scheduler } = setup([task({ concurrent: '1' })], () => gate.promise);
    expect(await scheduler.runNow(store.task(1))).toBe(1);
    expect(await scheduler.runNow(store.task(1))).toBe(2);
    expect(store.runs.map((r) => r.status)).toEqual([2, 3]);
    gate.resolve();
    await settle();
  });

  it('is refused once stop() has begun', async () => {
    const { store, scheduler } = setup([task()]);
    await scheduler.stop();
    await expect(scheduler.runNow(store.task(1))).rejects.toThrow(/stopping/);
  });
});

describe('Scheduler.stop', () => {
  it('waits for running jobs, then releases leadership and ticks no more', async () => {
    const gate = deferred();
    const { store, leadership, handler, scheduler } = setup([task({ cronExpression: '* * * * * ?' })], () => gate.promise);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(handler).toHaveBeenCalledTimes(1);
    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(stopped).toBe(false);
    expect(leadership.releaseCalls).toBe(0);
    gate.resolve();
    await stopping;
    expect(store.runs.map((r) => r.status)).toEqual([0]);
    expect(leadership.releaseCalls).toBe(1);
    const acquires = leadership.acquireCalls;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(leadership.acquireCalls).toBe(acquires);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('aborts jobs still running after the grace period', async () => {
    let seen: AbortSignal | undefined;
    const { store, scheduler } = setup([task({ timeoutS: 0 })], ({ signal }) => {
      seen = signal;
      return new Promise(() => {});
    });
    await scheduler.runNow(store.task(1));
    const stopping = scheduler.stop();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(seen?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await stopping;
    expect(seen?.aborted).toBe(true);
    expect(store.runs[0]).toMatchObject({ status: 1, message: 'jobRun.msg.aborted' });
  });

  it('lets a tick in progress finish before it returns', async () => {
    const listed = deferred<TaskRecord[]>();
    const { store, scheduler } = setup([task({ cronExpression: '* * * * * ?' })]);
    const list = store.listEnabled.bind(store);
    store.listEnabled = async () => {
      await listed.promise;
      return list();
    };
    vi.advanceTimersByTime(1_000);
    const ticking = scheduler.tick();
    const stopping = scheduler.stop();
    listed.resolve([]);
    await Promise.all([ticking, stopping]);
    // The tick saw stop() begin and launched nothing.
    expect(store.runs).toEqual([]);
  });
});

describe('firstBytes', () => {
  it('cuts at a byte budget without splitting a character', () => {
    expect(firstBytes('abc', 2)).toBe('ab');
    expect(firstBytes('aé', 2)).toBe('a');
    expect(firstBytes('a😀b', 5)).toBe('a😀');
    expect(firstBytes('a😀b', 4)).toBe('a');
    expect(firstBytes('short', 4096)).toBe('short');
  });
});
