import { Code } from '@kayuh/contract/codes';
import { menuRows } from '@kayuh/contract/menus/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';
import { until } from './liveClients.ts';

/**
 * Who a session's user is and may do is cached between requests (issue #8, point 11); every change it depends on
 * shows on the next request, on this instance and, through Redis, on the others.
 */
const redisUrl = process.env.TEST_REDIS_URL;
let a: TestApp;
let b: TestApp | undefined;
let admin: Record<string, string>;
beforeAll(async () => {
  a = await createTestApp({ redisUrl });
  admin = await a.signIn('kitabike.admin');
  if (redisUrl) {
    b = await createTestApp({ redisUrl, database: a.database });
    await Promise.all([a.services.changes.ready(), b.services.changes.ready()]);
  }
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const idsOf = (perms: string[]) =>
  menuRows()
    .filter((m) => m.perms && perms.includes(m.perms))
    .map((m) => m.menuId);
let seq = 0;

/** A role holding `perms` and a user holding the role, signed in. */
async function clerk(perms: string[]) {
  const n = ++seq;
  const role = await a.call('POST', '/api/system/role/add', {
    headers: admin,
    body: { roleName: `Clerk ${n}`, roleKey: `cache_clerk_${n}`, dataScope: '1', menuIds: idsOf(perms) },
  });
  expect(role.code, JSON.stringify(role)).toBe(Code.ok);
  const user = await a.call('POST', '/api/system/user/add', {
    headers: admin,
    body: {
      userName: `kitabike.cache.${n}`,
      nickName: `Cache ${n}`,
      password: 'Cache-2026x',
      deptId: 2002,
      roleIds: [role.data.roleId],
    },
  });
  expect(user.code, JSON.stringify(user)).toBe(Code.ok);
  const session = (await a.call('POST', '/api/system/sso/login', { body: { username: `kitabike.cache.${n}`, password: 'Cache-2026x' } })).data;
  return { role: role.data, userId: user.data.userId as number, headers: { token: session.token, userid: String(session.userId) } };
}

const listPosts = (app: TestApp, headers: Record<string, string>) => app.call('POST', '/api/system/post/list', { headers, body: {} });

describe('the cached caller', () => {
  it('loses a permission on the next request once the role no longer grants it', async () => {
    const { role, headers } = await clerk(['configure:post:view', 'configure:dept:view']);
    expect((await listPosts(a, headers)).code).toBe(Code.ok);
    const current = (await a.call('GET', `/api/system/role/${role.roleId}`, { headers: admin })).data;
    expect(
      (
        await a.call('POST', '/api/system/role/edit', {
          headers: admin,
          body: { roleId: role.roleId, version: current.version, menuIds: idsOf(['configure:dept:view']) },
        })
      ).code,
    ).toBe(Code.ok);
    expect((await listPosts(a, headers)).code).toBe(Code.forbidden);
  });

  it("follows a change of the user's roles, and a disabled user is out at once", async () => {
    const { userId, headers } = await clerk(['configure:post:view']);
    expect((await listPosts(a, headers)).code).toBe(Code.ok);
    let user = (await a.call('GET', `/api/system/user/${userId}`, { headers: admin })).data;
    expect((await a.call('POST', '/api/system/user/edit', { headers: admin, body: { userId, version: user.version, roleIds: [] } })).code).toBe(
      Code.ok,
    );
    expect((await listPosts(a, headers)).code).toBe(Code.forbidden);
    user = (await a.call('GET', `/api/system/user/${userId}`, { headers: admin })).data;
    expect((await a.call('POST', '/api/system/user/disable', { headers: admin, body: { userId, version: user.version } })).code).toBe(Code.ok);
    expect((await listPosts(a, headers)).code).toBe(Code.noSession);
  });

  it.skipIf(!redisUrl)('on another instance: a role change made on one shows on the other (Redis)', async () => {
    const { role, headers } = await clerk(['configure:post:view', 'configure:dept:view']);
    // The other instance has the caller cached.
    expect((await listPosts(b!, headers)).code).toBe(Code.ok);
    expect((await listPosts(b!, headers)).code).toBe(Code.ok);
    const current = (await a.call('GET', `/api/system/role/${role.roleId}`, { headers: admin })).data;
    expect(
      (
        await a.call('POST', '/api/system/role/edit', {
          headers: admin,
          body: { roleId: role.roleId, version: current.version, menuIds: idsOf(['configure:dept:view']) },
        })
      ).code,
    ).toBe(Code.ok);
    await until(async () => (await listPosts(b!, headers)).code === Code.forbidden, 'the other instance to drop the cached permission');
  });

  it('ends a cached session at once when the user signs in again or is signed out', async () => {
    const { userId, headers } = await clerk(['configure:post:view']);
    expect((await listPosts(a, headers)).code).toBe(Code.ok);
    const again = (await a.call('POST', '/api/system/sso/login', { body: { username: `kitabike.cache.${seq}`, password: 'Cache-2026x' } })).data;
    expect((await listPosts(a, headers)).code).toBe(Code.signedInElsewhere);
    const fresh = { token: again.token, userid: String(again.userId) };
    expect((await listPosts(a, fresh)).code).toBe(Code.ok);
    expect((await a.call('POST', '/api/system/user/forceLogout', { headers: admin, body: { userId } })).code).toBe(Code.ok);
    expect((await listPosts(a, fresh)).code).not.toBe(Code.ok);
  });

  it.skipIf(!redisUrl)('on another instance: a session ended on one is refused on the other (Redis)', async () => {
    const { headers } = await clerk(['configure:post:view']);
    expect((await listPosts(b!, headers)).code).toBe(Code.ok);
    await a.call('POST', '/api/system/sso/login', { body: { username: `kitabike.cache.${seq}`, password: 'Cache-2026x' } });
    await until(async () => (await listPosts(b!, headers)).code === Code.signedInElsewhere, 'the other instance to drop the cached session');
  });
});
