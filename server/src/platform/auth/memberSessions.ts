import { Code } from '@kayuh/contract/codes';
import { MEMBER_SESSION_ABSOLUTE_MS, MEMBER_SESSION_IDLE_MS, PLATFORM_TENANT_ID } from '@kayuh/contract/constants';
import { parseLang } from '@kayuh/contract/lang';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { countries, members, memberSessions, tenants } from '../../db/schema.ts';
import { BizError } from '../errors.ts';
import type { MemberContext } from '../types.ts';
import { isTenantActive, tenantState } from './tenantStatus.ts';
import { hashToken, newToken } from './tokens.ts';

/**
 * Rider-app sessions (members, DOMAIN §2.3), beside the console's (sessions.ts): 256-bit bearer tokens kept as their
 * SHA-256, an idle and an absolute expiry, and the operator named on every call by its `tenant-code`. A rider may be
 * signed in on several devices; a session ends on sign-out, on expiry, or when the rider may no longer sign in.
 */

/** members.status: only a normal rider signs in and keeps a session. */
export const MEMBER_STATUS_NORMAL = 0;

/** The operator an app call names: known, not the platform, and working. */
export interface AppTenant {
  id: number;
  tenantCode: string;
  brandName: string;
  /** Its country's calling code (+62), for numbers typed without one. */
  callingCode: string;
}

/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60_000;

/** `Authorization: Bearer <token>` → the token. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

/** Tenant codes are upper case (A–Z, 0–9, _); the app's header is read the same way whatever its case. */
const normaliseCode = (code: string) => code.trim().toUpperCase();

/** The operator of a `tenant-code`: unknown (or the platform) → 2002, disabled or run out → 2007. */
export async function resolveAppTenant(db: Db, code: string | undefined, now = new Date()): Promise<AppTenant> {
  const tenantCode = normaliseCode(code ?? '');
  if (!tenantCode) throw new BizError(Code.notFound, 'app.tenant.unknown');
  const [row] = await db
    .select({ id: tenants.id, tenantCode: tenants.tenantCode, brandName: tenants.brandName, callingCode: countries.phoneCode, ...tenantState })
    .from(tenants)
    .leftJoin(countries, eq(countries.id, tenants.countryId))
    .where(and(eq(tenants.tenantCode, tenantCode), isNull(tenants.deletedAt), ne(tenants.id, PLATFORM_TENANT_ID)))
    .limit(1);
  if (!row) throw new BizError(Code.notFound, 'app.tenant.unknown');
  if (!isTenantActive(row, now)) throw new BizError(Code.tenantRestricted, 'app.tenant.inactive');
  return { id: row.id, tenantCode: row.tenantCode, brandName: row.brandName, callingCode: row.callingCode ?? '' };
}

/** Opens a session for a rider; answers its token (shown once, stored only as its hash). */
export async function openMemberSession(
  db: Db,
  member: { id: number; tenantId: number },
  meta: { ip: string; userAgent: string | null },
  now = new Date(),
): Promise<{ token: string; sessionId: number }> {
  const token = newToken();
  const [session] = await db
    .insert(memberSessions)
    .values({
      tenantId: member.tenantId,
      memberId: member.id,
      tokenHash: hashToken(token),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + MEMBER_SESSION_IDLE_MS),
      createdAt: now,
    })
    .returning({ id: memberSessions.id });
  return { token, sessionId: session!.id };
}

/**
 * The rider a bearer token signs in, for a call naming `tenantCode`. No token, a token of no live session, or of
 * another operator's → 10007; a session run out → 4001; an unknown or stopped operator → its own error (2002, 2007);
 * a rider frozen, blacklisted, closed or removed → every session of theirs ends (10007, saying why).
 */
export async function resolveMemberSession(
  db: Db,
  call: { token: string | undefined; tenantCode: string | undefined },
  now = new Date(),
): Promise<MemberContext> {
  if (!call.token) throw new BizError(Code.noSession);
  const [row] = await db
    .select({
      session: memberSessions,
      member: { memberNo: members.memberNo, phone: members.phone, status: members.status, lang: members.lang, deletedAt: members.deletedAt },
      tenant: { tenantCode: tenants.tenantCode, ...tenantState },
    })
    .from(memberSessions)
    .innerJoin(members, eq(members.id, memberSessions.memberId))
    .innerJoin(tenants, eq(tenants.id, memberSessions.tenantId))
    .where(eq(memberSessions.tokenHash, hashToken(call.token)))
    .limit(1);
  if (!row || row.tenant.tenantCode !== normaliseCode(call.tenantCode ?? '')) {
    // A call naming no operator, or one that does not exist or work, hears that first; another operator's token is no session here.
    if (call.tenantCode) await resolveAppTenant(db, call.tenantCode, now);
    throw new BizError(Code.noSession);
  }
  const { session, member } = row;
  if (!isTenantActive(row.tenant, now)) throw new BizError(Code.tenantRestricted, 'app.tenant.inactive');
  if (session.revokedAt) throw new BizError(Code.noSession);
  if (member.deletedAt || member.status !== MEMBER_STATUS_NORMAL) {
    await revokeMemberSessions(db, session.memberId, now);
    throw new BizError(Code.noSession, member.deletedAt ? undefined : `app.member.status.${member.status}`);
  }
  const absoluteEnd = session.createdAt.getTime() + MEMBER_SESSION_ABSOLUTE_MS;
  if (now >= session.expiresAt || now.getTime() >= absoluteEnd) {
    await revokeMemberSession(db, session.id, now);
    throw new BizError(Code.loginExpired);
  }
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    const idleEnd = new Date(Math.min(now.getTime() + MEMBER_SESSION_IDLE_MS, absoluteEnd));
    await db.update(memberSessions).set({ lastSeenAt: now, expiresAt: idleEnd }).where(eq(memberSessions.id, session.id));
    await db.update(members).set({ lastActiveAt: now }).where(eq(members.id, session.memberId));
  }
  return {
    sessionId: session.id,
    memberId: session.memberId,
    tenantId: session.tenantId,
    tenantCode: row.tenant.tenantCode,
    memberNo: member.memberNo,
    phone: member.phone,
    status: member.status,
    lang: parseLang(member.lang),
  };
}

export async function revokeMemberSession(db: Db, sessionId: number, now = new Date()): Promise<boolean> {
  const ended = await db
    .update(memberSessions)
    .set({ revokedAt: now })
    .where(and(eq(memberSessions.id, sessionId), isNull(memberSessions.revokedAt)))
    .returning({ id: memberSessions.id });
  return ended.length > 0;
}

/** Ends every live session of a rider (frozen, blacklisted, closed, removed); answers how many ended. */
export async function revokeMemberSessions(db: Db, memberId: number, now = new Date()): Promise<number> {
  const ended = await db
    .update(memberSessions)
    .set({ revokedAt: now })
    .where(and(eq(memberSessions.memberId, memberId), isNull(memberSessions.revokedAt)))
    .returning({ id: sql<number>`1` });
  return ended.length;
}
