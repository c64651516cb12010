/**
 * The city's map (DOMAIN §8.1): zones (geofences) and, later, stations. Re-exported by ../schema.ts, which
 * drizzle-kit reads.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, char, decimal, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { audited, id, tenantId } from '../columns.ts';

const live = sql`deleted_at IS NULL`;
const coordinate = (name: string) => decimal(name, { precision: 9, scale: 6 });

/** [C] A geofence: 3–500 points stored open, its bounding box kept on save to pre-filter point-in-zone checks. */
export const zones = pgTable(
  'zones',
  {
    id: id(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    zoneCode: text('zone_code').notNull(),
    name: text('name').notNull(),
    type: smallint('type').notNull(),
    points: jsonb('points').notNull(),
    bboxMinLat: coordinate('bbox_min_lat').notNull(),
    bboxMinLng: coordinate('bbox_min_lng').notNull(),
    bboxMaxLat: coordinate('bbox_max_lat').notNull(),
    bboxMaxLng: coordinate('bbox_max_lng').notNull(),
    speedLimitKph: smallint('speed_limit_kph'),
    parkingCapacity: integer('parking_capacity'),
    modelIds: bigint('model_ids', { mode: 'number' }).array(),
    schedule: jsonb('schedule'),
    // Money in the currency's smallest unit (DOMAIN §0.3).
    penaltyFee: bigint('penalty_fee', { mode: 'number' }),
    currency: char('currency', { length: 3 }),
    isPublic: boolean('is_public').notNull().default(true),
    status: smallint('status').notNull().default(0),
    ...audited(),
  },
  (t) => [
    uniqueIndex('zones_code_uq').on(t.tenantId, t.zoneCode).where(live),
    index('zones_city_type_idx').on(t.tenantId, t.cityCode, t.type, t.status).where(live),
  ],
);
