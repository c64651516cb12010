import { useMemo } from 'react';
import { collectPerms, isSuperAdmin } from '@kayuh/contract/rules/permissions';
import { useConfigStore } from '../../stores/configStore';
import { useUserStore } from '../../stores/userStore';

/** '*:*:*' is the contract's grant of everything. */
const ALL = ['*:*:*'];

/**
 * The user's grants: every perm string in their menu tree (spec §6); the super-administrator holds all.
 * `loaded` tells a guard apart "no permission" from "menus not fetched yet".
 */
export function useUserPerms(): { perms: readonly string[]; loaded: boolean } {
  const menuList = useConfigStore((s) => s.menuList);
  const superAdmin = useUserStore((s) => isSuperAdmin(s.userInfo));
  const perms = useMemo(() => (superAdmin ? ALL : collectPerms(menuList)), [menuList, superAdmin]);
  return { perms, loaded: superAdmin || menuList.length > 0 };
}
