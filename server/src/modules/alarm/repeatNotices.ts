import { ALARM_PUSH_MAX_LEVEL, AlarmStatus } from '@kayuh/contract/api/alarm';
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { alarmEvents, alarmRules, alarms, vehicles } from '../../db/schema.ts';
import type { Services } from '../../platform/services.ts';
import { pushAlarmToCityStaff } from './alarmNotice.ts';

/** Alarms told again in one run at most; the next run (a minute later) takes the rest. */
const RUN_MAX = 500;

/**
 * A rule's repeat time (DOMAIN §6.3 `repeat_min`): an alarm of level 1–2 that nobody has taken on (still open, status
 * 0) is pushed to its city's staff again once that many minutes have passed since they were last told, each time a
 * `notified` event. Acknowledging it stops the reminders. Run by the tenant's ALARM task every minute.
 */
export async function repeatNotices(
  services: Pick<Services, 'db' | 'live' | 'catalogues' | 'menuAccess'>,
  tenantId: number,
  signal: AbortSignal,
  log?: FastifyBaseLogger,
): Promise<number> {
  const { db } = services;
  const lastTold = sql`(SELECT max(${alarmEvents.createdAt}) FROM ${alarmEvents} WHERE ${alarmEvents.alarmId} = ${alarms.id} AND ${alarmEvents.event} = 'notified')`;
  const due = await db
    .select({
      id: alarms.id,
      alarmNo: alarms.alarmNo,
      cityCode: alarms.cityCode,
      alarmCode: alarms.alarmCode,
      level: alarms.level,
      targetType: alarms.targetType,
      targetId: alarms.targetId,
      vehicleId: alarms.vehicleId,
      vehicleNo: vehicles.vehicleNo,
    })
    .from(alarms)
    .innerJoin(alarmRules, and(eq(alarmRules.id, alarms.ruleId), eq(alarmRules.enabled, true), isNotNull(alarmRules.repeatMin)))
    .leftJoin(vehicles, eq(vehicles.id, alarms.vehicleId))
    .where(
      and(
        eq(alarms.tenantId, tenantId),
        eq(alarms.status, AlarmStatus.open),
        lte(alarms.level, ALARM_PUSH_MAX_LEVEL),
        sql`coalesce(${lastTold}, ${alarms.firstAt}) <= now() - make_interval(mins => ${alarmRules.repeatMin})`,
      ),
    )
    .limit(RUN_MAX);
  let told = 0;
  for (const a of due) {
    if (signal.aborted) break;
    const staff = await pushAlarmToCityStaff(services, { ...a, tenantId, targetName: a.vehicleNo ?? undefined, vehicleId: a.vehicleId }, log);
    await db.insert(alarmEvents).values({ tenantId, alarmId: a.id, event: 'notified', detail: JSON.stringify({ staff, repeat: true }) });
    told++;
  }
  return told;
}
