import { SUPER_ADMIN_ROLE_ID } from '../constants.ts';

/** Roles, tenant restriction and menu permission strings (spec §6). */

export type UserInfoLike = { roleIdAndpostIds?: ReadonlyArray<{ roleId: number }> | null };
export type UserPerms = ReadonlySet<string> | readonly string[];

export function isSuperAdmin(user: UserInfoLike | null | undefined): boolean {
  // Number(): some payloads carry ids as strings.
  return (user?.roleIdAndpostIds ?? []).some((entry) => Number(entry?.roleId) === SUPER_ADMIN_ROLE_ID);
}

/** Only rows of another tenant are restricted, and a super-administrator works across tenants. */
export function isTenantRestricted(
  user: UserInfoLike | null | undefined,
  currentTenantId: number | null | undefined,
  targetTenantId: number | null | undefined,
): boolean {
  if (targetTenantId === null || targetTenantId === undefined) return false;
  // Ids may arrive as strings from form data or query params; compare them as numbers.
  return Number(targetTenantId) !== Number(currentTenantId) && !isSuperAdmin(user);
}

/**
 * The 'has' directive: a restricted element is disabled, not removed, so staff see the action exists.
 * Viewing and operating buttons stay usable since they change nothing of the other tenant.
 */
export function hasEffect(
  entry: { title?: string; operating?: boolean; data?: { tenantId?: number | null } | null },
  ctx: { user: UserInfoLike | null; currentTenantId: number | null | undefined; viewTitles?: readonly string[] },
): { disabled: boolean; reason?: 'tenantRestricted' } {
  if (entry.operating) return { disabled: false };
  if (entry.title === 'View' || (entry.title !== undefined && ctx.viewTitles?.includes(entry.title))) {
    return { disabled: false };
  }
  if (isTenantRestricted(ctx.user, ctx.currentTenantId, entry.data?.tenantId)) {
    return { disabled: true, reason: 'tenantRestricted' };
  }
  return { disabled: false };
}

const ALL_PERMS = '*:*:*';

/** '*' stands for exactly one segment; '*:*:*' is the administrator's grant of everything. */
export function matchPerm(pattern: string, perm: string): boolean {
  if (!pattern || !perm) return false;
  if (pattern === ALL_PERMS || pattern === perm) return true;
  const want = pattern.split(':');
  const have = perm.split(':');
  return want.length === have.length && want.every((seg, i) => seg === '*' || seg === have[i]);
}

export function hasPerm(userPerms: UserPerms, perm: string): boolean {
  if (!perm) return false;
  if (userPerms instanceof Set && userPerms.has(perm)) return true;
  // Only wildcard grants need matching segment by segment; an exact grant was found above (or by equality here).
  for (const pattern of userPerms) if ((pattern === perm || pattern.includes('*')) && matchPerm(pattern, perm)) return true;
  return false;
}

export const SPECIAL_PERMS = {
  export: 'carBusiness:vehicleList:export',
  home: 'carBusiness:index:home',
  accountListPage: 'payment:accountListPage:view',
} as const;

export type HPermission = { home: boolean; export: boolean; accountListPage: boolean };
export const EMPTY_HPERMISSION: HPermission = Object.freeze({ home: false, export: false, accountListPage: false });

export function specialFlags(userPerms: UserPerms): HPermission {
  return {
    home: hasPerm(userPerms, SPECIAL_PERMS.home),
    export: hasPerm(userPerms, SPECIAL_PERMS.export),
    accountListPage: hasPerm(userPerms, SPECIAL_PERMS.accountListPage),
  };
}

/**
 * Flags of the matched menu item: the action (last segment) of each of its perms the user holds.
 * view is always true because reaching the route already required it.
 */
export function routeFlags(pagePerm: string | null | undefined, buttonPerms: readonly string[], userPerms: UserPerms): Record<string, boolean> {
  const flags: Record<string, boolean> = { view: true };
  for (const perm of pagePerm ? [pagePerm, ...buttonPerms] : buttonPerms) {
    const action = perm ? perm.slice(perm.lastIndexOf(':') + 1) : '';
    if (action && action !== '*' && hasPerm(userPerms, perm)) flags[action] = true;
  }
  return flags;
}

/** Menu trees come from several sources (server rows, web routes), so only perms/children are read. */
type PermNode = { perms: string | null; children?: ReadonlyArray<PermNode> | null };

/** Depth-first, each perm once: the result is used as a set of grants. */
export function collectPerms(tree: ReadonlyArray<PermNode>): string[] {
  const out = new Set<string>();
  const walk = (nodes: ReadonlyArray<PermNode>): void => {
    for (const node of nodes) {
      if (node.perms && node.perms.trim()) out.add(node.perms);
      if (node.children?.length) walk(node.children);
    }
  };
  walk(tree);
  return [...out];
}
