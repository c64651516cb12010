import { createSchema, listSchema, updateSchema } from '@kayuh/contract/resources/schemas';
import { guideSettingResource as def } from '@kayuh/contract/resources/guideSetting';
import { hasPerm } from '@kayuh/contract/rules/permissions';
import { Code } from '@kayuh/contract/codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../platform/access.ts';
import { BizError } from '../../platform/errors.ts';
import { resourceHandlers } from '../../platform/resources/handlers.ts';
import type { Services } from '../../platform/services.ts';
import { guideSettingBinding } from './guideSettings.ts';

type Body = Record<string, unknown>;

/** RuoYi's saveOrUpdate: a body with an id edits that row (with its version), one without adds a row. */
const isEdit = (body: unknown) => {
  const id = (body as Body | null)?.[def.idName];
  return id !== undefined && id !== null && id !== '';
};

/** The add or the edit schema, chosen by the body, with that schema's own field errors. */
const saveOrUpdateBody = (() => {
  const add = createSchema(def);
  const edit = updateSchema(def);
  return z.looseObject({}).transform((body, ctx) => {
    const parsed = (isEdit(body) ? edit : add).safeParse(body);
    if (parsed.success) return parsed.data as Body;
    for (const issue of parsed.error.issues) ctx.addIssue({ ...issue } as never);
    return z.NEVER;
  });
})();

const perm = (action: string) => `${def.module}:${def.page}:${action}` as const;
const audit = (businessType: number | ((req: { body: unknown }) => number)) => ({ title: `menu.${def.module}.${def.page}`, businessType });

/**
 * The spec's names for the guide settings calls (spec §7): the engine's own list, add/edit and remove, answered
 * under /operate/admin/guideSettings/{getListByPage, saveOrUpdate, removeById}. The engine's routes
 * (…/list, …/add, …/edit, …/remove/{ids}) serve the settings page; these serve callers of the spec's API.
 */
export const guideSettingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const h = resourceHandlers(services, guideSettingBinding);
  const tags = [def.key];

  app.post(
    `${def.api}/getListByPage`,
    {
      config: { access: perm('view') },
      schema: { tags, summary: 'Guide settings, paged (RuoYi table shape)', body: listSchema(def) },
    },
    async (req) => h.list(authOf(req), req.body as Body),
  );

  app.post(
    `${def.api}/saveOrUpdate`,
    {
      // Add or edit, by the body: the permission is checked below once the body says which.
      config: { access: 'authenticated', audit: audit((req) => (isEdit(req.body) ? 2 : 1)) },
      schema: { tags, summary: 'Adds a guide setting (no id) or edits one (id and version)', body: saveOrUpdateBody },
    },
    async (req) => {
      const auth = authOf(req);
      const body = req.body as Body;
      const edit = isEdit(body);
      if (!hasPerm(auth.perms, perm(edit ? 'edit' : 'add'))) throw new BizError(Code.forbidden);
      return edit ? h.edit(auth, body) : h.add(auth, body);
    },
  );

  app.post(
    `${def.api}/removeById`,
    {
      config: { access: perm('remove'), audit: audit(3) },
      schema: { tags, summary: 'Removes one guide setting', body: z.object({ id: z.coerce.number().int().positive() }) },
    },
    async (req) => h.remove(authOf(req), [req.body.id]),
  );
};
