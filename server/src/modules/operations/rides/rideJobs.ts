import { JOB_RUN_MESSAGES } from '@kayuh/contract/jobTargets';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRegistry } from '../../../platform/jobs/registry.ts';
import type { Services } from '../../../platform/services.ts';
import { endOverdueRides } from './overdue.ts';

/** The rides' timed job: each minute, the rides under way past their longest end abnormal (docs/rides.md). */
export function registerRideJobs(registry: JobRegistry, services: Services, log: FastifyBaseLogger) {
  registry.register('rideTask.endOverdue', async ({ signal }) => ({
    rowsAffected: await endOverdueRides(services, log, new Date(), signal),
    message: JOB_RUN_MESSAGES.ridesOverdue,
  }));
}
