import { JOB_RUN_MESSAGES } from '@kayuh/contract/jobTargets';
import type { JobRegistry } from '../../../platform/jobs/registry.ts';
import type { Services } from '../../../platform/services.ts';
import { expireSwaps } from './swapFlow.ts';

/** Swaps with the clock: a door nobody came to fails its swap (docs/swaps.md). */
export function registerSwapJobs(registry: JobRegistry, services: Services) {
  registry.register('swapTask.expire', async () => ({
    rowsAffected: await expireSwaps(services.db, new Date()),
    message: JOB_RUN_MESSAGES.swapsExpired,
  }));
}
