import { Code } from '@kayuh/contract/codes';
import { editionsResource } from '@kayuh/contract/resources/editions';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appVersions, operationLogs } from '../src/db/schema.ts';
import { systemActor } from '../src/platform/auth/context.ts';
import { resourceHandlers } from '../src/platform/resources/handlers.ts';
import { editionsBinding } from '../src/modules/configure/editions.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();

describe('app versions', () => {
  it('publishes a draft with its time, withdraws it, and refuses a minimum above the version', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const body = {
      app: '1',
      platform: '1',
      versionName: '2.5.0',
      versionCode: 250,
      minSupportedCode: 200,
      downloadUrl: 'https://downloads.kitabike.id/rider-2.5.0.apk',
    };
    const bad = await t.call('POST', '/api/system/appVersion/add', { headers: admin, body: { ...body, minSupportedCode: 300 } });
    expect(bad.data.fields).toEqual({ minSupportedCode: 'Cannot exceed the version code' });
    const draft = (await t.call('POST', '/api/system/appVersion/add', { headers: admin, body })).data;
    expect(draft).toMatchObject({ status: 0, publishedAt: null });
    const published = await t.call('POST', '/api/system/appVersion/publish', {
      headers: admin,
      body: { versionId: draft.versionId, version: draft.version },
    });
    expect(published.data.status).toBe(1);
    expect((await t.call('GET', `/api/system/appVersion/${draft.versionId}`, { headers: admin })).data.publishedAt).toBeTruthy();
    expect(
      (
        await t.call('POST', '/api/system/appVersion/publish', {
          headers: admin,
          body: { versionId: draft.versionId, version: published.data.version },
        })
      ).code,
    ).toBe(Code.transitionNotAllowed);
    const withdrawn = await t.call('POST', '/api/system/appVersion/withdraw', {
      headers: admin,
      body: { versionId: draft.versionId, version: published.data.version },
    });
    expect(withdrawn.data.status).toBe(2);
  });

  it('answers a publish with the time it wrote, and journals the event once, in its transaction', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const draft = (
      await t.call('POST', '/api/system/appVersion/add', {
        headers: admin,
        body: {
          app: '1',
          platform: '2',
          versionName: '2.6.0',
          versionCode: 260,
          minSupportedCode: 200,
          downloadUrl: 'https://downloads.kitabike.id/rider-2.6.0.ipa',
        },
      })
    ).data;
    const published = (
      await t.call('POST', '/api/system/appVersion/publish', { headers: admin, body: { versionId: draft.versionId, version: draft.version } })
    ).data;
    const [stored] = await t.database.db.select().from(appVersions).where(eq(appVersions.id, draft.versionId));
    expect(published.publishedAt).toBe(stored!.publishedAt!.toISOString());
    const journal = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.refType, 'editions'), eq(operationLogs.refId, draft.versionId)));
    expect(journal).toHaveLength(1);
    expect(journal[0]).toMatchObject({ method: 'event:editions.publish', operName: 'kitabike.admin', businessType: 10, status: 0 });
    expect(JSON.parse(journal[0]!.operParam!)).toEqual({ event: 'publish', from: 0, to: 1, payload: {} });
  });

  it('names the state a refused event found the row in', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const draft = (
      await t.call('POST', '/api/system/appVersion/add', {
        headers: admin,
        body: {
          app: '2',
          platform: '1',
          versionName: '1.0.0',
          versionCode: 100,
          minSupportedCode: 90,
          downloadUrl: 'https://downloads.kitabike.id/ops-1.0.0.apk',
        },
      })
    ).data;
    const refused = await t.call('POST', '/api/system/appVersion/withdraw', {
      headers: admin,
      body: { versionId: draft.versionId, version: draft.version },
    });
    expect(refused).toMatchObject({ code: Code.transitionNotAllowed, msg: '“Withdraw” is not possible: it is now Draft', data: { state: 0 } });
  });

  it('checks an edit against the stored row: a version code under the stored minimum is refused', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const row = (
      await t.call('POST', '/api/system/appVersion/add', {
        headers: admin,
        body: {
          app: '1',
          platform: '1',
          versionName: '3.0.0',
          versionCode: 300,
          minSupportedCode: 250,
          downloadUrl: 'https://downloads.kitabike.id/rider-3.0.0.apk',
        },
      })
    ).data;
    const edited = await t.call('POST', '/api/system/appVersion/edit', {
      headers: admin,
      body: { versionId: row.versionId, version: row.version, versionCode: 100 },
    });
    expect(edited.code).toBe(Code.validation);
    expect(edited.data.fields).toEqual({ versionCode: 'Cannot exceed the version code' });
    expect((await t.call('GET', `/api/system/appVersion/${row.versionId}`, { headers: admin })).data.versionCode).toBe(300);
  });

  it('lets the system actor fire only the events declared for it, stamped with no user', async () => {
    const admin = await t.signIn('kitabike.admin');
    const draft = (
      await t.call('POST', '/api/system/appVersion/add', {
        headers: admin,
        body: {
          app: '2',
          platform: '2',
          versionName: '1.1.0',
          versionCode: 110,
          minSupportedCode: 90,
          downloadUrl: 'https://downloads.kitabike.id/ops-1.1.0.ipa',
        },
      })
    ).data;
    const handlers = resourceHandlers(t.services, editionsBinding);
    const publish = editionsResource.transitions!.find((x) => x.name === 'publish')!;
    await expect(handlers.transition(systemActor(2), publish, { versionId: draft.versionId })).rejects.toMatchObject({ code: Code.forbidden });
    const answer = await handlers.transition(systemActor(2), { ...publish, actors: ['staff', 'system'] }, { versionId: draft.versionId });
    expect(answer.data).toMatchObject({ status: 1 });
    const [stored] = await t.database.db.select().from(appVersions).where(eq(appVersions.id, draft.versionId));
    expect(stored).toMatchObject({ status: 1, updatedBy: null });
    const [journal] = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.refType, 'editions'), eq(operationLogs.refId, draft.versionId)));
    expect(journal).toMatchObject({ operName: null, operatorType: 0, createdBy: null });
    // Another tenant's row is out of the system actor's reach as it is out of its staff's.
    await expect(handlers.transition(systemActor(3), { ...publish, actors: ['system'] }, { versionId: draft.versionId })).rejects.toMatchObject({
      code: Code.notFound,
    });
  });

  it('publishes once however many fire at the same time: one event, one journal row', async () => {
    const admin = await t.signIn('kitabike.admin');
    const draft = (
      await t.call('POST', '/api/system/appVersion/add', {
        headers: admin,
        body: {
          app: '1',
          platform: '1',
          versionName: '4.0.0',
          versionCode: 400,
          minSupportedCode: 300,
          downloadUrl: 'https://downloads.kitabike.id/rider-4.0.0.apk',
        },
      })
    ).data;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.call('POST', '/api/system/appVersion/publish', { headers: admin, body: { versionId: draft.versionId, version: draft.version } }),
      ),
    );
    expect(answers.filter((a) => a.code === Code.ok)).toHaveLength(1);
    expect(answers.every((a) => [Code.ok, Code.versionConflict, Code.transitionNotAllowed].includes(a.code))).toBe(true);
    const journal = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.refType, 'editions'), eq(operationLogs.refId, draft.versionId)));
    expect(journal).toHaveLength(1);
  });
});
