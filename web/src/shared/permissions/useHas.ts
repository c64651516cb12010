import { hasEffect, hasPerm } from '@kayuh/contract/rules/permissions';
import { useT } from '../../lib/i18n';
import { useConfigStore } from '../../stores/configStore';
import { useUserStore } from '../../stores/userStore';
import { useUserPerms } from './useUserPerms';

export interface HasOptions {
  /** The row's tenant: another tenant's row is restricted unless the user is super-administrator. */
  tenantId?: number | null;
  /** The entry's title: 'View' buttons stay enabled (spec §6). */
  title?: string;
  /** Operating entries stay enabled (spec §6). */
  operating?: boolean;
}

export interface HasResult {
  /** The user holds the permission; without it the control is not offered (RuoYi). */
  allowed: boolean;
  /** The tenant restriction applies: shown, but disabled and styled disabled (spec §6). */
  disabled: boolean;
  reason?: string;
}

/** Titles that count as 'View' in any language. */
export function useViewTitles(): string[] {
  const t = useT();
  return ['View', 'action.view', t('action.view')];
}

/** Access control for one control, modelled on Refine's `{disabled, reason}` (STYLE.md). */
export function useHas(perm?: string | null, opts: HasOptions = {}): HasResult {
  const t = useT();
  const user = useUserStore((s) => s.userInfo);
  const currentTenantId = useConfigStore((s) => s.tenantId);
  const { perms } = useUserPerms();
  const viewTitles = useViewTitles();
  const allowed = !perm || hasPerm(perms, perm);
  const effect = hasEffect(
    { title: opts.title, operating: opts.operating, data: { tenantId: opts.tenantId } },
    { user, currentTenantId, viewTitles },
  );
  return { allowed, disabled: effect.disabled, reason: effect.reason ? t(`shell.has.${effect.reason}`) : undefined };
}
