import { DEFAULT_ALARM_RULES } from '@kayuh/contract/resources/alarmRule';
import type { Db } from '../client.ts';
import { alarmRules } from '../schema.ts';

/** DOMAIN §6.3's default rules as a tenant's own defaults (no city): the demo's and a new tenant's. */
export async function seedAlarmRules(db: Db, tenantId: number, createdBy: number | null = null) {
  await db.insert(alarmRules).values(
    DEFAULT_ALARM_RULES.map((r) => ({
      tenantId,
      alarmCode: r.alarmCode,
      targetType: r.targetType,
      level: r.level,
      threshold: r.threshold === undefined ? null : String(r.threshold),
      threshold2: r.threshold2 === undefined ? null : String(r.threshold2),
      holdS: r.holdS,
      recoverS: r.recoverS,
      autoTicketType: r.autoTicketType ?? null,
      createdBy,
      updatedBy: createdBy,
    })),
  );
}
