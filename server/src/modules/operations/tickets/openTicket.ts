import { Code } from '@kayuh/contract/codes';
import { DEFAULT_SLA_MINUTES, TicketPriority, TicketSource, TicketType } from '@kayuh/contract/resources/tickets';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { ticketEvents, ticketItems, tickets, ticketTemplates, vehicleLiveStatus, vehicles } from '../../../db/schema.ts';
import { actorUserId, type AuthContext } from '../../../platform/auth/context.ts';
import { nextBusinessNo } from '../../../platform/businessNo.ts';
import { BizError, invalid } from '../../../platform/errors.ts';
import { tenantRows } from '../../../platform/scope.ts';

/** What a new ticket needs: from the console's form, an alarm or a rule. */
export interface TicketSpec {
  tenantId: number;
  cityCode: number;
  type: number;
  vehicleIds: readonly number[];
  templateId?: number | null;
  priority?: number | null;
  source?: number;
  sourceRefId?: number | null;
  title?: string | null;
  description?: string | null;
  targetZoneId?: number | null;
  remark?: string | null;
}

type Template = typeof ticketTemplates.$inferSelect;
const SLA_COLUMN = { 1: 'slaP1Minutes', 2: 'slaP2Minutes', 3: 'slaP3Minutes', 4: 'slaP4Minutes' } as const;

/** The template a ticket follows: the one named (of its type, active), else the type's first active one, if any. */
async function templateFor(tx: Db, spec: TicketSpec): Promise<Template | undefined> {
  const [template] = await tx
    .select()
    .from(ticketTemplates)
    .where(
      and(
        tenantRows(spec.tenantId, ticketTemplates),
        spec.templateId ? eq(ticketTemplates.id, spec.templateId) : and(eq(ticketTemplates.type, spec.type), eq(ticketTemplates.status, 0)),
      ),
    )
    .orderBy(asc(ticketTemplates.id))
    .limit(1);
  if (spec.templateId && (!template || template.type !== spec.type || template.status !== 0))
    throw new BizError(Code.validation, 'ticket.templateType', { fields: { templateId: 'ticket.templateType' } });
  return template;
}

/** DOMAIN §3.1: due = created + the SLA of the priority (the template's, else the default). */
export function dueAt(createdAt: Date, priority: number, template?: Pick<Template, (typeof SLA_COLUMN)[keyof typeof SLA_COLUMN]>): Date {
  const column = SLA_COLUMN[priority as keyof typeof SLA_COLUMN];
  const minutes = template && column ? template[column] : DEFAULT_SLA_MINUTES[priority]!;
  return new Date(createdAt.getTime() + minutes * 60_000);
}

/** The vehicles, locked, each the tenant's and in the ticket's city (2001 naming the first that is not). */
async function vehiclesOf(tx: Db, spec: TicketSpec) {
  const ids = [...new Set(spec.vehicleIds)];
  const rows = await tx
    .select({
      id: vehicles.id,
      vehicleNo: vehicles.vehicleNo,
      cityCode: vehicles.cityCode,
      lat: vehicleLiveStatus.lat,
      lng: vehicleLiveStatus.lng,
      zoneId: vehicleLiveStatus.zoneId,
      soc: vehicleLiveStatus.soc,
      batteryId: vehicles.batteryId,
    })
    .from(vehicles)
    .leftJoin(vehicleLiveStatus, eq(vehicleLiveStatus.vehicleId, vehicles.id))
    .where(and(inArray(vehicles.id, ids), tenantRows(spec.tenantId, vehicles)))
    .orderBy(asc(vehicles.id))
    .for('update', { of: vehicles });
  if (rows.length !== ids.length) throw invalid({ vehicleIds: 'validation.invalidOption' });
  const away = rows.find((v) => v.cityCode !== spec.cityCode);
  if (away)
    throw new BizError(
      Code.validation,
      'ticket.vehicleNotInCity',
      { fields: { vehicleIds: 'ticket.vehicleNotInCity' } },
      { vehicleNo: away.vehicleNo },
    );
  return rows;
}

/**
 * Opens a ticket (DOMAIN §3.1 create): its number, its due time by priority and template, one item per vehicle, and
 * the create event — all in the caller's transaction. One open ticket per vehicle and type is the partial unique
 * index's to keep: an item it refuses (another ticket holds the vehicle, perhaps committed a moment ago) makes the
 * whole ticket 2005, naming the open one.
 */
export async function openTicket(tx: Db, auth: AuthContext, spec: TicketSpec): Promise<typeof tickets.$inferSelect> {
  const template = await templateFor(tx, spec);
  const priority = spec.priority ?? template?.defaultPriority ?? TicketPriority.normal;
  const vehicleRows = await vehiclesOf(tx, spec);
  const now = new Date();
  const by = actorUserId(auth);
  const { id, no } = await nextBusinessNo(tx, 'tickets', 'TK', now);
  const [ticket] = await tx
    .insert(tickets)
    .values({
      id,
      tenantId: spec.tenantId,
      cityCode: spec.cityCode,
      ticketNo: no,
      type: spec.type,
      templateId: template?.id ?? null,
      priority,
      dueAt: dueAt(now, priority, template),
      status: 0,
      source: spec.source ?? TicketSource.console,
      sourceRefId: spec.sourceRefId ?? null,
      title: spec.title ?? null,
      description: spec.description ?? null,
      targetZoneId: spec.targetZoneId ?? null,
      remark: spec.remark ?? null,
      createdAt: now,
      createdBy: by,
      updatedBy: by,
    })
    .returning();
  const items = await tx
    .insert(ticketItems)
    .values(
      vehicleRows.map((v) => ({
        tenantId: spec.tenantId,
        cityCode: spec.cityCode,
        ticketId: id,
        ticketType: spec.type,
        vehicleId: v.id,
        ...(spec.type === TicketType.dispatch ? { fromLat: v.lat, fromLng: v.lng, fromZoneId: v.zoneId, toZoneId: spec.targetZoneId ?? null } : {}),
        ...(spec.type === TicketType.batterySwap ? { oldBatteryId: v.batteryId, socBefore: v.soc } : {}),
        createdBy: by,
      })),
    )
    .onConflictDoNothing()
    .returning({ vehicleId: ticketItems.vehicleId });
  if (items.length !== vehicleRows.length) {
    const held = new Set(items.map((i) => i.vehicleId));
    const clash = vehicleRows.find((v) => !held.has(v.id))!;
    const [open] = await tx
      .select({ ticketNo: tickets.ticketNo })
      .from(ticketItems)
      .innerJoin(tickets, eq(tickets.id, ticketItems.ticketId))
      .where(
        and(
          eq(ticketItems.tenantId, spec.tenantId),
          eq(ticketItems.vehicleId, clash.id),
          eq(ticketItems.ticketType, spec.type),
          eq(ticketItems.isOpen, true),
          isNull(ticketItems.deletedAt),
        ),
      )
      .limit(1);
    throw new BizError(Code.duplicate, 'ticket.openExists', undefined, { vehicleNo: clash.vehicleNo, ticketNo: open?.ticketNo ?? '' });
  }
  await tx
    .insert(ticketEvents)
    .values({ tenantId: spec.tenantId, cityCode: spec.cityCode, ticketId: id, toStatus: 0, event: 'create', actorId: by, createdBy: by });
  return ticket!;
}
