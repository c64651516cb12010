import { Code } from '@kayuh/contract/codes';
import { ALL_CITIES_DEPT_ID } from '@kayuh/contract/constants';
import { Header } from '@kayuh/contract/headers';
import { menuRows } from '@kayuh/contract/menus/index';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

const t = useTestApp();

interface OnlineRow {
  sessionId: number;
  userName: string;
  tenantName: string;
  current: boolean;
}
const online = async (headers: Record<string, string>, userName = '') =>
  (await t.call('GET', `/api/monitor/online/list${userName ? `?userName=${userName}` : ''}`, { headers })).data as OnlineRow[];
const profile = async (headers: Record<string, string>) => (await t.call('GET', '/api/system/user/profile', { headers })).code;
const forceLogout = (headers: Record<string, string>, sessionIds: number[]) =>
  t.call('POST', '/api/monitor/online/forceLogout', { headers: { ...headers, lang: 'EN' }, body: { sessionIds } });
const sessionOf = (rows: OnlineRow[], userName: string) => rows.find((r) => r.userName === userName)!.sessionId;

/** A platform role (not the super-admin's) holding the DataMonitoring page and its force sign-out. */
async function monitorRole(root: Record<string, string>): Promise<number> {
  const menuIds = menuRows()
    .filter((m) => m.perms?.startsWith('configure:DataMonitoring:'))
    .map((m) => m.menuId);
  const role = await t.call('POST', '/api/system/role/add', {
    headers: root,
    body: { roleName: 'Monitor', roleKey: 'monitor', dataScope: '1', menuIds },
  });
  expect(role.code, JSON.stringify(role)).toBe(Code.ok);
  return role.data.roleId;
}

/** A platform staff member holding that role, signed in. */
async function platformMonitor(root: Record<string, string>, roleId: number, userName: string) {
  const user = await t.call('POST', '/api/system/user/add', {
    headers: root,
    body: {
      userName,
      nickName: 'Platform monitor',
      password: 'Monitor-2026x',
      deptId: ALL_CITIES_DEPT_ID,
      roleIds: [roleId],
    },
  });
  expect(user.code, JSON.stringify(user)).toBe(Code.ok);
  const session = (await t.call('POST', '/api/system/sso/login', { body: { username: userName, password: 'Monitor-2026x' } })).data;
  return { [Header.token]: session.token, [Header.userId]: String(session.userId) };
}

describe('DataMonitoring', () => {
  it('shows live figures and online sessions to the platform, and ends a session', async () => {
    const root = await t.signIn('superadmin');
    const tech = await t.signIn('kitabike.tech.surabaya.01');
    const figures = (await t.call('GET', '/api/monitor/server', { headers: root })).data;
    expect(figures.process.rssMb).toBeGreaterThan(10);
    expect(figures.database.sizeMb).toBeGreaterThan(0);
    expect(figures.sessions.online).toBeGreaterThanOrEqual(2);
    expect(figures.sessions.liveConnections).toBe(0);
    const rows = await online(root, 'surabaya');
    expect(rows).toEqual([expect.objectContaining({ userName: 'kitabike.tech.surabaya.01', tenantName: 'KitaBike', current: false })]);
    expect((await forceLogout(root, [rows[0]!.sessionId])).data).toEqual({ ended: 1 });
    expect(await profile(tech)).toBe(Code.noSession);
  });

  it("is the platform's page: an operator admin gets 2006", async () => {
    const admin = await t.signIn('kitabike.admin');
    expect((await t.call('GET', '/api/monitor/server', { headers: admin })).code).toBe(Code.forbidden);
    expect((await t.call('GET', '/api/monitor/online/list', { headers: admin })).code).toBe(Code.forbidden);
  });

  it("marks the caller's own session, and refuses to end it (sign out is for that)", async () => {
    const root = await t.signIn('superadmin');
    const rows = await online(root);
    const own = rows.filter((r) => r.current);
    expect(own).toEqual([expect.objectContaining({ userName: 'superadmin' })]);
    const res = await forceLogout(root, [own[0]!.sessionId]);
    expect(res).toMatchObject({ code: Code.transitionNotAllowed, msg: 'Your own session cannot be ended here; use Sign out instead' });
    expect(await profile(root)).toBe(Code.ok);
  });

  it("narrows the super-admin to the tenant the tenant-id header names, and keeps other tenants' sessions out of reach", async () => {
    const kita = await t.signIn('kitabike.admin');
    await t.signIn('gowesbali.admin');
    const root = await t.signIn('superadmin');
    const everyone = await online(root);
    expect(new Set(everyone.map((r) => r.tenantName))).toEqual(new Set(['Kayuh', 'KitaBike', 'GowesBali']));

    const inGowes = { ...root, [Header.tenantId]: '3' };
    const rows = await online(inGowes);
    expect(rows.map((r) => r.userName)).toEqual(['gowesbali.admin']);
    expect((await t.call('GET', '/api/monitor/server', { headers: inGowes })).data.sessions.online).toBe(1);

    // Working in GowesBali, a KitaBike session is not found and keeps working.
    expect((await forceLogout(inGowes, [sessionOf(everyone, 'kitabike.admin')])).code).toBe(Code.notFound);
    expect(await profile(kita)).toBe(Code.ok);
  });

  it("shows platform staff only their own tenant's sessions; they end those, never another tenant's", async () => {
    const root = await t.signIn('superadmin');
    const kita = await t.signIn('kitabike.admin');
    const gowes = await t.signIn('gowesbali.admin');
    const roleId = await monitorRole(root);
    const monitor = await platformMonitor(root, roleId, 'platform.monitor.01');
    const colleague = await platformMonitor(root, roleId, 'platform.monitor.02');

    const rows = await online(monitor);
    expect(rows.map((r) => r.userName).sort()).toEqual(['platform.monitor.01', 'platform.monitor.02', 'superadmin']);
    expect(rows.every((r) => r.tenantName === 'Kayuh')).toBe(true);
    const figures = (await t.call('GET', '/api/monitor/server', { headers: monitor })).data;
    expect(figures.sessions.online).toBe(3);
    // Asking for another tenant by header is refused, not a way round the scope.
    expect((await t.call('GET', '/api/monitor/online/list', { headers: { ...monitor, [Header.tenantId]: '2' } })).code).toBe(Code.tenantRestricted);

    const all = await online(root);
    for (const other of ['kitabike.admin', 'gowesbali.admin']) {
      expect((await forceLogout(monitor, [sessionOf(all, other)])).code).toBe(Code.notFound);
    }
    expect(await profile(kita)).toBe(Code.ok);
    expect(await profile(gowes)).toBe(Code.ok);
    // Mixed in with one of its own, another tenant's session is skipped: only the own-tenant one ends.
    expect((await forceLogout(monitor, [sessionOf(all, 'kitabike.admin'), sessionOf(rows, 'platform.monitor.02')])).data).toEqual({ ended: 1 });
    expect(await profile(colleague)).toBe(Code.noSession);
    expect(await profile(kita)).toBe(Code.ok);
  });
});
