import type { MenuNode } from '@kayuh/contract/api/system';
import { findPageByPath } from '@kayuh/contract/menus/index';
import type { ModuleDef, PageDef } from '@kayuh/contract/menus/types';
import { hasPerm } from '@kayuh/contract/rules/permissions';
import { visiblePages } from '../../app/shell/menuTree';

/** The user's own pages belong to every role; any other page needs its view permission (spec §6). */
export function canOpenPage(module: ModuleDef, page: PageDef, perms: readonly string[]): boolean {
  return Boolean(page.everyRole) || hasPerm(perms, `${module.key}:${page.page}:view`);
}

/** The same for a console route; a route that is no page of the catalogue opens nothing. */
export function canOpenPath(path: string, perms: readonly string[]): boolean {
  const found = findPageByPath(path);
  return Boolean(found) && canOpenPage(found!.module, found!.page, perms);
}

/**
 * Where a module opens for this user: its index when they may open it, else the first page of its side menu they
 * may open; null when there is none (the module is then not offered at all, so no link leads to "No access").
 */
export function moduleEntry(module: ModuleDef, menuList: readonly MenuNode[], perms: readonly string[]): string | null {
  if (canOpenPath(module.basePath, perms)) return module.basePath;
  const node = menuList.find((root) => root.menuType === 'M' && root.moduleKey === module.key);
  const first = visiblePages(node?.children ?? []).find((page) => canOpenPath(page.url, perms));
  return first?.url ?? null;
}
