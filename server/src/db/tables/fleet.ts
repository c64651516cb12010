/**
 * The fleet's catalogue (DOMAIN §2.1): brands and their product models, suppliers, and factory lots.
 * Re-exported by ../schema.ts, which drizzle-kit reads.
 */
import { sql } from 'drizzle-orm';
import { bigint, char, date, decimal, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { audited, id, tenantId } from '../columns.ts';

const live = sql`deleted_at IS NULL`;

/** Makers of vehicles, batteries, IoT boxes or cabinets. */
export const brands = pgTable(
  'brands',
  {
    id: id(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    kind: smallint('kind').notNull(),
    countryCode: char('country_code', { length: 2 }),
    logoUrl: text('logo_url'),
    status: smallint('status').notNull().default(0),
    ...audited(),
  },
  (t) => [uniqueIndex('brands_name_uq').on(t.tenantId, t.kind, t.name).where(live)],
);

/** A model of a brand; vehicle models become GBFS vehicle types (§8.3). */
export const productModels = pgTable(
  'product_models',
  {
    id: id(),
    tenantId: tenantId(),
    brandId: bigint('brand_id', { mode: 'number' }).notNull(),
    modelCode: text('model_code').notNull(),
    name: text('name').notNull(),
    kind: smallint('kind').notNull(),
    formFactor: text('form_factor'),
    propulsion: text('propulsion'),
    maxSpeedKph: smallint('max_speed_kph'),
    maxRangeM: integer('max_range_m'),
    wheelCount: smallint('wheel_count'),
    riderCapacity: smallint('rider_capacity'),
    nominalVoltageV: smallint('nominal_voltage_v'),
    capacityAh: decimal('capacity_ah', { precision: 6, scale: 1 }),
    cellCount: smallint('cell_count'),
    imageUrl: text('image_url'),
    status: smallint('status').notNull().default(0),
    ...audited(),
  },
  (t) => [uniqueIndex('product_models_code_uq').on(t.tenantId, t.modelCode).where(live), index('product_models_brand_idx').on(t.brandId)],
);

/** Vendors of vehicles, batteries, parts and IoT. */
export const suppliers = pgTable(
  'suppliers',
  {
    id: id(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    kind: smallint('kind').notNull(),
    contactName: text('contact_name'),
    phone: text('phone'),
    email: text('email'),
    address: text('address'),
    npwp: text('npwp'),
    status: smallint('status').notNull().default(0),
    ...audited(),
  },
  (t) => [uniqueIndex('suppliers_name_uq').on(t.tenantId, t.name).where(live)],
);

/** [C] A production or delivery batch, to trace defects and warranty back to it. */
export const factoryLots = pgTable(
  'factory_lots',
  {
    id: id(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    lotNo: text('lot_no').notNull(),
    supplierId: bigint('supplier_id', { mode: 'number' }).notNull(),
    modelId: bigint('model_id', { mode: 'number' }).notNull(),
    kind: smallint('kind').notNull(),
    quantity: integer('quantity').notNull(),
    qcPassed: integer('qc_passed'),
    producedOn: date('produced_on'),
    receivedOn: date('received_on'),
    warrantyMonths: smallint('warranty_months').notNull(),
    // Money in the currency's smallest unit (DOMAIN §0.3).
    unitCost: bigint('unit_cost', { mode: 'number' }),
    currency: char('currency', { length: 3 }),
    status: smallint('status').notNull().default(0),
    ...audited(),
  },
  (t) => [uniqueIndex('factory_lots_no_uq').on(t.tenantId, t.lotNo).where(live), index('factory_lots_city_idx').on(t.tenantId, t.cityCode)],
);
