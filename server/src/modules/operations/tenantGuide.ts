import { TOUR_PATHS, tourFinishBody, tourListBody } from '@kayuh/contract/api/tour';
import { Code } from '@kayuh/contract/codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/access.ts';
import type { AuthContext } from '../../platform/auth/context.ts';
import { ok } from '../../platform/envelope.ts';
import { BizError } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';
import { finishStep, tourOf } from './tenantGuideSteps.ts';

/**
 * The tenant a tour call may touch: the one the caller works in — their own, or for the super admin the tenant
 * the tenant-id header names (DOMAIN §0.5; without it, the platform, which has no tour). Naming any other
 * tenant is a tenant restriction (2007), for the super admin too: the header, not the body, chooses the tenant.
 */
function tourTenant(auth: AuthContext, requested: number): number {
  const working = auth.scopeTenantId ?? auth.tenantId;
  if (requested !== working) throw new BizError(Code.tenantRestricted);
  return working;
}

/**
 * The tenant's tour (spec §4/§7, page /operations/steps/tour). Reading it needs the tour page; finishing a step
 * — which the console does by itself after a matching successful call, or staff by hand on the tour page —
 * needs its submit action. Both accept JSON and form-encoded bodies.
 */
export const tenantGuideRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  const tags = ['tour'];

  app.post(
    TOUR_PATHS.list,
    {
      config: { access: 'operations:stepsTour:view' },
      schema: { tags, summary: "The tenant's tour steps in order", body: tourListBody },
    },
    async (req) => ok(await tourOf(db, tourTenant(authOf(req), req.body.tenantId))),
  );

  app.post(
    TOUR_PATHS.finish,
    {
      config: { access: 'operations:stepsTour:submit', audit: { title: 'menu.operations.stepsTour', businessType: 10 } },
      schema: { tags, summary: 'Marks a tour step done (repeating is harmless); answers the whole tour', body: tourFinishBody },
    },
    async (req) => {
      const auth = authOf(req);
      const tenantId = tourTenant(auth, req.body.tenantId);
      await finishStep(db, tenantId, req.body.id, auth.userId);
      return ok(await tourOf(db, tenantId));
    },
  );
};
