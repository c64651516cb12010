import { Code } from '@kayuh/contract/codes';
import { TICKET_BIZ, TicketCancelReason, TicketOutcome, TicketStatus, TicketType } from '@kayuh/contract/resources/tickets';
import { CommandSource } from '@kayuh/contract/api/device';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { ticketItems, tickets, ticketTemplates, users, vehicleFaults } from '../../../db/schema.ts';
import { actorUserId } from '../../../platform/auth/context.ts';
import { seesCity } from '../../../platform/auth/roles.ts';
import { BizError, forbidden } from '../../../platform/errors.ts';
import type { EventRule, HookContext } from '../../../platform/resources/binding.ts';
import { tenantRows } from '../../../platform/scope.ts';
import { partLinesOf, takeRepairParts } from '../spareParts/repairParts.ts';
import { releaseFaults } from './faultTickets.ts';
import { accruePiecePay } from './piecePay.ts';
import { swapBattery } from './ticketBattery.ts';
import { tellAboutTicket } from './ticketNotice.ts';
import { finishVehicles, releaseVehicles, startVehicles, ticketVehicles, type TicketRef } from './ticketVehicles.ts';

type Ticket = typeof tickets.$inferSelect;
const ticketOf = (ctx: HookContext) => ctx.current as unknown as Ticket;
const refOf = (t: Ticket): TicketRef => ({ id: t.id, tenantId: t.tenantId, cityCode: t.cityCode, type: t.type });
const now = () => new Date();
const text = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());

/** Only the technician the ticket is with fires the field events (accept, decline, start, submit, rework). */
function assertAssignee({ auth, current }: HookContext) {
  if (auth.actor || Number(current!.assigneeId) !== auth.userId) throw new BizError(Code.forbidden, 'ticket.notAssignee');
}

/** The staff member named to take the ticket: enabled, of the ticket's tenant, working in its city (DOMAIN §5.3). */
async function assertAssignable({ tx, current, event }: HookContext) {
  const ticket = current as unknown as Ticket;
  const userId = Number(event!.payload.assigneeId);
  if (userId === Number(ticket.assigneeId))
    throw new BizError(Code.validation, 'ticket.sameAssignee', { fields: { assigneeId: 'ticket.sameAssignee' } });
  const [person] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), tenantRows(ticket.tenantId, users), eq(users.status, '0'), seesCity(ticket.cityCode)));
  if (!person) throw new BizError(Code.validation, 'ticket.assigneeNotInCity', { fields: { assigneeId: 'ticket.assigneeNotInCity' } });
}

/** After the commit, tell a technician (never inside the transaction: a rolled-back event tells no one). */
const tell = (ctx: HookContext, userId: unknown, key: Parameters<typeof tellAboutTicket>[3]) => {
  const ticket = ticketOf(ctx);
  if (userId === null || userId === undefined) return;
  ctx.onCommit?.(() => tellAboutTicket(ctx.services, ticket, Number(userId), key));
};

const unassigned = { assigneeId: null, assignType: null, assignedAt: null, acceptedAt: null };

/** The photos a submit carries (its three image fields), as stored on the ticket, its items and its event. */
export const photosOf = (payload: Record<string, unknown>) => [payload.photo1, payload.photo2, payload.photo3].map(text).filter(Boolean);

/** What the ticket's template asks of a submit: photos, and the checklist to tick. */
async function templateAsks(tx: Db, ticket: Ticket): Promise<{ photos: number; checklist: string[] }> {
  if (!ticket.templateId) return { photos: 0, checklist: [] };
  const [template] = await tx
    .select({ photos: ticketTemplates.requiredPhotos, checklist: ticketTemplates.checklist })
    .from(ticketTemplates)
    .where(eq(ticketTemplates.id, ticket.templateId));
  const checklist = Array.isArray(template?.checklist) ? template.checklist.filter((x): x is string => typeof x === 'string') : [];
  return { photos: template?.photos ?? 0, checklist };
}

/** A submit's ticked checklist, `{ item: done }` with the template's items only; anything else is refused (2001). */
function checklistOf(payload: Record<string, unknown>, items: readonly string[]): Record<string, boolean> | null {
  const value = payload.checklist;
  if (value === undefined || value === null) return null;
  const entries = value && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : null;
  if (!entries || entries.some(([item, done]) => !items.includes(item) || typeof done !== 'boolean'))
    throw new BizError(Code.validation, 'ticket.checklistInvalid', { fields: { checklist: 'ticket.checklistInvalid' } });
  return Object.fromEntries(entries) as Record<string, boolean>;
}

/** submit's checks, before anything moves: the photos the template asks for, and what the type needs said. */
async function checkSubmit(ctx: HookContext) {
  assertAssignee(ctx);
  const ticket = ticketOf(ctx);
  const { payload } = ctx.event!;
  const asks = await templateAsks(ctx.tx, ticket);
  if (photosOf(payload).length < asks.photos)
    throw new BizError(Code.validation, 'ticket.photosRequired', { fields: { photo1: 'ticket.photosRequired' } }, { count: asks.photos });
  checklistOf(payload, asks.checklist);
  partLinesOf(ticket.type, payload);
  if (ticket.type === TicketType.batterySwap && !text(payload.newBatterySn))
    throw new BizError(Code.validation, 'ticket.batteryRequired', { fields: { newBatterySn: 'ticket.batteryRequired' } });
  if (ticket.type !== TicketType.batterySwap && ticket.type !== TicketType.dispatch && !payload.outcome)
    throw new BizError(Code.validation, 'ticket.outcomeRequired', { fields: { outcome: 'ticket.outcomeRequired' } });
}

/**
 * submit's physical effects (DOMAIN §3.1 design): the swap's packs change places, a dispatched vehicle is where the
 * technician left it, the vehicles leave their ticket state, a repair's parts leave their depot; each item records
 * what was done.
 */
async function applySubmit(ctx: HookContext) {
  const { tx, auth } = ctx;
  const ticket = ticketOf(ctx);
  const { payload } = ctx.event!;
  const outcome = payload.outcome ? Number(payload.outcome) : null;
  const photos = photosOf(payload);
  const checklistResult = checklistOf(payload, (await templateAsks(tx, ticket)).checklist);
  const rows = await ticketVehicles(tx, refOf(ticket));
  const done = now();
  for (const v of rows) {
    let item: Partial<typeof ticketItems.$inferInsert> = {
      outcome,
      photos: photos.length ? photos : null,
      checklistResult,
      doneAt: done,
      updatedAt: done,
    };
    if (ticket.type === TicketType.batterySwap) {
      const swap = await swapBattery(tx, auth, refOf(ticket), v, text(payload.newBatterySn));
      item = { ...item, ...swap };
      await finishVehicles(tx, auth, refOf(ticket), [v], outcome, swap.socAfter);
    } else if (ticket.type === TicketType.dispatch) {
      const lat = payload.lat ?? v.lat;
      const lng = payload.lng ?? v.lng;
      item = { ...item, toLat: lat == null ? null : String(lat), toLng: lng == null ? null : String(lng), moved: true };
    }
    await tx.update(ticketItems).set(item).where(eq(ticketItems.id, v.itemId));
  }
  if (ticket.type !== TicketType.batterySwap) await finishVehicles(tx, auth, refOf(ticket), rows, outcome);
  await takeRepairParts(tx, auth, refOf(ticket), rows[0]?.id ?? null, payload);
}

/** The ticket's items stop holding their vehicles' open slot (closed or cancelled). */
const closeItems = (tx: Db, ticketId: number) =>
  tx.update(ticketItems).set({ isOpen: false, updatedAt: now() }).where(eq(ticketItems.ticketId, ticketId));

/** An approved fault, inspection or repair fixed its vehicles' faults that it held (DOMAIN §3.1 approve). */
async function fixFaults(tx: Db, ticket: Ticket) {
  const fixed = await tx
    .select({ vehicleId: ticketItems.vehicleId })
    .from(ticketItems)
    .where(and(eq(ticketItems.ticketId, ticket.id), eq(ticketItems.outcome, TicketOutcome.fixed)));
  const ids = fixed.map((f) => f.vehicleId).filter((v): v is number => v !== null);
  if (!ids.length) return;
  await tx
    .update(vehicleFaults)
    .set({ status: 2, fixedAt: now(), updatedAt: now() })
    .where(
      and(
        eq(vehicleFaults.tenantId, ticket.tenantId),
        inArray(vehicleFaults.vehicleId, ids),
        inArray(vehicleFaults.status, [0, 1]),
        isNull(vehicleFaults.deletedAt),
      ),
    );
}

/** What each event of DOMAIN §3.1 does beyond its state (the declaration in contract/resources/tickets.ts). */
export const ticketEventRules: Record<string, EventRule> = {
  assignTicket: {
    guard: assertAssignable,
    set: (ctx) => ({ assigneeId: Number(ctx.event!.payload.assigneeId), assignType: 1, assignedAt: now(), acceptedAt: null }),
    effects: async (ctx) => tell(ctx, ctx.event!.payload.assigneeId, 'ticket.notice.assigned'),
  },
  grabTicket: {
    // The conditional update (WHERE status = 0) decides who of several technicians wins; the others get 2004.
    guard: ({ auth }) => {
      if (auth.actor) throw forbidden();
    },
    set: ({ auth }) => ({ assigneeId: auth.userId, assignType: 2, assignedAt: now(), acceptedAt: now() }),
  },
  acceptTicket: { guard: assertAssignee, set: () => ({ acceptedAt: now() }) },
  declineTicket: { guard: assertAssignee, set: () => unassigned },
  unassignTicket: { set: () => unassigned, effects: async (ctx) => tell(ctx, ctx.current!.assigneeId, 'ticket.notice.unassigned') },
  reassignTicket: {
    guard: assertAssignable,
    set: (ctx) => ({ assigneeId: Number(ctx.event!.payload.assigneeId), assignType: 1, assignedAt: now(), acceptedAt: null }),
    effects: async (ctx) => {
      tell(ctx, ctx.current!.assigneeId, 'ticket.notice.unassigned');
      tell(ctx, ctx.event!.payload.assigneeId, 'ticket.notice.assigned');
    },
  },
  startTicket: {
    guard: assertAssignee,
    set: () => ({ startedAt: now() }),
    async effects(ctx) {
      const ticket = ticketOf(ctx);
      const rows = await ticketVehicles(ctx.tx, refOf(ticket));
      // The technician is at one of the ticket's vehicles: the number they scanned (or typed) names it.
      const scanned = text(ctx.event!.payload.vehicleNo);
      if (!rows.some((v) => v.vehicleNo.toUpperCase() === scanned.toUpperCase()))
        throw new BizError(Code.validation, 'ticket.wrongVehicle', { fields: { vehicleNo: 'ticket.wrongVehicle' } }, { vehicleNo: scanned });
      await startVehicles(ctx.tx, ctx.auth, refOf(ticket), rows, (s) => `dict.vehicles_op_state.${s}`);
      // A swap opens the battery compartment for the technician (DOMAIN §3.1), once the start has committed.
      if (ticket.type === TicketType.batterySwap)
        for (const v of rows.filter((x) => x.imei))
          ctx.onCommit?.(async () =>
            ctx.services.commands.sendLater({ id: v.id, imei: v.imei!, tenantId: ticket.tenantId, cityCode: ticket.cityCode }, 'batteryUnlock', {
              source: CommandSource.console,
              requestedByType: 1,
              requestedById: ctx.auth.userId,
              ref: { type: TICKET_BIZ, id: ticket.id },
            }),
          );
    },
  },
  submitTicket: {
    guard: checkSubmit,
    set: (ctx) => {
      const photos = photosOf(ctx.event!.payload);
      return { submittedAt: now(), slaMet: now() <= ticketOf(ctx).dueAt, ...(photos.length ? { photos } : {}) };
    },
    effects: applySubmit,
  },
  approveTicket: {
    guard: ({ auth, current }) => {
      if (!auth.actor && Number(current!.assigneeId) === auth.userId) throw new BizError(Code.forbidden, 'ticket.reviewerIsAssignee');
    },
    set: ({ auth }) => ({ reviewerId: actorUserId(auth), approvedAt: now() }),
    async effects(ctx) {
      await fixFaults(ctx.tx, ticketOf(ctx));
      await accruePiecePay(ctx.tx, ticketOf(ctx));
    },
  },
  rejectTicket: {
    guard: ({ auth, current }) => {
      if (Number(current!.assigneeId) === auth.userId) throw new BizError(Code.forbidden, 'ticket.reviewerIsAssignee');
    },
    set: (ctx) => ({ reviewerId: actorUserId(ctx.auth), rejectReason: text(ctx.event!.payload.rejectReason) }),
    effects: async (ctx) => tell(ctx, ctx.current!.assigneeId, 'ticket.notice.rejected'),
  },
  reworkTicket: { guard: assertAssignee },
  cancelTicket: {
    guard: ({ event }) => {
      if (Number(event!.payload.cancelReason) === TicketCancelReason.other && !text(event!.payload.note))
        throw new BizError(Code.validation, 'ticket.noteRequired', { fields: { note: 'ticket.noteRequired' } });
    },
    set: (ctx) => ({ cancelReason: Number(ctx.event!.payload.cancelReason), closedAt: now() }),
    async effects(ctx) {
      const ticket = ticketOf(ctx);
      const rows = await ticketVehicles(ctx.tx, refOf(ticket));
      await releaseVehicles(ctx.tx, ctx.auth, refOf(ticket), rows);
      await closeItems(ctx.tx, ticket.id);
      await releaseFaults(ctx.tx, ticket.id);
    },
  },
};

/** close (DOMAIN §3.1): an approved ticket closes at once, by the system; its items free their vehicles' slot. */
export async function closeApproved(tx: Db, ticket: { id: number; tenantId: number }) {
  const [closed] = await tx
    .update(tickets)
    .set({ status: TicketStatus.closed, closedAt: now(), updatedAt: now() })
    .where(and(eq(tickets.id, ticket.id), eq(tickets.status, TicketStatus.approved)))
    .returning({ id: tickets.id });
  if (closed) await closeItems(tx, ticket.id);
  return Boolean(closed);
}
