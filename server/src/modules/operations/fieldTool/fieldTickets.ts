import type { FieldTicket, FieldTicketVehicle } from '@kayuh/contract/api/fieldTool';
import { TicketStatus } from '@kayuh/contract/resources/tickets';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { ticketItems, tickets, ticketTemplates, vehicleLiveStatus, vehicles } from '../../../db/schema.ts';
import type { AuthContext } from '../../../platform/auth/context.ts';
import { visibleRows } from '../../../platform/scope.ts';

/** Where the technician stands, when the phone tells. */
export type Position = { lat: number; lng: number };

/** The states a technician works a ticket of their own in: assigned, accepted, in progress, rejected (to rework). */
export const MY_WORK_STATES = [TicketStatus.assigned, TicketStatus.accepted, TicketStatus.inProgress, TicketStatus.rejected];

const METRES_PER_DEGREE = 111_320;

/**
 * Metres from a point to a live position, on the local flat approximation (within a city, well under 1 % off); the
 * same figure orders the list in SQL and is shown on the phone.
 */
const metresFrom = (at: Position, lat: SQL, lng: SQL) =>
  sql`sqrt(power((${lat} - ${at.lat}) * ${METRES_PER_DEGREE}, 2) + power((${lng} - ${at.lng}) * ${METRES_PER_DEGREE} * cos(radians(${at.lat})), 2))`;

/** A ticket's nearest vehicle, in metres from the technician (null when none of its vehicles has reported). */
const nearest = (at: Position) =>
  sql<number | null>`(SELECT min(${metresFrom(at, sql`s.lat`, sql`s.lng`)})
    FROM ticket_items i JOIN vehicle_live_status s ON s.vehicle_id = i.vehicle_id
    WHERE i.ticket_id = ${tickets.id} AND i.item_kind = 1 AND s.lat IS NOT NULL)`.mapWith((v) => (v === null ? null : Number(v)));

/** The vehicles of some tickets, where their boxes last put them. */
async function vehiclesOf(db: Db, ticketIds: number[]): Promise<Map<number, FieldTicketVehicle[]>> {
  const byTicket = new Map<number, FieldTicketVehicle[]>();
  if (!ticketIds.length) return byTicket;
  const rows = await db
    .select({
      ticketId: ticketItems.ticketId,
      vehicleId: vehicles.id,
      vehicleNo: vehicles.vehicleNo,
      opState: vehicles.opState,
      lat: vehicleLiveStatus.lat,
      lng: vehicleLiveStatus.lng,
      soc: vehicleLiveStatus.soc,
      isOnline: vehicleLiveStatus.isOnline,
    })
    .from(ticketItems)
    .innerJoin(vehicles, eq(vehicles.id, ticketItems.vehicleId))
    .leftJoin(vehicleLiveStatus, eq(vehicleLiveStatus.vehicleId, vehicles.id))
    .where(and(inArray(ticketItems.ticketId, ticketIds), eq(ticketItems.itemKind, 1)))
    .orderBy(asc(ticketItems.id));
  for (const { ticketId, lat, lng, isOnline, ...v } of rows) {
    const list = byTicket.get(ticketId) ?? [];
    list.push({ ...v, lat: lat === null ? null : Number(lat), lng: lng === null ? null : Number(lng), isOnline: isOnline ?? false });
    byTicket.set(ticketId, list);
  }
  return byTicket;
}

/**
 * The tickets the field tool shows (contract/api/fieldTool): the caller's own at work (MY_WORK_STATES) and, when they
 * may grab, the unassigned ones of their cities — their own first, each group nearest first (by due time without a
 * position), at most `limit`. `where` narrows them further (one vehicle's tickets).
 */
export async function fieldTickets(
  db: Db,
  auth: AuthContext,
  opts: { at?: Position; mayGrab: boolean; where?: SQL; limit: number },
): Promise<FieldTicket[]> {
  const mine = and(eq(tickets.assigneeId, auth.userId), inArray(tickets.status, MY_WORK_STATES));
  const unassigned = opts.mayGrab ? eq(tickets.status, TicketStatus.created) : undefined;
  const distance = opts.at ? nearest(opts.at) : sql<number | null>`NULL::float8`.mapWith((v) => (v === null ? null : Number(v)));
  const isMine = sql<boolean>`(${tickets.assigneeId} IS NOT DISTINCT FROM ${auth.userId})`;
  const rows = await db
    .select({
      ticketId: tickets.id,
      ticketNo: tickets.ticketNo,
      type: tickets.type,
      status: tickets.status,
      priority: tickets.priority,
      title: tickets.title,
      cityCode: tickets.cityCode,
      dueAt: tickets.dueAt,
      version: tickets.version,
      rejectReason: tickets.rejectReason,
      mine: isMine,
      distanceM: distance,
      requiredPhotos: ticketTemplates.requiredPhotos,
      checklist: ticketTemplates.checklist,
    })
    .from(tickets)
    .leftJoin(ticketTemplates, eq(ticketTemplates.id, tickets.templateId))
    .where(and(visibleRows(auth, tickets), unassigned ? sql`(${mine} OR ${unassigned})` : mine, opts.where))
    .orderBy(sql`${isMine} DESC`, sql`${distance} ASC NULLS LAST`, asc(tickets.dueAt), asc(tickets.id))
    .limit(opts.limit);
  const vehiclesByTicket = await vehiclesOf(
    db,
    rows.map((r) => r.ticketId),
  );
  const now = Date.now();
  return rows.map(({ checklist, requiredPhotos, dueAt, distanceM, ...t }) => ({
    ...t,
    dueAt: dueAt.toISOString(),
    overdue: dueAt.getTime() < now,
    distanceM: distanceM === null ? null : Math.round(distanceM),
    requiredPhotos: requiredPhotos ?? 0,
    checklist: Array.isArray(checklist) ? checklist.filter((x): x is string => typeof x === 'string') : [],
    vehicles: vehiclesByTicket.get(t.ticketId) ?? [],
  }));
}

/** The tickets holding a vehicle open (its items not yet closed). */
export const holdingVehicle = (vehicleId: number) =>
  inArray(
    tickets.id,
    sql`(SELECT ${ticketItems.ticketId} FROM ${ticketItems} WHERE ${ticketItems.vehicleId} = ${vehicleId} AND ${ticketItems.isOpen})`,
  );
