import { z } from 'zod';

/** Spec §7 paths of the tenant's tour (DOMAIN §5.1 tenant_guide_steps), below the API base. */
export const TOUR_PATHS = {
  list: '/operate/admin/tenantGuide/getGuideByTenantId',
  finish: '/operate/admin/tenantGuide/finishGuideSetting',
} as const;

const tenantId = z.coerce.number().int().positive();

/** getGuideByTenantId: whose tour (JSON or form-encoded). */
export const tourListBody = z.object({ tenantId });
/** finishGuideSetting: which step of whose tour. */
export const tourFinishBody = z.object({ id: z.coerce.number().int().positive(), tenantId });

/**
 * One step of a tenant's tour (spec §3 "Tour guide item"), in order. `titleKey` (the step's guide.step.* text key)
 * is ours: the spec's item names no title, and the tour's popover needs one.
 */
export interface TourItem {
  id: number;
  /** '0' pending, '1' done (contract/constants GUIDE_STATUS_*). */
  status: string;
  requestInterface: string;
  routeWeb: string;
  /** HTML; the last step's shows in the closing 'Tips' alert. */
  remark: string | null;
  titleKey?: string;
}
