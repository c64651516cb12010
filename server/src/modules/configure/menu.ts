import { MODULE_KEYS } from '@kayuh/contract/menus/types';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/access.ts';
import { toMenuTree } from '../../platform/auth/menuAccess.ts';
import { ok } from '../../platform/envelope.ts';
import type { Services } from '../../platform/services.ts';

/** The signed-in user's menus: the whole tree, or one module's pages (spec §7 getMenuForUserId / getMenu). */
export const menuRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { menuAccess } = services;

  const treeFor = async (auth: ReturnType<typeof authOf>) =>
    toMenuTree(await menuAccess.allowedRows({ id: auth.userId, tenantId: auth.tenantId }, auth.isSuperAdmin));

  app.get(
    '/system/menu/getMenuForUserId',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['menu'], summary: 'Menu tree (M → C → F) the user may see' },
    },
    async (req) => ok(await treeFor(authOf(req))),
  );

  app.get(
    '/system/menu/getMenu',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['menu'], summary: "One module's pages with their buttons", querystring: z.object({ type: z.enum(MODULE_KEYS) }) },
    },
    async (req) => {
      const tree = await treeFor(authOf(req));
      return ok(tree.find((m) => m.moduleKey === req.query.type)?.children ?? []);
    },
  );
};
