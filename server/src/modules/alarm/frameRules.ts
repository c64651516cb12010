import { AlarmBit, LockState } from '@kayuh/contract/api/device';
import { distanceM, type LatLng } from '@kayuh/contract/rules/geo';
import { AlarmTarget } from '@kayuh/contract/resources/alarmRule';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { batteries, vehicles } from '../../db/schema.ts';
import type { Services } from '../../platform/services.ts';
import { holdsAt, normalAt, startWatches, watchesOf, type Watch } from './alarmWatches.ts';
import { CityRules, type Rule } from './cityRules.ts';
import { raiseAlarm, recoverVehicleAlarm, type AlarmOutcome, type AlarmSignal } from './raiseAlarm.ts';

/** What a vehicle's newest frame of a batch says, as the rules read it (written to the live status just before). */
export interface FrameFacts {
  tenantId: number;
  cityCode: number;
  vehicleId: number;
  at: Date;
  soc: number | null;
  speedKph: number | null;
  /** The battery's temperature, °C, as the box reads it. */
  batteryTempC?: number | null;
  alarmBits: number;
  lockState: number;
  /** A valid GPS fix, and where it is. */
  fixed: boolean;
  inServiceArea: boolean;
  lat: number | null;
  lng: number | null;
  /** Where it was locked (the live status keeps it while it stays locked); undefined when the frame came late. */
  parked?: LatLng | null;
  /** On a ride (an order): moving is its business. */
  onRide?: boolean;
}

/** Whether a rule's condition holds in a frame (and at which level); undefined when the frame cannot tell. */
type Condition = (f: FrameFacts, rule: Rule) => { holds: boolean; level?: number } | undefined;
const bit =
  (n: number): Condition =>
  (f) => ({ holds: (f.alarmBits & (1 << n)) !== 0 });

/** How far a vehicle is from where it was locked, in metres (0 with no fix or no parking place). */
export const movedM = (f: FrameFacts): number =>
  f.parked && f.fixed && f.lat !== null && f.lng !== null ? distanceM(f.parked, { lat: f.lat, lng: f.lng }) : 0;

/** The vehicle rules a frame decides (DOMAIN §6.3); the rest are the jobs' (offline) and the commands' (lock failure). */
const CONDITIONS: Record<string, Condition> = {
  LOW_SOC: (f, r) => {
    if (f.soc === null || r.threshold === null) return undefined;
    const holds = f.soc < r.threshold;
    return { holds, level: holds && r.threshold2 !== null && f.soc < r.threshold2 ? Math.min(r.level, 2) : r.level };
  },
  OVERSPEED: (f, r) => (f.speedKph === null || r.threshold === null ? undefined : { holds: f.speedKph > r.threshold }),
  // The battery in the vehicle, read by its box; the alarm is the battery's (targetOf).
  BATTERY_TEMP: (f, r) => (f.batteryTempC == null || r.threshold === null ? undefined : { holds: f.batteryTempC > r.threshold }),
  OUT_OF_AREA: (f) => (f.fixed ? { holds: f.lockState === LockState.locked && !f.inServiceArea } : undefined),
  TAMPER: bit(AlarmBit.tamper),
  FALL: bit(AlarmBit.fall),
  POWER_CUT: bit(AlarmBit.powerCut),
  // Moved without an order (DOMAIN §6.2): locked, on no ride, and shaken or carried past the threshold.
  ILLEGAL_MOVE: (f, r) => {
    if (f.parked === undefined) return undefined;
    if (f.lockState !== LockState.locked || f.onRide) return { holds: false };
    return { holds: (f.alarmBits & (1 << AlarmBit.vibration)) !== 0 || (r.threshold !== null && movedM(f) > r.threshold) };
  },
};

/**
 * What follows a rule's alarm when it is raised (or opened again): written in the alarm's transaction (`raising`), then
 * done once it is committed (`raised`: a command to the box); and written in the transaction that recovers it.
 */
export interface RuleReaction {
  raising?: (tx: Db, f: FrameFacts, rule: Rule, alarm: { alarmId: number }) => Promise<void>;
  raised?: (f: FrameFacts, rule: Rule, alarm: AlarmOutcome) => Promise<void>;
  recovered?: (tx: Db, alarmIds: number[], at: Date) => Promise<void>;
}

/** A vehicle's watch of one rule: a vehicle's frames watch each rule on the vehicle, whatever the alarm's target. */
const watchKey = (vehicleId: number, alarmCode: string) => ({ targetType: AlarmTarget.vehicle, targetId: vehicleId, alarmCode });

/**
 * What a rule's alarm is about, when not the vehicle: BATTERY_TEMP is the battery's in the vehicle now (its serial
 * number is how staff know it), or the vehicle's when it has none linked. recoverVehicleAlarm finds both.
 */
async function targetOf(db: Db, f: FrameFacts, rule: Rule): Promise<Partial<AlarmSignal>> {
  if (rule.alarmCode !== 'BATTERY_TEMP') return {};
  const [battery] = await db
    .select({ id: batteries.id, sn: batteries.batterySn })
    .from(vehicles)
    .innerJoin(batteries, eq(batteries.id, vehicles.batteryId))
    .where(eq(vehicles.id, f.vehicleId));
  return battery ? { targetType: AlarmTarget.battery, targetId: battery.id, targetName: battery.sn, batteryId: battery.id } : {};
}

/**
 * The alarm rules a vehicle's frames fire (DOMAIN §6.3): a condition must hold for the rule's hold time before its
 * alarm is raised (once: raiseAlarm keeps one open alarm per vehicle and code), and be over for its recover time before
 * the alarm recovers. Where each condition stands is kept in alarm_watches, so it does not matter which instance
 * hears a vehicle's next frame.
 */
export class FrameRules {
  constructor(
    private readonly services: Pick<Services, 'db' | 'live' | 'catalogues' | 'menuAccess'>,
    private readonly log: FastifyBaseLogger,
    private readonly reactions: Partial<Record<string, RuleReaction>> = {},
    /** Shared with the commands' rule (LOCK_FAIL), so a city's rules are read once. */
    readonly cityRules = new CityRules(services.db),
  ) {}

  async evaluate(frames: readonly FrameFacts[]): Promise<void> {
    const { db } = this.services;
    const watchOf = await watchesOf(
      db,
      AlarmTarget.vehicle,
      frames.map((f) => f.vehicleId),
    );
    const seen: Array<{ frame: FrameFacts; rule: Rule; holds: boolean; level: number; watch: Watch | undefined }> = [];
    for (const frame of frames) {
      for (const rule of await this.cityRules.of(frame.tenantId, frame.cityCode)) {
        const reading = CONDITIONS[rule.alarmCode]?.(frame, rule);
        if (reading)
          seen.push({
            frame,
            rule,
            holds: reading.holds,
            level: reading.level ?? rule.level,
            watch: watchOf.get(`${frame.vehicleId}:${rule.alarmCode}`),
          });
      }
    }
    // The conditions that begin to hold start their watches in one statement (a fleet coming online starts thousands).
    await startWatches(
      db,
      seen
        .filter((x) => x.holds && !x.watch)
        .map(({ frame, rule }) => ({ tenantId: frame.tenantId, ...watchKey(frame.vehicleId, rule.alarmCode), since: frame.at })),
    );
    for (const { frame, rule, holds, level, watch } of seen) {
      try {
        if (holds) await this.holds(frame, rule, level, watch);
        else if (watch) await this.normal(frame, rule, watch);
      } catch (err) {
        this.log.error({ err, vehicleId: frame.vehicleId, alarmCode: rule.alarmCode }, 'alarm rule not evaluated');
      }
    }
  }

  /** The condition holds (its watch started, if it had none): past its hold time, the alarm is raised, once. */
  private async holds(f: FrameFacts, rule: Rule, level: number, watch: Watch | undefined) {
    const { db } = this.services;
    // The watch is claimed before the alarm is raised: of two instances hearing frames at once, one raises it.
    const since = await holdsAt(db, watchKey(f.vehicleId, rule.alarmCode), watch, f.at, rule.holdS);
    if (!since) return;
    const reaction = this.reactions[rule.alarmCode];
    const raised = await raiseAlarm(
      this.services,
      {
        tenantId: f.tenantId,
        cityCode: f.cityCode,
        alarmCode: rule.alarmCode,
        level,
        targetType: AlarmTarget.vehicle,
        targetId: f.vehicleId,
        ruleId: rule.id,
        vehicleId: f.vehicleId,
        lat: f.lat,
        lng: f.lng,
        at: f.at,
        detail: { since: since.toISOString(), soc: f.soc, speedKph: f.speedKph, alarmBits: f.alarmBits, batteryTempC: f.batteryTempC ?? null },
        ...(await targetOf(db, f, rule)),
      },
      this.log,
      reaction?.raising && ((tx, alarm) => reaction.raising!(tx, f, rule, alarm)),
    );
    if (raised.event !== 'repeated') await reaction?.raised?.(f, rule, raised);
  }

  private async normal(f: FrameFacts, rule: Rule, watch: Watch) {
    await normalAt(this.services.db, watchKey(f.vehicleId, rule.alarmCode), watch, f.at, rule.recoverS, async (tx, normalSince) => {
      const recovered = await recoverVehicleAlarm(tx, { tenantId: f.tenantId, vehicleId: f.vehicleId, alarmCode: rule.alarmCode }, f.at, {
        normalSince,
      });
      if (recovered.length) await this.reactions[rule.alarmCode]?.recovered?.(tx, recovered, f.at);
    });
  }
}
