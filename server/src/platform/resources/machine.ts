import { Code } from '@kayuh/contract/codes';
import type { TransitionDef } from '@kayuh/contract/resources/types';
import { eq, sql } from 'drizzle-orm';
import { operationLogs } from '../../db/schema.ts';
import { actorUserId } from '../auth/context.ts';
import { BizError } from '../errors.ts';
import { maskSecrets } from '../audit.ts';
import { toColumnValue, type BoundResource, type HookContext } from './binding.ts';
import { allOf, scopeConditions } from './queries.ts';

type Row = Record<string, unknown>;

/** The state a row is in, as the refusal names it: the dictionary label's key when the field has one. */
function stateName(r: BoundResource, t: TransitionDef, state: unknown): string {
  const dict = r.def.fields.find((f) => f.name === t.field)?.dict;
  return dict ? `dict.${dict}.${String(state)}` : String(state);
}

/** Whether this actor may fire the event at all: staff by the declaration's permission (checked by the route). */
function assertActor(t: TransitionDef, ctx: HookContext) {
  const kind = ctx.auth.actor ?? 'staff';
  if (!(t.actors ?? ['staff']).includes(kind)) throw new BizError(Code.forbidden);
}

/**
 * Fires one event on a row the caller's scope admitted and locked (DOMAIN §3): the row must be in one of the
 * event's from-states (else 2004 naming its state) and at the version the caller read (2003), the event's guard
 * must pass, then one conditional UPDATE writes the target state with the event's own columns, its effects run,
 * and the event is recorded, all in the caller's transaction. Answers the row as written.
 */
export async function fireEvent(r: BoundResource, t: TransitionDef, ctx: HookContext): Promise<Row> {
  const { tx, auth, current, body } = ctx;
  if (!current) throw new BizError(Code.notFound);
  assertActor(t, ctx);
  const column = r.columns[t.field]!;
  const from = current[t.field];
  const allowed = t.from.map((v) => toColumnValue(column, v));
  if (!allowed.includes(toColumnValue(column, from))) {
    throw new BizError(
      Code.transitionNotAllowed,
      'engine.transition.refused',
      { state: from },
      { event: `transition.${t.name}`, state: stateName(r, t, from) },
    );
  }
  if (body.version !== undefined && Number(body.version) !== Number(current.version)) throw new BizError(Code.versionConflict);

  const payload = Object.fromEntries((t.payload ?? []).map((f) => [f.name, body[f.name]]).filter(([, v]) => v !== undefined));
  const rule = r.events?.[t.name];
  const event = { name: t.name, from, to: toColumnValue(column, t.to), payload };
  const fired: HookContext = { ...ctx, event };
  await rule?.guard?.(fired);
  const extra = (await rule?.set?.(fired)) ?? {};
  const to = extra[t.field] ?? event.to;
  const values = { ...extra, [t.field]: to };
  fired.event = { ...event, to };
  fired.values = values;
  fired.next = { ...current, ...values };

  const [row] = await tx
    .update(r.table)
    .set({ ...values, version: sql`${r.columns.version} + 1`, updatedAt: new Date(), updatedBy: actorUserId(auth) })
    .where(
      allOf([
        eq(r.columns.id!, Number(current.id)),
        eq(r.columns.version!, Number(current.version)),
        eq(column, from),
        ...scopeConditions(r, auth, 'write'),
      ]),
    )
    .returning();
  if (!row) throw new BizError(Code.versionConflict);
  const written: HookContext = { ...fired, row: row as Row };
  await rule?.effects?.(written);
  await r.afterWrite?.(written);
  await (r.recordEvent ?? journalEvent(r))(written);
  return row as Row;
}

/** Without an events table of its own, an event goes to the operation journal, in the event's transaction. */
const journalEvent = (r: BoundResource) => async (ctx: HookContext) => {
  const { event, auth } = ctx;
  await ctx.tx.insert(operationLogs).values({
    tenantId: ctx.tenantId,
    title: `menu.${r.def.module}.${r.def.page}`,
    businessType: 10,
    method: `event:${r.def.key}.${event!.name}`,
    // Staff fire an event through its route; a job or a device fires it in the server itself.
    operUrl: auth.actor ? null : `/api${r.def.api}/${event!.name}`,
    operatorType: auth.actor ? 0 : 1,
    operName: auth.actor ? null : auth.userName,
    operParam: JSON.stringify(maskSecrets({ event: event!.name, from: event!.from, to: event!.to, payload: event!.payload })).slice(0, 2048),
    jsonResult: JSON.stringify({ code: Code.ok }),
    status: 0,
    refType: r.def.key,
    refId: Number(ctx.row!.id),
    createdBy: actorUserId(auth),
  });
};
