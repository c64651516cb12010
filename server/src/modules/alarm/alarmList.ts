import type { RowEvent } from '@kayuh/contract/api/rowEvents';
import { EVENT_TIMELINE_MAX } from '@kayuh/contract/constants';
import { alarmHistoryResource, alarmResource } from '@kayuh/contract/resources/alarm';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alarmEvents, alarms, users } from '../../db/schema.ts';
import { actorUserId } from '../../platform/auth/context.ts';
import { bindResource, type HookContext } from '../../platform/resources/binding.ts';
import { readParam, state } from '../../platform/resources/rowEventRoutes.ts';
import { clearIllegalMove, ILLEGAL_MOVE } from './illegalMove.ts';

/**
 * The names alarm_events keeps (DOMAIN §6.3) for the staff's events, and back: the timeline speaks of the declared
 * events so their states and notes are shown; the system's own (raised, repeated, recovered …) keep their names.
 */
const STORED = { acknowledge: 'ack', resolve: 'resolved', ignore: 'ignored' } as const;
const DECLARED: Record<string, string> = Object.fromEntries(Object.entries(STORED).map(([declared, stored]) => [stored, declared]));

/** Staff closed the alarm themselves: who, when, and the note they gave (a resolution, or why it was ignored). */
const closedBy = (note: 'resolution' | 'reason') => (ctx: HookContext) => ({
  resolvedBy: actorUserId(ctx.auth),
  resolvedAt: new Date(),
  resolution: String(ctx.event?.payload[note] ?? ''),
});

/**
 * A staff event goes where the system's go (alarm_events), in the event's transaction; closing an illegal move clears
 * its lock and makes where the vehicle stands its parking place.
 */
async function recordAlarmEvent(ctx: HookContext) {
  const event = ctx.event!;
  await ctx.tx.insert(alarmEvents).values({
    tenantId: ctx.tenantId,
    alarmId: Number(ctx.row!.id),
    event: STORED[event.name as keyof typeof STORED] ?? event.name,
    detail: JSON.stringify({ from: event.from, to: event.to, payload: event.payload }),
    actorId: actorUserId(ctx.auth),
  });
  const row = ctx.row!;
  if (event.name !== 'acknowledge' && row.alarmCode === ILLEGAL_MOVE)
    await clearIllegalMove(
      ctx.tx,
      { id: Number(row.id), tenantId: ctx.tenantId, vehicleId: row.vehicleId == null ? null : Number(row.vehicleId) },
      actorUserId(ctx.auth),
    );
}

/** An alarm's timeline: everything alarm_events holds for it, newest first, with who did it when staff did. */
async function readAlarmEvents(db: Db, row: { id: number; tenantId: number }): Promise<{ rows: RowEvent[]; total: number }> {
  const where = and(eq(alarmEvents.tenantId, row.tenantId), eq(alarmEvents.alarmId, row.id));
  const [rows, [counted]] = await Promise.all([
    db
      .select({ id: alarmEvents.id, event: alarmEvents.event, detail: alarmEvents.detail, at: alarmEvents.createdAt, operName: users.userName })
      .from(alarmEvents)
      .leftJoin(users, eq(users.id, alarmEvents.actorId))
      .where(where)
      .orderBy(desc(alarmEvents.id))
      .limit(EVENT_TIMELINE_MAX),
    db.select({ n: count() }).from(alarmEvents).where(where),
  ]);
  return {
    total: counted?.n ?? 0,
    rows: rows.map((x) => {
      const detail = readParam(x.detail);
      const declared = DECLARED[x.event];
      return {
        eventId: x.id,
        event: declared ?? x.event,
        from: declared ? state(detail.from) : null,
        to: declared ? state(detail.to) : null,
        // A staff event carries its note; a system event's reading is kept for the record, not shown as a note.
        payload: declared && detail.payload && typeof detail.payload === 'object' ? (detail.payload as Record<string, unknown>) : {},
        operName: x.operName ?? null,
        at: x.at.toISOString(),
      };
    }),
  };
}

/**
 * The alarm list (DOMAIN §3.14): acknowledge stamps who took it on; resolve and ignore stamp who closed it and why.
 * The open-alarm slot (alarms_open_uq) frees itself as the status leaves 0/1, so the next firing raises anew.
 */
export const alarmBinding = bindResource(alarmResource, alarms, {
  events: {
    acknowledge: { set: (ctx) => ({ ackBy: actorUserId(ctx.auth), ackAt: new Date() }) },
    resolve: { set: closedBy('resolution') },
    ignore: { set: closedBy('reason') },
  },
  recordEvent: recordAlarmEvent,
  readEvents: readAlarmEvents,
});

/** The alarms that are over, each with the same timeline. */
export const alarmHistoryBinding = bindResource(alarmHistoryResource, alarms, { readEvents: readAlarmEvents });
