import { Code } from '@kayuh/contract/codes';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depts, roles, userRoles, users } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * Another tenant's ids answer 2002 and nothing else: no hook, no rule check and no side effect of a resource runs
 * before the tenant and city scope has admitted the rows (issue #8, point 1).
 */
let t: TestApp;
let intruder: Record<string, string>;
let victims: Record<string, Record<string, string>>;
beforeAll(async () => {
  t = await createTestApp();
  victims = { 'kitabike.admin': await t.signIn('kitabike.admin'), superadmin: await t.signIn('superadmin') };
  intruder = await t.signIn('gowesbali.admin', { lang: 'EN' });
});
afterAll(async () => {
  await t?.close();
});

const idOf = async (userName: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.userName, userName)))[0]!.id;
const stillSignedIn = async () => {
  for (const [name, headers] of Object.entries(victims)) {
    expect((await t.call('GET', '/api/system/user/profile', { headers })).code, name).toBe(Code.ok);
  }
};

describe("another tenant's rows", () => {
  it('removing their users answers 2002 and ends none of their sessions', async () => {
    const ids = [await idOf('kitabike.admin'), await idOf('superadmin')];
    const res = await t.call('POST', `/api/system/user/remove/${ids.join(',')}`, { headers: intruder });
    expect(res.code).toBe(Code.notFound);
    await stillSignedIn();
    const live = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
    expect(live).toHaveLength(2);
  });

  it('one foreign id among own ids undoes the whole removal', async () => {
    const [me] = await t.database.db.select({ deptId: users.deptId }).from(users).where(eq(users.userName, 'gowesbali.admin'));
    const own = await t.call('POST', '/api/system/user/add', {
      headers: intruder,
      body: {
        userName: 'gowesbali.temp.01',
        nickName: 'Temp',
        password: 'Temp-2026x',
        deptId: me!.deptId,
        roleIds: [],
      },
    });
    expect(own.code, JSON.stringify(own)).toBe(Code.ok);
    const res = await t.call('POST', `/api/system/user/remove/${own.data.userId},${await idOf('kitabike.admin')}`, { headers: intruder });
    expect(res.code).toBe(Code.notFound);
    expect(
      await t.database.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, own.data.userId), isNull(users.deletedAt))),
    ).toHaveLength(1);
    await stillSignedIn();
  });

  it('a dept that still has users, and a role in use, answer 2002 rather than telling why they cannot go', async () => {
    const [kitaDept] = await t.database.db
      .select({ id: depts.id })
      .from(depts)
      .innerJoin(users, eq(users.deptId, depts.id))
      .where(and(eq(depts.tenantId, 2), eq(depts.kind, 3)))
      .limit(1);
    expect(kitaDept, 'a KitaBike dept with staff').toBeDefined();
    expect((await t.call('POST', `/api/system/dept/remove/${kitaDept!.id}`, { headers: intruder })).code).toBe(Code.notFound);

    const [heldRole] = await t.database.db
      .select({ id: roles.id })
      .from(roles)
      .innerJoin(userRoles, eq(userRoles.roleId, roles.id))
      .where(eq(roles.tenantId, 2))
      .limit(1);
    expect((await t.call('POST', `/api/system/role/remove/${heldRole!.id}`, { headers: intruder })).code).toBe(Code.notFound);
  });

  it('resetting their password or forcing their sign-out answers 2002 and changes nothing', async () => {
    const userId = await idOf('kitabike.admin');
    const [before] = await t.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
    expect((await t.call('POST', '/api/system/user/resetPwd', { headers: intruder, body: { userId, password: 'Taken-over-2026' } })).code).toBe(
      Code.notFound,
    );
    expect((await t.call('POST', '/api/system/user/forceLogout', { headers: intruder, body: { userId } })).code).toBe(Code.notFound);
    const [after] = await t.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
    expect(after!.hash).toBe(before!.hash);
    await stillSignedIn();
  });

  it('the same removal inside the tenant still runs its rule: a dept with staff answers 2004', async () => {
    const [me] = await t.database.db.select({ tenantId: users.tenantId }).from(users).where(eq(users.userName, 'gowesbali.admin'));
    const [own] = await t.database.db
      .select({ id: depts.id })
      .from(depts)
      .innerJoin(users, eq(users.deptId, depts.id))
      .where(and(eq(depts.tenantId, me!.tenantId), eq(depts.kind, 3)))
      .limit(1);
    expect(own, 'a GowesBali dept with staff').toBeDefined();
    expect((await t.call('POST', `/api/system/dept/remove/${own!.id}`, { headers: intruder })).code).toBe(Code.transitionNotAllowed);
  });
});
