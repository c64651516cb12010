import { Code } from '@kayuh/contract/codes';
import { liveMessage } from '@kayuh/contract/api/live';
import { MODULES, menuIdOf } from '@kayuh/contract/menus/index';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cities, exportJobs, operationLogs, roleMenus, roles, staffNotifications, userRoles, users } from '../src/db/schema.ts';
import { loadRoles } from '../src/platform/auth/roles.ts';
import type { LiveLink } from '../src/platform/live/liveLink.ts';
import { resolveAudience } from '../src/modules/message/audience.ts';
import { notify } from '../src/modules/message/notify.ts';
import { createTestApp, type TestApp } from './harness.ts';

/** A live link that records what it was asked to push, in place of the broker. */
function recordingLive() {
  const sent: Array<{ tenantId: number; userIds: number[]; body: string }> = [];
  const live: LiveLink = {
    async sendToUsers(tenantId, userIds, body) {
      sent.push({ tenantId, userIds: [...userIds], body });
    },
    async endSession() {},
    localConnections: 0,
    async close() {},
  };
  return { live, sent };
}

let t: TestApp;
let pushes: ReturnType<typeof recordingLive>['sent'];
const idOf = new Map<string, number>();
const nameOf = new Map<number, string>();
const names = (ids: number[]) => ids.map((id) => nameOf.get(id)).sort();

beforeAll(async () => {
  t = await createTestApp();
  for (const u of await t.database.db.select({ id: users.id, userName: users.userName }).from(users)) {
    idOf.set(u.userName, u.id);
    nameOf.set(u.id, u.userName);
  }
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  const recorder = recordingLive();
  (t.services as { live: LiveLink }).live = recorder.live;
  pushes = recorder.sent;
});

const roleId = async (tenantId: number, roleKey: string) =>
  (
    await t.database.db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.tenantId, tenantId), eq(roles.roleKey, roleKey)))
  )[0]!.id;

describe('a notice audience', () => {
  it("is a role's enabled holders, of that tenant only", async () => {
    const db = t.database.db;
    const technician = await roleId(2, 'technician');
    const before = await resolveAudience(db, 2, { roleId: technician });
    expect(before).toHaveLength(12);
    expect(names(before).every((n) => n!.startsWith('kitabike.tech.'))).toBe(true);
    await db.update(users).set({ status: '1' }).where(eq(users.userName, 'kitabike.tech.surabaya.04'));
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.userName, 'kitabike.tech.surabaya.03'));
    const after = names(await resolveAudience(db, 2, { roleId: technician }));
    expect(after).toHaveLength(10);
    expect(after).not.toContain('kitabike.tech.surabaya.04');
    expect(after).not.toContain('kitabike.tech.surabaya.03');
    // Another tenant's role names nobody here.
    expect(await resolveAudience(db, 3, { roleId: technician })).toEqual([]);
    await db
      .update(users)
      .set({ status: '0', deletedAt: null })
      .where(inArray(users.userName, ['kitabike.tech.surabaya.03', 'kitabike.tech.surabaya.04']));
  });

  it("is a city's staff: the roles that see it, all-city roles included", async () => {
    expect(names(await resolveAudience(t.database.db, 2, { cityCode: 2001 }))).toEqual([
      'kitabike.admin',
      'kitabike.cs.01',
      'kitabike.cs.02',
      'kitabike.fin.01',
      'kitabike.ops.jakarta',
      'kitabike.tech.jakarta.01',
      'kitabike.tech.jakarta.02',
      'kitabike.tech.jakarta.03',
      'kitabike.tech.jakarta.04',
    ]);
    // GowesBali's Jakarta is another city code; KitaBike's Jakarta has no GowesBali staff.
    expect(names(await resolveAudience(t.database.db, 3, { cityCode: 2001 }))).toEqual([]);
  });

  it('finds the same city staff as the sign-in computes visible cities, for every user and city', async () => {
    const db = t.database.db;
    // Beside the demo's scopes (all, custom, self), a lead at head office whose role sees their dept and below.
    const [lead] = await db.insert(roles).values({ tenantId: 2, roleName: 'Regional lead', roleKey: 'regional_lead', dataScope: '4' }).returning();
    const leadUser = idOf.get('kitabike.tech.jakarta.04')!;
    await db.insert(userRoles).values({ tenantId: 2, userId: leadUser, roleId: lead!.id });
    await db.update(users).set({ deptId: 200 }).where(eq(users.id, leadUser));
    const staff = await db
      .select()
      .from(users)
      .where(inArray(users.tenantId, [2, 3]));
    const cityRows = await db.select({ code: cities.cityCode, tenantId: cities.tenantId }).from(cities);
    for (const city of cityRows) {
      const expected: number[] = [];
      for (const user of staff.filter((u) => u.tenantId === city.tenantId && u.status === '0' && !u.deletedAt)) {
        const deptIds = (await loadRoles(db, user)).flatMap((r) => r.deptIds);
        if (deptIds.includes(1) || deptIds.includes(city.code)) expected.push(user.id);
      }
      expect(await resolveAudience(db, city.tenantId, { cityCode: city.code }), `city ${city.code}`).toEqual(expected.sort((a, b) => a - b));
    }
    expect(names(await resolveAudience(db, 2, { cityCode: 2003 }))).toContain('kitabike.tech.jakarta.04');
    await db.delete(userRoles).where(eq(userRoles.roleId, lead!.id));
    await db.update(roles).set({ deletedAt: new Date() }).where(eq(roles.id, lead!.id));
    await db.update(users).set({ deptId: 2001 }).where(eq(users.id, leadUser));
  });

  it('is every enabled user of the tenant, or the chosen users who belong to it', async () => {
    const db = t.database.db;
    const tenant3 = names(await resolveAudience(db, 3, { tenant: true }));
    expect(tenant3.length).toBeGreaterThan(10);
    expect(tenant3.every((n) => n!.startsWith('gowesbali.'))).toBe(true);
    const chosen = await resolveAudience(db, 2, { userIds: [idOf.get('kitabike.admin')!, idOf.get('gowesbali.admin')!] });
    expect(names(chosen)).toEqual(['kitabike.admin']);
  });
});

describe('notify', () => {
  it('stores one notification per user and pushes each their own, never across tenants', async () => {
    const ops = idOf.get('kitabike.ops.bandung')!;
    const { reached } = await notify(t.services, {
      tenantId: 2,
      audience: { userIds: [ops, idOf.get('gowesbali.admin')!] },
      bizCmd: 'titleMessage',
      title: 'Low battery',
      message: 'Ten vehicles below 20 %',
      url: '/operations/battery',
    });
    expect(reached).toBe(1);
    const [row] = await t.database.db
      .select()
      .from(staffNotifications)
      .where(eq(staffNotifications.userId, ops))
      .orderBy(desc(staffNotifications.id))
      .limit(1);
    expect(row).toMatchObject({
      tenantId: 2,
      bizCmd: 'titleMessage',
      title: 'Low battery',
      message: 'Ten vehicles below 20 %',
      url: '/operations/battery',
      readAt: null,
    });
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ tenantId: 2, userIds: [ops] });
    const pushed = liveMessage.parse(JSON.parse(pushes[0]!.body));
    expect(pushed).toEqual({
      bizCmd: 'titleMessage',
      data: { title: 'Low battery', message: 'Ten vehicles below 20 %', url: '/operations/battery', notificationId: row!.id },
    });
  });

  it('keeps the notice when the push fails', async () => {
    (t.services as { live: LiveLink }).live = {
      ...recordingLive().live,
      sendToUsers: async () => {
        throw new Error('broker down');
      },
    };
    const fin = idOf.get('kitabike.fin.01')!;
    expect(await notify(t.services, { tenantId: 2, audience: { userIds: [fin] }, bizCmd: 'message', message: 'Settlement run finished' })).toEqual({
      reached: 1,
    });
    const rows = await t.database.db.select().from(staffNotifications).where(eq(staffNotifications.userId, fin));
    expect(rows.map((r) => r.message)).toContain('Settlement run finished');
  });
});

describe('my notifications', () => {
  it('lists only my own, newest first; counts and marks only mine read', async () => {
    const techId = idOf.get('kitabike.tech.jakarta.02')!;
    for (const message of ['First', 'Second', 'Third']) {
      await notify(t.services, { tenantId: 2, audience: { userIds: [techId, idOf.get('kitabike.tech.jakarta.03')!] }, bizCmd: 'message', message });
    }
    const tech = await t.signIn('kitabike.tech.jakarta.02');
    const other = await t.signIn('kitabike.tech.jakarta.03');
    expect((await t.call('GET', '/api/message/staffNotice/unreadCount', { headers: tech })).data).toBe(3);
    const list = await t.call('POST', '/api/message/staffNotice/mine', { headers: tech, body: { pageSize: 2 } });
    expect(list.total).toBe(3);
    expect(list.rows.map((r: { message: string }) => r.message)).toEqual(['Third', 'Second']);
    expect(list.rows[0]).toMatchObject({ bizCmd: 'message', title: null, url: null, readAt: null });

    // The other user's notifications are out of reach: marking them answers nothing changed.
    const theirs = (await t.call('POST', '/api/message/staffNotice/mine', { headers: other, body: {} })).rows.map(
      (r: { notificationId: number }) => r.notificationId,
    );
    expect((await t.call('POST', '/api/message/staffNotice/read', { headers: tech, body: { ids: theirs } })).data).toEqual({ updated: 0 });
    expect((await t.call('GET', '/api/message/staffNotice/unreadCount', { headers: other })).data).toBe(3);

    expect((await t.call('POST', '/api/message/staffNotice/read', { headers: tech, body: { ids: [list.rows[0].notificationId] } })).data).toEqual({
      updated: 1,
    });
    expect((await t.call('GET', '/api/message/staffNotice/unreadCount', { headers: tech })).data).toBe(2);
    const unread = await t.call('POST', '/api/message/staffNotice/mine', { headers: tech, body: { unreadOnly: true } });
    expect(unread.rows.map((r: { message: string }) => r.message)).toEqual(['Second', 'First']);
    expect((await t.call('POST', '/api/message/staffNotice/readAll', { headers: tech, body: {} })).data).toEqual({ updated: 2 });
    expect((await t.call('GET', '/api/message/staffNotice/unreadCount', { headers: tech })).data).toBe(0);
    expect((await t.call('GET', '/api/message/staffNotice/unreadCount', { headers: other })).data).toBe(3);
  });

  it('refuses an empty or oversized list of ids', async () => {
    const tech = await t.signIn('kitabike.tech.jakarta.02', { lang: 'EN' });
    const empty = await t.call('POST', '/api/message/staffNotice/read', { headers: tech, body: { ids: [] } });
    expect(empty).toMatchObject({ code: Code.validation, data: { fields: { ids: 'Must be at least 1' } } });
    const many = await t.call('POST', '/api/message/staffNotice/read', {
      headers: tech,
      body: { ids: Array.from({ length: 501 }, (_, i) => i + 1) },
    });
    expect(many).toMatchObject({ code: Code.validation, data: { fields: { ids: 'Must be at most 500' } } });
  });
});

describe('sending a notice', () => {
  const send = (headers: Record<string, string>, body: Record<string, unknown>) => t.call('POST', '/api/message/staffNotice/send', { headers, body });

  it("reaches a role's holders, stores and pushes it, and journals the send", async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const technician = await roleId(2, 'technician');
    const res = await send(admin, {
      audienceType: 'role',
      roleId: technician,
      bizCmd: 'titleMessage',
      title: 'Rain tonight',
      message: 'Bring the fleet in by 20:00',
      url: '/operations',
    });
    expect(res).toMatchObject({ code: Code.ok, data: { reached: 12 } });
    expect(pushes).toHaveLength(12);
    expect(pushes.every((p) => p.tenantId === 2 && p.userIds.length === 1)).toBe(true);
    const tech = await t.signIn('kitabike.tech.bandung.01');
    const [latest] = (await t.call('POST', '/api/message/staffNotice/mine', { headers: tech, body: {} })).rows;
    expect(latest).toMatchObject({ bizCmd: 'titleMessage', title: 'Rain tonight', message: 'Bring the fleet in by 20:00', url: '/operations' });
    const [journal] = await t.database.db.select().from(operationLogs).orderBy(desc(operationLogs.id)).limit(1);
    expect(journal).toMatchObject({ title: 'menu.message.staffNotice', operName: 'kitabike.admin', status: 0 });
  });

  it("reaches a city's staff and the whole tenant", async () => {
    const admin = await t.signIn('kitabike.admin');
    expect((await send(admin, { audienceType: 'city', cityCode: 2002, bizCmd: 'message', message: 'Bandung depot closed today' })).data).toEqual({
      reached: 9,
    });
    const tenantWide = await send(admin, { audienceType: 'tenant', bizCmd: 'message', message: 'System upgrade at 23:00' });
    const staff = await resolveAudience(t.database.db, 2, { tenant: true });
    expect(tenantWide.data).toEqual({ reached: staff.length });
  });

  it('validates the form with translated messages', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const fields = async (body: Record<string, unknown>) => {
      const res = await send(admin, body);
      expect(res.code, JSON.stringify(body)).toBe(Code.validation);
      return res.data.fields;
    };
    expect(await fields({ audienceType: 'role', bizCmd: 'message', message: 'x' })).toEqual({ roleId: 'Required' });
    expect(await fields({ audienceType: 'users', userIds: [], bizCmd: 'message', message: 'x' })).toEqual({ userIds: 'Required' });
    expect(await fields({ audienceType: 'city', bizCmd: 'titleMessage', message: 'x' })).toEqual({ cityCode: 'Required', title: 'Required' });
    expect(await fields({ audienceType: 'tenant', bizCmd: 'message', message: '  ' })).toEqual({ message: 'Required' });
    expect(await fields({ audienceType: 'tenant', bizCmd: 'alarm', message: 'x' })).toEqual({ bizCmd: 'Not one of the allowed options' });
    expect(await fields({ audienceType: 'tenant', bizCmd: 'message', message: 'x', url: 'javascript:alert(1)' })).toEqual({
      url: 'Must be a page of this console, e.g. /configure/downloadList',
    });
    expect(await fields({ audienceType: 'tenant', bizCmd: 'message', message: 'x', url: 'https://kayuh-login.example/configure' })).toEqual({
      url: 'Must be a page of this console, e.g. /configure/downloadList',
    });
    expect(await fields({ audienceType: 'tenant', bizCmd: 'message', message: 'x'.repeat(2001) })).toEqual({ message: 'At most 2000 characters' });
    // Another tenant's role, city and users are not the sender's to reach.
    expect(await fields({ audienceType: 'role', roleId: await roleId(3, 'technician'), bizCmd: 'message', message: 'x' })).toEqual({
      roleId: 'This role does not exist in this tenant',
    });
    expect(await fields({ audienceType: 'city', cityCode: 3001, bizCmd: 'message', message: 'x' })).toEqual({
      cityCode: 'This city is not in your scope',
    });
    expect(await fields({ audienceType: 'users', userIds: [idOf.get('gowesbali.admin')], bizCmd: 'message', message: 'x' })).toEqual({
      userIds: 'Some users are not active staff of this tenant',
    });
    expect(pushes).toHaveLength(0);
  });

  it("sends to a city only within the sender's own cities", async () => {
    // The Jakarta operations role may send notices here, for this test.
    const page = MODULES.find((m) => m.key === 'message')!.pages.find((p) => p.page === 'staffNotice')!;
    const cityOps = await roleId(2, 'city_ops_jakarta');
    const grants = [menuIdOf('message:staffNotice:view'), menuIdOf(`message:staffNotice:${page.actions[0]}`)];
    await t.database.db.insert(roleMenus).values(grants.map((menuId) => ({ tenantId: 2, roleId: cityOps, menuId })));
    const ops = await t.signIn('kitabike.ops.jakarta', { lang: 'EN' });
    expect((await send(ops, { audienceType: 'city', cityCode: 2001, bizCmd: 'message', message: 'Jakarta briefing' })).data).toEqual({ reached: 9 });
    const refused = await send(ops, { audienceType: 'city', cityCode: 2002, bizCmd: 'message', message: 'Bandung briefing' });
    expect(refused).toMatchObject({ code: Code.validation, data: { fields: { cityCode: 'This city is not in your scope' } } });
  });

  it('answers 2006 to a user without the send permission', async () => {
    const tech = await t.signIn('kitabike.tech.jakarta.01', { lang: 'EN' });
    const res = await send(tech, { audienceType: 'tenant', bizCmd: 'message', message: 'Hello everyone' });
    expect(res.code).toBe(Code.forbidden);
    expect(pushes).toHaveLength(0);
  });
});

describe('the Download Center tells the requester', () => {
  it('that an export is ready, in the language they asked in, linking to the Download Center', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const queued = await t.call('POST', '/api/system/post/export', { headers: admin, body: {} });
    expect(await t.workers.exports.poll()).toBe(true);
    const adminId = idOf.get('kitabike.admin')!;
    const [row] = await t.database.db
      .select()
      .from(staffNotifications)
      .where(eq(staffNotifications.userId, adminId))
      .orderBy(desc(staffNotifications.id))
      .limit(1);
    const [job] = await t.database.db.select().from(exportJobs).where(eq(exportJobs.id, queued.data.jobId));
    expect(row).toMatchObject({
      tenantId: 2,
      bizCmd: 'titleMessage',
      title: 'Export ready',
      url: '/configure/downloadList',
      message: `Job: ${job!.rowCount} rows (job ${queued.data.jobNo}).`,
    });
    expect(pushes.map((p) => p.userIds)).toEqual([[adminId]]);
    expect(JSON.parse(pushes[0]!.body)).toMatchObject({ bizCmd: 'titleMessage', data: { title: 'Export ready', notificationId: row!.id } });
  });

  it('that an export failed, in Indonesian when asked in Indonesian', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'ID' });
    const queued = await t.call('POST', '/api/system/post/export', { headers: admin, body: {} });
    // A resource this version no longer knows: the job fails.
    await t.database.db.update(exportJobs).set({ resourceKey: 'retired' }).where(eq(exportJobs.id, queued.data.jobId));
    expect(await t.workers.exports.poll()).toBe(true);
    const [row] = await t.database.db
      .select()
      .from(staffNotifications)
      .where(eq(staffNotifications.userId, idOf.get('kitabike.admin')!))
      .orderBy(desc(staffNotifications.id))
      .limit(1);
    expect(row).toMatchObject({ title: 'Ekspor gagal', url: '/configure/downloadList' });
    expect(row!.message).toContain(queued.data.jobNo);
  });
});
