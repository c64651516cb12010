import { createHash } from 'node:crypto';
import { Code } from '@kayuh/contract/codes';
import { IDEMPOTENCY_KEY_TTL_DAYS, IDEMPOTENCY_STALE_SECONDS } from '@kayuh/contract/constants';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { BizError } from './errors.ts';

/** idempotency_keys.status (DOMAIN §4.3). */
const IN_PROGRESS = 0;
const DONE = 1;
const FAILED = 2;

export interface IdempotentCall {
  tenantId: number;
  /** What the key is a key of (a member's top-ups, a refund approval …): keys are unique within it. */
  scope: string;
  key: string;
  /** The request as it matters: the same key with another payload is refused (2010). */
  payload: unknown;
}

/** The stored answer of a finished call: what it returned, or the business refusal it gave. */
type Stored = { ok: true; value: unknown } | { ok: false; code: number; msgKey: string; data?: unknown; params?: Record<string, string | number> };

/** JSON with sorted keys, so that {a,b} and {b,a} are one payload. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

export const requestHash = (payload: unknown) => createHash('sha256').update(canonical(payload)).digest('hex');

const replay = (stored: Stored) => {
  if (stored.ok) return stored.value;
  throw new BizError(stored.code, stored.msgKey, stored.data, stored.params);
};

/**
 * Runs a money-moving command once per key (DOMAIN §4.3). The key is claimed in its own short transaction, so a
 * repeat that arrives while the first is still working answers 2004 at once (the caller retries later) instead of
 * waiting on a lock, and work that calls a gateway never holds a database transaction open across the network.
 * `run` does the work and may open its own transactions; `finish` records its answer. A repeat with the same payload
 * gets that first answer — success or business refusal — and a repeat with another payload gets 2010. If the process
 * dies mid-way, the claim goes stale after a while and the next repeat runs the command again: each of its postings
 * carries its own key, so nothing moves twice.
 */
export async function once<T>(db: Db, call: IdempotentCall, run: () => Promise<T>): Promise<T> {
  const hash = requestHash(call.payload);
  const where = and(eq(idempotencyKeys.tenantId, call.tenantId), eq(idempotencyKeys.scope, call.scope), eq(idempotencyKeys.key, call.key));
  const claimed = await db
    .insert(idempotencyKeys)
    .values({
      tenantId: call.tenantId,
      scope: call.scope,
      key: call.key,
      requestHash: hash,
      status: IN_PROGRESS,
      expiresAt: sql`now() + make_interval(days => ${IDEMPOTENCY_KEY_TTL_DAYS})`,
    })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });
  if (!claimed.length) {
    const [row] = await db.select().from(idempotencyKeys).where(where);
    if (!row) throw new BizError(Code.transitionNotAllowed, 'idempotency.inProgress');
    if (row.requestHash !== hash) throw new BizError(Code.idempotencyReused);
    if (row.status !== IN_PROGRESS) return replay(row.response as Stored) as T;
    // Still in progress: answer 2004, unless its worker went quiet long ago (a crash): then this call takes over.
    const takenOver = await db
      .update(idempotencyKeys)
      .set({ updatedAt: sql`now()` })
      .where(
        and(
          where,
          eq(idempotencyKeys.status, IN_PROGRESS),
          sql`${idempotencyKeys.updatedAt} < now() - make_interval(secs => ${IDEMPOTENCY_STALE_SECONDS})`,
        ),
      )
      .returning({ id: idempotencyKeys.id });
    if (!takenOver.length) throw new BizError(Code.transitionNotAllowed, 'idempotency.inProgress');
  }
  const record = (status: number, stored: Stored) =>
    db
      .update(idempotencyKeys)
      .set({ status, response: stored, updatedAt: sql`now()` })
      .where(where);
  try {
    // Answered as stored, so the first answer and every repeat read the same (dates as ISO text).
    const value = JSON.parse(JSON.stringify((await run()) ?? null)) as T;
    await record(DONE, { ok: true, value });
    return value;
  } catch (err) {
    if (err instanceof BizError) {
      await record(FAILED, { ok: false, code: err.code, msgKey: err.msgKey, data: err.data, params: err.params });
    } else {
      // Not an answer (a fault): release the key so the caller's retry runs the command again.
      await db
        .delete(idempotencyKeys)
        .where(and(where, eq(idempotencyKeys.status, IN_PROGRESS)))
        .catch(() => undefined);
    }
    throw err;
  }
}
