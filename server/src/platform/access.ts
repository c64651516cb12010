import { AppHeader } from '@kayuh/contract/api/appAuth';
import { Code } from '@kayuh/contract/codes';
import { Header } from '@kayuh/contract/headers';
import { parseLang } from '@kayuh/contract/lang';
import { menuRows } from '@kayuh/contract/menus/index';
import { hasPerm } from '@kayuh/contract/rules/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadAuthContext } from './auth/context.ts';
import { bearerToken, resolveMemberSession } from './auth/memberSessions.ts';
import { resolveSession } from './auth/sessions.ts';
import { BizError } from './errors.ts';
import type { Access } from './types.ts';
import type { Services } from './services.ts';

/** Every permission the menu catalogue can grant. */
const CATALOGUE_PERMS = new Set(menuRows().flatMap((row) => (row.perms ? [row.perms] : [])));

/** Routes whose access is declared by the plugin that owns them (the OpenAPI UI). */
const PUBLIC_PREFIXES = ['/api/docs'];

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
  /** The route's body and query schemas, for the generated suites that walk every route (server/test). */
  body?: unknown;
  querystring?: unknown;
}

const header = (req: FastifyRequest, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Deny by default: every /api route must declare `public`, `authenticated`, `member` or a permission string,
 * or the server refuses to start. The declared list is kept for the test that enumerates routes.
 */
export function installAccessGuard(app: FastifyInstance, services: Services): RouteAccess[] {
  const declared: RouteAccess[] = [];
  app.decorateRequest('auth', null);
  app.decorateRequest('member', null);
  app.decorateRequest('lang', 'ID');

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const access = route.config?.access ?? (PUBLIC_PREFIXES.some((p) => route.url.startsWith(p)) ? 'public' : undefined);
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access`);
    // A permission is one the menu catalogue grants, or no role could ever be given it.
    if (access !== 'public' && access !== 'authenticated' && access !== 'member' && !CATALOGUE_PERMS.has(access)) {
      throw new Error(`Route ${String(route.method)} ${route.url} needs '${access}', which no menu grants`);
    }
    route.config = { ...route.config, access };
    for (const method of [route.method].flat())
      declared.push({ method, url: route.url, access, body: route.schema?.body, querystring: route.schema?.querystring });
  });

  app.addHook('onRequest', async (req) => {
    req.lang = parseLang(header(req, Header.lang) ?? header(req, Header.currentLanguage));
    const access = req.routeOptions.config?.access;
    const signedIn = async () =>
      loadAuthContext(
        services.db,
        services.menuAccess,
        await resolveSession(services.db, header(req, Header.token), new Date(), services.sessionCache),
        {
          userId: header(req, Header.userId),
          tenantId: header(req, Header.tenantId),
        },
        services.authCache,
      );
    if (!access || access === 'public') {
      // A public answer that differs for a signed-in caller knows them only by a session that holds.
      if (req.routeOptions.config?.knowsCaller && header(req, Header.token)) req.auth = await signedIn().catch(() => null);
      return;
    }
    if (access === 'member') {
      // A rider of the app: never a console session, whatever else the call carries.
      req.member = await resolveMemberSession(services.db, {
        token: bearerToken(header(req, AppHeader.authorization)),
        tenantCode: header(req, AppHeader.tenantCode),
      });
      if (!header(req, Header.lang) && !header(req, Header.currentLanguage)) req.lang = req.member.lang;
      return;
    }
    req.auth = await signedIn();
    if (req.auth.mustChangePwd && !req.routeOptions.config?.duringPasswordChange) throw new BizError(Code.forbidden, 'auth.mustChangePwd');
    if (access !== 'authenticated' && !hasPerm(req.auth.perms, access)) throw new BizError(Code.forbidden);
  });
  return declared;
}

/** The rider of a `member` route's call. */
export function memberOf(req: FastifyRequest) {
  if (!req.member) throw new BizError(Code.noSession);
  return req.member;
}

/** The request's auth context; only called from routes that are not public. */
export function authOf(req: FastifyRequest) {
  if (!req.auth) throw new BizError(Code.noSession);
  return req.auth;
}
