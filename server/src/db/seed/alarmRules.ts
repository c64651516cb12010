import { parseLang } from '@kayuh/contract/lang';
import { DEFAULT_ALARM_RULES } from '@kayuh/contract/resources/alarmRule';
import type { JobTarget } from '@kayuh/contract/jobTargets';
import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { alarmRules, tenants, timedTasks } from '../schema.ts';
import { starterName } from './starterNames.ts';

/** The tenant's own ALARM task (/alarm_main/timed_task): absence rules no frame can fire, each minute past :00's offline marking. */
export const ALARM_TASK = { invokeTarget: 'alarmTask.scanOffline' satisfies JobTarget, name: 'offlineAlarmJob', cron: '30 * * * * ?' } as const;

/** DOMAIN §6.3's default rules as a tenant's own defaults (no city): the rows a new tenant and the bench dataset get. */
export const alarmRuleValues = (tenantId: number, createdBy: number | null = null) =>
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
  }));

/** The default rules for a tenant: the demo's and a new tenant's. */
export async function seedAlarmRules(db: Db, tenantId: number, createdBy: number | null = null) {
  await db.insert(alarmRules).values(alarmRuleValues(tenantId, createdBy));
}

/** The tenant's ALARM task, named in its language: the demo's, a new tenant's, and one made before it existed. */
export async function seedAlarmTask(db: Db, tenantId: number, createdBy: number | null = null) {
  const [tenant] = await db.select({ lang: tenants.defaultLang }).from(tenants).where(eq(tenants.id, tenantId));
  await db.insert(timedTasks).values({
    tenantId,
    jobName: starterName(parseLang(tenant?.lang), ALARM_TASK.name),
    jobGroup: 'ALARM',
    invokeTarget: ALARM_TASK.invokeTarget,
    cronExpression: ALARM_TASK.cron,
    createdBy,
    updatedBy: createdBy,
  });
}

/** What a tenant's alarm centre starts with: DOMAIN §6.3's rules and the task that runs the absence rules. */
export async function seedAlarmCentre(db: Db, tenantId: number, createdBy: number | null = null) {
  await seedAlarmRules(db, tenantId, createdBy);
  await seedAlarmTask(db, tenantId, createdBy);
}
