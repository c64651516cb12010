import { parseLang } from '@kayuh/contract/lang';
import { PLATFORM_TENANT_ID } from '@kayuh/contract/constants';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import type { Services } from '../../platform/services.ts';

/** The console catalogue (spec §7 /system/i18n/find): public, because the login page needs it too. */
export const i18nRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.post('/system/i18n/find', {
    config: { access: 'public', knowsCaller: true },
    schema: {
      tags: ['i18n'], summary: 'key → text for the requested language; tenant texts override platform texts',
      body: z.object({ lang: z.string().max(8).optional() }).optional(),
    },
  }, async (req) => {
    const lang = req.body?.lang ? parseLang(req.body.lang) : req.lang;
    // A tenant's own texts are for its signed-in staff (and the super admin working in it); before sign-in, and
    // for a tenant-id header without a session behind it, the platform's texts.
    const tenantId = req.auth?.scopeTenantId ?? req.auth?.tenantId ?? PLATFORM_TENANT_ID;
    return ok(await services.catalogues.get(lang, tenantId));
  });
};
