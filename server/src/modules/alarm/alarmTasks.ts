import { alarmTaskResource, alarmTaskRunResource } from '@kayuh/contract/resources/alarmTask';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { timedTaskRuns, timedTasks } from '../../db/schema.ts';
import { authOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { bindResource } from '../../platform/resources/binding.ts';
import type { Services } from '../../platform/services.ts';
import { checkTask, runNowBody, runTaskNow } from '../configure/timedTask.ts';

/** The tenant's ALARM tasks (/alarm_main/timed_task): scheduled as any task, their targets fixed. */
export const alarmTaskBinding = bindResource(alarmTaskResource, timedTasks, { check: checkTask });
export const alarmTaskRunBinding = bindResource(alarmTaskRunResource, timedTaskRuns);

/** Run now, for an ALARM task only, under the alarm centre's own permission. */
export const alarmTaskRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.post(
    `${alarmTaskResource.api}/run`,
    {
      config: { access: 'alarm:timed_task:run', audit: { title: 'menu.alarm.timed_task', businessType: 0 } },
      schema: { tags: [alarmTaskResource.key], summary: 'Run an alarm task now, once', body: runNowBody },
    },
    async (req) => ok({ runId: await runTaskNow(services, authOf(req), req.body.jobId, eq(timedTasks.jobGroup, 'ALARM')) }),
  );
};
