import { kycPhotoParams, revealKycRequest, revealNikRequest } from '@kayuh/contract/api/kyc';
import { Code } from '@kayuh/contract/codes';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { kycReviews, members } from '../../../db/schema.ts';
import { authOf } from '../../../platform/access.ts';
import { ok } from '../../../platform/envelope.ts';
import { BizError } from '../../../platform/errors.ts';
import { sendPrivatePhoto } from '../../../platform/files/photoForm.ts';
import { allOf, scopeConditions } from '../../../platform/resources/queries.ts';
import type { Services } from '../../../platform/services.ts';
import { memberBinding } from '../memberBinding.ts';
import { kycReviewBinding } from './kycReviewBinding.ts';

/**
 * What the review queue reads beyond its list (docs/kyc.md): a submission's photos, served only to reviewers of the
 * member's city and never cached; and the sealed numbers revealed one at a time, each reveal a journal row naming who
 * read which (the number itself is never written there).
 */
export const kycConsoleRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db, cipher, files } = services;

  app.get(
    '/user/kycReview/:kycReviewId/photo/:which',
    {
      config: { access: 'user:userReview:view' },
      schema: { tags: ['user'], summary: "A submission's document photo (idPhoto) or selfie", params: kycPhotoParams },
    },
    async (req, reply) => {
      const [review] = await db
        .select({ idPhoto: kycReviews.idPhotoUrl, selfie: kycReviews.selfieUrl })
        .from(kycReviews)
        .where(allOf([eq(kycReviews.id, req.params.kycReviewId), ...scopeConditions(kycReviewBinding, authOf(req))]));
      const key = review?.[req.params.which];
      if (!key || !(await files.exists(key))) throw new BizError(Code.notFound);
      return sendPrivatePhoto(reply, files, key);
    },
  );

  app.post(
    '/user/kycReview/reveal',
    {
      config: { access: 'user:userReview:reveal', audit: { title: 'menu.user.userReview', businessType: 0 } },
      schema: { tags: ['user'], summary: "Reveal a submission's identity number (journalled)", body: revealKycRequest },
    },
    async (req) => {
      const [review] = await db
        .select({ sealed: kycReviews.idNumberEnc })
        .from(kycReviews)
        .where(allOf([eq(kycReviews.id, req.body.kycReviewId), ...scopeConditions(kycReviewBinding, authOf(req))]));
      if (!review) throw new BizError(Code.notFound);
      return ok({ idNumber: cipher.open(review.sealed) });
    },
  );

  app.post(
    '/user/member/reveal',
    {
      config: { access: 'user:user_admin:reveal', audit: { title: 'menu.user.user_admin', businessType: 0 } },
      schema: { tags: ['user'], summary: "Reveal a member's verified NIK (journalled)", body: revealNikRequest },
    },
    async (req) => {
      const [member] = await db
        .select({ sealed: members.nikEnc })
        .from(members)
        .where(allOf([eq(members.id, req.body.memberId), ...scopeConditions(memberBinding, authOf(req))]));
      if (!member) throw new BizError(Code.notFound);
      if (!member.sealed) throw new BizError(Code.notFound, 'kyc.reveal.none');
      return ok({ idNumber: cipher.open(member.sealed) });
    },
  );
};
