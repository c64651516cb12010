import { Code } from '@kayuh/contract/codes';
import type { TourItem } from '@kayuh/contract/api/tour';
import { GUIDE_STATUS_DONE, GUIDE_STATUS_PENDING } from '@kayuh/contract/constants';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { guideSettings, tenantGuideSteps } from '../../db/schema.ts';
import { BizError } from '../../platform/errors.ts';
import { tenantRows } from '../../platform/scope.ts';

const live = (tenantId: number) => tenantRows(tenantId, tenantGuideSteps);

/**
 * A tenant's tour in order (DOMAIN §5.1): {id, status, requestInterface, routeWeb, remark} as the spec reads it,
 * with the step's title key from its setting (a removed setting still names the steps already finished).
 */
export async function tourOf(db: Db, tenantId: number): Promise<TourItem[]> {
  return db
    .select({
      id: tenantGuideSteps.id,
      status: tenantGuideSteps.status,
      requestInterface: tenantGuideSteps.requestInterface,
      routeWeb: tenantGuideSteps.routeWeb,
      remark: tenantGuideSteps.remark,
      titleKey: guideSettings.titleKey,
    })
    .from(tenantGuideSteps)
    .innerJoin(guideSettings, eq(guideSettings.id, tenantGuideSteps.guideSettingId))
    .where(live(tenantId))
    .orderBy(asc(tenantGuideSteps.orderNum), asc(tenantGuideSteps.id));
}

/**
 * Marks one step of the tenant's tour done. A step already done stays as it was (the first finish is the one
 * recorded), so repeating the call is harmless; a step that is not this tenant's answers 2002.
 */
export async function finishStep(db: Db, tenantId: number, stepId: number, userId: number): Promise<void> {
  const finished = await db
    .update(tenantGuideSteps)
    .set({
      status: GUIDE_STATUS_DONE,
      finishedAt: new Date(),
      finishedBy: userId,
      updatedAt: new Date(),
      updatedBy: userId,
      version: sql`${tenantGuideSteps.version} + 1`,
    })
    .where(and(eq(tenantGuideSteps.id, stepId), live(tenantId), eq(tenantGuideSteps.status, GUIDE_STATUS_PENDING)))
    .returning({ id: tenantGuideSteps.id });
  if (finished.length) return;
  const [exists] = await db
    .select({ id: tenantGuideSteps.id })
    .from(tenantGuideSteps)
    .where(and(eq(tenantGuideSteps.id, stepId), live(tenantId)))
    .limit(1);
  if (!exists) throw new BizError(Code.notFound);
}
