import { Code } from '@kayuh/contract/codes';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/client.ts';
import { BizError } from './errors.ts';
import { errorMessage } from './errorMessage.ts';
import type { Services } from './services.ts';
import { fieldErrors } from './validationMessages.ts';

/**
 * Every business outcome is HTTP 200 `{code,msg,data}` with `msg` in the request's language; non-200 only
 * for transport faults (DESIGN §4), and never with a stack trace.
 */
export function installEnvelope(app: FastifyInstance, { catalogues }: Services) {
  const tenantOf = (req: FastifyRequest) => req.auth?.scopeTenantId ?? req.auth?.tenantId;

  app.addHook('preSerialization', async (req, _reply, payload) => {
    const body = payload as { code?: unknown; msg?: unknown } | null;
    if (body && typeof body === 'object' && typeof body.code === 'number') {
      req.resultCode = body.code;
      if (body.code === Code.ok && body.msg === '') body.msg = await catalogues.t(req.lang, 'code.1000', undefined, tenantOf(req));
    }
    return payload;
  });

  const send = async (
    req: FastifyRequest,
    reply: FastifyReply,
    status: number,
    code: number,
    msgKey: string,
    data?: unknown,
    params?: Record<string, string | number>,
  ) => {
    const msg = await errorMessage(catalogues, req.lang, msgKey, params, tenantOf(req));
    req.resultCode = code;
    req.resultMsg = msg;
    return reply.status(status).send(data === undefined ? { code, msg } : { code, msg, data });
  };

  app.setErrorHandler(async (error: FastifyError, req, reply) => {
    if (error instanceof BizError)
      return send(
        req,
        reply,
        200,
        error.code,
        error.msgKey,
        await translateFields(error.data, (key) => catalogues.t(req.lang, key, error.params, tenantOf(req))),
        error.params,
      );
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = await fieldErrors(error.validation, (key, params) => catalogues.t(req.lang, key, params, tenantOf(req)));
      return send(req, reply, 200, Code.validation, `code.${Code.validation}`, { fields });
    }
    if (error.statusCode === 413) return send(req, reply, 413, 413, 'code.413');
    if (error.statusCode === 429) return send(req, reply, 429, 429, 'code.429');
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Unparseable bodies and bad content types are the caller's input error, not a crash.
      return send(req, reply, 200, Code.validation, `code.${Code.validation}`, { fields: { body: error.message } });
    }
    if (isDatabaseUnavailable(error))
      req.log.error(
        { code: (error.cause as { code?: string } | undefined)?.code ?? error.code, url: req.url },
        'request failed: the database connection was lost',
      );
    else req.log.error({ err: error }, 'request failed');
    return send(req, reply, 500, Code.serverError, `code.${Code.serverError}`);
  });
}

/** A catalogue key (`validation.phone`, `prepaid.meterNumber`), not a sentence already written out. */
const CATALOGUE_KEY = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_]+)+$/;

/** Field errors thrown as catalogue keys (`validation.*`, a module's own) are answered in the request's language. */
async function translateFields(data: unknown, t: (key: string) => Promise<string>): Promise<unknown> {
  const fields = (data as { fields?: Record<string, string> } | undefined)?.fields;
  if (!fields) return data;
  const translated: Record<string, string> = {};
  for (const [name, message] of Object.entries(fields)) translated[name] = CATALOGUE_KEY.test(message) ? await t(message) : message;
  return { ...(data as object), fields: translated };
}

export async function apiNotFound(req: FastifyRequest, reply: FastifyReply, services: Services) {
  const msg = await services.catalogues.t(req.lang, 'code.404');
  return reply.status(404).send({ code: 404, msg });
}
