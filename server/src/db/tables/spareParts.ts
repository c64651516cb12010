/**
 * Spare parts (DOMAIN §2.1): the types tree, the catalogue, what each depot holds and every movement of stock. A
 * stock row changes only with a movement written in the same transaction (docs/spare-parts.md).
 * Re-exported by ../schema.ts, which drizzle-kit reads.
 */
import { sql } from 'drizzle-orm';
import { bigint, char, check, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { appendOnly, audited, id, tenantId, ts } from '../columns.ts';

const live = sql`deleted_at IS NULL`;

/** sparepart_type: a tree (brakes › pads); a root has parent 0. */
export const sparePartTypes = pgTable(
  'spare_part_types',
  {
    id: id(),
    tenantId: tenantId(),
    parentId: bigint('parent_id', { mode: 'number' }).notNull().default(0),
    code: text('code').notNull(),
    name: text('name').notNull(),
    orderNum: integer('order_num').notNull().default(0),
    status: smallint('status').notNull().default(0),
    ...audited(),
  },
  (t) => [uniqueIndex('spare_part_types_code_uq').on(t.tenantId, t.code).where(live)],
);

/** sparepart: the catalogue; its stock is the sum of its depots' rows. */
export const spareParts = pgTable(
  'spare_parts',
  {
    id: id(),
    tenantId: tenantId(),
    partNo: text('part_no').notNull(),
    name: text('name').notNull(),
    typeId: bigint('type_id', { mode: 'number' }).notNull(),
    supplierId: bigint('supplier_id', { mode: 'number' }),
    unit: text('unit').notNull(),
    compatibleModelIds: bigint('compatible_model_ids', { mode: 'number' }).array(),
    unitCost: bigint('unit_cost', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    safetyStock: integer('safety_stock').notNull().default(0),
    status: smallint('status').notNull().default(0),
    ...audited(),
  },
  (t) => [
    uniqueIndex('spare_parts_part_no_uq').on(t.tenantId, t.partNo).where(live),
    index('spare_parts_type_idx').on(t.tenantId, t.typeId).where(live),
    check('spare_parts_cost_ck', sql`${t.unitCost} >= 0 AND ${t.safetyStock} >= 0`),
  ],
);

/** [C] What one depot holds of one part; never below zero. The city is the depot's. */
export const sparePartStocks = pgTable(
  'spare_part_stocks',
  {
    id: id(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    partId: bigint('part_id', { mode: 'number' }).notNull(),
    depotId: bigint('depot_id', { mode: 'number' }).notNull(),
    qty: integer('qty').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('spare_part_stocks_part_depot_uq').on(t.partId, t.depotId),
    index('spare_part_stocks_city_idx').on(t.tenantId, t.cityCode, t.partId),
    check('spare_part_stocks_qty_ck', sql`${t.qty} >= 0`),
  ],
);

/** [A][C] Every change of a stock row, written with it: the delta, why, and what the depot held after. */
export const sparePartMovements = pgTable(
  'spare_part_movements',
  {
    id: id(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    partId: bigint('part_id', { mode: 'number' }).notNull(),
    depotId: bigint('depot_id', { mode: 'number' }).notNull(),
    delta: integer('delta').notNull(),
    reason: smallint('reason').notNull(),
    ticketId: bigint('ticket_id', { mode: 'number' }),
    /** A transfer's other depot (out: where it went; in: where it came from). */
    otherDepotId: bigint('other_depot_id', { mode: 'number' }),
    unitCost: bigint('unit_cost', { mode: 'number' }),
    currency: char('currency', { length: 3 }),
    qtyAfter: integer('qty_after').notNull(),
    remark: text('remark'),
    ...appendOnly(),
  },
  (t) => [
    index('spare_part_movements_city_idx').on(t.tenantId, t.cityCode, t.createdAt, t.id),
    // All cities of the tenant, newest first.
    index('spare_part_movements_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('spare_part_movements_part_idx').on(t.partId, t.createdAt),
    index('spare_part_movements_ticket_idx')
      .on(t.ticketId)
      .where(sql`ticket_id IS NOT NULL`),
    check('spare_part_movements_ck', sql`${t.delta} <> 0 AND ${t.qtyAfter} >= 0`),
  ],
);
