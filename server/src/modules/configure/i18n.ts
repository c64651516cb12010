import { parseLang } from '@kayuh/contract/lang';
import { PLATFORM_TENANT_ID } from '@kayuh/contract/constants';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import type { Services } from '../../platform/services.ts';

/** The console catalogue (spec §7 /system/i18n/find): public, because the login page needs it too. */
export const i18nRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  // A tenant's own texts are for its signed-in staff (and the super admin working in it); before sign-in, and
  // for a tenant-id header without a session behind it, the platform's texts.
  const tenantOf = (req: FastifyRequest) => req.auth?.scopeTenantId ?? req.auth?.tenantId ?? PLATFORM_TENANT_ID;

  app.post(
    '/system/i18n/find',
    {
      config: { access: 'public', knowsCaller: true },
      schema: {
        tags: ['i18n'],
        summary: 'key → text for the requested language; tenant texts override platform texts',
        body: z.object({ lang: z.string().max(8).optional() }).optional(),
      },
    },
    async (req) => {
      const lang = req.body?.lang ? parseLang(req.body.lang) : req.lang;
      return ok(await services.catalogues.get(lang, tenantOf(req)));
    },
  );

  // The same catalogue as a GET with an ETag: the console keeps its last copy and paints with it at once, then
  // asks again; the browser's revalidation answers 304 while nothing changed, so only a change costs a download.
  app.get(
    '/system/i18n/find',
    {
      config: { access: 'public', knowsCaller: true },
      schema: {
        tags: ['i18n'],
        summary: 'The catalogue as GET, with an ETag (304 when unchanged)',
        querystring: z.object({ lang: z.string().max(8).optional() }),
      },
    },
    async (req, reply) => {
      const lang = req.query.lang ? parseLang(req.query.lang) : req.lang;
      const tenantId = tenantOf(req);
      const etag = `"${lang}-${tenantId}-${await services.catalogues.version(lang, tenantId)}"`;
      // Private: a signed-in tenant's texts must never be kept by a shared cache.
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      return ok(await services.catalogues.get(lang, tenantId));
    },
  );
};
