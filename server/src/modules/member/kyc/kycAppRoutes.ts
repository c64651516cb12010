import { appHeaders } from '@kayuh/contract/api/appAuth';
import { Code } from '@kayuh/contract/codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberOf } from '../../../platform/access.ts';
import { ok } from '../../../platform/envelope.ts';
import { BizError } from '../../../platform/errors.ts';
import { MEMBER_SECURITY } from '../../../platform/openapi.ts';
import type { Services } from '../../../platform/services.ts';
import { readKycForm } from './kycPhotos.ts';
import { kycOf, submitKyc } from './kycSubmit.ts';

/** The rider app's identity check (docs/kyc.md), the signed-in member's own. */
export const kycAppRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const route = (summary: string, description: string) => ({ headers: appHeaders, tags: ['app'], summary, description, security: MEMBER_SECURITY });

  app.post(
    '/app/kyc',
    {
      config: { access: 'member', limits: ['kycSubmit'] },
      schema: route(
        'Send my identity for review',
        'multipart/form-data: idType (1 KTP, 2 passport, 3 KITAS, 4 SIM), idNumber, realName, and the photos idPhoto (the document) and selfie (holding it), each a PNG, JPEG, WebP or GIF of at most 2 MB. Answers my KYC status, now pending. 2004 while a submission waits or once verified.',
      ),
    },
    async (req) => {
      const rider = memberOf(req);
      if (!req.isMultipart()) throw new BizError(Code.validation, undefined, { fields: { body: 'multipart/form-data' } });
      return ok(await submitKyc(services, rider, await readKycForm(req, services.files, rider.tenantId), req.lang));
    },
  );

  app.get(
    '/app/kyc',
    {
      config: { access: 'member' },
      schema: route('My identity check', 'My KYC status and my latest submission, its number masked; a rejected one names its reason.'),
    },
    async (req) => ok(await kycOf(services.db, memberOf(req))),
  );
};
