/**
 * The city's map (DOMAIN §8.1): zones (geofences) and, later, stations. Re-exported by ../schema.ts, which
 * drizzle-kit reads.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, char, decimal, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { audited, id, tenantId, ts } from '../columns.ts';

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

/**
 * [C] A rebalancing target (docs/zone-targets.md): how many rentable vehicles a zone should hold on some weekdays
 * (ISO numbers, DOMAIN's weekday_mask kept as the days) between two `HH:mm` times of the city's clock.
 */
export const zoneTargets = pgTable(
  'zone_targets',
  {
    id: id(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    zoneId: bigint('zone_id', { mode: 'number' }).notNull(),
    weekdays: text('weekdays').array().notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    minVehicles: integer('min_vehicles').notNull(),
    maxVehicles: integer('max_vehicles'),
    status: smallint('status').notNull().default(0),
    ...audited(),
  },
  (t) => [
    index('zone_targets_city_idx').on(t.tenantId, t.cityCode, t.createdAt).where(live),
    index('zone_targets_zone_idx').on(t.zoneId).where(live),
  ],
);

/** [C] Fixed places: parking stations (virtual, tied to a parking zone), swap cabinets, depots, merchant counters. */
export const stations = pgTable(
  'stations',
  {
    id: id(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    stationCode: text('station_code').notNull(),
    name: text('name').notNull(),
    type: smallint('type').notNull(),
    lat: coordinate('lat').notNull(),
    lng: coordinate('lng').notNull(),
    address: text('address'),
    zoneId: bigint('zone_id', { mode: 'number' }),
    merchantId: bigint('merchant_id', { mode: 'number' }),
    capacity: integer('capacity'),
    slotCount: smallint('slot_count'),
    /** A swap cabinet's modem IMEI: its user name on the device link (docs/iot.md "Swap cabinets"). */
    deviceSn: text('device_sn'),
    /** The cabinet's device key, kept as mosquitto_passwd keeps a password; the key itself is shown once. */
    deviceKeyHash: text('device_key_hash'),
    deviceKeyIssuedAt: ts('device_key_issued_at'),
    /** A swap cabinet's price of one swap without a swap plan, in the city's currency; null: plan holders only. */
    swapFee: bigint('swap_fee', { mode: 'number' }),
    online: boolean('online'),
    lastReportedAt: ts('last_reported_at'),
    isPublic: boolean('is_public').notNull().default(true),
    openingHours: text('opening_hours').notNull().default('24/7'),
    status: smallint('status').notNull().default(0),
    ...audited(),
  },
  (t) => [
    uniqueIndex('stations_code_uq').on(t.tenantId, t.stationCode).where(live),
    // A device's user name on the link names one device across tenants, as an IMEI does.
    uniqueIndex('stations_device_sn_uq').on(t.deviceSn).where(live),
    index('stations_city_type_idx').on(t.tenantId, t.cityCode, t.type).where(live),
    // A merchant's sites (its detail, its count, closing it).
    index('stations_merchant_idx')
      .on(t.merchantId)
      .where(sql`merchant_id IS NOT NULL AND deleted_at IS NULL`),
  ],
);

/** [C] A swap cabinet's bays (station type 2), made with the cabinet, one per slot. */
export const cabinetSlots = pgTable(
  'cabinet_slots',
  {
    id: id(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    stationId: bigint('station_id', { mode: 'number' }).notNull(),
    slotNo: smallint('slot_no').notNull(),
    state: smallint('state').notNull().default(0),
    batteryId: bigint('battery_id', { mode: 'number' }),
    doorOpen: boolean('door_open').notNull().default(false),
    updatedFromDeviceAt: ts('updated_from_device_at'),
    ...audited(),
  },
  (t) => [uniqueIndex('cabinet_slots_station_slot_uq').on(t.stationId, t.slotNo).where(live)],
);
