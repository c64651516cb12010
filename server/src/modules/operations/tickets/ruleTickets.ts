import { Code } from '@kayuh/contract/codes';
import { IN_SERVICE_STATES } from '@kayuh/contract/api/vehicleDashboard';
import { OpState } from '@kayuh/contract/resources/fleet';
import { TicketSource, TicketType } from '@kayuh/contract/resources/tickets';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { ticketTemplates, vehicles } from '../../../db/schema.ts';
import { systemActor } from '../../../platform/auth/context.ts';
import { BizError } from '../../../platform/errors.ts';
import type { Services } from '../../../platform/services.ts';
import { outOfCooldown } from './alarmTickets.ts';
import { openTicket } from './openTicket.ts';

/** Vehicles one template's rule takes in one run; the next run takes the rest. */
const BATCH = 200;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

interface RuleTemplate {
  id: number;
  tenantId: number;
  type: number;
  autoRule: Record<string, number>;
}

/** No open ticket of the type holds the vehicle (`vehicles.id` of the query). */
export const noOpenTicket = (type: number) =>
  sql`NOT EXISTS (SELECT 1 FROM ticket_items i WHERE i.vehicle_id = ${vehicles.id} AND i.ticket_type = ${type} AND i.is_open AND i.deleted_at IS NULL)`;

/**
 * Not ridden for `idleHours` (DOMAIN §3.1 dispatch): an available vehicle whose last ride began before then — or, never
 * ridden, whose last change of state (its deployment) was before then.
 */
function idleSince(hours: number, now: Date): SQL {
  const before = new Date(now.getTime() - hours * HOUR_MS);
  return and(
    eq(vehicles.opState, OpState.available),
    sql`COALESCE((SELECT max(r.created_at) FROM ride_orders r WHERE r.vehicle_id = ${vehicles.id}),
                 (SELECT max(l.created_at) FROM vehicle_state_log l WHERE l.vehicle_id = ${vehicles.id}),
                 ${vehicles.createdAt}) < ${before}`,
  )!;
}

/**
 * Due for inspection (DOMAIN §3.1): in service, and `everyDays` days since its last inspection was done (or since it
 * came into the fleet), or `everyKm` km ridden since then.
 */
function inspectionDue(rule: Record<string, number>, now: Date): SQL {
  const last = sql`COALESCE((SELECT max(i.done_at) FROM ticket_items i WHERE i.vehicle_id = ${vehicles.id}
    AND i.ticket_type = ${TicketType.inspection} AND i.item_kind = 1 AND i.done_at IS NOT NULL), ${vehicles.createdAt})`;
  const due: SQL[] = [];
  if (rule.everyDays) due.push(sql`${last} < ${new Date(now.getTime() - rule.everyDays * DAY_MS)}`);
  if (rule.everyKm)
    due.push(
      sql`(SELECT COALESCE(sum(r.distance_m), 0) FROM ride_orders r WHERE r.vehicle_id = ${vehicles.id} AND r.created_at > ${last}) >= ${rule.everyKm * 1000}`,
    );
  return and(inArray(vehicles.opState, [...IN_SERVICE_STATES]), sql`(${sql.join(due, sql` OR `)})`)!;
}

const CONDITIONS: Record<number, { when: (rule: Record<string, number>, now: Date) => SQL; title: (rule: Record<string, number>) => string }> = {
  [TicketType.dispatch]: { when: (rule, now) => idleSince(rule.idleHours!, now), title: (rule) => `IDLE ${rule.idleHours} h` },
  [TicketType.inspection]: {
    when: inspectionDue,
    title: (rule) => ['INSPECTION', rule.everyDays && `${rule.everyDays} d`, rule.everyKm && `${rule.everyKm} km`].filter(Boolean).join(' '),
  },
};

/** The tenant's vehicles its template's rule holds for, none held by an open ticket of the type or in its cooldown. */
function vehiclesWanting(db: Db, template: RuleTemplate, now: Date) {
  const condition = CONDITIONS[template.type]!;
  return db
    .select({ id: vehicles.id, cityCode: vehicles.cityCode })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.tenantId, template.tenantId),
        isNull(vehicles.deletedAt),
        condition.when(template.autoRule, now),
        noOpenTicket(template.type),
        outOfCooldown(template.type, now),
      ),
    )
    .orderBy(asc(vehicles.id))
    .limit(BATCH);
}

/**
 * Tickets from conditions no alarm watches (DOMAIN §3.1 auto-creation; docs/tickets.md): each active template of a
 * type with an auto rule (dispatch: idle; inspection: days or km) opens a ticket of its own for each vehicle the rule
 * holds for — source *rule*, the template's priority and SLA. A vehicle another run or a person just gave a ticket of
 * the type is skipped (the unique open index decides). Answers how many it opened.
 */
export async function ticketsFromRules(services: Pick<Services, 'db'>, log: FastifyBaseLogger, now = new Date()): Promise<number> {
  const { db } = services;
  const templates = await db
    .select({ id: ticketTemplates.id, tenantId: ticketTemplates.tenantId, type: ticketTemplates.type, autoRule: ticketTemplates.autoRule })
    .from(ticketTemplates)
    .where(
      and(
        eq(ticketTemplates.status, 0),
        isNull(ticketTemplates.deletedAt),
        sql`${ticketTemplates.autoRule} IS NOT NULL`,
        inArray(ticketTemplates.type, Object.keys(CONDITIONS).map(Number)),
      ),
    )
    .orderBy(asc(ticketTemplates.id));
  let opened = 0;
  for (const template of templates as RuleTemplate[]) {
    for (const vehicle of await vehiclesWanting(db, template, now)) {
      try {
        await db.transaction(async (tx) => {
          await openTicket(tx as unknown as Db, systemActor(template.tenantId), {
            tenantId: template.tenantId,
            cityCode: vehicle.cityCode,
            type: template.type,
            vehicleIds: [vehicle.id],
            templateId: template.id,
            source: TicketSource.rule,
            title: CONDITIONS[template.type]!.title(template.autoRule),
          });
        });
        opened++;
      } catch (err) {
        if (!(err instanceof BizError && err.code === Code.duplicate))
          log.error({ err, templateId: template.id, vehicleId: vehicle.id }, 'a rule could not open its ticket');
      }
    }
  }
  return opened;
}
