import type { RoleSummary } from '@kayuh/contract/api/auth';
import { ALL_CITIES_DEPT_ID } from '@kayuh/contract/constants';
import { and, eq, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { depts, roleDepts, roles, userPosts, userRoles, users } from '../../db/schema.ts';

/** A role's dept ids by its data scope (DOMAIN §5.3): these decide the cities its holder sees. */
async function deptIdsFor(db: Db, role: { id: number; dataScope: string }, userDeptId: number): Promise<number[]> {
  switch (role.dataScope) {
    case '1':
      return [ALL_CITIES_DEPT_ID];
    case '2':
      return (await db.select({ id: roleDepts.deptId }).from(roleDepts).where(eq(roleDepts.roleId, role.id))).map((r) => r.id);
    case '4': {
      const below = await db
        .select({ id: depts.id })
        .from(depts)
        .where(
          and(
            isNull(depts.deletedAt),
            or(eq(depts.id, userDeptId), like(depts.ancestors, `%,${userDeptId}`), like(depts.ancestors, `%,${userDeptId},%`)),
          ),
        );
      return below.map((r) => r.id);
    }
    default:
      return [userDeptId];
  }
}

/**
 * The reverse question of deptIdsFor, as one SQL condition on `users`: does one of the user's enabled roles see
 * this city — its dept ids include the city's code or 1 (all cities), by the same data-scope rules. Finds a city's
 * staff without loading every user's roles.
 */
export function seesCity(cityCode: number): SQL {
  const scoped = [ALL_CITIES_DEPT_ID, cityCode];
  const inScope = (column: SQL | typeof users.deptId) =>
    sql`${column} IN (${sql.join(
      scoped.map((id) => sql`${id}`),
      sql`, `,
    )})`;
  return sql`EXISTS (SELECT 1 FROM ${userRoles} ur JOIN ${roles} r ON r.id = ur.role_id
    WHERE ur.user_id = ${users.id} AND r.status = '0' AND r.deleted_at IS NULL AND CASE r.data_scope
      WHEN '1' THEN true
      WHEN '2' THEN EXISTS (SELECT 1 FROM ${roleDepts} rd WHERE rd.role_id = r.id AND ${inScope(sql`rd.dept_id`)})
      WHEN '4' THEN EXISTS (SELECT 1 FROM ${depts} d WHERE d.deleted_at IS NULL AND ${inScope(sql`d.id`)}
        AND (d.id = ${users.deptId} OR d.ancestors LIKE '%,' || ${users.deptId} OR d.ancestors LIKE '%,' || ${users.deptId} || ',%'))
      ELSE ${inScope(users.deptId)}
    END)`;
}

/** The user's enabled roles with their dept ids, as the login answer and every request carry them. */
export async function loadRoles(db: Db, user: { id: number; deptId: number }): Promise<RoleSummary[]> {
  const rows = await db
    .select({ id: roles.id, roleKey: roles.roleKey, roleName: roles.roleName, dataScope: roles.dataScope })
    .from(roles)
    .innerJoin(userRoles, eq(userRoles.roleId, roles.id))
    .where(and(eq(userRoles.userId, user.id), eq(roles.status, '0'), isNull(roles.deletedAt)))
    .orderBy(roles.roleSort, roles.id);
  return Promise.all(
    rows.map(async (r) => ({
      roleId: r.id,
      roleKey: r.roleKey,
      roleName: r.roleName,
      deptIds: await deptIdsFor(db, r, user.deptId),
    })),
  );
}

/** The spec's roleIdAndpostIds: one entry per role × post (post null when the user holds none). */
export async function loadRolePosts(db: Db, userId: number, roleList: RoleSummary[]) {
  const postIds = (await db.select({ id: userPosts.postId }).from(userPosts).where(eq(userPosts.userId, userId))).map((p) => p.id);
  const posts = postIds.length ? postIds : [null];
  return roleList.flatMap((r) => posts.map((postId) => ({ roleId: r.roleId, postId })));
}
