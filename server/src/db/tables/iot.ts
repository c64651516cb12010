/**
 * The IoT link (DOMAIN §6): the frames vehicles report and the commands sent to them.
 * Re-exported by ../schema.ts, which drizzle-kit reads. vehicle_telemetry is partitioned by day on reported_at in its
 * migration (drizzle declares the columns only): platform/devices/partitions.ts keeps the days ahead and drops the
 * days past TELEMETRY_KEEP_DAYS.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, decimal, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { appendOnly, tenantId, ts } from '../columns.ts';

/** [A][C][P daily, 90 days] One decoded frame from a vehicle's IoT box (DOMAIN §6.1, monitoring_data). */
export const vehicleTelemetry = pgTable(
  'vehicle_telemetry',
  {
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    vehicleId: bigint('vehicle_id', { mode: 'number' }).notNull(),
    imei: text('imei').notNull(),
    msgType: smallint('msg_type').notNull(),
    reportedAt: ts('reported_at').notNull(),
    receivedAt: ts('received_at').notNull(),
    lat: decimal('lat', { precision: 9, scale: 6 }),
    lng: decimal('lng', { precision: 9, scale: 6 }),
    altitudeM: smallint('altitude_m'),
    speedKph: decimal('speed_kph', { precision: 5, scale: 1 }),
    headingDeg: smallint('heading_deg'),
    satellites: smallint('satellites'),
    hdop: decimal('hdop', { precision: 4, scale: 1 }),
    gpsValid: boolean('gps_valid').notNull(),
    lockState: smallint('lock_state').notNull(),
    accOn: boolean('acc_on'),
    batteryCompartmentOpen: boolean('battery_compartment_open'),
    batteryVoltageMv: integer('battery_voltage_mv'),
    soc: smallint('soc'),
    batteryTempC: smallint('battery_temp_c'),
    charging: boolean('charging'),
    backupBatteryPct: smallint('backup_battery_pct'),
    gsmSignal: smallint('gsm_signal'),
    odometerM: bigint('odometer_m', { mode: 'number' }),
    alarmBits: integer('alarm_bits').notNull(),
    statusBits: integer('status_bits'),
    errorCode: text('error_code'),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.reportedAt] }),
    index('vehicle_telemetry_vehicle_at_idx').on(t.vehicleId, t.reportedAt),
    // monitoring_data's list without a vehicle: a city's newest frames.
    index('vehicle_telemetry_city_at_idx').on(t.tenantId, t.cityCode, t.reportedAt),
  ],
);

/** [A-ish][C] Every command sent to a device (DOMAIN §6.2, getBikeLock); only the result columns change. */
export const iotCommands = pgTable(
  'iot_commands',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    commandNo: text('command_no').notNull(),
    vehicleId: bigint('vehicle_id', { mode: 'number' }).notNull(),
    imei: text('imei').notNull(),
    command: smallint('command').notNull(),
    source: smallint('source').notNull(),
    refType: text('ref_type'),
    refId: bigint('ref_id', { mode: 'number' }),
    requestedByType: smallint('requested_by_type').notNull(),
    requestedById: bigint('requested_by_id', { mode: 'number' }),
    params: jsonb('params'),
    result: smallint('result').notNull().default(0),
    sentAt: ts('sent_at').notNull().defaultNow(),
    ackedAt: ts('acked_at'),
    latencyMs: integer('latency_ms'),
    failReason: text('fail_reason'),
    ...appendOnly(),
  },
  (t) => [
    uniqueIndex('iot_commands_no_uq').on(t.commandNo),
    index('iot_commands_city_at_idx').on(t.tenantId, t.cityCode, t.sentAt),
    index('iot_commands_vehicle_idx').on(t.vehicleId, t.sentAt),
    // A ride's (or ticket's) commands, on its detail.
    index('iot_commands_ref_idx')
      .on(t.refId, t.refType)
      .where(sql`ref_id IS NOT NULL`),
  ],
);

/**
 * [A-ish][C] An automatic lock after a vehicle moved without an order (DOMAIN §6.2, getMoveBikeLock): what was seen,
 * the lock command sent and the alarm raised. Only the result and clearing columns change.
 */
export const illegalMoveLocks = pgTable(
  'illegal_move_locks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    vehicleId: bigint('vehicle_id', { mode: 'number' }).notNull(),
    detectedAt: ts('detected_at').notNull(),
    lat: decimal('lat', { precision: 9, scale: 6 }),
    lng: decimal('lng', { precision: 9, scale: 6 }),
    displacementM: integer('displacement_m').notNull(),
    speedKph: decimal('speed_kph', { precision: 5, scale: 1 }),
    trigger: smallint('trigger').notNull(),
    action: smallint('action').notNull(),
    commandId: bigint('command_id', { mode: 'number' }),
    alarmId: bigint('alarm_id', { mode: 'number' }),
    result: smallint('result').notNull().default(0),
    clearedAt: ts('cleared_at'),
    clearedBy: bigint('cleared_by', { mode: 'number' }),
    ...appendOnly(),
  },
  (t) => [
    index('illegal_move_locks_city_at_idx').on(t.tenantId, t.cityCode, t.detectedAt),
    index('illegal_move_locks_vehicle_idx').on(t.vehicleId, t.detectedAt),
    index('illegal_move_locks_alarm_idx').on(t.alarmId),
  ],
);
