import type { CityRow, MenuNode } from '@kayuh/contract/api/system';
import { menuRows } from '@kayuh/contract/menus/index';
import { vi } from 'vitest';
import { bindNavigator } from '../lib/navigation';
import { queryClient } from '../lib/queryClient';
import { initialConfigState, useConfigStore } from '../stores/configStore';
import { useUserStore, type UserInfo } from '../stores/userStore';
import { useTourPrefs } from '../shared/tour/tourPrefs';

export const operator: UserInfo = {
  token: 'token-abc',
  userId: 42,
  userName: 'kitabike.ops.jakarta',
  nickName: 'Ops Jakarta',
  tenantId: 2,
  lang: 'ID',
  mustChangePwd: false,
  roleIdAndpostIds: [{ roleId: 5, postId: null }],
  roles: [{ roleId: 5, roleKey: 'ops', roleName: 'Operations', deptIds: [3101, 3102] }],
};

export const superAdmin: UserInfo = {
  ...operator,
  userId: 1,
  userName: 'superadmin',
  nickName: 'Super Admin',
  tenantId: 1,
  roleIdAndpostIds: [{ roleId: 1, postId: null }],
  roles: [{ roleId: 1, roleKey: 'admin', roleName: 'Admin', deptIds: [1] }],
};

export function signIn(user: UserInfo = operator): void {
  useUserStore.setState({ userInfo: user });
  useConfigStore.setState({ tenantId: user.tenantId });
}

export const city = (cityCode: number, cityInName: string, cityName = cityInName): CityRow => ({
  cityCode,
  timeZone: 7,
  status: 1,
  cityName,
  cityInName,
  countryName: 'Indonesia',
});

/** The whole catalogue as a menu tree (M → C → F), as getMenuForUserId answers a user holding every page. */
export function fullMenuTree(): MenuNode[] {
  const rows = menuRows();
  const nodes = new Map<number, MenuNode>();
  for (const row of rows) {
    nodes.set(row.menuId, {
      menuId: row.menuId,
      parentId: row.parentId,
      menuName: row.menuName,
      url: row.path,
      perms: row.perms,
      icon: row.icon,
      menuType: row.menuType,
      moduleKey: row.moduleKey,
      isCache: row.isCache,
      visible: row.visible,
      orderNum: row.orderNum,
      children: [],
    });
  }
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The C pages (with F children) of one module, as getMenu?type= answers. */
export const moduleMenu = (tree: MenuNode[], moduleKey: string): MenuNode[] => tree.find((node) => node.moduleKey === moduleKey)?.children ?? [];

/** Leaves no user, route, query cache or stubbed global behind for the next test. */
export function resetApp(): void {
  queryClient.clear();
  bindNavigator(null);
  vi.unstubAllGlobals();
  useConfigStore.setState(initialConfigState);
  useUserStore.setState({ userInfo: null });
  useTourPrefs.setState({ choices: {} });
}
