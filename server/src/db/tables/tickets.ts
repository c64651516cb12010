/**
 * Work-order tickets (DOMAIN §2.2, §3.1): the templates, the tickets of all six types in one table, their items (a
 * vehicle row per vehicle, or a repair's part lines) and the audit trail of every transition.
 * Re-exported by ../schema.ts, which drizzle-kit reads.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, char, check, decimal, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { appendOnly, audited, id, tenantId, ts } from '../columns.ts';

const live = sql`deleted_at IS NULL`;
const coord = (name: string) => decimal(name, { precision: 9, scale: 6 });

/** ticketModel: a type's defaults — SLA per priority, photos required, checklist, auto rule, piece rate. */
export const ticketTemplates = pgTable(
  'ticket_templates',
  {
    id: id(),
    tenantId: tenantId(),
    type: smallint('type').notNull(),
    name: text('name').notNull(),
    defaultPriority: smallint('default_priority').notNull().default(3),
    /**
     * The SLA in minutes by priority (DOMAIN's `sla_minutes` {"1":…,"4":…}, kept as four columns so the form edits
     * numbers and the database bounds them; docs/tickets.md).
     */
    slaP1Minutes: integer('sla_p1_minutes').notNull().default(60),
    slaP2Minutes: integer('sla_p2_minutes').notNull().default(240),
    slaP3Minutes: integer('sla_p3_minutes').notNull().default(1440),
    slaP4Minutes: integer('sla_p4_minutes').notNull().default(4320),
    requiredPhotos: smallint('required_photos').notNull().default(0),
    checklist: jsonb('checklist'),
    autoRule: jsonb('auto_rule'),
    autoApprove: boolean('auto_approve').notNull().default(false),
    expireAfterMinutes: integer('expire_after_minutes'),
    pieceRate: bigint('piece_rate', { mode: 'number' }),
    currency: char('currency', { length: 3 }),
    status: smallint('status').notNull().default(0),
    ...audited(),
  },
  (t) => [
    uniqueIndex('ticket_templates_name_uq').on(t.tenantId, t.name).where(live),
    index('ticket_templates_type_idx').on(t.tenantId, t.type).where(live),
    check('ticket_templates_photos_ck', sql`${t.requiredPhotos} BETWEEN 0 AND 3`),
    check('ticket_templates_sla_ck', sql`LEAST(${t.slaP1Minutes}, ${t.slaP2Minutes}, ${t.slaP3Minutes}, ${t.slaP4Minutes}) > 0`),
  ],
);

/** [C] One work order, whatever its type; its vehicles are its items. */
export const tickets = pgTable(
  'tickets',
  {
    id: id(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    ticketNo: text('ticket_no').notNull(),
    type: smallint('type').notNull(),
    templateId: bigint('template_id', { mode: 'number' }),
    priority: smallint('priority').notNull(),
    dueAt: ts('due_at').notNull(),
    status: smallint('status').notNull().default(0),
    source: smallint('source').notNull(),
    sourceRefId: bigint('source_ref_id', { mode: 'number' }),
    title: text('title'),
    description: text('description'),
    assignType: smallint('assign_type'),
    assigneeId: bigint('assignee_id', { mode: 'number' }),
    partnerId: bigint('partner_id', { mode: 'number' }),
    assignedAt: ts('assigned_at'),
    acceptedAt: ts('accepted_at'),
    startedAt: ts('started_at'),
    submittedAt: ts('submitted_at'),
    approvedAt: ts('approved_at'),
    closedAt: ts('closed_at'),
    reviewerId: bigint('reviewer_id', { mode: 'number' }),
    rejectReason: text('reject_reason'),
    cancelReason: smallint('cancel_reason'),
    slaMet: boolean('sla_met'),
    targetZoneId: bigint('target_zone_id', { mode: 'number' }),
    targetStationId: bigint('target_station_id', { mode: 'number' }),
    photos: jsonb('photos'),
    /** When the SLA task told the assignee and the city's dispatchers that the ticket is past due (once). */
    overdueNotifiedAt: ts('overdue_notified_at'),
    ...audited(),
  },
  (t) => [
    uniqueIndex('tickets_no_uq').on(t.tenantId, t.ticketNo),
    // The lists: a city's tickets newest first (all types, or one type's page), keyset-paged (DESIGN §9).
    index('tickets_city_idx').on(t.tenantId, t.cityCode, t.createdAt, t.id).where(live),
    index('tickets_city_type_idx').on(t.tenantId, t.cityCode, t.type, t.createdAt, t.id).where(live),
    // Open tickets by due time: overdue first, and the SLA scan.
    index('tickets_open_due_idx')
      .on(t.tenantId, t.cityCode, t.dueAt, t.id)
      .where(sql`deleted_at IS NULL AND status IN (0, 1, 2, 3, 4, 6)`),
    index('tickets_assignee_idx')
      .on(t.assigneeId, t.status)
      .where(sql`assignee_id IS NOT NULL`),
    check('tickets_status_ck', sql`${t.status} BETWEEN 0 AND 8`),
    check('tickets_type_ck', sql`${t.type} BETWEEN 1 AND 6`),
    check('tickets_priority_ck', sql`${t.priority} BETWEEN 1 AND 4`),
    check('tickets_cancelled_reason_ck', sql`(${t.status} = 8) = (${t.cancelReason} IS NOT NULL)`),
  ],
);

/**
 * [C] A ticket's sub-list rows: one per vehicle (item_kind 1), or a repair's part lines (2). is_open follows the
 * ticket, so the partial unique index holds one open ticket per vehicle and type.
 */
export const ticketItems = pgTable(
  'ticket_items',
  {
    id: id(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    ticketId: bigint('ticket_id', { mode: 'number' }).notNull(),
    itemKind: smallint('item_kind').notNull().default(1),
    ticketType: smallint('ticket_type').notNull(),
    isOpen: boolean('is_open').notNull().default(true),
    vehicleId: bigint('vehicle_id', { mode: 'number' }),
    fromLat: coord('from_lat'),
    fromLng: coord('from_lng'),
    fromZoneId: bigint('from_zone_id', { mode: 'number' }),
    toLat: coord('to_lat'),
    toLng: coord('to_lng'),
    toZoneId: bigint('to_zone_id', { mode: 'number' }),
    moved: boolean('moved'),
    oldBatteryId: bigint('old_battery_id', { mode: 'number' }),
    newBatteryId: bigint('new_battery_id', { mode: 'number' }),
    socBefore: smallint('soc_before'),
    socAfter: smallint('soc_after'),
    faultTypeIds: bigint('fault_type_ids', { mode: 'number' }).array(),
    checklistResult: jsonb('checklist_result'),
    outcome: smallint('outcome'),
    partId: bigint('part_id', { mode: 'number' }),
    qty: integer('qty'),
    partCost: bigint('part_cost', { mode: 'number' }),
    labourMinutes: integer('labour_minutes'),
    currency: char('currency', { length: 3 }),
    photos: jsonb('photos'),
    doneAt: ts('done_at'),
    ...audited(),
  },
  (t) => [
    uniqueIndex('ticket_items_open_vehicle_uq')
      .on(t.tenantId, t.vehicleId, t.ticketType)
      .where(sql`is_open AND item_kind = 1 AND deleted_at IS NULL`),
    index('ticket_items_ticket_idx').on(t.ticketId, t.id),
    // The sub-lists: a city's rows of one type, newest first.
    index('ticket_items_city_type_idx').on(t.tenantId, t.cityCode, t.ticketType, t.createdAt, t.id).where(live),
    index('ticket_items_vehicle_idx').on(t.vehicleId, t.createdAt),
    check('ticket_items_qty_ck', sql`${t.qty} IS NULL OR ${t.qty} > 0`),
  ],
);

/** [A][C] Every ticket transition: who, from what to what, where the technician stood, the note and photos. */
export const ticketEvents = pgTable(
  'ticket_events',
  {
    id: id(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    ticketId: bigint('ticket_id', { mode: 'number' }).notNull(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    event: text('event').notNull(),
    actorId: bigint('actor_id', { mode: 'number' }),
    lat: coord('lat'),
    lng: coord('lng'),
    note: text('note'),
    photos: jsonb('photos'),
    ...appendOnly(),
  },
  (t) => [index('ticket_events_ticket_idx').on(t.ticketId, t.id)],
);
