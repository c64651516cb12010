import { alarmModule } from './alarm.ts';
import { carBusinessModule } from './carBusiness.ts';
import { configureModule } from './configure.ts';
import { helpModule } from './help.ts';
import { logModule } from './log.ts';
import { mallModule } from './mall.ts';
import { marketingModule } from './marketing.ts';
import { merchantModule } from './merchant.ts';
import { MENU_IDS } from './menuIds.ts';
import { messageModule } from './message.ts';
import { operationsModule } from './operations.ts';
import { paymentModule } from './payment.ts';
import { reportModule } from './report.ts';
import type { ModuleDef, ModuleKey, PageDef } from './types.ts';
import { userModule } from './user.ts';
import { vehicleModule } from './vehicle.ts';

export * from './types.ts';

/** Every module in spec §1 order; ordinals 1..14. */
export const MODULES: readonly ModuleDef[] = [
  configureModule,
  operationsModule,
  userModule,
  merchantModule,
  vehicleModule,
  marketingModule,
  carBusinessModule,
  paymentModule,
  logModule,
  reportModule,
  alarmModule,
  messageModule,
  mallModule,
  helpModule,
];

/**
 * A menu row's id (menus.id), by its module key or permission string, from the committed list in menuIds.ts: ids
 * never move when the catalogue grows. A page or button without one fails here; `npm run menus:ids` gives it one.
 */
export function menuIdOf(key: string): number {
  const id = MENU_IDS[key];
  if (id === undefined) throw new Error(`menu '${key}' has no id yet: run npm run menus:ids`);
  return id;
}

/** The permission string `module:page:action` (DOMAIN §5.4). */
export function permOf(module: ModuleKey, page: string, action: string): string {
  return `${module}:${page}:${action}`;
}

/** One row of the `menus` table (DOMAIN §5.4), as seeded. */
export interface MenuRow {
  menuId: number;
  parentId: number;
  /** i18n key: menu.<module>, menu.<module>.<page> or action.<action>. */
  menuName: string;
  path: string;
  perms: string | null;
  icon: string | null;
  menuType: 'M' | 'C' | 'F';
  moduleKey: ModuleKey;
  orderNum: number;
  /** '0' keep state, '1' no. */
  isCache: '0' | '1';
  /** '0' shown, '1' hidden. */
  visible: '0' | '1';
  platformOnly: boolean;
  noLogin: boolean;
  everyRole: boolean;
}

/** Flattens MODULES into M (module) → C (page) → F (button) rows, parents before children. */
export function menuRows(): MenuRow[] {
  const rows: MenuRow[] = [];
  for (const module of MODULES) {
    const moduleId = menuIdOf(module.key);
    rows.push({
      menuId: moduleId,
      parentId: 0,
      menuName: module.title,
      path: module.basePath,
      perms: null,
      icon: module.icon,
      menuType: 'M',
      moduleKey: module.key,
      orderNum: module.ordinal,
      isCache: '0',
      visible: '0',
      platformOnly: false,
      noLogin: false,
      everyRole: false,
    });
    module.pages.forEach((page, pageIndex) => {
      const pageId = menuIdOf(permOf(module.key, page.page, 'view'));
      const flags = {
        platformOnly: page.platformOnly ?? false,
        noLogin: page.noLogin ?? false,
        everyRole: page.everyRole ?? false,
      };
      rows.push({
        menuId: pageId,
        parentId: moduleId,
        menuName: page.title,
        path: page.path,
        perms: permOf(module.key, page.page, 'view'),
        icon: null,
        menuType: 'C',
        moduleKey: module.key,
        orderNum: pageIndex + 1,
        isCache: page.keepState ? '0' : '1',
        visible: '0',
        ...flags,
      });
      page.actions.forEach((action, actionIndex) => {
        rows.push({
          menuId: menuIdOf(permOf(module.key, page.page, action)),
          parentId: pageId,
          menuName: `action.${action}`,
          path: '',
          perms: permOf(module.key, page.page, action),
          icon: null,
          menuType: 'F',
          moduleKey: module.key,
          orderNum: actionIndex + 1,
          isCache: '0',
          visible: '0',
          ...flags,
        });
      });
    });
  }
  return rows;
}

function normalisePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
}

let byPath: Map<string, { module: ModuleDef; page: PageDef }> | undefined;

/** The page a route belongs to (query, hash and trailing slash ignored); undefined for non-menu routes. */
export function findPageByPath(path: string): { module: ModuleDef; page: PageDef } | undefined {
  if (!byPath) {
    byPath = new Map();
    for (const module of MODULES) for (const page of module.pages) byPath.set(page.path, { module, page });
  }
  return byPath.get(normalisePath(path));
}
