import { JOB_RUN_MESSAGES } from '@kayuh/contract/jobTargets';
import { OPEN_TICKET_STATES, TICKET_TRANSITIONS, TicketCancelReason, TicketStatus, TicketType } from '@kayuh/contract/resources/tickets';
import { and, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ticketItems, tickets, ticketTemplates, vehicleLiveStatus } from '../../../db/schema.ts';
import { systemActor } from '../../../platform/auth/context.ts';
import { BizError } from '../../../platform/errors.ts';
import type { JobRegistry } from '../../../platform/jobs/registry.ts';
import { resourceHandlers } from '../../../platform/resources/handlers.ts';
import type { Services } from '../../../platform/services.ts';
import { ticketBindings } from './ticketBindings.ts';
import { tellOverdue } from './ticketNotice.ts';
import { clearedAlarmTickets, ticketsFromAlarms } from './alarmTickets.ts';
import { ticketsFromFaults } from './faultTickets.ts';
import { ticketsFromRules } from './ruleTickets.ts';
import { ticketsFromZoneTargets } from './zoneTargetTickets.ts';

/** A swap approves itself when the vehicle reports a charged pack this soon after the submit (DOMAIN §3.1). */
export const AUTO_APPROVE_WINDOW_MIN = 10;
/** The SOC that confirms a swap. */
export const AUTO_APPROVE_SOC = 80;
/** Rows one run takes of each kind; the next minute takes the rest. */
const BATCH = 200;
const NOT_STARTED = [TicketStatus.created, TicketStatus.assigned, TicketStatus.accepted];

const ticketBinding = ticketBindings.find((b) => b.def.key === 'ticket')!;
const event = (name: string) => TICKET_TRANSITIONS.find((t) => t.name === name)!;

/**
 * Fires a ticket event as the system; a ticket that moved on meanwhile (a technician started it, staff approved it)
 * refuses, which is no failure. Answers whether it fired.
 */
async function fireAsSystem(services: Services, log: FastifyBaseLogger, row: { id: number; tenantId: number }, name: string, payload = {}) {
  try {
    await resourceHandlers(services, ticketBinding).transition(systemActor(row.tenantId), event(name), { ticketId: row.id, ...payload });
    return true;
  } catch (err) {
    if (err instanceof BizError) return false;
    log.error({ err, ticketId: row.id, event: name }, 'ticket task event failed');
    return false;
  }
}

/** Tickets their template lets expire, not started in time: cancelled, reason 6 expired (their vehicles are untouched). */
async function expireTickets(services: Services, log: FastifyBaseLogger, now: Date) {
  const due = await services.db
    .select({ id: tickets.id, tenantId: tickets.tenantId })
    .from(tickets)
    .innerJoin(ticketTemplates, eq(ticketTemplates.id, tickets.templateId))
    .where(
      and(
        inArray(tickets.status, NOT_STARTED),
        isNull(tickets.deletedAt),
        sql`${ticketTemplates.expireAfterMinutes} IS NOT NULL`,
        lt(tickets.createdAt, sql`${now}::timestamptz - make_interval(mins => ${ticketTemplates.expireAfterMinutes})`),
      ),
    )
    .limit(BATCH);
  let n = 0;
  for (const row of due) if (await fireAsSystem(services, log, row, 'cancelTicket', { cancelReason: String(TicketCancelReason.expired) })) n++;
  return n;
}

/**
 * Submitted swaps whose template approves them: approved by the system once the vehicle reports SOC ≥ 80 after the
 * submit and within 10 minutes of it; past that, a person reviews it.
 */
async function autoApproveSwaps(services: Services, log: FastifyBaseLogger, now: Date) {
  const confirmed = await services.db
    .selectDistinct({ id: tickets.id, tenantId: tickets.tenantId })
    .from(tickets)
    .innerJoin(ticketTemplates, eq(ticketTemplates.id, tickets.templateId))
    .innerJoin(ticketItems, eq(ticketItems.ticketId, tickets.id))
    .innerJoin(vehicleLiveStatus, eq(vehicleLiveStatus.vehicleId, ticketItems.vehicleId))
    .where(
      and(
        eq(tickets.status, TicketStatus.submitted),
        eq(tickets.type, TicketType.batterySwap),
        eq(ticketTemplates.autoApprove, true),
        gte(tickets.submittedAt, new Date(now.getTime() - AUTO_APPROVE_WINDOW_MIN * 60_000)),
        gte(vehicleLiveStatus.soc, AUTO_APPROVE_SOC),
        gte(vehicleLiveStatus.lastReportedAt, tickets.submittedAt),
      ),
    )
    .limit(BATCH);
  let n = 0;
  for (const row of confirmed) if (await fireAsSystem(services, log, row, 'approveTicket')) n++;
  return n;
}

/** Open tickets past their due time, not told yet: their technician and the city's dispatchers are told, once. */
async function flagOverdue(services: Services, now: Date) {
  const late = await services.db
    .update(tickets)
    .set({ overdueNotifiedAt: now })
    .where(
      sql`${tickets.id} IN (SELECT id FROM tickets WHERE status IN (${sql.join(
        OPEN_TICKET_STATES.map((s) => sql`${s}`),
        sql`, `,
      )}) AND deleted_at IS NULL AND due_at < ${now} AND overdue_notified_at IS NULL LIMIT ${BATCH})`,
    )
    .returning({ tenantId: tickets.tenantId, cityCode: tickets.cityCode, ticketNo: tickets.ticketNo, assigneeId: tickets.assigneeId });
  for (const ticket of late) await tellOverdue(services, ticket);
  return late.length;
}

/** Unstarted tickets whose alarm recovered by itself: cancelled, reason 7 condition cleared. */
async function cancelCleared(services: Services, log: FastifyBaseLogger) {
  let n = 0;
  for (const row of await clearedAlarmTickets(services.db))
    if (await fireAsSystem(services, log, row, 'cancelTicket', { cancelReason: String(TicketCancelReason.cleared) })) n++;
  return n;
}

/**
 * One run of the tickets' timed work: tickets opened from alarms (cancelled when their alarm clears) and from reported
 * faults, expiry by
 * template, swaps approved by their telemetry, the overdue notices.
 */
export async function ticketSla(services: Services, log: FastifyBaseLogger, now = new Date()) {
  return {
    opened: (await ticketsFromAlarms(services, log, now)) + (await ticketsFromFaults(services, log, now)),
    cleared: await cancelCleared(services, log),
    expired: await expireTickets(services, log, now),
    approved: await autoApproveSwaps(services, log, now),
    overdue: await flagOverdue(services, now),
  };
}

/** The tickets' timed jobs (docs/tickets.md): the SLA work each minute, the templates' rules each hour, the zones' targets every five minutes. */
export function registerTicketJobs(registry: JobRegistry, services: Services, log: FastifyBaseLogger) {
  registry.register('ticketTask.sla', async () => {
    const done = await ticketSla(services, log);
    return { rowsAffected: Object.values(done).reduce((a, b) => a + b, 0), message: JOB_RUN_MESSAGES.ticketsSla };
  });
  registry.register('ticketTask.rules', async () => ({
    rowsAffected: await ticketsFromRules(services, log),
    message: JOB_RUN_MESSAGES.ticketsFromRules,
  }));
  registry.register('ticketTask.zoneTargets', async () => ({
    rowsAffected: await ticketsFromZoneTargets(services, log),
    message: JOB_RUN_MESSAGES.ticketsFromZoneTargets,
  }));
}
