import type { RowEvent } from '@kayuh/contract/api/rowEvents';
import { Code } from '@kayuh/contract/codes';
import { EVENT_TIMELINE_MAX } from '@kayuh/contract/constants';
import {
  autoRuleProblem,
  batteryItemResource,
  batteryTicketResource,
  brokenItemResource,
  brokenTicketResource,
  dispatchItemResource,
  dispatchTicketResource,
  repairItemResource,
  repairTicketResource,
  ticketItemResource,
  ticketResource,
  ticketTemplateResource,
  TICKET_TRANSITIONS,
  TicketType,
} from '@kayuh/contract/resources/tickets';
import type { ResourceDef } from '@kayuh/contract/resources/types';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { ticketEvents, ticketItems, tickets, ticketTemplates, users } from '../../../db/schema.ts';
import { actorUserId } from '../../../platform/auth/context.ts';
import { tenantCurrency } from '../../../platform/ledger/accounts.ts';
import { BizError, invalidField } from '../../../platform/errors.ts';
import { bindResource, blankToNull, type HookContext } from '../../../platform/resources/binding.ts';
import { state } from '../../../platform/resources/rowEventRoutes.ts';
import { openTicket } from './openTicket.ts';
import { closeApproved, photosOf, ticketEventRules } from './ticketEvents.ts';

/** ticket_events keeps §3.1's event names (assign, grab …); the declaration names them per resource (assignTicket …). */
const stored = (declared: string) => declared.replace(/Ticket$/, '');
/** …and the timeline names each as its label does: the declared events, and the create and close that are not. */
const DECLARED = new Map([...TICKET_TRANSITIONS.map((t) => [stored(t.name), t.name] as const), ['create', 'createTicket'], ['close', 'closeTicket']]);

/** Swap and repair tickets are about one vehicle: one pack goes in, one bike's parts are listed. */
const ONE_VEHICLE: readonly number[] = [TicketType.batterySwap, TicketType.repair];

async function createTicket({ tx, auth, tenantId, values, body }: HookContext) {
  const vehicleIds = (body.vehicleIds as number[]).map(Number);
  const type = Number(values.type);
  if (ONE_VEHICLE.includes(type) && new Set(vehicleIds).size > 1)
    throw new BizError(Code.validation, 'ticket.oneVehicle', { fields: { vehicleIds: 'ticket.oneVehicle' } });
  const ticket = await openTicket(tx, auth, {
    tenantId,
    cityCode: Number(values.cityCode),
    type,
    vehicleIds,
    templateId: blankToNull(values.templateId) === null ? null : Number(values.templateId),
    priority: blankToNull(values.priority) === null ? null : Number(values.priority),
    title: blankToNull(values.title) as string | null,
    description: blankToNull(values.description) as string | null,
    targetZoneId: blankToNull(values.targetZoneId) === null ? null : Number(values.targetZoneId),
    remark: blankToNull(values.remark) as string | null,
  });
  return ticket as unknown as Record<string, unknown>;
}

/** Every transition is a ticket_events row (DOMAIN §2.2), with where the technician stood, the note and the photos. */
async function recordTicketEvent(ctx: HookContext) {
  const { tx, event, row, auth } = ctx;
  const payload = event!.payload;
  const note = payload.note ?? payload.rejectReason ?? null;
  const photos = photosOf(payload);
  const base = {
    tenantId: ctx.tenantId,
    cityCode: Number(row!.cityCode),
    ticketId: Number(row!.id),
    actorId: actorUserId(auth),
    createdBy: actorUserId(auth),
  };
  await tx.insert(ticketEvents).values({
    ...base,
    event: stored(event!.name),
    fromStatus: Number(event!.from),
    toStatus: Number(event!.to),
    lat: payload.lat == null ? null : String(payload.lat),
    lng: payload.lng == null ? null : String(payload.lng),
    note: note === null ? null : String(note),
    photos: photos.length ? photos : null,
  });
  if (event!.name === 'approveTicket' && (await closeApproved(tx, { id: Number(row!.id), tenantId: ctx.tenantId })))
    await tx.insert(ticketEvents).values({ ...base, actorId: null, createdBy: null, event: 'close', fromStatus: 5, toStatus: 7 });
}

/** A ticket's timeline from ticket_events, newest first: the declared events with their payload, create and close as they are. */
async function readTicketEvents(db: Db, row: { id: number; tenantId: number }): Promise<{ rows: RowEvent[]; total: number }> {
  const where = and(eq(ticketEvents.tenantId, row.tenantId), eq(ticketEvents.ticketId, row.id));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: ticketEvents.id,
        event: ticketEvents.event,
        from: ticketEvents.fromStatus,
        to: ticketEvents.toStatus,
        note: ticketEvents.note,
        photos: ticketEvents.photos,
        at: ticketEvents.createdAt,
        operName: users.userName,
      })
      .from(ticketEvents)
      .leftJoin(users, eq(users.id, ticketEvents.actorId))
      .where(where)
      .orderBy(desc(ticketEvents.id))
      .limit(EVENT_TIMELINE_MAX),
    db.select({ n: count() }).from(ticketEvents).where(where),
  ]);
  return {
    total: counted?.n ?? 0,
    rows: rows.map((x) => ({
      eventId: x.id,
      event: DECLARED.get(x.event) ?? x.event,
      from: state(x.from),
      to: state(x.to),
      payload: { ...(x.note ? { note: x.note } : {}), ...(Array.isArray(x.photos) && x.photos.length ? { photos: x.photos } : {}) },
      operName: x.operName ?? null,
      at: x.at.toISOString(),
    })),
  };
}

const vehicleNosSql = sql<string>`(SELECT string_agg(v.vehicle_no, ', ' ORDER BY i.id) FROM ticket_items i JOIN vehicles v ON v.id = i.vehicle_id
  WHERE i.ticket_id = tickets.id AND i.item_kind = 1 AND i.deleted_at IS NULL)`;

const bindTicketList = (def: ResourceDef) =>
  bindResource(def, tickets, {
    create: createTicket,
    computed: {
      vehicleNos: vehicleNosSql,
      overdue: sql<boolean>`(tickets.status IN (0, 1, 2, 3, 4, 6) AND tickets.due_at < now())`,
    },
    computedFilters: {
      vehicleNos: (value) =>
        sql`tickets.id IN (SELECT i.ticket_id FROM ticket_items i JOIN vehicles v ON v.id = i.vehicle_id
          WHERE v.tenant_id = tickets.tenant_id AND v.vehicle_no = ${value} AND v.deleted_at IS NULL AND i.deleted_at IS NULL)`,
    },
    events: ticketEventRules,
    recordEvent: recordTicketEvent,
    readEvents: readTicketEvents,
  });

const bindItemList = (def: ResourceDef) =>
  bindResource(def, ticketItems, {
    computed: {
      ticketNo: sql<string>`(SELECT t.ticket_no FROM tickets t WHERE t.id = ticket_items.ticket_id)`,
      vehicleNo: sql<string>`(SELECT v.vehicle_no FROM vehicles v WHERE v.id = ticket_items.vehicle_id)`,
    },
    computedFilters: {
      ticketNo: (value) =>
        sql`ticket_items.ticket_id IN (SELECT t.id FROM tickets t WHERE t.tenant_id = ticket_items.tenant_id AND t.ticket_no = ${value})`,
      vehicleNo: (value) =>
        sql`ticket_items.vehicle_id IN (SELECT v.id FROM vehicles v WHERE v.tenant_id = ticket_items.tenant_id AND v.vehicle_no = ${value} AND v.deleted_at IS NULL)`,
    },
  });

/** Templates: a piece rate is in the tenant's currency unless one is named; an auto rule fits its type (2001). */
export const ticketTemplateBinding = bindResource(ticketTemplateResource, ticketTemplates, {
  async check({ tx, tenantId, values, next }) {
    const problem = autoRuleProblem(Number(next.type), next.autoRule);
    if (problem) throw invalidField('autoRule', problem);
    if (next.pieceRate != null && !next.currency) values.currency = await tenantCurrency(tx, tenantId);
  },
});

/** Work orders (DOMAIN §2.2, §3.1; docs/tickets.md): the lists of every type and of each, their sub-lists, the templates. */
export const ticketBindings = [
  ticketTemplateBinding,
  ...[ticketResource, dispatchTicketResource, batteryTicketResource, brokenTicketResource, repairTicketResource].map(bindTicketList),
  ...[ticketItemResource, dispatchItemResource, batteryItemResource, brokenItemResource, repairItemResource].map(bindItemList),
];
