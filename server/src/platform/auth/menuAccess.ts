import type { MenuNode } from '@kayuh/contract/api/system';
import { PLATFORM_TENANT_ID } from '@kayuh/contract/constants';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { menus, roleMenus, roles, tenantPackages, tenants, userRoles } from '../../db/schema.ts';

type MenuRow = typeof menus.$inferSelect;

/**
 * What a user may open: the menus of their enabled roles, plus the pages every role has, limited to
 * their tenant's package. The menu table is small and global, so it is cached whole.
 */
export class MenuAccess {
  private all: Promise<MenuRow[]> | undefined;

  constructor(private readonly db: Db) {}

  /** The menu table changed (ChangeFeed 'menus', on every instance). */
  invalidate() {
    this.all = undefined;
  }

  rows(): Promise<MenuRow[]> {
    // `.then` makes it a real promise: a drizzle query is a lazy thenable that would run again on every await.
    this.all ??= this.db
      .select()
      .from(menus)
      .where(and(isNull(menus.deletedAt), eq(menus.status, '0')))
      .orderBy(asc(menus.orderNum), asc(menus.id))
      .then((rows) => rows);
    this.all.catch(() => {
      this.all = undefined;
    });
    return this.all;
  }

  /** The menu rows a user may see (ancestors included), in menu order. */
  async allowedRows(user: { id: number; tenantId: number }, isSuperAdmin: boolean): Promise<MenuRow[]> {
    const all = await this.rows();
    if (isSuperAdmin) return all;
    const granted = new Set<number>(all.filter((m) => m.everyRole).map((m) => m.id));
    const roleRows = await this.db
      .select({ menuId: roleMenus.menuId })
      .from(roleMenus)
      .innerJoin(userRoles, eq(userRoles.roleId, roleMenus.roleId))
      .innerJoin(roles, and(eq(roles.id, roleMenus.roleId), eq(roles.status, '0'), isNull(roles.deletedAt)))
      .where(eq(userRoles.userId, user.id));
    for (const r of roleRows) granted.add(r.menuId);

    const packageIds = await this.packageMenuIds(user.tenantId);
    const byId = new Map(all.map((m) => [m.id, m]));
    const allowed = new Set<number>();
    for (const menuId of granted) {
      const menu = byId.get(menuId);
      if (!menu || !(menu.everyRole || !packageIds || packageIds.has(menuId))) continue;
      if (menu.platformOnly && user.tenantId !== PLATFORM_TENANT_ID) continue;
      // A granted page brings its module; a granted button brings its page and module.
      for (let m: MenuRow | undefined = menu; m; m = byId.get(m.parentId)) allowed.add(m.id);
    }
    return all.filter((m) => allowed.has(m.id));
  }

  async perms(user: { id: number; tenantId: number }, isSuperAdmin: boolean): Promise<string[]> {
    if (isSuperAdmin) return ['*:*:*'];
    const rows = await this.allowedRows(user, isSuperAdmin);
    return rows.map((m) => m.perms).filter((p): p is string => !!p);
  }

  /** Every menu a role of this tenant may be granted: its package, without the platform's own pages. */
  async grantableRows(tenantId: number): Promise<MenuRow[]> {
    const all = await this.rows();
    const packageIds = await this.packageMenuIds(tenantId);
    if (!packageIds) return all;
    return all.filter((m) => packageIds.has(m.id) && !m.platformOnly);
  }

  /** null = no package limit (the platform tenant). */
  private async packageMenuIds(tenantId: number): Promise<Set<number> | null> {
    if (tenantId === PLATFORM_TENANT_ID) return null;
    const [row] = await this.db
      .select({ menuIds: tenantPackages.menuIds })
      .from(tenants)
      .innerJoin(tenantPackages, eq(tenantPackages.id, tenants.packageId))
      .where(and(eq(tenants.id, tenantId), eq(tenantPackages.status, '0')));
    return new Set(row?.menuIds ?? []);
  }
}

export function toMenuTree(rows: MenuRow[], rootParentId = 0): MenuNode[] {
  const nodes = new Map<number, MenuNode>();
  for (const m of rows) {
    nodes.set(m.id, {
      menuId: m.id,
      parentId: m.parentId,
      menuName: m.menuName,
      url: m.path,
      perms: m.perms,
      icon: m.icon,
      menuType: m.menuType as MenuNode['menuType'],
      moduleKey: m.moduleKey,
      isCache: m.isCache as '0' | '1',
      visible: m.visible as '0' | '1',
      orderNum: m.orderNum,
      children: [],
    });
  }
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else if (node.parentId === rootParentId) roots.push(node);
  }
  return roots;
}
