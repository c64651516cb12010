/**
 * The fleet (DOMAIN §2.1): brands and their product models, suppliers, factory lots, vehicles and batteries with
 * their state logs, and each vehicle's live status.
 * Re-exported by ../schema.ts, which drizzle-kit reads.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, char, check, date, decimal, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { appendOnly, audited, id, tenantId, ts } from '../columns.ts';

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

/** [C] One e-bike (§2.1); its op_state follows the machine of §3.2, every change logged in vehicle_state_log. */
export const vehicles = pgTable(
  'vehicles',
  {
    id: id(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    vehicleNo: text('vehicle_no').notNull(),
    plateNo: text('plate_no'),
    frameNo: text('frame_no').notNull(),
    motorNo: text('motor_no'),
    modelId: bigint('model_id', { mode: 'number' }).notNull(),
    imei: text('imei'),
    iccid: text('iccid'),
    simExpireOn: date('sim_expire_on'),
    firmware: text('firmware'),
    bleMac: text('ble_mac'),
    lockType: smallint('lock_type').notNull().default(1),
    opState: smallint('op_state').notNull().default(10),
    usageMode: smallint('usage_mode').notNull().default(1),
    batteryId: bigint('battery_id', { mode: 'number' }),
    homeStationId: bigint('home_station_id', { mode: 'number' }),
    factoryLotId: bigint('factory_lot_id', { mode: 'number' }),
    ownerType: smallint('owner_type').notNull().default(1),
    ownerPartnerId: bigint('owner_partner_id', { mode: 'number' }),
    deployedAt: ts('deployed_at'),
    odometerM: bigint('odometer_m', { mode: 'number' }).notNull().default(0),
    lastRideAt: ts('last_ride_at'),
    retiredAt: ts('retired_at'),
    gbfsPublicId: text('gbfs_public_id').notNull(),
    /** The IoT box's MQTT password, as mosquitto_passwd stores one (PBKDF2-SHA512): shown once when issued. */
    deviceKeyHash: text('device_key_hash'),
    deviceKeyIssuedAt: ts('device_key_issued_at'),
    ...audited(),
  },
  (t) => [
    uniqueIndex('vehicles_no_uq').on(t.tenantId, t.vehicleNo).where(live),
    uniqueIndex('vehicles_frame_uq').on(t.tenantId, t.frameNo).where(live),
    // One IoT box per vehicle, and an IMEI names one box whatever the tenant (DOMAIN §2.1).
    uniqueIndex('vehicles_imei_uq')
      .on(t.imei)
      .where(sql`deleted_at IS NULL AND imei IS NOT NULL`),
    uniqueIndex('vehicles_gbfs_id_uq').on(t.gbfsPublicId),
    index('vehicles_city_state_idx').on(t.tenantId, t.cityCode, t.opState, t.id).where(live),
    // A partner's vehicles (its detail, and later its share of their rides).
    index('vehicles_owner_idx')
      .on(t.ownerPartnerId)
      .where(sql`owner_partner_id IS NOT NULL`),
  ],
);

/** [A][C] Every op_state change: the source of the "operating vehicles" measure (DOMAIN §7). */
export const vehicleStateLog = pgTable(
  'vehicle_state_log',
  {
    id: id(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    vehicleId: bigint('vehicle_id', { mode: 'number' }).notNull(),
    fromState: smallint('from_state'),
    toState: smallint('to_state').notNull(),
    event: text('event').notNull(),
    refType: text('ref_type'),
    refId: bigint('ref_id', { mode: 'number' }),
    actorType: smallint('actor_type').notNull(),
    actorId: bigint('actor_id', { mode: 'number' }),
    ...appendOnly(),
  },
  (t) => [
    index('vehicle_state_log_vehicle_idx').on(t.vehicleId, t.id),
    index('vehicle_state_log_city_at_idx').on(t.tenantId, t.cityCode, t.createdAt),
  ],
);

/** [C] One battery pack (§2.1); where it is must match its state (§3.3), which the CHECK below holds. */
export const batteries = pgTable(
  'batteries',
  {
    id: id(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    batterySn: text('battery_sn').notNull(),
    modelId: bigint('model_id', { mode: 'number' }).notNull(),
    bmsSn: text('bms_sn'),
    factoryLotId: bigint('factory_lot_id', { mode: 'number' }),
    state: smallint('state').notNull().default(10),
    health: smallint('health').notNull().default(0),
    soc: smallint('soc'),
    soh: smallint('soh'),
    cycleCount: integer('cycle_count').notNull().default(0),
    voltageMv: integer('voltage_mv'),
    temperatureC: smallint('temperature_c'),
    readingAt: ts('reading_at'),
    vehicleId: bigint('vehicle_id', { mode: 'number' }),
    stationId: bigint('station_id', { mode: 'number' }),
    slotNo: smallint('slot_no'),
    depotId: bigint('depot_id', { mode: 'number' }),
    memberId: bigint('member_id', { mode: 'number' }),
    ownerType: smallint('owner_type').notNull().default(1),
    ownerPartnerId: bigint('owner_partner_id', { mode: 'number' }),
    acquisitionId: bigint('acquisition_id', { mode: 'number' }),
    swapCount: integer('swap_count').notNull().default(0),
    lastSwapAt: ts('last_swap_at'),
    retiredAt: ts('retired_at'),
    ...audited(),
  },
  (t) => [
    uniqueIndex('batteries_sn_uq').on(t.batterySn).where(live),
    index('batteries_city_state_idx').on(t.tenantId, t.cityCode, t.state, t.id).where(live),
    index('batteries_vehicle_idx')
      .on(t.vehicleId)
      .where(sql`vehicle_id IS NOT NULL`),
    index('batteries_acquisition_idx')
      .on(t.acquisitionId)
      .where(sql`acquisition_id IS NOT NULL`),
    check(
      'batteries_location_matches_state',
      sql`CASE ${t.state}
        WHEN 30 THEN ${t.vehicleId} IS NOT NULL AND ${t.stationId} IS NULL AND ${t.depotId} IS NULL AND ${t.memberId} IS NULL
        WHEN 40 THEN ${t.stationId} IS NOT NULL AND ${t.slotNo} IS NOT NULL AND ${t.vehicleId} IS NULL AND ${t.depotId} IS NULL AND ${t.memberId} IS NULL
        WHEN 45 THEN ${t.stationId} IS NOT NULL AND ${t.slotNo} IS NOT NULL AND ${t.vehicleId} IS NULL AND ${t.depotId} IS NULL AND ${t.memberId} IS NULL
        WHEN 10 THEN ${t.depotId} IS NOT NULL AND ${t.vehicleId} IS NULL AND ${t.stationId} IS NULL AND ${t.memberId} IS NULL
        WHEN 50 THEN ${t.memberId} IS NOT NULL AND ${t.vehicleId} IS NULL AND ${t.stationId} IS NULL AND ${t.depotId} IS NULL
        ELSE ${t.vehicleId} IS NULL AND ${t.stationId} IS NULL AND ${t.depotId} IS NULL AND ${t.memberId} IS NULL END`,
    ),
  ],
);

/** [A][C] A battery's lifecycle log (§3.3). */
export const batteryEvents = pgTable(
  'battery_events',
  {
    id: id(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    batteryId: bigint('battery_id', { mode: 'number' }).notNull(),
    event: text('event').notNull(),
    fromState: smallint('from_state'),
    toState: smallint('to_state').notNull(),
    vehicleId: bigint('vehicle_id', { mode: 'number' }),
    stationId: bigint('station_id', { mode: 'number' }),
    memberId: bigint('member_id', { mode: 'number' }),
    ticketId: bigint('ticket_id', { mode: 'number' }),
    swapOrderId: bigint('swap_order_id', { mode: 'number' }),
    soc: smallint('soc'),
    actorType: smallint('actor_type').notNull(),
    actorId: bigint('actor_id', { mode: 'number' }),
    ...appendOnly(),
  },
  (t) => [index('battery_events_battery_idx').on(t.batteryId, t.id)],
);

/** [C] The last known state of each vehicle (one row per vehicle), upserted from its frames (DOMAIN §6.1). */
export const vehicleLiveStatus = pgTable(
  'vehicle_live_status',
  {
    vehicleId: bigint('vehicle_id', { mode: 'number' }).primaryKey(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    lat: decimal('lat', { precision: 9, scale: 6 }),
    lng: decimal('lng', { precision: 9, scale: 6 }),
    soc: smallint('soc'),
    speedKph: smallint('speed_kph'),
    // The last frame's state (DOMAIN §6.1), as the monitor's panel shows it.
    headingDeg: smallint('heading_deg'),
    gpsValid: boolean('gps_valid'),
    lockState: smallint('lock_state'),
    batteryVoltageMv: integer('battery_voltage_mv'),
    batteryTempC: smallint('battery_temp_c'),
    charging: boolean('charging'),
    backupBatteryPct: smallint('backup_battery_pct'),
    gsmSignal: smallint('gsm_signal'),
    odometerM: bigint('odometer_m', { mode: 'number' }),
    alarmBits: integer('alarm_bits'),
    errorCode: text('error_code'),
    isOnline: boolean('is_online').notNull().default(false),
    inServiceArea: boolean('in_service_area').notNull().default(false),
    zoneId: bigint('zone_id', { mode: 'number' }),
    stationId: bigint('station_id', { mode: 'number' }),
    opState: smallint('op_state').notNull(),
    currentRideId: bigint('current_ride_id', { mode: 'number' }),
    // Where the vehicle was locked (its first fix since): how far it has moved without an order (illegal move, §6.2).
    parkedLat: decimal('parked_lat', { precision: 9, scale: 6 }),
    parkedLng: decimal('parked_lng', { precision: 9, scale: 6 }),
    rangeM: integer('range_m'),
    lastReportedAt: ts('last_reported_at').notNull(),
  },
  (t) => [
    index('vehicle_live_status_city_idx').on(t.tenantId, t.cityCode, t.opState),
    // A zone's count of rentable vehicles (its targets, docs/zone-targets.md).
    index('vehicle_live_status_zone_idx')
      .on(t.zoneId, t.opState)
      .where(sql`zone_id IS NOT NULL`),
  ],
);

/** The tenant's catalogue of faults (§2.1): a code, its name as an i18n key, how bad it is and what to do. */
export const faultTypes = pgTable(
  'fault_types',
  {
    id: id(),
    tenantId: tenantId(),
    code: text('code').notNull(),
    nameKey: text('name_key').notNull(),
    component: text('component'),
    severity: smallint('severity').notNull(),
    defaultAction: smallint('default_action').notNull(),
    ...audited(),
  },
  (t) => [uniqueIndex('fault_types_code_uq').on(t.tenantId, t.code).where(live)],
);

/** [C] A fault raised against a vehicle (vehicle_main/parts); an open severity-1 one takes it to maintenance (§3.2). */
export const vehicleFaults = pgTable(
  'vehicle_faults',
  {
    id: id(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    vehicleId: bigint('vehicle_id', { mode: 'number' }).notNull(),
    faultTypeId: bigint('fault_type_id', { mode: 'number' }).notNull(),
    source: smallint('source').notNull(),
    feedbackId: bigint('feedback_id', { mode: 'number' }),
    alarmId: bigint('alarm_id', { mode: 'number' }),
    ticketId: bigint('ticket_id', { mode: 'number' }),
    photos: jsonb('photos'),
    status: smallint('status').notNull().default(0),
    fixedAt: ts('fixed_at'),
    ...audited(),
  },
  (t) => [
    index('vehicle_faults_vehicle_idx').on(t.vehicleId, t.status),
    index('vehicle_faults_city_status_idx').on(t.tenantId, t.cityCode, t.status, t.id),
    // A rider's feedback raises at most one fault (linkFault), found from the feedback by this index.
    uniqueIndex('vehicle_faults_feedback_uq')
      .on(t.feedbackId)
      .where(sql`feedback_id IS NOT NULL`),
  ],
);
