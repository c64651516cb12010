import { Code } from '@kayuh/contract/codes';
import { JOB_TARGET_OPTIONS } from '@kayuh/contract/jobTargets';
import { isValidQuartzCron } from '@kayuh/contract/rules/quartzCron';
import { timedTaskResource, timedTaskRunResource } from '@kayuh/contract/resources/timedTask';
import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { timedTaskRuns, timedTasks } from '../../db/schema.ts';
import { authOf } from '../../platform/access.ts';
import type { AuthContext } from '../../platform/auth/context.ts';
import { ok } from '../../platform/envelope.ts';
import { BizError, invalid } from '../../platform/errors.ts';
import type { TaskRecord } from '../../platform/jobs/types.ts';
import { bindResource, type HookContext } from '../../platform/resources/binding.ts';
import { isTimeZone } from '../../platform/timeZone.ts';
import { visibleRows } from '../../platform/scope.ts';
import type { Services } from '../../platform/services.ts';

/**
 * A task is saved only with a valid Quartz expression and a real time zone; its target is one of the
 * allow-list because the declaration's `options` are the allow-list (the schema refuses any other).
 */
export const timedTaskBinding = bindResource(timedTaskResource, timedTasks, { check: checkTask });
export const timedTaskRunBinding = bindResource(timedTaskRunResource, timedTaskRuns);

/** A task's schedule as written: a valid Quartz expression, a real time zone (here and on the alarm centre's page). */
export function checkTask({ values }: HookContext) {
  const fields: Record<string, string> = {};
  if (values.cronExpression !== undefined && !isValidQuartzCron(String(values.cronExpression))) fields.cronExpression = 'validation.cron';
  if (values.timeZone !== undefined && !isTimeZone(String(values.timeZone))) fields.timeZone = 'validation.timeZone';
  if (Object.keys(fields).length) throw invalid(fields);
}

/** RuoYi's job extras: the cron check the form calls, the allow-list, and "run now". */
export const timedTaskRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.post(
    '/monitor/job/checkCronExpressionIsValid',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['timedTask'],
        summary: 'Whether a Quartz cron expression is valid (bare boolean, as RuoYi)',
        body: z.object({ cronExpression: z.string().max(200) }),
      },
    },
    async (req) => ok(isValidQuartzCron(req.body.cronExpression)),
  );

  app.get(
    '/monitor/job/targets',
    {
      config: { access: 'configure:timedTask:view' },
      schema: { tags: ['timedTask'], summary: 'The invoke targets a task may name' },
    },
    async () => ok(JOB_TARGET_OPTIONS),
  );

  app.post(
    '/monitor/job/run',
    {
      config: { access: 'configure:timedTask:run', audit: { title: 'menu.configure.timedTask', businessType: 0 } },
      schema: { tags: ['timedTask'], summary: 'Run a task now, once', body: runNowBody },
    },
    async (req) => ok({ runId: await runTaskNow(services, authOf(req), req.body.jobId) }),
  );
};

/** Body of a "run now" call, here and on the alarm centre's task page. */
export const runNowBody = z.object({ jobId: z.coerce.number().int().positive() });

/** Starts one run of a task the caller's scope sees (and `only` admits), now, whatever its schedule; answers the run's id. */
export async function runTaskNow(services: Pick<Services, 'db' | 'scheduler'>, auth: AuthContext, jobId: number, only?: SQL): Promise<number> {
  const [task] = await services.db
    .select()
    .from(timedTasks)
    .where(and(eq(timedTasks.id, jobId), visibleRows(auth, timedTasks), only))
    .limit(1);
  if (!task) throw new BizError(Code.notFound);
  return services.scheduler.runNow({
    ...task,
    misfirePolicy: task.misfirePolicy as TaskRecord['misfirePolicy'],
    concurrent: task.concurrent as TaskRecord['concurrent'],
    status: task.status as TaskRecord['status'],
  });
}
