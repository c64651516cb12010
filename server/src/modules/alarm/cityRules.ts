import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alarmRules } from '../../db/schema.ts';

/** An enabled alarm rule as the rules read it (DOMAIN §6.3), thresholds as numbers. */
export interface Rule {
  id: number;
  alarmCode: string;
  level: number;
  threshold: number | null;
  threshold2: number | null;
  holdS: number;
  recoverS: number;
}

/** A city's rules are read again after this. */
const TTL_MS = 60_000;

/**
 * The alarm rules that hold in a city (/alarm_main/basicConfig): its own, and the tenant's defaults for the codes it
 * has none of; a rule switched off is none. Read once a minute per city, for the frames, the commands and the
 * cabinets' reports (each reads the codes it decides).
 */
export class CityRules {
  private readonly cache = new Map<string, { rules: Rule[]; until: number }>();

  constructor(private readonly db: Db) {}

  /** The city's rule for a code, if it has one that is on. */
  async find(tenantId: number, cityCode: number, alarmCode: string): Promise<Rule | undefined> {
    return (await this.of(tenantId, cityCode)).find((r) => r.alarmCode === alarmCode);
  }

  async of(tenantId: number, cityCode: number): Promise<Rule[]> {
    const key = `${tenantId}:${cityCode}`;
    const hit = this.cache.get(key);
    if (hit && hit.until > Date.now()) return hit.rules;
    const rows = await this.db
      .select()
      .from(alarmRules)
      .where(
        and(eq(alarmRules.tenantId, tenantId), isNull(alarmRules.deletedAt), or(isNull(alarmRules.cityCode), eq(alarmRules.cityCode, cityCode))),
      );
    const byCode = new Map<string, (typeof rows)[number]>();
    for (const row of rows) if (row.cityCode !== null || !byCode.has(row.alarmCode)) byCode.set(row.alarmCode, row);
    const rules = [...byCode.values()]
      .filter((r) => r.enabled)
      .map((r) => ({
        id: r.id,
        alarmCode: r.alarmCode,
        level: r.level,
        threshold: r.threshold === null ? null : Number(r.threshold),
        threshold2: r.threshold2 === null ? null : Number(r.threshold2),
        holdS: r.holdS,
        recoverS: r.recoverS,
      }));
    this.cache.set(key, { rules, until: Date.now() + TTL_MS });
    return rules;
  }
}
