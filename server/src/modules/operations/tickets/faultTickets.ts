import { Code } from '@kayuh/contract/codes';
import { IN_SERVICE_STATES } from '@kayuh/contract/api/vehicleDashboard';
import { BLOCKING_SEVERITY, FaultStatus } from '@kayuh/contract/resources/faults';
import { TicketSource, TicketType } from '@kayuh/contract/resources/tickets';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { faultTypes, vehicleFaults, vehicles } from '../../../db/schema.ts';
import { systemActor } from '../../../platform/auth/context.ts';
import { BizError } from '../../../platform/errors.ts';
import type { Services } from '../../../platform/services.ts';
import { openTicketOf, outOfCooldown } from './alarmTickets.ts';
import { openTicket } from './openTicket.ts';

/** vehicle_faults.source: a rider's report (dict vehicle_faults_source). */
const RIDER_REPORT = 1;
/** DOMAIN §3.1: two rider reports of any severity within this long make a fault ticket, as one of severity 1 does. */
export const REPORTS_WINDOW_MS = 24 * 3600_000;
const BATCH = 200;

/**
 * Vehicles in service with open faults no ticket holds yet that call for a fault ticket (DOMAIN §3.1): a fault of
 * severity 1, or two rider reports within 24 hours; not within the cooldown after a fault ticket on it was cancelled.
 */
async function vehiclesWanting(db: Db, now: Date) {
  const since = new Date(now.getTime() - REPORTS_WINDOW_MS);
  return db
    .select({
      vehicleId: vehicles.id,
      tenantId: vehicles.tenantId,
      cityCode: vehicles.cityCode,
      critical: sql<boolean>`bool_or(${faultTypes.severity} = ${BLOCKING_SEVERITY})`,
      fromRiders: sql<boolean>`bool_and(${vehicleFaults.source} = ${RIDER_REPORT})`,
    })
    .from(vehicleFaults)
    .innerJoin(faultTypes, eq(faultTypes.id, vehicleFaults.faultTypeId))
    .innerJoin(vehicles, eq(vehicles.id, vehicleFaults.vehicleId))
    .where(
      and(
        eq(vehicleFaults.status, FaultStatus.open),
        isNull(vehicleFaults.ticketId),
        isNull(vehicleFaults.deletedAt),
        isNull(vehicles.deletedAt),
        inArray(vehicles.opState, [...IN_SERVICE_STATES]),
        outOfCooldown(TicketType.fault, now),
      ),
    )
    .groupBy(vehicles.id, vehicles.tenantId, vehicles.cityCode)
    .having(
      sql`bool_or(${faultTypes.severity} = ${BLOCKING_SEVERITY})
        OR count(*) FILTER (WHERE ${vehicleFaults.source} = ${RIDER_REPORT} AND ${vehicleFaults.createdAt} >= ${since}) >= 2`,
    )
    .orderBy(asc(vehicles.id))
    .limit(BATCH);
}

/** The vehicle's open faults no ticket holds yet go with the ticket (status 1 "in ticket"). */
const holdFaults = (db: Db, vehicleId: number, ticketId: number, now: Date) =>
  db
    .update(vehicleFaults)
    .set({ ticketId, status: FaultStatus.inTicket, updatedAt: now })
    .where(and(eq(vehicleFaults.vehicleId, vehicleId), eq(vehicleFaults.status, FaultStatus.open), isNull(vehicleFaults.ticketId)));

/**
 * Fault tickets from reported faults (DOMAIN §3.1 auto-creation, docs/tickets.md): a vehicle whose open faults call for
 * it gets one fault ticket (P1 for a severity-1 fault, else P3; source *rider feedback* when riders reported them all,
 * else *rule*), and its open faults go with it. A vehicle that already has an open fault ticket adds its faults to
 * that one. Answers how many tickets it opened.
 */
export async function ticketsFromFaults(services: Pick<Services, 'db'>, log: FastifyBaseLogger, now = new Date()): Promise<number> {
  const { db } = services;
  let opened = 0;
  for (const v of await vehiclesWanting(db, now)) {
    try {
      await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        const ticket = await openTicket(t, systemActor(v.tenantId), {
          tenantId: v.tenantId,
          cityCode: v.cityCode,
          type: TicketType.fault,
          vehicleIds: [v.vehicleId],
          priority: v.critical ? 1 : 3,
          source: v.fromRiders ? TicketSource.riderFeedback : TicketSource.rule,
        });
        await holdFaults(t, v.vehicleId, ticket.id, now);
      });
      opened++;
    } catch (err) {
      if (!(err instanceof BizError && err.code === Code.duplicate)) {
        log.error({ err, vehicleId: v.vehicleId }, 'reported faults could not open their ticket');
        continue;
      }
      const held = await openTicketOf(db, v.vehicleId, TicketType.fault);
      if (held) await holdFaults(db, v.vehicleId, held, now);
    }
  }
  return opened;
}

/** A cancelled ticket lets go of the faults it held: open again, for the next ticket (after the cooldown). */
export const releaseFaults = (tx: Db, ticketId: number) =>
  tx
    .update(vehicleFaults)
    .set({ ticketId: null, status: FaultStatus.open, updatedAt: new Date() })
    .where(and(eq(vehicleFaults.ticketId, ticketId), eq(vehicleFaults.status, FaultStatus.inTicket)));
