import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PLATFORM_TENANT_ID } from '@kayuh/contract/constants';
import { hasPerm, isSuperAdmin } from '@kayuh/contract/rules/permissions';
import { canOpenPath } from '../permissions/canOpen';
import { useUserPerms } from '../permissions/useUserPerms';
import { useConfigStore } from '../../stores/configStore';
import { useUserStore } from '../../stores/userStore';
import { fetchTour, tourQueryKey } from './tourApi';
import { applyTour } from './tourState';

/** The tour page's permission: who may follow the tour (and so whose console loads it). */
export const TOUR_VIEW_PERM = 'operations:stepsTour:view';
export const TOUR_SUBMIT_PERM = 'operations:stepsTour:submit';

/**
 * Whether this user follows a tour in the tenant worked in: those who may open the tour page, except the super
 * admin working in the platform tenant (which has none).
 */
export function useTourEligible(): boolean {
  const { perms, loaded } = useUserPerms();
  const tenantId = useConfigStore((s) => s.tenantId);
  const superAdmin = useUserStore((s) => isSuperAdmin(s.userInfo));
  if (tenantId === null || !loaded || !hasPerm(perms, TOUR_VIEW_PERM)) return false;
  return !(superAdmin && tenantId === PLATFORM_TENANT_ID);
}

/**
 * Whether the console leads this user through the tour (panel, navigation, automatic finishes): those who may read
 * it, except the super admin, who visits tenants to help and never takes a tenant's tour as their own; the tour page
 * still lists a tenant's steps for them.
 */
export function useTourFollowed(): boolean {
  const eligible = useTourEligible();
  const superAdmin = useUserStore((s) => isSuperAdmin(s.userInfo));
  return eligible && !superAdmin;
}

/** Whether the user may open a console route (its page's view permission). */
export function useMayOpen(): (route: string) => boolean {
  const { perms } = useUserPerms();
  return (route) => canOpenPath(route, perms);
}

/** Loads the tenant's tour into the configuration state (spec §3 tourList, stepActive); empty when not eligible. */
export function useTourList(eligible: boolean) {
  const tenantId = useConfigStore((s) => s.tenantId);
  const query = useQuery({
    queryKey: tourQueryKey(tenantId),
    queryFn: ({ signal }) => fetchTour(tenantId!, signal),
    enabled: eligible && tenantId !== null,
    staleTime: Infinity,
    retry: false,
  });
  const data = eligible ? query.data : undefined;
  useEffect(() => applyTour(data ?? []), [data]);
  return query;
}
