import { Code } from '@kayuh/contract/codes';
import { EVENT_TIMELINE_MAX } from '@kayuh/contract/constants';
import { editionsResource } from '@kayuh/contract/resources/editions';
import { menuRows } from '@kayuh/contract/menus/index';
import { describe, expect, it } from 'vitest';
import { operationLogs } from '../src/db/schema.ts';
import { systemActor } from '../src/platform/auth/context.ts';
import { resourceHandlers } from '../src/platform/resources/handlers.ts';
import { editionsBinding } from '../src/modules/configure/editions.ts';
import { useTestApp } from './harness.ts';

/** GET …/{id}/events: a row's timeline of fired events, from the operation journal (contract/api/rowEvents). */
const t = useTestApp();
let code = 700;

async function draft(headers: Record<string, string>) {
  const n = ++code;
  const added = await t.call('POST', '/api/system/appVersion/add', {
    headers,
    body: {
      app: '2',
      platform: '1',
      versionName: `7.${n}.0`,
      versionCode: n,
      minSupportedCode: 1,
      downloadUrl: `https://downloads.kitabike.id/ops-${n}.apk`,
    },
  });
  expect(added.code, JSON.stringify(added)).toBe(Code.ok);
  return added.data as { versionId: number; version: number };
}
const fire = (headers: Record<string, string>, event: string, body: Record<string, unknown>) =>
  t.call('POST', `/api/system/appVersion/${event}`, { headers, body });
const eventsOf = (headers: Record<string, string>, id: number) => t.call('GET', `/api/system/appVersion/${id}/events`, { headers });

describe('a row’s event timeline', () => {
  it('answers the events fired on the row, newest first: which, from and to, who and when; refusals are not events', async () => {
    const admin = await t.signIn('kitabike.admin');
    const row = await draft(admin);
    expect((await eventsOf(admin, row.versionId)).rows).toEqual([]);
    const published = await fire(admin, 'publish', { versionId: row.versionId, version: row.version });
    expect((await fire(admin, 'publish', { versionId: row.versionId, version: published.data.version })).code).toBe(Code.transitionNotAllowed);
    await fire(admin, 'withdraw', { versionId: row.versionId, version: published.data.version });
    const other = await draft(admin);
    await fire(admin, 'publish', { versionId: other.versionId, version: other.version });

    const answer = await eventsOf(admin, row.versionId);
    expect(answer).toMatchObject({ code: Code.ok, total: 2 });
    expect(answer.rows).toEqual([
      { eventId: expect.any(Number), event: 'withdraw', from: 1, to: 2, payload: {}, operName: 'kitabike.admin', at: expect.any(String) },
      { eventId: expect.any(Number), event: 'publish', from: 0, to: 1, payload: {}, operName: 'kitabike.admin', at: expect.any(String) },
    ]);
    expect(Date.parse(answer.rows[0].at)).toBeGreaterThanOrEqual(Date.parse(answer.rows[1].at));
  });

  it('names no one for an event a job or a device fired', async () => {
    const admin = await t.signIn('kitabike.admin');
    const row = await draft(admin);
    const publish = editionsResource.transitions!.find((x) => x.name === 'publish')!;
    await resourceHandlers(t.services, editionsBinding).transition(systemActor(2), { ...publish, actors: ['system'] }, { versionId: row.versionId });
    expect((await eventsOf(admin, row.versionId)).rows).toMatchObject([{ event: 'publish', operName: null, from: 0, to: 1 }]);
  });

  it('answers the newest events only, with their total, and says nothing of a journal row it cannot read', async () => {
    const admin = await t.signIn('kitabike.admin');
    const row = await draft(admin);
    const journal = (i: number, operParam: string) => ({
      tenantId: 2,
      title: 'menu.configure.editions',
      businessType: 10,
      method: 'event:editions.publish',
      operParam,
      refType: 'editions',
      refId: row.versionId,
      operAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    });
    await t.database.db.insert(operationLogs).values([
      ...Array.from({ length: EVENT_TIMELINE_MAX + 5 }, (_, i) => journal(i, JSON.stringify({ event: 'publish', from: 0, to: 1, payload: {} }))),
      // A clipped parameter text, and another event's row of the same id.
      { ...journal(500, '{"event":"publish","fr'), operAt: new Date(Date.UTC(2026, 5, 1)) },
      { ...journal(0, '{}'), method: 'event:user.disable', refType: 'user' },
    ]);
    const answer = await eventsOf(admin, row.versionId);
    expect(answer.total).toBe(EVENT_TIMELINE_MAX + 6);
    expect(answer.rows).toHaveLength(EVENT_TIMELINE_MAX);
    expect(answer.rows[0]).toMatchObject({ event: 'publish', from: null, to: null, payload: {}, at: '2026-06-01T00:00:00.000Z' });
  });

  it('reads only rows in the caller’s scope (2002), for those who may view the list (2006 without)', async () => {
    const admin = await t.signIn('kitabike.admin');
    const row = await draft(admin);
    await fire(admin, 'publish', { versionId: row.versionId, version: row.version });
    const gowes = await t.signIn('gowesbali.admin');
    expect((await eventsOf(gowes, row.versionId)).code).toBe(Code.notFound);
    expect((await eventsOf(admin, 999_999_999)).code).toBe(Code.notFound);

    const menuIds = menuRows()
      .filter((m) => m.perms === 'configure:editions:view')
      .map((m) => m.menuId);
    const role = await t.call('POST', '/api/system/role/add', {
      headers: admin,
      body: { roleName: 'Timeline reader', roleKey: 'timeline_reader', dataScope: '1', menuIds },
    });
    await t.call('POST', '/api/system/user/add', {
      headers: admin,
      body: { userName: 'kitabike.timeline', nickName: 'Timeline', password: 'Timeline-2026x', deptId: 2001, roleIds: [role.data.roleId] },
    });
    const session = (await t.call('POST', '/api/system/sso/login', { body: { username: 'kitabike.timeline', password: 'Timeline-2026x' } })).data;
    const reader = { token: session.token, userid: String(session.userId) };
    expect((await eventsOf(reader, row.versionId)).rows).toMatchObject([{ event: 'publish' }]);
    const tech = await t.signIn('kitabike.tech.jakarta.01');
    expect((await eventsOf(tech, row.versionId)).code).toBe(Code.forbidden);
  });

  it('exists only for resources with declared events, and refuses an id that is not one', async () => {
    const admin = await t.signIn('kitabike.admin');
    expect((await t.app.inject({ method: 'GET', url: '/api/system/post/1/events', headers: admin })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/system/appVersion/abc/events', { headers: admin })).code).toBe(Code.validation);
    expect((await t.call('GET', `/api/system/user/${admin.userid}/events`, { headers: admin })).code).toBe(Code.ok);
  });
});
