import { JOB_RUN_MESSAGES } from '@kayuh/contract/jobTargets';
import type { JobRegistry } from '../../../platform/jobs/registry.ts';
import type { Services } from '../../../platform/services.ts';
import { expirePassesAndCoupons } from './passExpiry.ts';

/** Passes and coupons with the clock: started, expired (docs/passes.md). */
export function registerPassJobs(registry: JobRegistry, services: Services) {
  registry.register('passTask.expire', async () => ({
    rowsAffected: await expirePassesAndCoupons(services.db, new Date()),
    message: JOB_RUN_MESSAGES.passesExpired,
  }));
}
