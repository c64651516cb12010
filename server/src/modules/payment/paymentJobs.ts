import { JOB_RUN_MESSAGES } from '@kayuh/contract/jobTargets';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { ModuleJobTarget } from '../../platform/jobs/handlers.ts';
import type { JobHandler, JobRegistry } from '../../platform/jobs/registry.ts';
import { rowsOf } from '../../platform/rows.ts';
import type { Services } from '../../platform/services.ts';
import { expireUnpaidOrders } from './expiry.ts';
import { runLedgerAudit } from './ledgerAudit.ts';
import type { Gateways } from './gatewayLinks.ts';
import { checkDuePrepaidOrders } from './prepaidChecks.ts';
import { submitChannelRefunds } from './refunds.ts';

/** The day that ended last in the task's zone, as a date and its bounds. */
async function dayBefore(services: Pick<Services, 'db'>, timeZone: string) {
  const [row] = rowsOf<{ stat_date: string; from_at: Date | string; to_at: Date | string }>(
    await services.db.execute(sql`
      SELECT to_char(d, 'YYYY-MM-DD') AS stat_date, (d::timestamp AT TIME ZONE ${timeZone}) AS from_at,
             ((d + 1)::timestamp AT TIME ZONE ${timeZone}) AS to_at
        FROM (SELECT (now() AT TIME ZONE ${timeZone})::date - 1 AS d) day`),
  );
  return { statDate: row!.stat_date, from: new Date(row!.from_at), to: new Date(row!.to_at) };
}

/**
 * The payment centre's timed jobs. Both are the platform's (tenant 1) tasks and run for every tenant: the expiry of
 * unpaid orders each minute, and the nightly audit of every book (a task of an operator runs for that operator only).
 */
export function registerPaymentJobs(registry: JobRegistry, services: Services, log: FastifyBaseLogger, gateways: Gateways) {
  const jobs: Partial<Record<ModuleJobTarget, JobHandler>> = {
    'paymentTask.expireOrders': async ({ signal }) => ({
      rowsAffected: await expireUnpaidOrders(services.db, new Date(), signal),
      message: JOB_RUN_MESSAGES.ordersExpired,
    }),
    'paymentTask.submitRefunds': async ({ signal }) => ({
      rowsAffected: await submitChannelRefunds(services.db, gateways, log, signal),
      message: JOB_RUN_MESSAGES.refundsSubmitted,
    }),
    'paymentTask.checkPrepaid': async ({ signal }) => ({
      rowsAffected: await checkDuePrepaidOrders(services, gateways.prepaid, log, new Date(), signal),
      message: JOB_RUN_MESSAGES.prepaidSettled,
    }),
    'ledgerTask.audit': async ({ task, signal }) => {
      const day = await dayBefore(services, task.timeZone);
      const tenants = rowsOf<{ id: string | number }>(
        await services.db.execute(
          task.tenantId === 1
            ? sql`SELECT id FROM tenants WHERE deleted_at IS NULL ORDER BY id`
            : sql`SELECT id FROM tenants WHERE id = ${task.tenantId} AND deleted_at IS NULL`,
        ),
      );
      let drifted = 0;
      for (const tenant of tenants) {
        if (signal.aborted) break;
        drifted += await runLedgerAudit(services, Number(tenant.id), day, log);
      }
      return { rowsAffected: drifted, message: JOB_RUN_MESSAGES.booksDrifted };
    },
  };
  for (const [target, handler] of Object.entries(jobs)) registry.register(target, handler);
}
