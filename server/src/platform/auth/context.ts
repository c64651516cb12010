import type { RoleSummary } from '@kayuh/contract/api/auth';
import { Code } from '@kayuh/contract/codes';
import { ALL_CITIES_DEPT_ID, PLATFORM_TENANT_ID, SUPER_ADMIN_ROLE_ID } from '@kayuh/contract/constants';
import type { ActorKind } from '@kayuh/contract/resources/types';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tenants, users } from '../../db/schema.ts';
import { BizError } from '../errors.ts';
import type { AuthCache, CallerProfile } from './authCache.ts';
import type { MenuAccess } from './menuAccess.ts';
import { loadRoles } from './roles.ts';
import { isTenantActive, tenantState } from './tenantStatus.ts';
import { RevokeReason, revokeSession, type Session } from './sessions.ts';

/** Who is calling, and what they may touch — attached to every authenticated request. */
export interface AuthContext {
  sessionId: number;
  userId: number;
  userName: string;
  nickName: string;
  deptId: number;
  /** The user's own tenant. */
  tenantId: number;
  isSuperAdmin: boolean;
  /** The tenant this request works in; null = every tenant (the super-admin's platform-wide view). */
  scopeTenantId: number | null;
  roles: RoleSummary[];
  /** deptIds of all roles; containing 1 means every city of the scope tenant(s). */
  deptIds: number[];
  allCities: boolean;
  perms: string[];
  /** A reset or new account: nothing but setting a new password (and signing out) is open yet. */
  mustChangePwd: boolean;
  /** Who acts when it is not a staff member's session: a timed task or event handler ('system'), a device. */
  actor?: Exclude<ActorKind, 'staff'>;
}

/**
 * The actor of a timed task, an event handler or a device working in one tenant (DOMAIN §3): every city, no user
 * (the rows it writes carry no created_by / updated_by), and only the events declared for it.
 */
export function systemActor(tenantId: number, actor: Exclude<ActorKind, 'staff'> = 'system'): AuthContext {
  return {
    sessionId: 0,
    userId: 0,
    userName: actor,
    nickName: actor,
    deptId: 0,
    tenantId,
    isSuperAdmin: false,
    scopeTenantId: tenantId,
    roles: [],
    deptIds: [],
    allCities: true,
    perms: [],
    mustChangePwd: false,
    actor,
  };
}

/** The user a write is stamped with: none for the system actor. */
export const actorUserId = (auth: AuthContext): number | null => (auth.actor ? null : auth.userId);

/**
 * The user of a live session, checked as every call checks it (HTTP requests and the live link's CONNECT): not
 * deleted, enabled, their tenant active — else the session ends (10007). A token presented with another user's
 * id is not this user's session.
 */
export async function sessionUser(db: Db, session: Session, claimedUserId: string | undefined): Promise<typeof users.$inferSelect> {
  const [row] = await db
    .select({ user: users, tenant: tenantState })
    .from(users)
    .leftJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.id, session.userId), isNull(users.deletedAt)))
    .limit(1);
  const user = row?.user;
  if (!user || user.status !== '0' || !isTenantActive(row.tenant)) {
    await revokeSession(db, session.id, RevokeReason.kicked);
    throw new BizError(Code.noSession);
  }
  if (claimedUserId && claimedUserId !== String(user.id)) throw new BizError(Code.noSession);
  return user;
}

/** The platform's super admin: a user of the platform tenant holding role 1. */
export const holdsSuperAdmin = (user: { tenantId: number }, roles: readonly { roleId: number }[]): boolean =>
  user.tenantId === PLATFORM_TENANT_ID && roles.some((r) => r.roleId === SUPER_ADMIN_ROLE_ID);

/** The session's user as the database has them now: checked (enabled, tenant active), with roles and permissions. */
async function loadCallerProfile(db: Db, menuAccess: MenuAccess, session: Session, claimedUserId: string | undefined): Promise<CallerProfile> {
  const user = await sessionUser(db, session, claimedUserId);
  const roles = await loadRoles(db, user);
  const isSuperAdmin = holdsSuperAdmin(user, roles);
  const deptIds = [...new Set(roles.flatMap((r) => r.deptIds))];
  return {
    userId: user.id,
    userName: user.userName,
    nickName: user.nickName,
    deptId: user.deptId,
    tenantId: user.tenantId,
    isSuperAdmin,
    roles,
    deptIds,
    allCities: deptIds.includes(ALL_CITIES_DEPT_ID),
    perms: await menuAccess.perms(user, isSuperAdmin),
    mustChangePwd: user.mustChangePwd,
  };
}

/**
 * Who is calling on a live session: the profile from the cache when it holds one, else read and cached; the
 * headers' user id and tenant are checked against it on every request.
 */
export async function loadAuthContext(
  db: Db,
  menuAccess: MenuAccess,
  session: Session,
  headers: { userId?: string; tenantId?: string },
  cache?: AuthCache,
): Promise<AuthContext> {
  let profile = cache?.get(session.id);
  if (!profile) {
    const generation = cache?.begin() ?? 0;
    profile = await loadCallerProfile(db, menuAccess, session, headers.userId);
    cache?.set(session.id, profile, generation);
  }
  // A token presented with another user's id is not this user's session.
  if (headers.userId && headers.userId !== String(profile.userId)) throw new BizError(Code.noSession);
  return { ...profile, sessionId: session.id, scopeTenantId: scopeTenant(profile.tenantId, profile.isSuperAdmin, headers.tenantId) };
}

/** DOMAIN §0.5: the tenant-id header must be the user's own tenant unless the user is the super admin. */
function scopeTenant(ownTenantId: number, isSuperAdmin: boolean, header: string | undefined): number | null {
  const requested = header && /^\d+$/.test(header) ? Number(header) : undefined;
  if (isSuperAdmin) return requested && requested !== PLATFORM_TENANT_ID ? requested : null;
  if (requested !== undefined && requested !== ownTenantId) throw new BizError(Code.tenantRestricted);
  return ownTenantId;
}
