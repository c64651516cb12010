import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CityRow, MenuNode } from '@kayuh/contract/api/system';
import { canSeeAllCities, initialCityCode, visibleCities } from '@kayuh/contract/rules/cities';
import { routeFlags, specialFlags } from '@kayuh/contract/rules/permissions';
import { get, postPage } from '../../lib/http';
import { useUserPerms } from '../../shared/permissions/useUserPerms';
import { useConfigStore } from '../../stores/configStore';
import { useUserStore } from '../../stores/userStore';
import { buttonPermsOf, findMenuNode } from './menuTree';

/** Menus fail silently and fall back to empty (spec §8). */
const silentMenu =
  (path: string, query?: Record<string, string>) =>
  ({ signal }: { signal: AbortSignal }) =>
    get<MenuNode[]>(path, query, { signal, silent: true }).then(
      (nodes) => nodes ?? [],
      () => [],
    );

/** The user's menu tree → menuList and the special flags HPermission (spec §6). */
export function useUserMenus(): { ready: boolean } {
  const tenantId = useConfigStore((s) => s.tenantId);
  const query = useQuery({ queryKey: ['menu', 'user', tenantId], queryFn: silentMenu('/system/menu/getMenuForUserId') });
  const { perms } = useUserPerms();
  useEffect(() => {
    if (query.data) useConfigStore.setState({ menuList: query.data });
  }, [query.data]);
  useEffect(() => {
    useConfigStore.setState({ HPermission: specialFlags(perms) });
  }, [perms]);
  return { ready: query.isFetched };
}

/** A module's pages for the user (GET /system/menu/getMenu?type=), fetched when the module is opened. */
export function useModuleMenu(moduleKey: string | undefined): MenuNode[] {
  const tenantId = useConfigStore((s) => s.tenantId);
  const query = useQuery({
    queryKey: ['menu', 'module', moduleKey, tenantId],
    queryFn: silentMenu('/system/menu/getMenu', { type: moduleKey ?? '' }),
    enabled: Boolean(moduleKey),
  });
  return query.data ?? EMPTY;
}
const EMPTY: MenuNode[] = [];

/** The side menu of the current module is spec state: curMenuList, owned by menuLeft. */
export function useSideMenuState(moduleKey: string | undefined, pages: MenuNode[]): void {
  useEffect(() => {
    useConfigStore.setState({ menuLeft: moduleKey ?? '', curMenuList: moduleKey ? pages : [] });
  }, [moduleKey, pages]);
}

/** Cities for the selector (spec §3/§6); the stored code is kept when still visible, else the first city. */
export function useCityList(): void {
  const tenantId = useConfigStore((s) => s.tenantId);
  const roles = useUserStore((s) => s.userInfo?.roles);
  const query = useQuery({
    queryKey: ['cities', tenantId],
    queryFn: ({ signal }) => postPage<CityRow>('/system/city/list', { status: 1 }, { signal }),
  });
  useEffect(() => {
    if (!query.data) return;
    const rows = query.data.rows ?? [];
    const saved = useConfigStore.getState().HCityCode;
    // 'All City' (the empty value) stays only for those who may see every city (spec §6).
    const stored = saved === '' && !canSeeAllCities(roles ?? []) ? null : saved;
    useConfigStore.setState({ cityList: rows, HCityCode: initialCityCode(visibleCities(rows, roles ?? []), stored) });
  }, [query.data, roles]);
}

/** Spec §6: on each route the actions of the matched menu item become the flags (view always true). */
export function useRouteFlags(pathname: string): void {
  const menuList = useConfigStore((s) => s.menuList);
  const { perms } = useUserPerms();
  useEffect(() => {
    const node = findMenuNode(menuList, pathname);
    useConfigStore.setState({ Permission: routeFlags(node?.perms ?? null, buttonPermsOf(node), perms) });
  }, [menuList, pathname, perms]);
}
