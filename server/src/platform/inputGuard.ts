import { Code } from '@kayuh/contract/codes';
import type { FastifyInstance } from 'fastify';
import { BizError } from './errors.ts';

/** How deep and how wide a request's values are searched; parsed bodies are already capped at 1 MB. */
const MAX_DEPTH = 8;

/**
 * Characters PostgreSQL cannot keep: NUL (in text or JSON), and half of a UTF-16 surrogate pair (JSON refuses its
 * escape; as text it would silently become U+FFFD).
 */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The first path whose text holds a character PostgreSQL cannot store, or undefined. */
function nulPath(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path || 'body' : undefined;
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (UNSTORABLE.test(key)) return path || 'body';
    const found = nulPath(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * No route ever sees a NUL character or a lone surrogate, in the body, the query or the path: every text input of every route,
 * engine or hand-written, present and future, is refused with a 2001 field error before its own validation.
 */
export function installInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    const field = nulPath(req.params, '') ?? nulPath(req.query, '') ?? nulPath(req.body, '');
    if (field) throw new BizError(Code.validation, undefined, { fields: { [field]: 'validation.invalidChar' } });
  });
}
