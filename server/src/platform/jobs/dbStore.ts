import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { timedTaskRuns, timedTasks } from '../../db/schema.ts';
import type { RunResult, TaskRecord, TaskStore } from './types.ts';

/** The scheduler's TaskStore over timed_tasks and timed_task_runs. */
export function dbTaskStore(db: Db): TaskStore {
  return {
    async listEnabled() {
      const rows = await db
        .select()
        .from(timedTasks)
        .where(and(eq(timedTasks.status, '0'), isNull(timedTasks.deletedAt)));
      return rows.map((t): TaskRecord => ({
        id: t.id,
        tenantId: t.tenantId,
        jobName: t.jobName,
        jobGroup: t.jobGroup,
        invokeTarget: t.invokeTarget,
        cronExpression: t.cronExpression,
        timeZone: t.timeZone,
        misfirePolicy: t.misfirePolicy as TaskRecord['misfirePolicy'],
        concurrent: t.concurrent as TaskRecord['concurrent'],
        timeoutS: t.timeoutS,
        status: t.status as TaskRecord['status'],
        lastFireAt: t.lastFireAt,
      }));
    },
    async markFired(taskId, fireAt) {
      await db.update(timedTasks).set({ lastFireAt: fireAt }).where(eq(timedTasks.id, taskId));
    },
    async startRun(task, startAt) {
      const [run] = await db
        .insert(timedTaskRuns)
        .values({
          tenantId: task.tenantId,
          taskId: task.id,
          jobName: task.jobName,
          jobGroup: task.jobGroup,
          invokeTarget: task.invokeTarget,
          status: 2,
          startAt,
        })
        .returning({ id: timedTaskRuns.id });
      return run!.id;
    },
    async finishRun(runId, result: RunResult) {
      await db
        .update(timedTaskRuns)
        .set({
          status: result.status,
          endAt: result.endAt,
          message: result.message?.slice(0, 1000) ?? null,
          exception: result.exception?.slice(0, 4096) ?? null,
          rowsAffected: result.rowsAffected ?? null,
        })
        .where(eq(timedTaskRuns.id, runId));
    },
  };
}
