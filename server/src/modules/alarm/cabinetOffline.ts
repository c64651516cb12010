import { AlarmStatus } from '@kayuh/contract/api/alarm';
import { AlarmTarget } from '@kayuh/contract/resources/alarmRule';
import { StationStatus, StationType } from '@kayuh/contract/resources/fleet';
import { and, eq, gt, inArray, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { alarmEvents, alarmRules, alarms, stations } from '../../db/schema.ts';
import type { Services } from '../../platform/services.ts';
import { raiseAlarm } from './raiseAlarm.ts';

const CABINET_OFFLINE = 'CABINET_OFFLINE';
/** DOMAIN §6.3's default: no report for this many minutes. */
const DEFAULT_MINUTES = 5;

const openAlarm = inArray(alarms.status, [AlarmStatus.open, AlarmStatus.acknowledged]);

/**
 * CABINET_OFFLINE (DOMAIN §6.3), the cabinets' absence rule, run with OFFLINE by the tenant's ALARM task: a swap cabinet
 * that is on the device link (its key issued) and operating, silent for its city's rule's minutes (else the tenant's),
 * is raised once (raiseAlarm keeps one open per cabinet); an open one whose cabinet has reported since is recovered.
 */
export async function scanCabinetsOffline(
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
    .where(and(eq(alarmRules.tenantId, tenantId), eq(alarmRules.alarmCode, CABINET_OFFLINE), isNull(alarmRules.deletedAt)));
  const fallback = rules.find((r) => r.cityCode === null);
  const ruleOf = (cityCode: number) => rules.find((r) => r.cityCode === cityCode) ?? fallback;
  const silent = await db
    .select({
      id: stations.id,
      code: stations.stationCode,
      cityCode: stations.cityCode,
      lat: stations.lat,
      lng: stations.lng,
      lastReportedAt: stations.lastReportedAt,
      keyIssuedAt: stations.deviceKeyIssuedAt,
    })
    .from(stations)
    .where(
      and(
        eq(stations.tenantId, tenantId),
        eq(stations.type, StationType.swapCabinet),
        eq(stations.status, StationStatus.operating),
        isNull(stations.deletedAt),
        isNotNull(stations.deviceKeyHash),
        // Silent at least the shortest time any rule allows; each cabinet is held to its own city's below.
        sql`coalesce(${stations.lastReportedAt}, ${stations.deviceKeyIssuedAt}) < now() - make_interval(mins => 1)`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(alarms)
            .where(
              and(
                eq(alarms.tenantId, tenantId),
                eq(alarms.targetType, AlarmTarget.cabinet),
                eq(alarms.targetId, stations.id),
                eq(alarms.alarmCode, CABINET_OFFLINE),
                openAlarm,
              ),
            ),
        ),
      ),
    );
  let raised = 0;
  for (const cabinet of silent) {
    if (signal.aborted) break;
    const rule = ruleOf(cabinet.cityCode);
    if (!rule?.enabled) continue;
    const minutes = Math.max(1, Math.round(Number(rule.threshold ?? DEFAULT_MINUTES)));
    // Never heard since its key was issued: silent since then.
    const last = cabinet.lastReportedAt ?? cabinet.keyIssuedAt;
    if (last && last.getTime() > Date.now() - minutes * 60_000) continue;
    const outcome = await raiseAlarm(
      services,
      {
        tenantId,
        cityCode: cabinet.cityCode,
        alarmCode: CABINET_OFFLINE,
        level: rule.level,
        targetType: AlarmTarget.cabinet,
        targetId: cabinet.id,
        targetName: cabinet.code,
        ruleId: rule.id,
        stationId: cabinet.id,
        lat: Number(cabinet.lat),
        lng: Number(cabinet.lng),
        detail: { lastReportedAt: cabinet.lastReportedAt?.toISOString() ?? null },
      },
      log,
    );
    if (outcome.event !== 'repeated') raised++;
  }
  return { raised, recovered };
}

/** An open CABINET_OFFLINE alarm whose cabinet has reported since the alarm last saw it silent: recovered (§3.14 → 3). */
async function recoverReported(services: Pick<Services, 'db'>, tenantId: number): Promise<number> {
  return services.db.transaction(async (tx) => {
    const back = await tx
      .update(alarms)
      .set({ status: AlarmStatus.recovered, recoveredAt: stations.lastReportedAt, updatedAt: new Date(), version: sql`${alarms.version} + 1` })
      .from(stations)
      .where(
        and(
          eq(alarms.tenantId, tenantId),
          eq(alarms.alarmCode, CABINET_OFFLINE),
          eq(alarms.targetType, AlarmTarget.cabinet),
          openAlarm,
          eq(stations.id, alarms.targetId),
          gt(stations.lastReportedAt, alarms.lastAt),
        ),
      )
      .returning({ id: alarms.id, at: stations.lastReportedAt });
    if (back.length)
      await tx
        .insert(alarmEvents)
        .values(back.map((a) => ({ tenantId, alarmId: a.id, event: 'recovered', detail: JSON.stringify({ reportedAt: a.at!.toISOString() }) })));
    return back.length;
  });
}
