// Spare parts (DOMAIN §2.1; §9.5 names no volume, so: design): per tenant the demo's types tree and a catalogue of
// PARTS_PER_TENANT parts; per city depot and part a year of movements — a purchase every month or so, repairs taking
// one to three, now and then a scrap — never below zero, each with the stock after it, and the stock row where they end.
import {
  PartMoveReason,
  sparePartMovementResource,
  sparePartResource,
  sparePartStockResource,
  sparePartTypeResource,
} from '@kayuh/contract/resources/spareParts';
import { StationType } from '@kayuh/contract/resources/fleet';
import { DEMO_PART_TYPES } from '../../../server/src/db/seed/demoSpareParts.ts';
import { spareParts, sparePartMovements, sparePartStocks, sparePartTypes, stations } from '../../../server/src/db/schema.ts';
import { DAY_MS, stamped, type BenchCity, type Context } from '../context.ts';
import { rngFor } from '../rng.ts';
import { defineTable } from '../spec.ts';
import { userIdOf } from './staff.ts';

const PARTS_PER_TENANT = 200;
/** Repairs a depot makes of one part in a year at scale 1. */
const REPAIRS_PER_YEAR = 40;
const LEAVES = DEMO_PART_TYPES.flatMap((t, i) => (DEMO_PART_TYPES.some((c) => c.parent === t.code) ? [] : [i]));
const UNITS = ['pcs', 'set', 'm'] as const;

const typeId = (tenantIndex: number, i: number) => tenantIndex * DEMO_PART_TYPES.length + i + 1;
const partId = (tenantIndex: number, j: number) => tenantIndex * PARTS_PER_TENANT + j + 1;
const costOf = (j: number) => 5_000 + ((j * 7919) % 90) * 5_000;
const safetyOf = (j: number) => 5 + (j % 16);

function depotOf(ctx: Context, c: BenchCity) {
  return ctx.maps.get(c.cityCode)!.stations.find((s) => s.type === StationType.depot)!.id;
}

/**
 * One depot's year with one part, the same for both tables (its own random stream): the movements in time order
 * with what the shelf held after each, never below zero.
 */
function history(ctx: Context, c: BenchCity, j: number) {
  const rng = rngFor(ctx.seed, `spare:${c.cityCode}:${j}`);
  const events: Array<{ at: number; delta: number; reason: number }> = [];
  const start = ctx.asOf.getTime() - 365 * DAY_MS;
  for (let day = rng.int(0, 20); day < 365; day += rng.int(25, 40))
    events.push({ at: day, delta: rng.int(20, 60), reason: PartMoveReason.purchaseIn });
  const repairs = Math.max(1, Math.round(REPAIRS_PER_YEAR * ctx.scale));
  for (let k = 0; k < repairs; k++) events.push({ at: rng.int(0, 364), delta: -rng.int(1, 3), reason: PartMoveReason.repairOut });
  if (rng.chance(0.2)) events.push({ at: rng.int(0, 364), delta: -rng.int(1, 4), reason: PartMoveReason.scrap });
  events.sort((a, b) => a.at - b.at || b.delta - a.delta);
  let qty = 0;
  const moves = [];
  for (const e of events) {
    if (qty + e.delta < 0) continue;
    qty += e.delta;
    const at = new Date(start + e.at * DAY_MS + rng.int(8 * 60, 17 * 60) * 60_000);
    moves.push({ ...e, at, qtyAfter: qty });
  }
  return { moves, qty, last: moves.at(-1)?.at ?? new Date(start) };
}

/** Every city depot's shelf of every part of its tenant, with its year (both tables read the same). */
function* shelves(ctx: Context) {
  for (const c of ctx.cities) {
    const ti = ctx.tenants.findIndex((t) => t.id === c.tenantId);
    const depotId = depotOf(ctx, c);
    for (let j = 0; j < PARTS_PER_TENANT; j++) yield { c, depotId, partId: partId(ti, j), cost: costOf(j), h: history(ctx, c, j) };
  }
}

export const sparePartTables = [
  defineTable({
    table: sparePartTypes,
    *rows(_rng, ctx) {
      for (const [ti, t] of ctx.tenants.entries()) {
        for (const [i, type] of DEMO_PART_TYPES.entries()) {
          const parent = type.parent ? DEMO_PART_TYPES.findIndex((p) => p.code === type.parent) : -1;
          yield {
            id: typeId(ti, i),
            tenantId: t.id,
            parentId: parent < 0 ? 0 : typeId(ti, parent),
            code: type.code,
            name: type.name,
            orderNum: i,
            createdBy: userIdOf(t.id),
            ...stamped(new Date(ctx.asOf.getTime() - 400 * DAY_MS)),
          };
        }
      }
    },
    resource: sparePartTypeResource,
  }),
  defineTable({
    table: spareParts,
    *rows(rng, ctx) {
      for (const [ti, t] of ctx.tenants.entries()) {
        for (let j = 0; j < PARTS_PER_TENANT; j++) {
          const type = LEAVES[j % LEAVES.length]!;
          yield {
            id: partId(ti, j),
            tenantId: t.id,
            partNo: `${DEMO_PART_TYPES[type]!.code}-${String(j + 1).padStart(4, '0')}`,
            name: `${DEMO_PART_TYPES[type]!.name} ${j + 1}`,
            typeId: typeId(ti, type),
            unit: UNITS[j % UNITS.length]!,
            unitCost: costOf(j),
            currency: 'IDR',
            safetyStock: safetyOf(j),
            status: rng.chance(0.03) ? 1 : 0,
            createdBy: userIdOf(t.id),
            ...stamped(new Date(ctx.asOf.getTime() - 380 * DAY_MS)),
          };
        }
      }
    },
    references: [[spareParts.typeId, sparePartTypes.id]],
    resource: sparePartResource,
  }),
  defineTable({
    table: sparePartStocks,
    *rows(_rng, ctx) {
      let id = 0;
      for (const { c, depotId, partId, h } of shelves(ctx)) {
        yield {
          id: ++id,
          tenantId: c.tenantId,
          cityCode: c.cityCode,
          partId,
          depotId,
          qty: h.qty,
          createdAt: h.moves[0]?.at ?? h.last,
          updatedAt: h.last,
        };
      }
    },
    references: [
      [sparePartStocks.partId, spareParts.id],
      [sparePartStocks.depotId, stations.id],
    ],
    rules: [
      {
        name: 'stock row that is not the sum of its movements',
        sql: `SELECT count(*) FROM spare_part_stocks s WHERE s.tenant_id >= 1001
                AND s.qty <> (SELECT COALESCE(SUM(m.delta), 0) FROM spare_part_movements m WHERE m.part_id = s.part_id AND m.depot_id = s.depot_id)`,
      },
    ],
    resource: sparePartStockResource,
  }),
  defineTable({
    table: sparePartMovements,
    *rows(_rng, ctx) {
      let id = 0;
      for (const { c, depotId, partId, cost, h } of shelves(ctx)) {
        for (const m of h.moves) {
          yield {
            id: ++id,
            tenantId: c.tenantId,
            cityCode: c.cityCode,
            partId,
            depotId,
            delta: m.delta,
            reason: m.reason,
            unitCost: cost,
            currency: 'IDR',
            qtyAfter: m.qtyAfter,
            createdAt: m.at,
            createdBy: userIdOf(c.tenantId),
          };
        }
      }
    },
    references: [
      [sparePartMovements.partId, spareParts.id],
      [sparePartMovements.depotId, stations.id],
    ],
    resource: sparePartMovementResource,
  }),
];
