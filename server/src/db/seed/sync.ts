import { PLATFORM_TENANT_ID } from '@kayuh/contract/constants';
import { adminCatalogue } from '@kayuh/contract/i18n/index';
import { menuRows } from '@kayuh/contract/menus/index';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { i18nEntries, menus, tenantPackages } from '../schema.ts';
import { STANDARD_PACKAGE_ID } from './base.ts';

const LANG_FIELD = { ID: 'id', EN: 'en', ZH: 'zh' } as const;

/**
 * On every start of an existing database: adds the console texts and menu rows that a newer version
 * ships. It only inserts what is missing, so texts edited in i18n/admin and menus edited in /configure stay.
 */
export async function syncShippedRows(db: Db): Promise<{ texts: number; menus: number }> {
  const existing = new Set((await db.select({ key: i18nEntries.i18nKey, lang: i18nEntries.lang }).from(i18nEntries)
    .where(and(eq(i18nEntries.tenantId, PLATFORM_TENANT_ID), eq(i18nEntries.client, 'admin'))))
    .map((r) => `${r.lang}:${r.key}`));
  const texts = Object.entries(adminCatalogue).flatMap(([key, text]) => (Object.keys(LANG_FIELD) as Array<keyof typeof LANG_FIELD>)
    .filter((lang) => !existing.has(`${lang}:${key}`))
    .map((lang) => ({ tenantId: PLATFORM_TENANT_ID, client: 'admin', module: key.split('.')[0] ?? 'common', i18nKey: key, lang, text: text[LANG_FIELD[lang]] })));
  if (texts.length) await db.insert(i18nEntries).values(texts);

  const menuIds = new Set((await db.select({ id: menus.id }).from(menus)).map((m) => m.id));
  const newMenus = menuRows().filter((m) => !menuIds.has(m.menuId));
  if (newMenus.length) {
    await db.insert(menus).values(newMenus.map((m) => ({
      id: m.menuId, parentId: m.parentId, menuName: m.menuName, path: m.path, perms: m.perms, icon: m.icon, menuType: m.menuType,
      moduleKey: m.moduleKey, orderNum: m.orderNum, isCache: m.isCache, visible: m.visible, platformOnly: m.platformOnly,
      noLogin: m.noLogin, everyRole: m.everyRole,
    })));
    const packaged = newMenus.filter((m) => !m.platformOnly).map((m) => m.menuId);
    if (packaged.length) {
      await db.update(tenantPackages)
        .set({ menuIds: sql`array_cat(${tenantPackages.menuIds}, ${sql.raw(`ARRAY[${packaged.join(',')}]::bigint[]`)})` })
        .where(eq(tenantPackages.id, STANDARD_PACKAGE_ID));
    }
  }
  return { texts: texts.length, menus: newMenus.length };
}
