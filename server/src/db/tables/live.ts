/**
 * Live pushes to staff and the alarms that raise them (DOMAIN §1.12 staff_notifications, §6.3 alarms).
 * Re-exported by ../schema.ts, which drizzle-kit reads.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, decimal, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { appendOnly, audited, id, tenantId, ts } from '../columns.ts';

/** [A] except read_at: what was pushed to a staff member, so a missed push can be shown later. */
export const staffNotifications = pgTable(
  'staff_notifications',
  {
    id: id(),
    tenantId: tenantId(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    bizCmd: text('biz_cmd').notNull(),
    title: text('title'),
    message: text('message').notNull(),
    url: text('url'),
    readAt: ts('read_at'),
    ...appendOnly(),
  },
  (t) => [
    index('staff_notifications_user_idx').on(t.userId, t.id),
    index('staff_notifications_unread_idx')
      .on(t.userId)
      .where(sql`read_at IS NULL`),
  ],
);

/** [C] One open (0/1) alarm per target and code; a repeat counts up (DOMAIN §3.14). */
export const alarms = pgTable(
  'alarms',
  {
    id: id(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    alarmNo: text('alarm_no').notNull(),
    ruleId: bigint('rule_id', { mode: 'number' }),
    alarmCode: text('alarm_code').notNull(),
    level: smallint('level').notNull(),
    targetType: smallint('target_type').notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    vehicleId: bigint('vehicle_id', { mode: 'number' }),
    batteryId: bigint('battery_id', { mode: 'number' }),
    stationId: bigint('station_id', { mode: 'number' }),
    lat: decimal('lat', { precision: 9, scale: 6 }),
    lng: decimal('lng', { precision: 9, scale: 6 }),
    firstAt: ts('first_at').notNull().defaultNow(),
    lastAt: ts('last_at').notNull().defaultNow(),
    occurCount: integer('occur_count').notNull().default(1),
    status: smallint('status').notNull().default(0),
    ackBy: bigint('ack_by', { mode: 'number' }),
    ackAt: ts('ack_at'),
    resolvedBy: bigint('resolved_by', { mode: 'number' }),
    resolvedAt: ts('resolved_at'),
    resolution: text('resolution'),
    recoveredAt: ts('recovered_at'),
    ticketId: bigint('ticket_id', { mode: 'number' }),
    ...appendOnly(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    version: integer('version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('alarms_no_uq').on(t.tenantId, t.alarmNo),
    uniqueIndex('alarms_open_uq')
      .on(t.tenantId, t.targetType, t.targetId, t.alarmCode)
      .where(sql`status IN (0, 1)`),
    index('alarms_status_idx').on(t.tenantId, t.cityCode, t.status),
    // The alarm list and the history, newest first, a page read backwards without sorting the city's year of alarms.
    index('alarms_city_last_idx').on(t.tenantId, t.cityCode, t.lastAt, t.id),
  ],
);

/** [A] What happened to an alarm, in order. */
export const alarmEvents = pgTable(
  'alarm_events',
  {
    id: id(),
    tenantId: tenantId(),
    alarmId: bigint('alarm_id', { mode: 'number' }).notNull(),
    event: text('event').notNull(),
    detail: text('detail'),
    actorId: bigint('actor_id', { mode: 'number' }),
    ...appendOnly(),
  },
  (t) => [index('alarm_events_alarm_idx').on(t.alarmId, t.id)],
);

/** [C] When an alarm fires (DOMAIN §6.3, basicConfig): a tenant default (no city) or a city's own, one per code each. */
export const alarmRules = pgTable(
  'alarm_rules',
  {
    id: id(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }),
    alarmCode: text('alarm_code').notNull(),
    targetType: smallint('target_type').notNull(),
    level: smallint('level').notNull(),
    threshold: decimal('threshold', { precision: 10, scale: 2 }),
    threshold2: decimal('threshold2', { precision: 10, scale: 2 }),
    holdS: integer('hold_s').notNull().default(0),
    recoverS: integer('recover_s').notNull().default(0),
    repeatMin: integer('repeat_min'),
    autoTicketType: smallint('auto_ticket_type'),
    notify: jsonb('notify'),
    enabled: boolean('enabled').notNull().default(true),
    ...audited(),
  },
  (t) => [
    uniqueIndex('alarm_rules_code_uq')
      .on(t.tenantId, sql`coalesce(city_code, 0)`, t.alarmCode)
      .where(sql`deleted_at IS NULL`),
  ],
);

/**
 * [C] A rule's condition seen on a target and not yet over (DOMAIN §6.3 hold and recover times): since when it holds,
 * whether its alarm was raised, and since when it has been normal again. Gone once the target is normal.
 */
export const alarmWatches = pgTable(
  'alarm_watches',
  {
    tenantId: tenantId(),
    targetType: smallint('target_type').notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    alarmCode: text('alarm_code').notNull(),
    since: ts('since').notNull(),
    raisedAt: ts('raised_at'),
    normalSince: ts('normal_since'),
  },
  (t) => [primaryKey({ columns: [t.targetType, t.targetId, t.alarmCode] })],
);
