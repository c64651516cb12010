import { AlarmTarget } from '@kayuh/contract/resources/alarmRule';
import { StationType } from '@kayuh/contract/resources/fleet';
import { LOW_SPARE_STOCK, SparePartStatus } from '@kayuh/contract/resources/spareParts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { spareParts, sparePartMovements, sparePartStocks, stations } from '../../../db/schema.ts';
import type { AuthContext } from '../../../platform/auth/context.ts';
import { invalidField } from '../../../platform/errors.ts';
import { tenantRows, visibleRows } from '../../../platform/scope.ts';
import { recordAlarm, recoverAlarm } from '../../alarm/raiseAlarm.ts';

/** A minor alarm (DOMAIN §6.3 levels): the storekeeper's list, not a push in the night. */
const LOW_STOCK_LEVEL = 3;

export interface Depot {
  id: number;
  cityCode: number;
  name: string;
}

/** A live depot (station of type 3) of the tenant in a city the caller sees; else 2001 on `field`. */
export async function depotFor(tx: Db, auth: AuthContext, tenantId: number, depotId: number, field: string): Promise<Depot> {
  const [depot] = await tx
    .select({ id: stations.id, cityCode: stations.cityCode, name: stations.name })
    .from(stations)
    .where(and(eq(stations.id, depotId), eq(stations.type, StationType.depot), eq(stations.tenantId, tenantId), visibleRows(auth, stations)));
  if (!depot) throw invalidField(field, 'sparePart.notDepot');
  return depot;
}

export interface Part {
  id: number;
  partNo: string;
  name: string;
  unitCost: number;
  currency: string;
  safetyStock: number;
  status: number;
}

/** The tenant's part; with `active`, one still bought and used (a discontinued part may still be scrapped or counted). */
export async function partFor(tx: Db, tenantId: number, partId: number, field: string, options: { active?: boolean } = {}): Promise<Part> {
  const [part] = await tx
    .select({
      id: spareParts.id,
      partNo: spareParts.partNo,
      name: spareParts.name,
      unitCost: spareParts.unitCost,
      currency: spareParts.currency,
      safetyStock: spareParts.safetyStock,
      status: spareParts.status,
    })
    .from(spareParts)
    .where(and(eq(spareParts.id, partId), tenantRows(tenantId, spareParts)));
  if (!part) throw invalidField(field, 'validation.invalidOption');
  if (options.active && part.status !== SparePartStatus.active) throw invalidField(field, 'sparePart.discontinued');
  return part;
}

/** The depot's row for the part, made empty if it never held it (so there is a row to update or lock). */
const openShelf = (tx: Db, tenantId: number, part: Part, depot: Depot) =>
  tx
    .insert(sparePartStocks)
    .values({ tenantId, cityCode: depot.cityCode, partId: part.id, depotId: depot.id, qty: 0 })
    .onConflictDoNothing({ target: [sparePartStocks.partId, sparePartStocks.depotId] });

/**
 * What the depot holds of the part, its row locked until the transaction ends: a count compares against it, and two
 * counts at once take turns (the second finds the first's result).
 */
export async function lockShelf(tx: Db, tenantId: number, part: Part, depot: Depot): Promise<number> {
  await openShelf(tx, tenantId, part, depot);
  const [shelf] = await tx
    .select({ qty: sparePartStocks.qty })
    .from(sparePartStocks)
    .where(and(eq(sparePartStocks.partId, part.id), eq(sparePartStocks.depotId, depot.id)))
    .for('update');
  return shelf!.qty;
}

export interface Move {
  tenantId: number;
  part: Part;
  depot: Depot;
  delta: number;
  reason: number;
  actorId: number | null;
  ticketId?: number | null;
  otherDepotId?: number | null;
  unitCost?: number | null;
  remark?: string | null;
  /** The field a shortfall is reported on. */
  field?: string;
}

/**
 * One change of a depot's stock and its movement row, in the caller's transaction. The stock row is changed by one
 * conditional update that never takes it below zero: of many requests taking the last units at once, those the stock
 * cannot cover are refused (2001, naming what is left) and change nothing. A fall below the part's safety stock
 * raises LOW_SPARE_STOCK on the stock row (one open alarm per row); a rise back to it recovers the alarm.
 */
export async function moveStock(tx: Db, move: Move) {
  const { tenantId, part, depot, delta } = move;
  await openShelf(tx, tenantId, part, depot);
  const [stock] = await tx
    .update(sparePartStocks)
    .set({ qty: sql`${sparePartStocks.qty} + ${delta}`, updatedAt: new Date() })
    .where(and(eq(sparePartStocks.partId, part.id), eq(sparePartStocks.depotId, depot.id), sql`${sparePartStocks.qty} + ${delta} >= 0`))
    .returning({ id: sparePartStocks.id, qty: sparePartStocks.qty });
  if (!stock) {
    const [left] = await tx
      .select({ qty: sparePartStocks.qty })
      .from(sparePartStocks)
      .where(and(eq(sparePartStocks.partId, part.id), eq(sparePartStocks.depotId, depot.id)));
    throw invalidField(move.field ?? 'qty', 'sparePart.short', { part: part.name, have: left?.qty ?? 0 });
  }
  const [movement] = await tx
    .insert(sparePartMovements)
    .values({
      tenantId,
      cityCode: depot.cityCode,
      partId: part.id,
      depotId: depot.id,
      delta,
      reason: move.reason,
      ticketId: move.ticketId ?? null,
      otherDepotId: move.otherDepotId ?? null,
      unitCost: move.unitCost ?? part.unitCost,
      currency: part.currency,
      qtyAfter: stock.qty,
      remark: move.remark ?? null,
      createdBy: move.actorId,
    })
    .returning();
  await watchSafetyStock(tx, { tenantId, part, depot, stockId: stock.id, qty: stock.qty, delta });
  return movement!;
}

async function watchSafetyStock(tx: Db, s: { tenantId: number; part: Part; depot: Depot; stockId: number; qty: number; delta: number }) {
  const target = { tenantId: s.tenantId, targetType: AlarmTarget.sparePartStock, targetId: s.stockId, alarmCode: LOW_SPARE_STOCK };
  const detail = { partNo: s.part.partNo, depot: s.depot.name, qty: s.qty, safetyStock: s.part.safetyStock };
  if (s.delta < 0 && s.qty < s.part.safetyStock) {
    await recordAlarm(tx, {
      ...target,
      cityCode: s.depot.cityCode,
      level: LOW_STOCK_LEVEL,
      stationId: s.depot.id,
      targetName: s.part.partNo,
      detail,
    });
  } else if (s.delta > 0 && s.qty >= s.part.safetyStock) {
    await recoverAlarm(tx, target, new Date(), detail);
  }
}
