import { DEPOT_REF } from './fleet.ts';
import type { FieldChoice, ResourceDef } from './types.ts';

/** spare_parts.status (DOMAIN §2.1). */
export const SparePartStatus = { active: 0, discontinued: 1 } as const;
/** spare_part_movements.reason (DOMAIN §2.1). */
export const PartMoveReason = { purchaseIn: 1, repairOut: 2, transferOut: 3, transferIn: 4, returnIn: 5, scrap: 6, adjust: 7 } as const;
/** The most of a part one movement or one repair line moves. */
export const PART_MOVE_QTY_MAX = 10_000;
/** The most part lines one repair submit carries. */
export const REPAIR_PART_LINES_MAX = 10;
/** Raised on a depot's stock row that fell below its part's safety stock (DOMAIN §6.3, design: level 3). */
export const LOW_SPARE_STOCK = 'LOW_SPARE_STOCK';

/**
 * What staff do to stock by hand (docs/spare-parts.md); a repair's lines move stock out at its submit, and a transfer
 * is written as its two movements (out of one depot, into the other).
 */
export const MANUAL_MOVES = {
  purchaseIn: PartMoveReason.purchaseIn,
  transfer: PartMoveReason.transferOut,
  returnIn: PartMoveReason.returnIn,
  scrap: PartMoveReason.scrap,
  adjust: PartMoveReason.adjust,
} as const;
export type ManualMove = keyof typeof MANUAL_MOVES;
const MOVE_CHOICES: FieldChoice[] = Object.keys(MANUAL_MOVES).map((m) => ({ value: m, label: `sparePart.move.${m}` }));

const depot = (name: string, required: boolean) => ({ name, type: 'ref', required, ref: DEPOT_REF, example: 1 }) as const;

/** sparepart_type: the parts' types as a tree (brakes › pads), each with a code. */
export const sparePartTypeResource: ResourceDef = {
  key: 'sparePartType',
  module: 'operations',
  page: 'sparepart_type',
  api: '/operations/sparePartType',
  idName: 'typeId',
  scope: 'tenant',
  editable: true,
  actions: ['add', 'edit', 'remove'],
  unpagedByDefault: true,
  tree: { parentField: 'parentId' },
  defaultSort: { field: 'orderNum', order: 'asc' },
  titleField: 'name',
  fields: [
    {
      name: 'parentId',
      type: 'tree',
      ref: { resource: 'sparePartType', labelField: 'name' },
      required: true,
      defaultValue: 0,
      list: false,
      hint: 'field.sparePartType.parentId.hint',
      example: 0,
    },
    { name: 'name', type: 'text', required: true, max: 60, list: true, filter: 'like', example: 'Rem' },
    {
      name: 'code',
      type: 'text',
      required: true,
      max: 30,
      pattern: '^[A-Z0-9][A-Z0-9_-]*$',
      unique: true,
      list: true,
      filter: 'eq',
      example: 'BRAKE',
    },
    { name: 'orderNum', type: 'int', required: true, min: 0, max: 9999, defaultValue: 0, list: true, sortable: true },
    { name: 'status', type: 'dict', dict: 'sys_normal_disable', required: true, defaultValue: '0', list: true, filter: 'eq' },
    { name: 'remark', type: 'textarea', max: 300, list: 'hidden', span: 24 },
  ],
  related: [{ resource: 'sparePart', field: 'typeId', title: 'related.sparePartType.parts' }],
};

/** sparepart: the catalogue. Its stock is what the depots hold; a part below its safety stock somewhere raises an alarm. */
export const sparePartResource: ResourceDef = {
  key: 'sparePart',
  module: 'operations',
  page: 'sparepart',
  api: '/operations/sparePart',
  idName: 'partId',
  scope: 'tenant',
  editable: true,
  actions: ['add', 'edit', 'remove', 'export'],
  defaultSort: { field: 'partNo', order: 'asc' },
  titleField: 'name',
  fields: [
    {
      name: 'partNo',
      type: 'text',
      required: true,
      max: 40,
      pattern: '^[A-Z0-9][A-Z0-9/_.-]*$',
      unique: true,
      list: true,
      filter: 'like',
      sortable: true,
      example: 'BRK-PAD-01',
    },
    { name: 'name', type: 'text', required: true, max: 100, list: true, filter: 'like', sortable: true, example: 'Kampas rem depan' },
    { name: 'typeId', type: 'tree', ref: { resource: 'sparePartType', labelField: 'name' }, required: true, list: true, filter: 'eq', example: 1 },
    { name: 'supplierId', type: 'ref', ref: { resource: 'supplier', labelField: 'name', query: { kind: '3' } }, list: 'hidden', filter: 'eq' },
    { name: 'unit', type: 'dict', dict: 'spare_parts_unit', required: true, defaultValue: 'pcs', list: true, example: 'pcs' },
    {
      name: 'compatibleModelIds',
      type: 'idList',
      ref: { resource: 'productModel', labelField: 'name', query: { kind: '1' } },
      list: 'hidden',
      span: 24,
      hint: 'field.sparePart.compatibleModelIds.hint',
    },
    { name: 'unitCost', type: 'money', required: true, min: 0, max: 100_000_000, list: true, sortable: true, example: 45_000 },
    { name: 'currency', type: 'text', min: 3, max: 3, pattern: '^[A-Z]{3}$', required: true, defaultValue: 'IDR', list: 'hidden' },
    {
      name: 'safetyStock',
      type: 'int',
      required: true,
      min: 0,
      max: 100_000,
      defaultValue: 0,
      list: true,
      hint: 'field.sparePart.safetyStock.hint',
      example: 10,
    },
    // What every depot of the tenant holds.
    { name: 'onHand', type: 'int', serverOnly: true, computed: true, list: true, sortable: true },
    { name: 'status', type: 'dict', dict: 'spare_parts_status', required: true, defaultValue: '0', list: true, filter: 'eq' },
    { name: 'remark', type: 'textarea', max: 500, list: 'hidden', span: 24 },
    { name: 'createdAt', type: 'datetime', serverOnly: true, list: 'hidden', sortable: true },
  ],
  related: [
    { resource: 'sparePartStock', field: 'partId', title: 'related.sparePart.stocks' },
    { resource: 'sparePartMovement', field: 'partId', title: 'related.sparePart.movements' },
  ],
};

/** What each depot of the selected city holds of each part; changed only by movements. */
export const sparePartStockResource: ResourceDef = {
  key: 'sparePartStock',
  module: 'operations',
  page: 'sparepart',
  api: '/operations/sparePartStock',
  idName: 'stockId',
  scope: 'tenant',
  cityScoped: true,
  editable: false,
  actions: ['export'],
  defaultSort: { field: 'updatedAt', order: 'desc' },
  titleField: 'partName',
  fields: [
    { name: 'partId', type: 'ref', ref: { resource: 'sparePart', labelField: 'name' }, list: true, filter: 'eq' },
    { name: 'partNo', type: 'text', serverOnly: true, computed: true, list: true },
    { name: 'partName', type: 'text', serverOnly: true, computed: true, list: false },
    { ...depot('depotId', false), list: true, filter: 'eq' },
    { name: 'qty', type: 'int', serverOnly: true, list: true, sortable: true },
    { name: 'safetyStock', type: 'int', serverOnly: true, computed: true, list: true },
    { name: 'belowSafety', type: 'bool', serverOnly: true, computed: true, list: true, filter: 'eq' },
    { name: 'cityCode', type: 'ref', ref: { resource: 'city', labelField: 'cityInName' }, serverOnly: true, list: 'hidden' },
    { name: 'updatedAt', type: 'datetime', serverOnly: true, list: true, sortable: true },
  ],
};

/**
 * Every change of stock (append-only): staff add purchases, transfers, returns, scraps and counts here; a repair's
 * part lines write theirs at the ticket's submit. The stock row changes in the same transaction, never below zero.
 */
export const sparePartMovementResource: ResourceDef = {
  key: 'sparePartMovement',
  module: 'operations',
  page: 'sparepart',
  api: '/operations/sparePartMovement',
  idName: 'movementId',
  scope: 'tenant',
  cityScoped: true,
  editable: false,
  actions: ['add', 'export'],
  // A journal read page by page, newest first: its total is counted to 1,000 ("at least 1,000"), never in full.
  totalCap: 1_000,
  refreshes: ['sparePartStock', 'sparePart'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  titleField: 'partName',
  fields: [
    {
      name: 'move',
      type: 'text',
      options: MOVE_CHOICES,
      virtual: true,
      required: true,
      form: 'add',
      list: false,
      example: 'purchaseIn',
    },
    {
      name: 'partId',
      type: 'ref',
      ref: { resource: 'sparePart', labelField: 'name' },
      required: true,
      form: 'add',
      list: true,
      filter: 'eq',
      example: 1,
    },
    { name: 'partName', type: 'text', serverOnly: true, computed: true, list: false },
    { ...depot('depotId', true), form: 'add', list: true, filter: 'eq' },
    {
      name: 'qty',
      type: 'int',
      virtual: true,
      required: true,
      min: 0,
      max: PART_MOVE_QTY_MAX,
      form: 'add',
      list: false,
      hint: 'field.sparePartMovement.qty.hint',
      example: 20,
    },
    { ...depot('toDepotId', false), virtual: true, form: 'add', list: false, hint: 'field.sparePartMovement.toDepotId.hint' },
    { name: 'unitCost', type: 'money', min: 0, max: 100_000_000, form: 'add', list: 'hidden', hint: 'field.sparePartMovement.unitCost.hint' },
    { name: 'reason', type: 'dict', dict: 'spare_part_movements_reason', serverOnly: true, list: true, filter: 'eq' },
    { name: 'delta', type: 'int', serverOnly: true, list: true },
    { name: 'qtyAfter', type: 'int', serverOnly: true, list: true },
    { ...depot('otherDepotId', false), serverOnly: true, list: 'hidden' },
    { name: 'ticketId', type: 'ref', ref: { resource: 'ticket', labelField: 'ticketNo' }, serverOnly: true, list: true, filter: 'eq' },
    { name: 'currency', type: 'text', serverOnly: true, list: 'hidden' },
    { name: 'remark', type: 'textarea', max: 300, form: 'add', list: true, span: 24 },
    { name: 'createdBy', type: 'ref', ref: { resource: 'user', labelField: 'nickName' }, serverOnly: true, list: 'hidden' },
    { name: 'createdAt', type: 'datetime', serverOnly: true, list: true, sortable: true, filter: 'range' },
    { name: 'cityCode', type: 'ref', ref: { resource: 'city', labelField: 'cityInName' }, serverOnly: true, list: 'hidden' },
  ],
};
