import { parseLang } from '@kayuh/contract/lang';
import { PLATFORM_TENANT_ID } from '@kayuh/contract/constants';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import type { Services } from '../../platform/services.ts';

/** The console catalogue (spec §7 /system/i18n/find): public, because the login page needs it too. */
export const i18nRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.post('/system/i18n/find', {
    config: { access: 'public' },
    schema: {
      tags: ['i18n'], summary: 'key → text for the requested language; tenant texts override platform texts',
      body: z.object({ lang: z.string().max(8).optional() }).optional(),
    },
  }, async (req) => {
    const lang = req.body?.lang ? parseLang(req.body.lang) : req.lang;
    const tenantHeader = Number(req.headers['tenant-id']);
    // Only a real tenant's overrides: an arbitrary id must not grow the cache or cost a query per value.
    const tenantId = Number.isSafeInteger(tenantHeader) && (await services.catalogues.isTenant(tenantHeader)) ? tenantHeader : PLATFORM_TENANT_ID;
    return ok(await services.catalogues.get(lang, tenantId));
  });
};
