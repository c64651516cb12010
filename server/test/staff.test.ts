import { Code } from '@kayuh/contract/codes';
import type { MenuNode } from '@kayuh/contract/api/system';
import { menuRows } from '@kayuh/contract/menus/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('kitabike.admin', { lang: 'EN' });
});
afterAll(async () => {
  await t?.close();
});

const idsOf = (perms: string[]) =>
  menuRows()
    .filter((m) => m.perms && perms.includes(m.perms))
    .map((m) => m.menuId);
const perms = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [...(n.perms ? [n.perms] : []), ...perms(n.children)]);
const signInAs = async (username: string, password: string) =>
  (await t.call('POST', '/api/system/sso/login', { body: { username, password } })).data as { token: string; userId: number };

describe('roles and users', () => {
  let roleId: number;
  let userId: number;

  it('creates a role with a few permissions and custom depts; a user holding it gets exactly those', async () => {
    const role = await t.call('POST', '/api/system/role/add', {
      headers: admin,
      body: {
        roleName: 'Post clerk',
        roleKey: 'post_clerk',
        dataScope: '2',
        menuIds: idsOf(['configure:post:view', 'configure:post:add']),
        deptIds: [2002],
      },
    });
    expect(role.code, JSON.stringify(role)).toBe(Code.ok);
    roleId = role.data.roleId;
    expect((await t.call('GET', `/api/system/role/${roleId}`, { headers: admin })).data).toMatchObject({ deptIds: [2002] });

    const user = await t.call('POST', '/api/system/user/add', {
      headers: admin,
      body: {
        userName: 'kitabike.clerk.01',
        nickName: 'Dina Clerk',
        password: 'Clerk-2026x',
        deptId: 2002,
        roleIds: [roleId],
      },
    });
    expect(user.code, JSON.stringify(user)).toBe(Code.ok);
    expect(user.data).not.toHaveProperty('passwordHash');
    userId = user.data.userId;

    const session = await signInAs('kitabike.clerk.01', 'Clerk-2026x');
    const headers = { token: session.token, userid: String(session.userId) };
    const tree = (await t.call('GET', '/api/system/menu/getMenuForUserId', { headers })).data as MenuNode[];
    expect(
      perms(tree)
        .filter((p) => !p.startsWith('configure:changePwd') && !p.startsWith('configure:personal_info'))
        .sort(),
    ).toEqual(['configure:post:add', 'configure:post:view']);
    expect((await t.call('POST', '/api/system/post/list', { headers, body: {} })).code).toBe(Code.ok);
    expect((await t.call('POST', '/api/system/post/edit', { headers, body: { postId: 1, version: 0 } })).code).toBe(Code.forbidden);
    const cities = (await t.call('POST', '/api/system/city/list', { headers, body: {} })).rows as Array<{ cityCode: number }>;
    expect(cities.map((c) => c.cityCode)).toEqual([2002]);
  });

  it("refuses menus outside the tenant's package and depts of another tenant", async () => {
    const res = await t.call('POST', '/api/system/role/add', {
      headers: admin,
      body: {
        roleName: 'Greedy',
        roleKey: 'greedy',
        menuIds: idsOf(['configure:menu:view']),
        deptIds: [3001],
      },
    });
    expect(res.code).toBe(Code.validation);
    expect(Object.keys(res.data.fields).sort()).toEqual(['menuIds']);
    const depts = await t.call('POST', '/api/system/role/add', { headers: admin, body: { roleName: 'Greedy', roleKey: 'greedy', deptIds: [3001] } });
    expect(depts.data.fields).toEqual({ deptIds: 'Not one of the allowed options' });
  });

  it('keeps user names unique across tenants', async () => {
    const res = await t.call('POST', '/api/system/user/add', {
      headers: admin,
      body: { userName: 'gowesbali.admin', nickName: 'Copy', password: 'Copy-2026x', deptId: 2001 },
    });
    expect(res.code).toBe(Code.duplicate);
  });

  it('ends sessions on disable, force sign-out and password reset; a reset password signs in', async () => {
    let session = await signInAs('kitabike.clerk.01', 'Clerk-2026x');
    const profile = () => t.call('GET', '/api/system/user/profile', { headers: { token: session.token, userid: String(session.userId) } });
    expect((await t.call('POST', '/api/system/user/forceLogout', { headers: admin, body: { userId } })).code).toBe(Code.ok);
    expect((await profile()).code).toBe(Code.noSession);

    session = await signInAs('kitabike.clerk.01', 'Clerk-2026x');
    const current = (await t.call('GET', `/api/system/user/${userId}`, { headers: admin })).data;
    const disabled = await t.call('POST', '/api/system/user/disable', { headers: admin, body: { userId, version: current.version } });
    expect(disabled.data.status).toBe('1');
    expect((await profile()).code).toBe(Code.noSession);
    expect((await t.call('POST', '/api/system/sso/login', { body: { username: 'kitabike.clerk.01', password: 'Clerk-2026x' } })).code).toBe(
      Code.badCredentials,
    );
    await t.call('POST', '/api/system/user/enable', { headers: admin, body: { userId, version: disabled.data.version } });

    expect((await t.call('POST', '/api/system/user/resetPwd', { headers: admin, body: { userId, password: 'Reset-2027y' } })).code).toBe(Code.ok);
    expect((await signInAs('kitabike.clerk.01', 'Reset-2027y')).token).toBeTruthy();
    const other = await t.signIn('gowesbali.admin');
    expect((await t.call('POST', '/api/system/user/resetPwd', { headers: other, body: { userId, password: 'Hijack-2027y' } })).code).toBe(
      Code.notFound,
    );
  });

  it('refuses to remove a role someone still holds', async () => {
    const res = await t.call('POST', `/api/system/role/remove/${roleId}`, { headers: admin });
    expect(res).toMatchObject({ code: Code.transitionNotAllowed, msg: 'The role is still held by users' });
  });

  it('offers a role form the tenant package as a menu tree', async () => {
    const tree = (await t.call('GET', '/api/system/menu/treeselect', { headers: admin })).data as MenuNode[];
    const all = perms(tree);
    expect(all).toContain('payment:accountListPage:view');
    expect(all).not.toContain('configure:menu:view');
  });
});
