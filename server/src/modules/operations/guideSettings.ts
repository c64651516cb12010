import { GUIDE_STATUS_PENDING } from '@kayuh/contract/constants';
import { findPageByPath } from '@kayuh/contract/menus/index';
import { guideSettingResource as def } from '@kayuh/contract/resources/guideSetting';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { guideSettings, tenantGuideSteps } from '../../db/schema.ts';
import { invalid } from '../../platform/errors.ts';
import { bindResource } from '../../platform/resources/binding.ts';

const pendingCopies = (settingIds: number[]) =>
  and(inArray(tenantGuideSteps.guideSettingId, settingIds), eq(tenantGuideSteps.status, GUIDE_STATUS_PENDING), isNull(tenantGuideSteps.deletedAt));

/**
 * Guide settings (DOMAIN §5.1) through the engine. Tenants hold copies made when they were created, so:
 * - an edit reaches the copies still pending (a fixed route, remark or order helps whoever has not got there yet);
 *   finished steps stay as they were done;
 * - a removal takes the pending copies away (nobody is left waiting on a step the platform withdrew);
 * - an added or disabled setting changes only what new tenants get: adding a step to existing tenants would
 *   reopen tours they have finished.
 * The step's title is read from its setting, so a title change shows everywhere at once.
 */
export const guideSettingBinding = bindResource(def, guideSettings, {
  check({ values }) {
    if (values.routeWeb === undefined) return;
    const page = findPageByPath(String(values.routeWeb));
    // A tenant's staff must be able to open it: a page of the console, not one of the platform's own.
    if (!page || page.page.platformOnly || page.page.path !== values.routeWeb) throw invalid({ routeWeb: 'validation.notConsolePage' });
  },
  async afterWrite({ tx, mode, row: after }) {
    if (mode !== 'edit' || !after) return;
    await tx
      .update(tenantGuideSteps)
      .set({
        requestInterface: String(after.requestInterface),
        routeWeb: String(after.routeWeb),
        remark: (after.remark as string | null) ?? null,
        orderNum: Number(after.orderNum),
        updatedAt: new Date(),
        version: sql`${tenantGuideSteps.version} + 1`,
      })
      .where(pendingCopies([Number(after.id)]));
  },
  async afterRemove({ tx, ids }) {
    await tx
      .update(tenantGuideSteps)
      .set({ deletedAt: new Date(), updatedAt: new Date(), version: sql`${tenantGuideSteps.version} + 1` })
      .where(pendingCopies(ids));
  },
});
