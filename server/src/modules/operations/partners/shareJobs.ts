import { JOB_RUN_MESSAGES } from '@kayuh/contract/jobTargets';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRegistry } from '../../../platform/jobs/registry.ts';
import type { Services } from '../../../platform/services.ts';
import { accrueShares } from './shareAccrual.ts';
import { settleLastMonth } from './settlements.ts';

/** The shares' timed jobs: the accrual daily after every city's midnight, the settlements monthly (docs/settlements.md). */
export function registerShareJobs(registry: JobRegistry, services: Services, log: FastifyBaseLogger) {
  registry.register('shareTask.accrue', async () => ({
    rowsAffected: await accrueShares(services.db, log),
    message: JOB_RUN_MESSAGES.sharesAccrued,
  }));
  registry.register('shareTask.settle', async () => ({
    rowsAffected: await settleLastMonth(services.db),
    message: JOB_RUN_MESSAGES.settlementsMade,
  }));
}
