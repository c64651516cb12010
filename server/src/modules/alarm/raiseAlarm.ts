import { ALARM_PUSH_MAX_LEVEL, AlarmStatus } from '@kayuh/contract/api/alarm';
import { AlarmTarget } from '@kayuh/contract/resources/alarmRule';
import { and, eq, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { alarmEvents, alarms } from '../../db/schema.ts';
import { nextBusinessNo } from '../../platform/businessNo.ts';
import type { Services } from '../../platform/services.ts';
import { pushAlarmToCityStaff } from './alarmNotice.ts';

/** A recovered alarm whose condition fires again this soon is reopened, not raised anew (DOMAIN §3.14). */
export const REOPEN_WINDOW_MS = 10 * 60 * 1000;

/** A rule fired on a target (DOMAIN §6.3): what raiseAlarm needs to know. */
export interface AlarmSignal {
  tenantId: number;
  cityCode: number;
  alarmCode: string;
  /** 1 critical, 2 major, 3 minor, 4 info. */
  level: number;
  /** 1 vehicle, 2 battery, 3 cabinet. */
  targetType: number;
  targetId: number;
  /** How staff know the target (a vehicle's number); the notice falls back to its id. */
  targetName?: string;
  ruleId?: number | null;
  vehicleId?: number | null;
  batteryId?: number | null;
  stationId?: number | null;
  lat?: number | null;
  lng?: number | null;
  /** When the condition was seen; now by default. */
  at?: Date;
  /** Kept with the alarm's event (the reading that fired it). */
  detail?: Record<string, unknown>;
}

export type AlarmOutcome = { alarmId: number; alarmNo: string; event: 'raised' | 'repeated' | 'reopened'; notified: number };

const OPEN = [AlarmStatus.open, AlarmStatus.acknowledged];

type Tx = Db;
const sameTarget = (s: Pick<AlarmSignal, 'tenantId' | 'targetType' | 'targetId' | 'alarmCode'>) =>
  and(eq(alarms.tenantId, s.tenantId), eq(alarms.targetType, s.targetType), eq(alarms.targetId, s.targetId), eq(alarms.alarmCode, s.alarmCode));

/**
 * A repeat while open: one more occurrence, seen again now. The version stays: a count going up does not conflict
 * with the staff member acknowledging or resolving the alarm they read.
 */
async function repeatOpen(tx: Tx, s: AlarmSignal, at: Date) {
  const [row] = await tx
    .update(alarms)
    .set({ occurCount: sql`${alarms.occurCount} + 1`, lastAt: at, updatedAt: new Date() })
    .where(and(sameTarget(s), inArray(alarms.status, [...OPEN])))
    .returning({ id: alarms.id, alarmNo: alarms.alarmNo });
  return row;
}

/** The same condition within minutes of recovering: the row is opened again (DOMAIN §3.14, design). */
async function reopenRecovered(tx: Tx, s: AlarmSignal, at: Date) {
  const [row] = await tx
    .update(alarms)
    .set({
      status: AlarmStatus.open,
      occurCount: sql`${alarms.occurCount} + 1`,
      lastAt: at,
      recoveredAt: null,
      updatedAt: new Date(),
      version: sql`${alarms.version} + 1`,
    })
    .where(and(sameTarget(s), eq(alarms.status, AlarmStatus.recovered), gte(alarms.recoveredAt, new Date(at.getTime() - REOPEN_WINDOW_MS))))
    .returning({ id: alarms.id, alarmNo: alarms.alarmNo });
  return row;
}

async function insertNew(tx: Tx, s: AlarmSignal, at: Date) {
  const { id, no } = await nextBusinessNo(tx, 'alarms', 'AL', at);
  const [row] = await tx
    .insert(alarms)
    .values({
      id,
      tenantId: s.tenantId,
      cityCode: s.cityCode,
      alarmNo: no,
      ruleId: s.ruleId ?? null,
      alarmCode: s.alarmCode,
      level: s.level,
      targetType: s.targetType,
      targetId: s.targetId,
      vehicleId: s.vehicleId ?? null,
      batteryId: s.batteryId ?? null,
      stationId: s.stationId ?? null,
      lat: s.lat === undefined || s.lat === null ? null : String(s.lat),
      lng: s.lng === undefined || s.lng === null ? null : String(s.lng),
      firstAt: at,
      lastAt: at,
      status: AlarmStatus.open,
    })
    .onConflictDoNothing()
    .returning({ id: alarms.id, alarmNo: alarms.alarmNo });
  return row;
}

/** Where a signal lands: the open alarm, a just-recovered one, or a new one (none if another raised it meanwhile). */
async function landOn(tx: Tx, s: AlarmSignal, at: Date) {
  const repeated = await repeatOpen(tx, s, at);
  if (repeated) return { row: repeated, event: 'repeated' as const };
  const reopened = await reopenRecovered(tx, s, at);
  if (reopened) return { row: reopened, event: 'reopened' as const };
  const raised = await insertNew(tx, s, at);
  return raised ? { row: raised, event: 'raised' as const } : undefined;
}

/** The alarm's row and its event, without telling anyone: raiseAlarm's first half (and the demo seed's whole). */
export async function recordAlarm(
  db: Db,
  signal: AlarmSignal,
  alongside?: (tx: Db, alarm: { alarmId: number; alarmNo: string }) => Promise<void>,
): Promise<Omit<AlarmOutcome, 'notified'>> {
  const at = signal.at ?? new Date();
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // Two rules firing at once race for the open slot: the loser of the insert counts as a repeat.
    for (let attempt = 0; attempt < 2; attempt++) {
      const found = await landOn(t, signal, at);
      if (!found) continue;
      await t.insert(alarmEvents).values({
        tenantId: signal.tenantId,
        alarmId: found.row.id,
        event: found.event,
        detail: signal.detail ? JSON.stringify(signal.detail) : null,
      });
      if (found.event !== 'repeated') await alongside?.(t, { alarmId: found.row.id, alarmNo: found.row.alarmNo });
      return { alarmId: found.row.id, alarmNo: found.row.alarmNo, event: found.event };
    }
    throw new Error(`alarm ${signal.alarmCode} on ${signal.targetType}/${signal.targetId}: no open alarm to count and none could be raised`);
  });
}

/**
 * A rule fired (DOMAIN §3.14): one open (0/1) alarm per target and code. A repeat counts up the open alarm, a
 * condition back within 10 minutes of recovering reopens it, otherwise a new alarm (AL + yyMMdd + 8 digits) is
 * raised. Each writes its alarm event. A new or reopened alarm of level 1–2 is pushed to the staff of its city
 * who may open the alarm list; a failed push is logged, never thrown (the alarm stands).
 */
export async function raiseAlarm(
  services: Pick<Services, 'db' | 'live' | 'catalogues' | 'menuAccess'>,
  signal: AlarmSignal,
  log?: FastifyBaseLogger,
  /** Written in the alarm's own transaction when it is raised or reopened (not on a repeat): what the raise brings. */
  alongside?: (tx: Db, alarm: { alarmId: number; alarmNo: string }) => Promise<void>,
): Promise<AlarmOutcome> {
  const outcome = await recordAlarm(services.db, signal, alongside);
  let notified = 0;
  if (outcome.event !== 'repeated' && signal.level <= ALARM_PUSH_MAX_LEVEL) {
    try {
      notified = await pushAlarmToCityStaff(services, { ...signal, alarmNo: outcome.alarmNo }, log);
      await services.db.insert(alarmEvents).values({
        tenantId: signal.tenantId,
        alarmId: outcome.alarmId,
        event: 'notified',
        detail: JSON.stringify({ staff: notified }),
      });
    } catch (err) {
      log?.warn({ err, alarmNo: outcome.alarmNo }, 'an alarm was raised but its staff were not told');
    }
  }
  return { ...outcome, notified };
}

/** The open (or acknowledged) alarms `which` finds are recovered (§3.14 → 3) at `at`, each with a `recovered` event. */
async function recoverWhere(tx: Db, tenantId: number, which: SQL | undefined, at: Date, detail: Record<string, unknown>): Promise<number[]> {
  const recovered = await tx
    .update(alarms)
    .set({ status: AlarmStatus.recovered, recoveredAt: at, updatedAt: new Date(), version: sql`${alarms.version} + 1` })
    .where(and(eq(alarms.tenantId, tenantId), which, inArray(alarms.status, [...OPEN])))
    .returning({ id: alarms.id });
  if (recovered.length)
    await tx.insert(alarmEvents).values(recovered.map((a) => ({ tenantId, alarmId: a.id, event: 'recovered', detail: JSON.stringify(detail) })));
  return recovered.map((a) => a.id);
}

/**
 * A target's open (or acknowledged) alarm of a code is over by itself: recovered (§3.14 → 3) at `at`, with a
 * `recovered` event carrying `detail`, in the caller's transaction. Answers the alarms it recovered (one at most).
 */
export const recoverAlarm = (
  tx: Db,
  target: Pick<AlarmSignal, 'tenantId' | 'targetType' | 'targetId' | 'alarmCode'>,
  at: Date,
  detail: Record<string, unknown> = {},
): Promise<number[]> => recoverWhere(tx, target.tenantId, sameTarget(target), at, detail);

/**
 * A vehicle's alarm of a code is over by itself: the one on the vehicle, or the one its frames raised on the battery
 * in it (BATTERY_TEMP: `vehicle_id` is the vehicle's, even once the pack has left it).
 */
export const recoverVehicleAlarm = (
  tx: Db,
  target: { tenantId: number; vehicleId: number; alarmCode: string },
  at: Date,
  detail: Record<string, unknown> = {},
) =>
  recoverWhere(
    tx,
    target.tenantId,
    and(
      eq(alarms.alarmCode, target.alarmCode),
      or(
        and(eq(alarms.targetType, AlarmTarget.vehicle), eq(alarms.targetId, target.vehicleId)),
        and(eq(alarms.targetType, AlarmTarget.battery), eq(alarms.vehicleId, target.vehicleId)),
      ),
    ),
    at,
    detail,
  );
