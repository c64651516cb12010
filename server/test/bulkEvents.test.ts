import { Code } from '@kayuh/contract/codes';
import { BULK_ITEMS_MAX } from '@kayuh/contract/constants';
import { menuRows } from '@kayuh/contract/menus/index';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appVersions, operationLogs, users } from '../src/db/schema.ts';
import { useTestApp } from './harness.ts';

/** POST …/<event>/bulk: one declared event fired on a selection, each row on its own (contract/api/bulkEvents). */
const t = useTestApp();
const PUBLISH = '/api/system/appVersion/publish/bulk';
let code = 500;

/** A draft app version of KitaBike (codes unique per app and platform). */
async function draft(headers: Record<string, string>) {
  const n = ++code;
  const added = await t.call('POST', '/api/system/appVersion/add', {
    headers,
    body: {
      app: '1',
      platform: '1',
      versionName: `5.${n}.0`,
      versionCode: n,
      minSupportedCode: 1,
      downloadUrl: `https://downloads.kitabike.id/rider-${n}.apk`,
    },
  });
  expect(added.code, JSON.stringify(added)).toBe(Code.ok);
  return added.data as { versionId: number; version: number; status: number };
}
const item = (row: { versionId: number; version: number }) => ({ id: row.versionId, version: row.version });
const eventRows = (ids: number[]) =>
  t.database.db
    .select()
    .from(operationLogs)
    .where(and(eq(operationLogs.method, 'event:editions.publish'), inArray(operationLogs.refId, ids)));

describe('a bulk event', () => {
  it('fires each row on its own: done, wrong state (2004) and stale version (2003) side by side, each said in the caller’s language', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const [a, b, c] = [await draft(admin), await draft(admin), await draft(admin)];
    const published = await t.call('POST', '/api/system/appVersion/publish', {
      headers: admin,
      body: { versionId: b.versionId, version: b.version },
    });
    expect(published.code).toBe(Code.ok);
    const answer = await t.call('POST', PUBLISH, {
      headers: admin,
      body: { items: [item(a), { id: b.versionId, version: published.data.version }, { id: c.versionId, version: c.version + 5 }] },
    });
    expect(answer).toMatchObject({ code: Code.ok, msg: '1 done, 2 refused', data: { done: 1, refused: 2 } });
    expect(answer.data.results).toEqual([
      { id: a.versionId, code: Code.ok, msg: expect.any(String), version: a.version + 1 },
      { id: b.versionId, code: Code.transitionNotAllowed, msg: '“Publish” is not possible: it is now Published' },
      { id: c.versionId, code: Code.versionConflict, msg: expect.stringMatching(/\S/) },
    ]);
    const stored = await t.database.db
      .select()
      .from(appVersions)
      .where(inArray(appVersions.id, [a.versionId, c.versionId]));
    expect(Object.fromEntries(stored.map((row) => [row.id, row.status]))).toEqual({ [a.versionId]: 1, [c.versionId]: 0 });
    // Each done row has its event row; the selection with refusals is journalled once more, as a request, with its summary.
    expect((await eventRows([a.versionId])).length).toBe(1);
    const [request] = await t.database.db.select().from(operationLogs).where(eq(operationLogs.operUrl, PUBLISH));
    expect(JSON.parse(request!.jsonResult!)).toEqual({ code: Code.ok, msg: '1 done, 2 refused' });
  });

  it('refuses another tenant’s rows as not found, and fires the caller’s own beside them', async () => {
    const kita = await t.signIn('kitabike.admin');
    const gowes = await t.signIn('gowesbali.admin', { lang: 'EN' });
    const theirs = await draft(kita);
    const own = (
      await t.call('POST', '/api/system/appVersion/add', {
        headers: gowes,
        body: {
          app: '1',
          platform: '1',
          versionName: '9.0.0',
          versionCode: 900,
          minSupportedCode: 1,
          downloadUrl: 'https://downloads.gowesbali.id/r.apk',
        },
      })
    ).data;
    const answer = await t.call('POST', PUBLISH, { headers: gowes, body: { items: [item(theirs), item(own)] } });
    expect(answer.data.results.map((r: { code: number }) => r.code)).toEqual([Code.notFound, Code.ok]);
    const [stored] = await t.database.db.select().from(appVersions).where(eq(appVersions.id, theirs.versionId));
    expect(stored).toMatchObject({ status: 0, version: theirs.version });
    expect(await eventRows([theirs.versionId])).toEqual([]);
  });

  it('answers 2006 to staff without the event’s permission, and 2001 to a selection out of bounds', async () => {
    const admin = await t.signIn('kitabike.admin');
    const menuIds = menuRows()
      .filter((m) => m.perms === 'configure:editions:view')
      .map((m) => m.menuId);
    const role = await t.call('POST', '/api/system/role/add', {
      headers: admin,
      body: { roleName: 'Version reader', roleKey: 'version_reader', dataScope: '1', menuIds },
    });
    const user = await t.call('POST', '/api/system/user/add', {
      headers: admin,
      body: { userName: 'kitabike.reader', nickName: 'Reader', password: 'Reader-2026x', deptId: 2001, roleIds: [role.data.roleId] },
    });
    expect(user.code, JSON.stringify(user)).toBe(Code.ok);
    const session = (await t.call('POST', '/api/system/sso/login', { body: { username: 'kitabike.reader', password: 'Reader-2026x' } })).data;
    const reader = { token: session.token, userid: String(session.userId) };
    const row = await draft(admin);
    expect((await t.call('POST', PUBLISH, { headers: reader, body: { items: [item(row)] } })).code).toBe(Code.forbidden);
    expect((await t.call('POST', '/api/system/appVersion/list', { headers: reader, body: {} })).code).toBe(Code.ok);

    const many = Array.from({ length: BULK_ITEMS_MAX + 1 }, (_, i) => ({ id: i + 1, version: 1 }));
    for (const items of [[], many, [item(row), item(row)], [{ id: -1, version: 1 }], [{ id: row.versionId }]]) {
      const refused = await t.call('POST', PUBLISH, { headers: admin, body: { items } });
      expect(refused.code, JSON.stringify(items).slice(0, 80)).toBe(Code.validation);
    }
    const [stored] = await t.database.db.select().from(appVersions).where(eq(appVersions.id, row.versionId));
    expect(stored!.status).toBe(0);
  });

  it('fires each event once when twenty selections of the same rows arrive at the same time', async () => {
    const admin = await t.signIn('kitabike.admin');
    const rows = [await draft(admin), await draft(admin), await draft(admin), await draft(admin), await draft(admin)];
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.call('POST', PUBLISH, { headers: admin, body: { items: rows.map(item) } })));
    expect(answers.every((a) => a.code === Code.ok)).toBe(true);
    expect(answers.reduce((sum, a) => sum + a.data.done, 0)).toBe(rows.length);
    for (const a of answers) {
      for (const r of a.data.results) expect([Code.ok, Code.versionConflict, Code.transitionNotAllowed]).toContain(r.code);
    }
    const events = await eventRows(rows.map((r) => r.versionId));
    expect(events.map((e) => e.refId).sort()).toEqual(rows.map((r) => r.versionId).sort());
    const stored = await t.database.db
      .select()
      .from(appVersions)
      .where(
        inArray(
          appVersions.id,
          rows.map((r) => r.versionId),
        ),
      )
      .orderBy(appVersions.id);
    expect(stored.map((s) => [s.status, s.version])).toEqual(rows.map((r) => [1, r.version + 1]));
  });

  it('runs each row through the event’s own rules: staff disabled in bulk lose their sessions', async () => {
    const admin = await t.signIn('kitabike.admin');
    const tech = await t.signIn('kitabike.tech.jakarta.01');
    const [techRow] = await t.database.db.select().from(users).where(eq(users.userName, 'kitabike.tech.jakarta.01'));
    const answer = await t.call('POST', '/api/system/user/disable/bulk', {
      headers: admin,
      body: { items: [{ id: techRow!.id, version: techRow!.version }] },
    });
    expect(answer.data).toMatchObject({ done: 1, refused: 0 });
    expect((await t.call('GET', '/api/system/user/profile', { headers: tech })).code).not.toBe(Code.ok);
  });
});
