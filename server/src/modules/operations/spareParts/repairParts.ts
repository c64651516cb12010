import { PART_MOVE_QTY_MAX, PartMoveReason, REPAIR_PART_LINES_MAX } from '@kayuh/contract/resources/spareParts';
import { TicketType } from '@kayuh/contract/resources/tickets';
import type { Db } from '../../../db/client.ts';
import { ticketItems } from '../../../db/schema.ts';
import type { AuthContext } from '../../../platform/auth/context.ts';
import { actorUserId } from '../../../platform/auth/context.ts';
import { invalidField } from '../../../platform/errors.ts';
import { depotFor, moveStock, partFor } from './stock.ts';

export interface PartLine {
  partId: number;
  qty: number;
}

const isCount = (v: unknown, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= max;

/**
 * A repair submit's part lines (`parts: [{ partId, qty }]`, each part once, at most REPAIR_PART_LINES_MAX) and the
 * depot they come from; none on other types. Anything else is refused on its field (2001) before anything moves.
 */
export function partLinesOf(type: number, payload: Record<string, unknown>): { lines: PartLine[]; depotId: number | null } {
  const value = payload.parts;
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) return { lines: [], depotId: null };
  if (type !== TicketType.repair) throw invalidField('parts', 'ticket.partsRepairOnly');
  const unpicked = (l: unknown) => Boolean(l) && typeof l === 'object' && ((l as PartLine).partId === null || (l as PartLine).partId === undefined);
  if (Array.isArray(value) && value.some(unpicked)) throw invalidField('parts', 'ticket.partsUnpicked');
  const ok =
    Array.isArray(value) &&
    value.length <= REPAIR_PART_LINES_MAX &&
    value.every(
      (l) =>
        l && typeof l === 'object' && isCount((l as PartLine).partId, Number.MAX_SAFE_INTEGER) && isCount((l as PartLine).qty, PART_MOVE_QTY_MAX),
    );
  if (!ok) throw invalidField('parts', 'ticket.partsInvalid', { max: REPAIR_PART_LINES_MAX });
  const lines = (value as PartLine[]).map((l) => ({ partId: l.partId, qty: l.qty }));
  if (new Set(lines.map((l) => l.partId)).size !== lines.length) throw invalidField('parts', 'ticket.partsRepeated');
  const depotId = payload.depotId;
  if (!isCount(depotId, Number.MAX_SAFE_INTEGER)) throw invalidField('depotId', 'ticket.depotRequired');
  return { lines, depotId };
}

/**
 * The parts a repair used leave the depot with its submit, in the same transaction: a repair_out movement per line
 * (stock never below zero: a line the shelf cannot cover refuses the whole submit) and a part line on the ticket
 * with its cost. A rework's submit reports what that round used.
 */
export async function takeRepairParts(
  tx: Db,
  auth: AuthContext,
  ticket: { id: number; tenantId: number; cityCode: number; type: number },
  vehicleId: number | null,
  payload: Record<string, unknown>,
) {
  const { lines, depotId } = partLinesOf(ticket.type, payload);
  if (!lines.length) return;
  const depot = await depotFor(tx, auth, ticket.tenantId, depotId!, 'depotId');
  if (depot.cityCode !== ticket.cityCode) throw invalidField('depotId', 'ticket.depotOtherCity');
  const done = new Date();
  for (const line of lines) {
    const part = await partFor(tx, ticket.tenantId, line.partId, 'parts', { active: true });
    await moveStock(tx, {
      tenantId: ticket.tenantId,
      part,
      depot,
      delta: -line.qty,
      reason: PartMoveReason.repairOut,
      ticketId: ticket.id,
      actorId: actorUserId(auth),
      field: 'parts',
    });
    await tx.insert(ticketItems).values({
      tenantId: ticket.tenantId,
      cityCode: ticket.cityCode,
      ticketId: ticket.id,
      itemKind: 2,
      ticketType: ticket.type,
      vehicleId,
      partId: part.id,
      qty: line.qty,
      partCost: part.unitCost * line.qty,
      currency: part.currency,
      doneAt: done,
      createdBy: actorUserId(auth),
    });
  }
}
