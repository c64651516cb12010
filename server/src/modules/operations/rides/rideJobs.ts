import { JOB_RUN_MESSAGES } from '@kayuh/contract/jobTargets';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRegistry } from '../../../platform/jobs/registry.ts';
import type { Services } from '../../../platform/services.ts';
import { endOverdueRides } from './overdue.ts';
import { failUnpaidRides } from './payAfterRide.ts';
import { expireReservations } from './reservations.ts';

/**
 * The rides' timed job: each minute, the rides under way past their longest end abnormal, the reservations held
 * past their time expire, and the rides not paid by QRIS within 24 h of their end become abnormal (docs/rides.md).
 */
export function registerRideJobs(registry: JobRegistry, services: Services, log: FastifyBaseLogger) {
  registry.register('rideTask.endOverdue', async ({ signal }) => {
    const now = new Date();
    const ended = await endOverdueRides(services, log, now, signal);
    const expired = await expireReservations(services.db, log, now, signal);
    const unpaid = await failUnpaidRides(services.db, log, now);
    return { rowsAffected: ended + expired + unpaid, message: JOB_RUN_MESSAGES.ridesOverdue };
  });
}
