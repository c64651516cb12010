import { parseLang } from '@kayuh/contract/lang';
import { DEFAULT_ALARM_RULES } from '@kayuh/contract/resources/alarmRule';
import type { JobTarget } from '@kayuh/contract/jobTargets';
import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { alarmRules, tenants, timedTasks } from '../schema.ts';
import { starterName, type StarterName } from './starterNames.ts';

/**
 * The tenant's own ALARM tasks (/alarm_main/timed_task): the absence rules no frame can fire, each minute past :00's
 * offline marking, and the reminders of alarms nobody has taken on.
 */
export const ALARM_TASKS = [
  { invokeTarget: 'alarmTask.scanOffline', name: 'offlineAlarmJob', cron: '30 * * * * ?' },
  { invokeTarget: 'alarmTask.repeatNotices', name: 'alarmReminderJob', cron: '45 * * * * ?' },
] as const satisfies ReadonlyArray<{ invokeTarget: JobTarget; name: StarterName; cron: string }>;

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

/** The tenant's ALARM tasks it does not have yet (`wanted`), named in its language: the demo's, a new tenant's, one made before them. */
export async function seedAlarmTasks(db: Db, tenantId: number, createdBy: number | null = null, wanted: (target: JobTarget) => boolean = () => true) {
  const tasks = ALARM_TASKS.filter((task) => wanted(task.invokeTarget));
  if (!tasks.length) return;
  const [tenant] = await db.select({ lang: tenants.defaultLang }).from(tenants).where(eq(tenants.id, tenantId));
  await db.insert(timedTasks).values(
    tasks.map((task) => ({
      tenantId,
      jobName: starterName(parseLang(tenant?.lang), task.name),
      jobGroup: 'ALARM',
      invokeTarget: task.invokeTarget,
      cronExpression: task.cron,
      createdBy,
      updatedBy: createdBy,
    })),
  );
}

/** What a tenant's alarm centre starts with: DOMAIN §6.3's rules and its ALARM tasks. */
export async function seedAlarmCentre(db: Db, tenantId: number, createdBy: number | null = null) {
  await seedAlarmRules(db, tenantId, createdBy);
  await seedAlarmTasks(db, tenantId, createdBy);
}
