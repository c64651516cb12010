import { AlarmStatus } from '@kayuh/contract/api/alarm';
import { Code } from '@kayuh/contract/codes';
import { IN_SERVICE_STATES } from '@kayuh/contract/api/vehicleDashboard';
import { AlarmTarget } from '@kayuh/contract/resources/alarmRule';
import { TicketSource, TicketStatus, TicketType } from '@kayuh/contract/resources/tickets';
import { and, asc, eq, inArray, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { alarmRules, alarms, ticketItems, tickets, vehicleLiveStatus, vehicles } from '../../../db/schema.ts';
import { systemActor } from '../../../platform/auth/context.ts';
import { BizError } from '../../../platform/errors.ts';
import type { Services } from '../../../platform/services.ts';
import { openTicket } from './openTicket.ts';

/** DOMAIN §3.1: a vehicle offline this long, or an illegal move not cleared this long, is to be found. */
export const FIND_AFTER_OFFLINE_MS = 24 * 3600_000;
export const FIND_AFTER_ILLEGAL_MOVE_MS = 2 * 3600_000;
/** No new ticket of a type on a vehicle this soon after one was cancelled (DOMAIN §3.1, design). */
export const AUTO_TICKET_COOLDOWN_MS = 30 * 60_000;
/** Tickets whose alarm cleared by itself are cancelled (reason 7) while nobody has started them: these types only. */
const CLEARED_WITH_ALARM = [TicketType.dispatch, TicketType.batterySwap, TicketType.findVehicle];
const BATCH = 200;

/** The rule an alarm fired under; an alarm raised without one follows its tenant's default rule of its code. */
const ruleOfAlarm = sql`${alarmRules.id} = COALESCE(${alarms.ruleId}, (SELECT r.id FROM alarm_rules r
  WHERE r.tenant_id = ${alarms.tenantId} AND r.alarm_code = ${alarms.alarmCode} AND r.city_code IS NULL AND r.deleted_at IS NULL
  ORDER BY r.id LIMIT 1))`;

/**
 * Open vehicle alarms whose rule names a ticket type (DOMAIN §6.3 auto_ticket_type) and that no ticket answers yet,
 * on vehicles in service, once their condition has lasted as §3.1 asks (offline > 24 h, an illegal move > 2 h), and
 * not within the cooldown after a ticket of that type on that vehicle was cancelled.
 */
async function alarmsWanting(db: Db, now: Date) {
  return db
    .select({
      alarmId: alarms.id,
      alarmNo: alarms.alarmNo,
      alarmCode: alarms.alarmCode,
      level: alarms.level,
      tenantId: alarms.tenantId,
      vehicleId: vehicles.id,
      cityCode: vehicles.cityCode,
      type: alarmRules.autoTicketType,
    })
    .from(alarms)
    .innerJoin(alarmRules, ruleOfAlarm)
    .innerJoin(vehicles, eq(vehicles.id, alarms.vehicleId))
    .leftJoin(vehicleLiveStatus, eq(vehicleLiveStatus.vehicleId, vehicles.id))
    .where(
      and(
        inArray(alarms.status, [AlarmStatus.open, AlarmStatus.acknowledged]),
        isNull(alarms.ticketId),
        eq(alarms.targetType, AlarmTarget.vehicle),
        eq(alarmRules.enabled, true),
        sql`${alarmRules.autoTicketType} IS NOT NULL`,
        isNull(vehicles.deletedAt),
        inArray(vehicles.opState, [...IN_SERVICE_STATES]),
        sql`(${alarms.alarmCode} <> 'OFFLINE' OR ${vehicleLiveStatus.lastReportedAt} < ${new Date(now.getTime() - FIND_AFTER_OFFLINE_MS)})`,
        sql`(${alarms.alarmCode} <> 'ILLEGAL_MOVE' OR ${alarms.firstAt} < ${new Date(now.getTime() - FIND_AFTER_ILLEGAL_MOVE_MS)})`,
        outOfCooldown(alarmRules.autoTicketType, now),
      ),
    )
    .orderBy(asc(alarms.id))
    .limit(BATCH);
}

/**
 * No ticket of the type on the vehicle (`vehicles.id` of the query) was cancelled within the cooldown (DOMAIN §3.1):
 * every auto rule waits it out.
 */
export const outOfCooldown = (type: SQLWrapper | number, now: Date) =>
  sql`NOT EXISTS (SELECT 1 FROM ticket_items i JOIN tickets t ON t.id = i.ticket_id
    WHERE i.vehicle_id = ${vehicles.id} AND i.ticket_type = ${type}
      AND t.status = ${TicketStatus.cancelled} AND t.updated_at > ${new Date(now.getTime() - AUTO_TICKET_COOLDOWN_MS)})`;

/** The open ticket holding a vehicle for a type (the one a clash names). */
export async function openTicketOf(db: Db, vehicleId: number, type: number) {
  const [held] = await db
    .select({ id: ticketItems.ticketId })
    .from(ticketItems)
    .where(and(eq(ticketItems.vehicleId, vehicleId), eq(ticketItems.ticketType, type), eq(ticketItems.isOpen, true), isNull(ticketItems.deletedAt)))
    .limit(1);
  return held?.id;
}

/**
 * Tickets from alarms (DOMAIN §3.1 auto-creation, docs/tickets.md): each waiting alarm opens a ticket of its rule's
 * type for its vehicle — priority from the alarm's level (1 → P1, 2 → P2, else P3), source *alarm*, its number in the
 * title — and the alarm names the ticket. A vehicle that already has an open ticket of the type gets no second one:
 * the alarm names the open ticket instead (the unique open index decides, so concurrent runs agree). Answers how many
 * tickets it opened.
 */
export async function ticketsFromAlarms(services: Pick<Services, 'db'>, log: FastifyBaseLogger, now = new Date()): Promise<number> {
  const { db } = services;
  let opened = 0;
  for (const alarm of await alarmsWanting(db, now)) {
    const type = alarm.type!;
    try {
      await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        const ticket = await openTicket(t, systemActor(alarm.tenantId), {
          tenantId: alarm.tenantId,
          cityCode: alarm.cityCode,
          type,
          vehicleIds: [alarm.vehicleId],
          priority: Math.min(alarm.level, 3),
          source: TicketSource.alarm,
          sourceRefId: alarm.alarmId,
          title: `${alarm.alarmCode} · ${alarm.alarmNo}`,
        });
        await t
          .update(alarms)
          .set({ ticketId: ticket.id, updatedAt: now })
          .where(and(eq(alarms.id, alarm.alarmId), isNull(alarms.ticketId)));
      });
      opened++;
    } catch (err) {
      if (!(err instanceof BizError && err.code === Code.duplicate)) {
        log.error({ err, alarmNo: alarm.alarmNo }, 'an alarm could not open its ticket');
        continue;
      }
      // The vehicle already has an open ticket of the type: that ticket answers the alarm.
      const held = await openTicketOf(db, alarm.vehicleId, type);
      if (held)
        await db
          .update(alarms)
          .set({ ticketId: held, updatedAt: now })
          .where(and(eq(alarms.id, alarm.alarmId), isNull(alarms.ticketId)));
    }
  }
  return opened;
}

/**
 * Tickets an alarm opened whose alarm has since recovered by itself (the bike was charged, came back online, was
 * ridden back into the area), not yet started: to be cancelled, reason 7 "condition cleared".
 */
export async function clearedAlarmTickets(db: Db) {
  return db
    .select({ id: tickets.id, tenantId: tickets.tenantId })
    .from(tickets)
    .innerJoin(alarms, eq(alarms.id, tickets.sourceRefId))
    .where(
      and(
        eq(tickets.source, TicketSource.alarm),
        inArray(tickets.status, [TicketStatus.created, TicketStatus.assigned, TicketStatus.accepted]),
        inArray(tickets.type, CLEARED_WITH_ALARM),
        isNull(tickets.deletedAt),
        eq(alarms.status, AlarmStatus.recovered),
        eq(alarms.ticketId, tickets.id),
      ),
    )
    .limit(BATCH);
}
