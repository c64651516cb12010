import type { RoleSummary } from '@kayuh/contract/api/auth';
import { ALL_CITIES_DEPT_ID } from '@kayuh/contract/constants';
import { and, eq, isNull, like, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { depts, roleDepts, roles, userPosts, userRoles } from '../../db/schema.ts';

/** A role's dept ids by its data scope (DOMAIN §5.3): these decide the cities its holder sees. */
async function deptIdsFor(db: Db, role: { id: number; dataScope: string }, userDeptId: number): Promise<number[]> {
  switch (role.dataScope) {
    case '1':
      return [ALL_CITIES_DEPT_ID];
    case '2':
      return (await db.select({ id: roleDepts.deptId }).from(roleDepts).where(eq(roleDepts.roleId, role.id))).map((r) => r.id);
    case '4': {
      const below = await db.select({ id: depts.id }).from(depts).where(and(
        isNull(depts.deletedAt),
        or(eq(depts.id, userDeptId), like(depts.ancestors, `%,${userDeptId}`), like(depts.ancestors, `%,${userDeptId},%`)),
      ));
      return below.map((r) => r.id);
    }
    default:
      return [userDeptId];
  }
}

/** The user's enabled roles with their dept ids, as the login answer and every request carry them. */
export async function loadRoles(db: Db, user: { id: number; deptId: number }): Promise<RoleSummary[]> {
  const rows = await db.select({ id: roles.id, roleKey: roles.roleKey, roleName: roles.roleName, dataScope: roles.dataScope })
    .from(roles)
    .innerJoin(userRoles, eq(userRoles.roleId, roles.id))
    .where(and(eq(userRoles.userId, user.id), eq(roles.status, '0'), isNull(roles.deletedAt)))
    .orderBy(roles.roleSort, roles.id);
  return Promise.all(rows.map(async (r) => ({
    roleId: r.id, roleKey: r.roleKey, roleName: r.roleName, deptIds: await deptIdsFor(db, r, user.deptId),
  })));
}

/** The spec's roleIdAndpostIds: one entry per role × post (post null when the user holds none). */
export async function loadRolePosts(db: Db, userId: number, roleList: RoleSummary[]) {
  const postIds = (await db.select({ id: userPosts.postId }).from(userPosts).where(eq(userPosts.userId, userId))).map((p) => p.id);
  const posts = postIds.length ? postIds : [null];
  return roleList.flatMap((r) => posts.map((postId) => ({ roleId: r.roleId, postId })));
}
