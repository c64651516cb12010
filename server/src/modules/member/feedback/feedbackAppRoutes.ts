import { FEEDBACK_PHOTOS, MY_FEEDBACK_MAX } from '@kayuh/contract/api/feedback';
import { appHeaders } from '@kayuh/contract/api/appAuth';
import { Code } from '@kayuh/contract/codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberOf } from '../../../platform/access.ts';
import { ok } from '../../../platform/envelope.ts';
import { BizError } from '../../../platform/errors.ts';
import { readPhotoForm } from '../../../platform/files/photoForm.ts';
import { MEMBER_SECURITY } from '../../../platform/openapi.ts';
import type { Services } from '../../../platform/services.ts';
import { myFeedback, submitFeedback } from './feedbackSubmit.ts';

/** The rider app's reports to customer service (docs/feedback.md), the signed-in member's own. */
export const feedbackAppRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const route = (summary: string, description: string) => ({ headers: appHeaders, tags: ['app'], summary, description, security: MEMBER_SECURITY });

  app.post(
    '/app/feedback',
    {
      config: { access: 'member', limits: ['feedbackSubmit'] },
      schema: route(
        'Send a report to customer service',
        `multipart/form-data: type (1 fault, 2 parking complaint, 3 billing dispute, 4 suggestion, 5 lost item, 6 other), content (5–1,000 characters), optionally rideOrderNo (one of my rides), vehicleNo, lat and lng, and up to ${FEEDBACK_PHOTOS.length} photos (${FEEDBACK_PHOTOS.join(', ')}), each a PNG, JPEG, WebP or GIF of at most 2 MB. Answers the report as listed.`,
      ),
    },
    async (req) => {
      const rider = memberOf(req);
      if (!req.isMultipart()) throw new BizError(Code.validation, undefined, { fields: { body: 'multipart/form-data' } });
      const form = await readPhotoForm(req, services.files, {
        photos: FEEDBACK_PHOTOS,
        folder: `feedback/${rider.tenantId}`,
        fields: 8,
        fieldSize: 4_096,
      });
      return ok(await submitFeedback(services, rider, form, req.lang));
    },
  );

  app.get(
    '/app/feedback',
    {
      config: { access: 'member' },
      schema: route('My reports', `My latest ${MY_FEEDBACK_MAX} reports, newest first, each with its status and customer service's reply.`),
    },
    async (req) => ok({ rows: await myFeedback(services.db, memberOf(req)) }),
  );
};
