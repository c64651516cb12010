import { appHeaders } from '@kayuh/contract/api/appAuth';
import { JOIN_APPLY_PATH, joinApplyBody } from '@kayuh/contract/api/joinApply';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberOf } from '../../../platform/access.ts';
import { ok } from '../../../platform/envelope.ts';
import { MEMBER_SECURITY } from '../../../platform/openapi.ts';
import type { Services } from '../../../platform/services.ts';
import { applyToJoin, myJoinApplications, withdrawMyJoin } from './joinApplications.ts';

/** The applicant's own channel in the rider app (DOMAIN §3.6, docs/partners.md "From the rider app"). */
export const joinAppRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const route = (summary: string, description: string) => ({ headers: appHeaders, tags: ['app'], summary, description, security: MEMBER_SECURITY });

  app.post(
    JOIN_APPLY_PATH,
    {
      config: { access: 'member', limits: ['joinApply'] },
      schema: {
        ...route(
          'Apply to become a partner',
          'kind (1 operating agent, 2 investor, 3 contractor), applicantName, company?, cityCode (one of the operator’s open cities), plannedVehicles?, plannedBatteries?, plannedInvestment? (rupiah). The phone is mine. Answers the application, submitted (0). 2004 while one of mine is submitted or under review.',
        ),
        body: joinApplyBody,
      },
    },
    async (req) => ok(await applyToJoin(services.db, memberOf(req), req.body)),
  );

  app.get(
    JOIN_APPLY_PATH,
    {
      config: { access: 'member' },
      schema: route('My join applications', 'Newest first (the last 20), each with its state and, rejected, the reason.'),
    },
    async (req) => ok(await myJoinApplications(services.db, memberOf(req))),
  );

  app.post(
    `${JOIN_APPLY_PATH}/:applicationNo/withdraw`,
    {
      config: { access: 'member' },
      schema: {
        ...route('Withdraw my join application', 'While it is submitted or under review; 2004 once it is decided.'),
        params: z.object({ applicationNo: z.string().max(40) }),
      },
    },
    async (req) => ok(await withdrawMyJoin(services.db, memberOf(req), req.params.applicationNo)),
  );
};
