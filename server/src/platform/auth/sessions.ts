import { Code } from '@kayuh/contract/codes';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@kayuh/contract/constants';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userSessions, users } from '../../db/schema.ts';
import { BizError } from '../errors.ts';
import type { SessionCache } from './sessionCache.ts';
import { hashToken, newToken } from './tokens.ts';

/** Why a session ended (user_sessions.revoke_reason) and the code its next call answers. */
export const RevokeReason = { logout: 1, signedInElsewhere: 2, expired: 3, kicked: 4 } as const;
const codeForReason: Record<number, number> = {
  [RevokeReason.signedInElsewhere]: Code.signedInElsewhere,
  [RevokeReason.expired]: Code.loginExpired,
};

/** The code a session ended for this reason answers (3001, 4001, else 10007). */
export const sessionEndCode = (reason: number | null | undefined): number => codeForReason[reason ?? 0] ?? Code.noSession;

type SessionsEndedListener = (sessionIds: number[], reason: number) => void;
const endedListeners = new Set<SessionsEndedListener>();

/** What holds a session open beyond one request (the live link) hears at once when sessions end in this process. */
export function onSessionsEnded(listener: SessionsEndedListener): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}

export function notifySessionsEnded(sessionIds: number[], reason: number): void {
  if (sessionIds.length) for (const listener of endedListeners) listener(sessionIds, reason);
}

/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60_000;

export type Session = typeof userSessions.$inferSelect;

interface SessionMeta {
  ip: string;
  browser: string;
  os: string;
}

/** Opens a session; the user's older live sessions end (one live console session per user, DOMAIN §5.2). */
export async function openSession(db: Db, user: { id: number; tenantId: number }, meta: SessionMeta, now = new Date()) {
  const token = newToken();
  const ended = await db.transaction(async (tx) => {
    // Sign-ins of one user take turns on the user's row: the next one's revocation then sees this one's session,
    // so parallel sign-ins leave exactly one live session on PostgreSQL too.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const older = await tx
      .update(userSessions)
      .set({ revokedAt: now, revokeReason: RevokeReason.signedInElsewhere })
      .where(and(eq(userSessions.userId, user.id), isNull(userSessions.revokedAt)))
      .returning({ id: userSessions.id });
    await tx.insert(userSessions).values({
      tenantId: user.tenantId,
      userId: user.id,
      tokenHash: hashToken(token),
      ...meta,
      loginAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_IDLE_MS),
      absoluteExpiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    });
    return older.map((r) => r.id);
  });
  notifySessionsEnded(ended, RevokeReason.signedInElsewhere);
  return token;
}

/** Every request reads its session: the query is built once per database and prepared (not rebuilt per call). */
const sessionByToken = new WeakMap<Db, { execute(values: { tokenHash: string }): Promise<Session[]> }>();
const sessionQuery = (db: Db) => {
  let prepared = sessionByToken.get(db);
  if (!prepared) {
    prepared = db
      .select()
      .from(userSessions)
      .where(eq(userSessions.tokenHash, sql.placeholder('tokenHash')))
      .limit(1)
      .prepare('session_by_token');
    sessionByToken.set(db, prepared);
  }
  return prepared;
};

/**
 * The live session a token names, or the session-end code it must answer (3001, 4001, 10007). With a cache the row
 * is read at most every few seconds; its expiry is checked on every call all the same.
 */
export async function resolveSession(db: Db, token: string | undefined, now = new Date(), cache?: SessionCache): Promise<Session> {
  if (!token) throw new BizError(Code.noSession);
  const tokenHash = hashToken(token);
  let session = cache?.get(tokenHash, now.getTime());
  if (!session) {
    const generation = cache?.begin();
    [session] = await sessionQuery(db).execute({ tokenHash });
    if (session && cache) cache.set(tokenHash, session, generation!, now.getTime());
  }
  if (!session) throw new BizError(Code.noSession);
  if (session.revokedAt) throw new BizError(sessionEndCode(session.revokeReason));
  if (now >= session.expiresAt || now >= session.absoluteExpiresAt) {
    await revokeSession(db, session.id, RevokeReason.expired, now);
    throw new BizError(Code.loginExpired);
  }
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    const idleEnd = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, session.absoluteExpiresAt.getTime()));
    await db.update(userSessions).set({ lastSeenAt: now, expiresAt: idleEnd }).where(eq(userSessions.id, session.id));
    cache?.touched(tokenHash, { ...session, lastSeenAt: now, expiresAt: idleEnd });
  }
  return session;
}

export async function revokeSession(db: Db, sessionId: number, reason: number, now = new Date()) {
  const ended = await db
    .update(userSessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(and(eq(userSessions.id, sessionId), isNull(userSessions.revokedAt)))
    .returning({ id: userSessions.id });
  notifySessionsEnded(
    ended.map((r) => r.id),
    reason,
  );
}

/** Ends every live session of a user (password change, disable, force sign-out). */
export async function revokeUserSessions(db: Db, userId: number, reason: number, now = new Date()) {
  const ended = await db
    .update(userSessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt)))
    .returning({ id: userSessions.id });
  notifySessionsEnded(
    ended.map((r) => r.id),
    reason,
  );
}
