import { AlarmTarget } from '@kayuh/contract/resources/alarmRule';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../../platform/services.ts';
import { holdsAt, normalAt, startWatches, watchesOf, type Watch, type WatchKey } from './alarmWatches.ts';
import { CityRules, type Rule } from './cityRules.ts';
import { raiseAlarm, recoverAlarm, type AlarmSignal } from './raiseAlarm.ts';

/** DOMAIN §6.3's default of CABINET_NO_FULL: fewer full packs than this. */
const DEFAULT_FULL_BAYS = 2;

/** What a swap cabinet's report says, as the rules read it (written to its bays and packs just before). */
export interface CabinetFacts {
  tenantId: number;
  cityCode: number;
  stationId: number;
  stationCode: string;
  lat: number;
  lng: number;
  /** Operating (stations.status): a cabinet out of operation is short of nothing. */
  operating: boolean;
  at: Date;
  /** Its bays reported full. */
  fullBays: number;
  /** The packs it named that the tenant knows, with what it read of them (null: not read). */
  packs: Array<{ batteryId: number; batterySn: string; slotNo: number; soh: number | null; tempC: number | null }>;
}

/** One rule's condition on one target, as a report shows it. */
interface Reading {
  key: WatchKey;
  rule: Rule;
  holds: boolean;
  /** The alarm, when it is raised. */
  signal: Omit<AlarmSignal, 'alarmCode' | 'level' | 'ruleId' | 'at'>;
  detail: Record<string, unknown>;
}

/**
 * The alarm rules a swap cabinet's reports decide (DOMAIN §6.3, docs/iot.md): CABINET_NO_FULL on the cabinet (fewer
 * full bays than the threshold), BATTERY_SOH (health below the threshold) and BATTERY_TEMP (temperature above it) on
 * each pack it names. As the frame rules: the city's rules (else the tenant's; none when off), a condition held for the
 * rule's hold time (by the reports' own times) raises its alarm once, and over for its recover time recovers it;
 * where each stands is kept in alarm_watches, keyed by the alarm's target (the cabinet, the battery).
 */
export class CabinetRules {
  constructor(
    private readonly services: Pick<Services, 'db' | 'live' | 'catalogues' | 'menuAccess'>,
    private readonly log: FastifyBaseLogger,
    readonly cityRules = new CityRules(services.db),
  ) {}

  async evaluate(f: CabinetFacts): Promise<void> {
    const { db } = this.services;
    const rules = await this.cityRules.of(f.tenantId, f.cityCode);
    const ruleOf = (code: string) => rules.find((r) => r.alarmCode === code);
    const place = { tenantId: f.tenantId, cityCode: f.cityCode, stationId: f.stationId, lat: f.lat, lng: f.lng };
    const seen: Reading[] = [];
    const noFull = ruleOf('CABINET_NO_FULL');
    if (noFull)
      seen.push({
        key: { targetType: AlarmTarget.cabinet, targetId: f.stationId, alarmCode: noFull.alarmCode },
        rule: noFull,
        holds: f.operating && f.fullBays < (noFull.threshold ?? DEFAULT_FULL_BAYS),
        signal: { ...place, targetType: AlarmTarget.cabinet, targetId: f.stationId, targetName: f.stationCode },
        detail: { fullBays: f.fullBays },
      });
    const packRules = [
      { rule: ruleOf('BATTERY_SOH'), read: 'soh' as const, holds: (v: number, limit: number) => v < limit },
      { rule: ruleOf('BATTERY_TEMP'), read: 'tempC' as const, holds: (v: number, limit: number) => v > limit },
    ];
    for (const pack of f.packs)
      for (const { rule, read, holds } of packRules) {
        const value = pack[read];
        if (!rule || rule.threshold === null || value === null) continue;
        seen.push({
          key: { targetType: AlarmTarget.battery, targetId: pack.batteryId, alarmCode: rule.alarmCode },
          rule,
          holds: holds(value, rule.threshold),
          signal: { ...place, targetType: AlarmTarget.battery, targetId: pack.batteryId, targetName: pack.batterySn, batteryId: pack.batteryId },
          detail: { [read]: value, slotNo: pack.slotNo },
        });
      }
    if (!seen.length) return;
    const watches = new Map<string, Watch>();
    for (const type of [AlarmTarget.cabinet, AlarmTarget.battery]) {
      const ids = seen.filter((x) => x.key.targetType === type).map((x) => x.key.targetId);
      for (const [key, watch] of await watchesOf(db, type, ids)) watches.set(`${type}:${key}`, watch);
    }
    const watchOf = (k: WatchKey) => watches.get(`${k.targetType}:${k.targetId}:${k.alarmCode}`);
    await startWatches(
      db,
      seen.filter((x) => x.holds && !watchOf(x.key)).map((x) => ({ tenantId: f.tenantId, ...x.key, since: f.at })),
    );
    for (const x of seen) {
      try {
        const watch = watchOf(x.key);
        if (x.holds) await this.holds(f, x, watch);
        else if (watch) await this.normal(f, x, watch);
      } catch (err) {
        this.log.error({ err, stationId: f.stationId, target: x.key }, 'alarm rule not evaluated');
      }
    }
  }

  /** The condition holds (its watch started, if it had none): past its hold time, the alarm is raised, once. */
  private async holds(f: CabinetFacts, x: Reading, watch: Watch | undefined) {
    const since = await holdsAt(this.services.db, x.key, watch, f.at, x.rule.holdS);
    if (!since) return;
    await raiseAlarm(
      this.services,
      {
        ...x.signal,
        alarmCode: x.rule.alarmCode,
        level: x.rule.level,
        ruleId: x.rule.id,
        at: f.at,
        detail: { since: since.toISOString(), ...x.detail },
      },
      this.log,
    );
  }

  private async normal(f: CabinetFacts, x: Reading, watch: Watch) {
    await normalAt(this.services.db, x.key, watch, f.at, x.rule.recoverS, async (tx, normalSince) => {
      await recoverAlarm(tx, { tenantId: f.tenantId, ...x.key }, f.at, { normalSince, ...x.detail });
    });
  }
}
