import { Code } from '@kayuh/contract/codes';
import {
  MANUAL_MOVES,
  type ManualMove,
  PartMoveReason,
  sparePartMovementResource,
  sparePartResource,
  sparePartStockResource,
  sparePartTypeResource,
} from '@kayuh/contract/resources/spareParts';
import { and, gt, inArray, isNull, sql } from 'drizzle-orm';
import { spareParts, sparePartMovements, sparePartStocks, sparePartTypes } from '../../../db/schema.ts';
import { actorUserId } from '../../../platform/auth/context.ts';
import { BizError, invalidField } from '../../../platform/errors.ts';
import { bindResource, type HookContext } from '../../../platform/resources/binding.ts';
import { rowsOf } from '../../../platform/rows.ts';
import { depotFor, lockShelf, moveStock, partFor } from './stock.ts';

/** A type cannot move under itself or one of its own sub-types; one with sub-types or parts stays. */
export const sparePartTypeBinding = bindResource(sparePartTypeResource, sparePartTypes, {
  async check({ tx, mode, current, next, tenantId }) {
    if (mode !== 'edit' || Number(next.parentId) === 0) return;
    const [cycle] = rowsOf<{ hit: boolean }>(
      await tx.execute(sql`
      WITH RECURSIVE up(id, parent_id) AS (
        SELECT id, parent_id FROM spare_part_types WHERE id = ${Number(next.parentId)} AND tenant_id = ${tenantId}
        UNION ALL
        SELECT t.id, t.parent_id FROM spare_part_types t JOIN up ON t.id = up.parent_id WHERE t.tenant_id = ${tenantId}
      ) SELECT true AS hit FROM up WHERE id = ${Number(current!.id)} LIMIT 1`),
    );
    if (cycle) throw invalidField('parentId', 'sparePartType.cycle');
  },
  async beforeRemove({ tx, ids }) {
    const [child] = await tx
      .select({ id: sparePartTypes.id })
      .from(sparePartTypes)
      .where(and(inArray(sparePartTypes.parentId, ids), isNull(sparePartTypes.deletedAt)))
      .limit(1);
    if (child) throw new BizError(Code.transitionNotAllowed, 'sparePartType.hasChildren');
    const [part] = await tx
      .select({ id: spareParts.id })
      .from(spareParts)
      .where(and(inArray(spareParts.typeId, ids), isNull(spareParts.deletedAt)))
      .limit(1);
    if (part) throw new BizError(Code.transitionNotAllowed, 'sparePartType.hasParts');
  },
});

/** The catalogue: its on-hand total; a part still on a shelf is not removed (scrap it, or mark it discontinued). */
export const sparePartBinding = bindResource(sparePartResource, spareParts, {
  computed: {
    onHand: sql<number>`(SELECT COALESCE(SUM(s.qty), 0) FROM spare_part_stocks s WHERE s.part_id = spare_parts.id)`.mapWith(Number),
  },
  async beforeRemove({ tx, ids }) {
    const [held] = await tx
      .select({ id: sparePartStocks.id })
      .from(sparePartStocks)
      .where(and(inArray(sparePartStocks.partId, ids), gt(sparePartStocks.qty, 0)))
      .limit(1);
    if (held) throw new BizError(Code.transitionNotAllowed, 'sparePart.hasStock');
  },
});

/** Of a shelf's row: its part's column. */
const partOfShelf = (column: string) => sql.raw(`(SELECT p.${column} FROM spare_parts p WHERE p.id = spare_part_stocks.part_id)`);
const belowSafety = sql`(spare_part_stocks.qty < ${partOfShelf('safety_stock')})`;

export const sparePartStockBinding = bindResource(sparePartStockResource, sparePartStocks, {
  computed: {
    partNo: sql<string>`${partOfShelf('part_no')}`,
    partName: sql<string>`${partOfShelf('name')}`,
    safetyStock: sql<number>`${partOfShelf('safety_stock')}`.mapWith(Number),
    belowSafety: sql<boolean>`${belowSafety}`,
  },
  // The value comes bound as a parameter: the database compares it as the boolean it is.
  computedFilters: { belowSafety: (value) => sql`${belowSafety} = ${value}` },
});

/**
 * A movement staff add by hand: the delta its kind means, written with the stock change in one transaction. A
 * transfer is two movements, out of the depot and into the other (both depots the caller's); an adjustment takes
 * the count found on the shelf and writes the difference.
 */
async function addMovement({ tx, auth, tenantId, body, values }: HookContext) {
  const move = String(body.move) as ManualMove;
  const qty = Number(body.qty);
  const actorId = actorUserId(auth);
  const part = await partFor(tx, tenantId, Number(values.partId), 'partId', { active: move !== 'adjust' && move !== 'scrap' });
  const depot = await depotFor(tx, auth, tenantId, Number(values.depotId), 'depotId');
  const remark = values.remark ? String(values.remark) : null;
  if (move !== 'adjust' && qty < 1) throw invalidField('qty', 'sparePart.qtyPositive');
  const unitCost = move === 'purchaseIn' && values.unitCost !== undefined && values.unitCost !== null ? Number(values.unitCost) : null;
  const base = { tenantId, part, actorId, remark, unitCost };

  if (move === 'adjust') {
    const delta = qty - (await lockShelf(tx, tenantId, part, depot));
    if (delta === 0) throw invalidField('qty', 'sparePart.sameCount');
    return moveStock(tx, { ...base, depot, delta, reason: PartMoveReason.adjust });
  }
  if (move === 'transfer') {
    const toId = body.toDepotId === undefined || body.toDepotId === null ? NaN : Number(body.toDepotId);
    if (!Number.isInteger(toId) || toId === depot.id) throw invalidField('toDepotId', 'sparePart.toDepotNeeded');
    const to = await depotFor(tx, auth, tenantId, toId, 'toDepotId');
    const out = await moveStock(tx, { ...base, depot, delta: -qty, reason: PartMoveReason.transferOut, otherDepotId: to.id });
    await moveStock(tx, { ...base, depot: to, delta: qty, reason: PartMoveReason.transferIn, otherDepotId: depot.id });
    return out;
  }
  const sign = move === 'scrap' ? -1 : 1;
  return moveStock(tx, { ...base, depot, delta: sign * qty, reason: MANUAL_MOVES[move] });
}

export const sparePartMovementBinding = bindResource(sparePartMovementResource, sparePartMovements, {
  computed: { partName: sql<string>`(SELECT p.name FROM spare_parts p WHERE p.id = spare_part_movements.part_id)` },
  create: addMovement as (ctx: HookContext) => Promise<Record<string, unknown>>,
});

export const sparePartBindings = [sparePartTypeBinding, sparePartBinding, sparePartStockBinding, sparePartMovementBinding];
