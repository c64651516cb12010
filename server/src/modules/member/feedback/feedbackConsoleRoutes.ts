import { feedbackPhotoParams } from '@kayuh/contract/api/feedback';
import { Code } from '@kayuh/contract/codes';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feedbacks } from '../../../db/schema.ts';
import { authOf } from '../../../platform/access.ts';
import { BizError } from '../../../platform/errors.ts';
import { sendPrivatePhoto } from '../../../platform/files/photoForm.ts';
import { allOf, scopeConditions } from '../../../platform/resources/queries.ts';
import type { Services } from '../../../platform/services.ts';
import { feedbackBinding } from './feedbackBinding.ts';

/** A report's photos, served only to staff who may read the feedback (its tenant and city) and never cached. */
export const feedbackConsoleRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db, files } = services;
  app.get(
    '/user/feedback/:feedbackId/photo/:index',
    {
      config: { access: 'user:backFeed:view' },
      schema: { tags: ['user'], summary: "A report's photo, by its place in the report (1–3)", params: feedbackPhotoParams },
    },
    async (req, reply) => {
      const [feedback] = await db
        .select({ photos: feedbacks.photos })
        .from(feedbacks)
        .where(allOf([eq(feedbacks.id, req.params.feedbackId), ...scopeConditions(feedbackBinding, authOf(req))]));
      const key = feedback?.photos[req.params.index - 1];
      if (!key || !(await files.exists(key))) throw new BizError(Code.notFound);
      return sendPrivatePhoto(reply, files, key);
    },
  );
};
