import { AlarmStatus } from '@kayuh/contract/api/alarm';
import { AlarmTarget } from '@kayuh/contract/resources/alarmRule';
import { OpState } from '@kayuh/contract/resources/fleet';
import { and, eq, gt, inArray, isNotNull, isNull, notExists, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { alarmEvents, alarmRules, alarms, vehicleLiveStatus, vehicles } from '../../db/schema.ts';
import type { Services } from '../../platform/services.ts';
import { raiseAlarm } from './raiseAlarm.ts';

const OFFLINE = 'OFFLINE';
/** DOMAIN §6.3's default: no frame for this many minutes. */
const DEFAULT_MINUTES = 20;
/** A vehicle in these states is expected to report; one in the depot, lost, impounded or retired may well be silent. */
const WATCHED_STATES = [
  OpState.available,
  OpState.reserved,
  OpState.inUse,
  OpState.lowBattery,
  OpState.swapping,
  OpState.dispatching,
  OpState.maintenance,
  OpState.onRental,
];
/** Alarms raised in one run at most; the next run (a minute later) takes the rest. */
const RUN_MAX = 2000;

type Rule = typeof alarmRules.$inferSelect;
const minutesOf = (rule: Rule | undefined) => (rule?.enabled ? Math.max(1, Math.round(Number(rule.threshold ?? DEFAULT_MINUTES))) : null);

/**
 * How long each of the tenant's vehicles may stay silent, as SQL over its city: the city's own OFFLINE rule, else the
 * tenant's default; NULL where the rule is off, so no vehicle there is ever stale.
 */
function silenceMinutes(rules: Rule[]): { minutes: SQL; ruleOf: (cityCode: number) => Rule | undefined } {
  const fallback = rules.find((r) => r.cityCode === null);
  const own = new Map(rules.filter((r) => r.cityCode !== null).map((r) => [r.cityCode!, r]));
  const ruleOf = (cityCode: number) => own.get(cityCode) ?? fallback;
  const otherwise = sql`${minutesOf(fallback)}::int`;
  const minutes = own.size
    ? sql`(case ${vehicleLiveStatus.cityCode} ${sql.join(
        [...own].map(([city, rule]) => sql`when ${city} then ${minutesOf(rule)}::int`),
        sql` `,
      )} else ${otherwise} end)`
    : otherwise;
  return { minutes, ruleOf };
}

/**
 * The OFFLINE rule (DOMAIN §6.3), which no frame can fire: a vehicle that should be reporting has sent nothing for the
 * rule's minutes. Run by the tenant's ALARM task every minute: raises OFFLINE on each newly silent vehicle (one open
 * alarm each, as raiseAlarm keeps it), and recovers the open ones whose vehicle has reported since.
 */
export async function scanOffline(
  services: Pick<Services, 'db' | 'live' | 'catalogues' | 'menuAccess'>,
  tenantId: number,
  signal: AbortSignal,
  log?: FastifyBaseLogger,
): Promise<{ raised: number; recovered: number }> {
  const { db } = services;
  const recovered = await recoverReported(services, tenantId);
  const rules = await db
    .select()
    .from(alarmRules)
    .where(and(eq(alarmRules.tenantId, tenantId), eq(alarmRules.alarmCode, OFFLINE), isNull(alarmRules.deletedAt)));
  const { minutes, ruleOf } = silenceMinutes(rules);
  const openOffline = db
    .select({ one: sql`1` })
    .from(alarms)
    .where(
      and(
        eq(alarms.tenantId, tenantId),
        eq(alarms.targetType, AlarmTarget.vehicle),
        eq(alarms.targetId, vehicleLiveStatus.vehicleId),
        eq(alarms.alarmCode, OFFLINE),
        inArray(alarms.status, [AlarmStatus.open, AlarmStatus.acknowledged]),
      ),
    );
  const silent = await db
    .select({
      vehicleId: vehicles.id,
      vehicleNo: vehicles.vehicleNo,
      cityCode: vehicles.cityCode,
      lat: vehicleLiveStatus.lat,
      lng: vehicleLiveStatus.lng,
      lastReportedAt: vehicleLiveStatus.lastReportedAt,
    })
    .from(vehicleLiveStatus)
    .innerJoin(vehicles, eq(vehicles.id, vehicleLiveStatus.vehicleId))
    .where(
      and(
        eq(vehicleLiveStatus.tenantId, tenantId),
        eq(vehicles.tenantId, tenantId),
        isNull(vehicles.deletedAt),
        isNotNull(vehicles.imei),
        inArray(vehicles.opState, WATCHED_STATES),
        sql`${vehicleLiveStatus.lastReportedAt} < now() - make_interval(mins => ${minutes})`,
        notExists(openOffline),
      ),
    )
    .orderBy(vehicleLiveStatus.lastReportedAt)
    .limit(RUN_MAX);

  let raised = 0;
  for (const v of silent) {
    if (signal.aborted) break;
    const rule = ruleOf(v.cityCode);
    if (!rule) continue;
    const outcome = await raiseAlarm(
      services,
      {
        tenantId,
        cityCode: v.cityCode,
        alarmCode: OFFLINE,
        level: rule.level,
        targetType: AlarmTarget.vehicle,
        targetId: v.vehicleId,
        targetName: v.vehicleNo,
        ruleId: rule.id,
        vehicleId: v.vehicleId,
        lat: v.lat === null ? null : Number(v.lat),
        lng: v.lng === null ? null : Number(v.lng),
        detail: { lastReportedAt: v.lastReportedAt.toISOString() },
      },
      log,
    );
    if (outcome.event !== 'repeated') raised++;
  }
  return { raised, recovered };
}

/** An open OFFLINE alarm whose vehicle has reported since it was last seen silent is over: recovered (§3.14 → 3). */
async function recoverReported(services: Pick<Services, 'db'>, tenantId: number): Promise<number> {
  return services.db.transaction(async (tx) => {
    const back = await tx
      .update(alarms)
      .set({
        status: AlarmStatus.recovered,
        recoveredAt: vehicleLiveStatus.lastReportedAt,
        updatedAt: new Date(),
        version: sql`${alarms.version} + 1`,
      })
      .from(vehicleLiveStatus)
      .where(
        and(
          eq(alarms.tenantId, tenantId),
          eq(alarms.alarmCode, OFFLINE),
          eq(alarms.targetType, AlarmTarget.vehicle),
          inArray(alarms.status, [AlarmStatus.open, AlarmStatus.acknowledged]),
          eq(vehicleLiveStatus.vehicleId, alarms.targetId),
          gt(vehicleLiveStatus.lastReportedAt, alarms.lastAt),
        ),
      )
      .returning({ id: alarms.id, at: vehicleLiveStatus.lastReportedAt });
    if (back.length)
      await tx
        .insert(alarmEvents)
        .values(back.map((a) => ({ tenantId, alarmId: a.id, event: 'recovered', detail: JSON.stringify({ reportedAt: a.at.toISOString() }) })));
    return back.length;
  });
}
