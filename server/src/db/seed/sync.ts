import { PLATFORM_TENANT_ID } from '@kayuh/contract/constants';
import { menuRows } from '@kayuh/contract/menus/index';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { alarmRules, dictData, dictTypes, i18nEntries, menus, tenantPackages, tenants, timedTasks } from '../schema.ts';
import { ALARM_TASKS, seedAlarmRules, seedAlarmTasks } from './alarmRules.ts';
import { seedCurrencies } from './money.ts';
import { INDONESIA_ID, STANDARD_PACKAGE_ID, catalogueValues, dictDataValues, dictTypeValues, menuValues, platformTaskValues } from './base.ts';

/**
 * On every start of an existing database: adds the console texts, menu rows, dictionaries and platform timed tasks
 * that a newer version ships. It only inserts what is missing, so texts edited in i18n/admin and menus edited in /configure stay.
 */
export async function syncShippedRows(db: Db): Promise<{ texts: number; menus: number; dicts: number }> {
  const existing = new Set(
    (
      await db
        .select({ key: i18nEntries.i18nKey, lang: i18nEntries.lang })
        .from(i18nEntries)
        .where(and(eq(i18nEntries.tenantId, PLATFORM_TENANT_ID), eq(i18nEntries.client, 'admin')))
    ).map((r) => `${r.lang}:${r.key}`),
  );
  const texts = catalogueValues((lang, key) => !existing.has(`${lang}:${key}`));
  if (texts.length) await db.insert(i18nEntries).values(texts);

  const menuIds = new Set((await db.select({ id: menus.id }).from(menus)).map((m) => m.id));
  const newMenus = menuRows().filter((m) => !menuIds.has(m.menuId));
  if (newMenus.length) {
    await db.insert(menus).values(menuValues(newMenus));
    const packaged = newMenus.filter((m) => !m.platformOnly).map((m) => m.menuId);
    if (packaged.length) {
      await db
        .update(tenantPackages)
        .set({ menuIds: sql`array_cat(${tenantPackages.menuIds}, ${sql.raw(`ARRAY[${packaged.join(',')}]::bigint[]`)})` })
        .where(eq(tenantPackages.id, STANDARD_PACKAGE_ID));
    }
  }
  const types = new Set((await db.select({ t: dictTypes.dictType }).from(dictTypes)).map((r) => r.t));
  const newTypes = dictTypeValues((type) => !types.has(type));
  if (newTypes.length) await db.insert(dictTypes).values(newTypes);
  const values = new Set(
    (await db.select({ t: dictData.dictType, v: dictData.dictValue }).from(dictData).where(eq(dictData.tenantId, PLATFORM_TENANT_ID))).map(
      (r) => `${r.t}:${r.v}`,
    ),
  );
  const newValues = dictDataValues((type, value) => !values.has(`${type}:${value}`));
  if (newValues.length) await db.insert(dictData).values(newValues);

  const targets = new Set(
    (await db.select({ t: timedTasks.invokeTarget }).from(timedTasks).where(eq(timedTasks.tenantId, PLATFORM_TENANT_ID))).map((r) => r.t),
  );
  const newTasks = platformTaskValues((target) => !targets.has(target));
  if (newTasks.length) await db.insert(timedTasks).values(newTasks);
  // A database made before money existed gets the currencies (Rule Management).
  await seedCurrencies(db, INDONESIA_ID);

  // A tenant made before alarm rules existed gets DOMAIN §6.3's defaults (rules it removed since still count as its own).
  const withRules = new Set((await db.selectDistinct({ id: alarmRules.tenantId }).from(alarmRules)).map((r) => r.id));
  // … and the ALARM tasks (as with rules, one it removed since stays removed).
  const tasksOf = new Map<number, Set<string>>();
  const alarmTargets = ALARM_TASKS.map((task) => task.invokeTarget as string);
  for (const row of await db
    .select({ tenantId: timedTasks.tenantId, target: timedTasks.invokeTarget })
    .from(timedTasks)
    .where(inArray(timedTasks.invokeTarget, alarmTargets)))
    tasksOf.set(row.tenantId, (tasksOf.get(row.tenantId) ?? new Set()).add(row.target));
  for (const tenant of await db.select({ id: tenants.id }).from(tenants).where(ne(tenants.id, PLATFORM_TENANT_ID))) {
    if (!withRules.has(tenant.id)) await seedAlarmRules(db, tenant.id);
    await seedAlarmTasks(db, tenant.id, null, (target) => !tasksOf.get(tenant.id)?.has(target));
  }

  return { texts: texts.length, menus: newMenus.length, dicts: newTypes.length + newValues.length };
}
