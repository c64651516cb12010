import { Code } from '@kayuh/contract/codes';
import { IDEMPOTENCY_KEY_PATTERN } from '@kayuh/contract/constants';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../auth/context.ts';
import { BizError } from '../errors.ts';
import { once } from '../idempotency.ts';

/**
 * An event fired with an `Idempotency-Key` header runs once per key (DOMAIN §1 "Retries", §4.3): a repeat with the
 * same body answers what the first was answered — its success, or its refusal — and a repeat with another body 2010.
 * A phone that lost the answer to its submit sends it again and gets 1000, not "not allowed from submitted". Keys are
 * the caller's own (the scope names the user), so one user's key never answers another's request. Without the header
 * the event simply runs.
 */
export function eventOnce<T>(
  db: Db,
  auth: AuthContext,
  header: string | string[] | undefined,
  event: string,
  body: Record<string, unknown>,
  run: () => Promise<T>,
): Promise<T> {
  if (header === undefined) return run();
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw new BizError(Code.validation, 'idempotency.badKey');
  return once(db, { tenantId: auth.tenantId, scope: `event:${event}:user:${auth.userId}`, key, payload: body }, run);
}
