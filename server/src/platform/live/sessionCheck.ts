import { Code } from '@kayuh/contract/codes';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tenants, users, userSessions } from '../../db/schema.ts';
import { sessionEndCode } from '../auth/sessions.ts';
import { isTenantActive, tenantState } from '../auth/tenantStatus.ts';

const CHUNK = 1_000;

/**
 * Of these sessions, the ones that no longer stand, with the code each answers: revoked (its reason's code),
 * past its idle or absolute expiry (4001), or its user or tenant no longer active (10007). A read only: the
 * live link does not count as activity, so an open console tab never keeps an idle session alive.
 */
export async function endedSessions(db: Db, sessionIds: readonly number[], now = new Date()): Promise<Map<number, number>> {
  const ended = new Map<number, number>();
  for (let i = 0; i < sessionIds.length; i += CHUNK) {
    const ids = sessionIds.slice(i, i + CHUNK);
    const rows = await db
      .select({
        id: userSessions.id,
        revokedAt: userSessions.revokedAt,
        revokeReason: userSessions.revokeReason,
        expiresAt: userSessions.expiresAt,
        absoluteExpiresAt: userSessions.absoluteExpiresAt,
        userStatus: users.status,
        userDeletedAt: users.deletedAt,
        tenant: tenantState,
      })
      .from(userSessions)
      .innerJoin(users, eq(users.id, userSessions.userId))
      .leftJoin(tenants, eq(tenants.id, users.tenantId))
      .where(inArray(userSessions.id, ids));
    const found = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) {
      const r = found.get(id);
      if (!r) ended.set(id, Code.noSession);
      else if (r.revokedAt) ended.set(id, sessionEndCode(r.revokeReason));
      else if (now >= r.expiresAt || now >= r.absoluteExpiresAt) ended.set(id, Code.loginExpired);
      else if (r.userStatus !== '0' || r.userDeletedAt || !isTenantActive(r.tenant, now)) ended.set(id, Code.noSession);
    }
  }
  return ended;
}
