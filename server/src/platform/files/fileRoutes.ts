import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { IMAGE_MAX_BYTES, imageTypeOfExt } from '@kayuh/contract/rules/upload';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../access.ts';
import { ok } from '../envelope.ts';
import { apiNotFound } from '../envelopeHooks.ts';
import { invalid } from '../errors.ts';
import type { Services } from '../services.ts';
import { storeImage } from './imageSink.ts';

/** Only uploaded images are served by key, and only keys of the shape uploads are stored under (never exports). */
const SERVABLE = /^uploads\/\d{1,12}\/\d{4}\/\d{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp|gif)$/;
const MB = 1024 * 1024;

/** The name the browser sent, as plain text for the answer and the journal (no folders, no control characters). */
const cleanName = (name: string) =>
  path
    .basename(name.replaceAll('\\', '/'))
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .slice(0, 200);

/**
 * Image uploads for every image field (POST /common/upload, multipart field `file`) and the public address they
 * are read from (GET /files/uploads/…): <img> tags and the rider app send no token, and the random key is the
 * secret. Any signed-in user may upload — who may put an image on a row is decided when the row is saved — and
 * every upload is journalled.
 */
export const fileRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { files, catalogues } = services;

  app.post(
    '/common/upload',
    {
      config: { access: 'authenticated', limits: ['upload'], audit: { title: 'engine.upload.title', businessType: 0 } },
      schema: { tags: ['files'], summary: `Upload an image: PNG, JPEG, WebP or GIF, at most ${IMAGE_MAX_BYTES / MB} MB (multipart field "file")` },
    },
    async (req) => {
      const auth = authOf(req);
      const tenantId = auth.scopeTenantId ?? auth.tenantId;
      const refuse = async (reason: string, params?: Record<string, number>) =>
        invalid({ file: await catalogues.t(req.lang, `validation.${reason}`, params, tenantId) });

      if (!req.isMultipart()) throw await refuse('required');
      // One byte over the limit is enough to know; the parser drops the rest of a larger file unread.
      const part = await req.file({ limits: { fileSize: IMAGE_MAX_BYTES + 1 }, throwFileSizeLimit: false });
      if (!part || part.fieldname !== 'file') {
        part?.file.resume();
        throw await refuse('required');
      }
      const now = new Date();
      const folder = `uploads/${tenantId}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
      const stored = await storeImage(part.file, files, (ext) => `${folder}/${randomUUID()}.${ext}`, IMAGE_MAX_BYTES);
      const fileName = cleanName(part.filename);
      if ('refused' in stored) {
        journal(req, { fileName, refused: stored.refused });
        throw await refuse(stored.refused, stored.refused === 'imageTooLarge' ? { max: IMAGE_MAX_BYTES / MB } : undefined);
      }
      const url = `/api/files/${stored.key}`;
      journal(req, { fileName, size: stored.size, url });
      return ok({ url, fileName, size: stored.size });
    },
  );

  app.get(
    '/files/uploads/*',
    {
      config: { access: 'public' },
      schema: { tags: ['files'], summary: 'An uploaded image, by its key (public: the key is unguessable)' },
    },
    async (req, reply) => {
      const key = `uploads/${(req.params as { '*': string })['*']}`;
      const match = SERVABLE.exec(key);
      if (!match || !(await files.exists(key))) return apiNotFound(req, reply, services);
      return (
        reply
          .type(imageTypeOfExt(match[1]!)!.mime)
          .header('content-length', String(await files.size(key)))
          // A key names one file forever: cache it for good. Other origins (the rider app's web views) may embed it.
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(files.read(key))
      );
    },
  );
};

/** A multipart request has no body to journal: what was uploaded is recorded in its place. */
function journal(req: FastifyRequest, what: Record<string, unknown>) {
  req.body = what;
}
