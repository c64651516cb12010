import { JOB_RUN_MESSAGES } from '@kayuh/contract/jobTargets';
import type { FastifyBaseLogger } from 'fastify';
import type { ModuleJobTarget } from '../../platform/jobs/handlers.ts';
import type { JobHandler, JobRegistry } from '../../platform/jobs/registry.ts';
import type { Services } from '../../platform/services.ts';
import { scanCabinetsOffline } from './cabinetOffline.ts';
import { scanOffline } from './offlineScan.ts';
import { repeatNotices } from './repeatNotices.ts';

/** The alarm centre's timed jobs (its ALARM tasks, /alarm_main/timed_task): each runs for its task's tenant. */
export function registerAlarmJobs(registry: JobRegistry, services: Services, log: FastifyBaseLogger) {
  const jobs: Partial<Record<ModuleJobTarget, JobHandler>> = {
    'alarmTask.scanOffline': async ({ task, signal }) => {
      // The silent vehicles (OFFLINE), then the silent swap cabinets (CABINET_OFFLINE).
      const vehicles = await scanOffline(services, task.tenantId, signal, log);
      const cabinets = await scanCabinetsOffline(services, task.tenantId, signal, log);
      return { rowsAffected: vehicles.raised + vehicles.recovered + cabinets.raised + cabinets.recovered, message: JOB_RUN_MESSAGES.offlineAlarms };
    },
    'alarmTask.repeatNotices': async ({ task, signal }) => ({
      rowsAffected: await repeatNotices(services, task.tenantId, signal, log),
      message: JOB_RUN_MESSAGES.alarmsRepeated,
    }),
  };
  for (const [target, handler] of Object.entries(jobs)) registry.register(target, handler);
}
