import { JOB_RUN_MESSAGES } from '@kayuh/contract/jobTargets';
import type { FastifyBaseLogger } from 'fastify';
import type { ModuleJobTarget } from '../../platform/jobs/handlers.ts';
import type { JobRegistry } from '../../platform/jobs/registry.ts';
import type { Services } from '../../platform/services.ts';
import { scanOffline } from './offlineScan.ts';

/** The alarm centre's timed jobs (its ALARM tasks, /alarm_main/timed_task): each runs for the task's tenant. */
export function registerAlarmJobs(registry: JobRegistry, services: Services, log: FastifyBaseLogger) {
  const target: ModuleJobTarget = 'alarmTask.scanOffline';
  registry.register(target, async ({ task, signal }) => {
    const { raised, recovered } = await scanOffline(services, task.tenantId, signal, log);
    return { rowsAffected: raised + recovered, message: JOB_RUN_MESSAGES.offlineAlarms };
  });
}
