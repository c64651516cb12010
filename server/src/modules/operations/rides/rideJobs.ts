import { JOB_RUN_MESSAGES } from '@kayuh/contract/jobTargets';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRegistry } from '../../../platform/jobs/registry.ts';
import type { Services } from '../../../platform/services.ts';
import { endOverdueRides } from './overdue.ts';
import { expireReservations } from './reservations.ts';

/**
 * The rides' timed job: each minute, the rides under way past their longest end abnormal, and the reservations held
 * past their time expire (docs/rides.md).
 */
export function registerRideJobs(registry: JobRegistry, services: Services, log: FastifyBaseLogger) {
  registry.register('rideTask.endOverdue', async ({ signal }) => {
    const now = new Date();
    const ended = await endOverdueRides(services, log, now, signal);
    return { rowsAffected: ended + (await expireReservations(services.db, log, now, signal)), message: JOB_RUN_MESSAGES.ridesOverdue };
  });
}
