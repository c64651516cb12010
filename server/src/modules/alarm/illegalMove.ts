import { CommandResult, CommandSource, type IotCommandName } from '@kayuh/contract/api/device';
import { AlarmTarget } from '@kayuh/contract/resources/alarmRule';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { alarmWatches, illegalMoveLocks, vehicleLiveStatus, vehicles } from '../../db/schema.ts';
import type { CommandBy, CommandOutcome, CommandTarget } from '../../platform/devices/commander.ts';
import type { Rule } from './cityRules.ts';
import { movedM, type FrameFacts, type RuleReaction } from './frameRules.ts';
import type { AlarmOutcome } from './raiseAlarm.ts';

export const ILLEGAL_MOVE = 'ILLEGAL_MOVE';

/** DOMAIN §6.2 illegal_move_locks. */
const Trigger = { vibration: 1, displaced: 2, leftServiceArea: 3 } as const;
const Action = { lock: 1, lockAndSiren: 2 } as const;
const Result = { pending: 0, locked: 1, failed: 2 } as const;

/** Sends a command to a vehicle's box as the system (the vehicle module's VehicleCommands.issue). */
export type IssueCommand = (
  vehicle: CommandTarget,
  command: IotCommandName,
  params: null,
  by: CommandBy,
) => Promise<{ commandId: number; outcome: Promise<CommandOutcome> }>;

const SYSTEM = 3;

/**
 * The illegal-move rule's hand (DOMAIN §6.2, getMoveBikeLock): when ILLEGAL_MOVE is raised on a vehicle, the system
 * locks it (a lock command with source 5; carried off, it also rings its siren) and keeps a row of what it saw and
 * what the box answered. The row is cleared when its alarm recovers (unlocked for the rule's recover time) or when
 * staff resolve or ignore it, and then where the vehicle stands is its new parking place.
 */
export class IllegalMoveLocks implements RuleReaction {
  constructor(private readonly deps: { db: Db; issue: IssueCommand; log: FastifyBaseLogger }) {}

  /** The row of what was seen, in the alarm's transaction. */
  raising = async (tx: Db, f: FrameFacts, rule: Rule, alarm: { alarmId: number }): Promise<void> => {
    const moved = Math.round(movedM(f));
    const displaced = rule.threshold !== null && moved > rule.threshold;
    await tx.insert(illegalMoveLocks).values({
      tenantId: f.tenantId,
      cityCode: f.cityCode,
      vehicleId: f.vehicleId,
      detectedAt: f.at,
      lat: f.lat?.toFixed(6) ?? null,
      lng: f.lng?.toFixed(6) ?? null,
      displacementM: moved,
      speedKph: f.speedKph?.toFixed(1) ?? null,
      trigger: !displaced ? Trigger.vibration : f.inServiceArea ? Trigger.displaced : Trigger.leftServiceArea,
      action: displaced ? Action.lockAndSiren : Action.lock,
      alarmId: alarm.alarmId,
    });
  };

  /** Once committed: the lock (and the siren) sent, the row following what the box answers. */
  raised = async (f: FrameFacts, _rule: Rule, alarm: AlarmOutcome): Promise<void> => {
    const { db, issue, log } = this.deps;
    const [row] = await db
      .select({ id: illegalMoveLocks.id, action: illegalMoveLocks.action })
      .from(illegalMoveLocks)
      .where(and(eq(illegalMoveLocks.tenantId, f.tenantId), eq(illegalMoveLocks.alarmId, alarm.alarmId), isNull(illegalMoveLocks.commandId)))
      .orderBy(desc(illegalMoveLocks.id))
      .limit(1);
    const [vehicle] = await db
      .select({ id: vehicles.id, imei: vehicles.imei, tenantId: vehicles.tenantId, cityCode: vehicles.cityCode })
      .from(vehicles)
      .where(and(eq(vehicles.id, f.vehicleId), eq(vehicles.tenantId, f.tenantId)));
    if (!row || !vehicle?.imei) return;
    const target = { ...vehicle, imei: vehicle.imei };
    const by: CommandBy = {
      source: CommandSource.illegalMove,
      requestedByType: SYSTEM,
      requestedById: null,
      ref: { type: 'illegal_move_lock', id: row.id },
    };
    const lock = await issue(target, 'lock', null, by);
    await db.update(illegalMoveLocks).set({ commandId: lock.commandId }).where(eq(illegalMoveLocks.id, row.id));
    // The box answers in its own time; the ingest does not wait for it.
    void lock.outcome
      .then(async (outcome) => {
        const locked = outcome.result === CommandResult.success;
        await db
          .update(illegalMoveLocks)
          .set({ result: locked ? Result.locked : Result.failed })
          .where(and(eq(illegalMoveLocks.id, row.id), eq(illegalMoveLocks.result, Result.pending)));
        if (locked && row.action === Action.lockAndSiren) await (await issue(target, 'ring', null, by)).outcome;
      })
      .catch((err: unknown) => log.error({ err, vehicleId: f.vehicleId }, 'illegal-move lock not followed'));
  };

  recovered = async (tx: Db, alarmIds: number[], at: Date): Promise<void> => {
    await tx
      .update(illegalMoveLocks)
      .set({ clearedAt: at })
      .where(and(inArray(illegalMoveLocks.alarmId, alarmIds), isNull(illegalMoveLocks.clearedAt)));
  };
}

/**
 * Staff resolved or ignored an ILLEGAL_MOVE alarm (in the event's transaction): its lock rows are cleared by them, the
 * vehicle's parking place becomes where it stands, and the rule's watch starts over, so a next move raises anew.
 */
export async function clearIllegalMove(tx: Db, alarm: { id: number; tenantId: number; vehicleId: number | null }, actorId: number | null) {
  await tx
    .update(illegalMoveLocks)
    .set({ clearedAt: new Date(), clearedBy: actorId })
    .where(and(eq(illegalMoveLocks.tenantId, alarm.tenantId), eq(illegalMoveLocks.alarmId, alarm.id), isNull(illegalMoveLocks.clearedAt)));
  if (alarm.vehicleId === null) return;
  await tx
    .update(vehicleLiveStatus)
    .set({
      parkedLat: sql`CASE WHEN ${vehicleLiveStatus.parkedLat} IS NOT NULL THEN ${vehicleLiveStatus.lat} END`,
      parkedLng: sql`CASE WHEN ${vehicleLiveStatus.parkedLng} IS NOT NULL THEN ${vehicleLiveStatus.lng} END`,
    })
    .where(and(eq(vehicleLiveStatus.tenantId, alarm.tenantId), eq(vehicleLiveStatus.vehicleId, alarm.vehicleId)));
  await tx
    .delete(alarmWatches)
    .where(
      and(
        eq(alarmWatches.tenantId, alarm.tenantId),
        eq(alarmWatches.targetType, AlarmTarget.vehicle),
        eq(alarmWatches.targetId, alarm.vehicleId),
        eq(alarmWatches.alarmCode, ILLEGAL_MOVE),
      ),
    );
}
