import { appHeaders } from '@kayuh/contract/api/appAuth';
import { Code } from '@kayuh/contract/codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { BizError } from '../../platform/errors.ts';
import { MEMBER_SECURITY } from '../../platform/openapi.ts';
import type { Services } from '../../platform/services.ts';
import { applyFromApp, myApplications, readApplyForm, withdrawMine } from './applyFromApp.ts';

/** The applicant's own channel in the rider app (DOMAIN §3.6, docs/merchants.md "From the rider app"). */
export const applyAppRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const route = (summary: string, description: string) => ({ headers: appHeaders, tags: ['app'], summary, description, security: MEMBER_SECURITY });

  app.post(
    '/app/merchant/applications',
    {
      config: { access: 'member', limits: ['merchantApply'] },
      schema: route(
        'Apply to become a merchant',
        'multipart/form-data: applicantName, companyName?, merchantType (1 swap-site host, 2 rental dealer, 3 retail/parking host, 4 mall seller), cityCode, address, lat?, lng?, nib? (13 digits), npwp?, plannedSites (1–500), and the photos ktpPhoto and shopPhoto (required) and nibPhoto, each a PNG, JPEG, WebP or GIF of at most 2 MB. The phone is mine. Answers the application, submitted (0). 2004 while one of mine is submitted or under review.',
      ),
    },
    async (req) => {
      const rider = memberOf(req);
      if (!req.isMultipart()) throw new BizError(Code.validation, undefined, { fields: { body: 'multipart/form-data' } });
      return ok(await applyFromApp(services, rider, await readApplyForm(req, services, rider.tenantId), req.lang));
    },
  );

  app.get(
    '/app/merchant/applications',
    {
      config: { access: 'member' },
      schema: route('My merchant applications', 'Newest first (the last 20), each with its state and, rejected, the reason.'),
    },
    async (req) => ok(await myApplications(services.db, memberOf(req))),
  );

  app.post(
    '/app/merchant/applications/:applicationNo/withdraw',
    {
      config: { access: 'member' },
      schema: {
        ...route('Withdraw my merchant application', 'While it is submitted or under review; 2004 once it is decided.'),
        params: z.object({ applicationNo: z.string().max(40) }),
      },
    },
    async (req) => ok(await withdrawMine(services.db, memberOf(req), req.params.applicationNo)),
  );
};
