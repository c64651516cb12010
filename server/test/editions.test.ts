import { Code } from '@kayuh/contract/codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

describe('app versions', () => {
  it('publishes a draft with its time, withdraws it, and refuses a minimum above the version', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const body = { app: '1', platform: '1', versionName: '2.5.0', versionCode: 250, minSupportedCode: 200, downloadUrl: 'https://downloads.kitabike.id/rider-2.5.0.apk' };
    const bad = await t.call('POST', '/api/system/appVersion/add', { headers: admin, body: { ...body, minSupportedCode: 300 } });
    expect(bad.data.fields).toEqual({ minSupportedCode: 'Cannot exceed the version code' });
    const draft = (await t.call('POST', '/api/system/appVersion/add', { headers: admin, body })).data;
    expect(draft).toMatchObject({ status: 0, publishedAt: null });
    const published = await t.call('POST', '/api/system/appVersion/publish', { headers: admin, body: { versionId: draft.versionId, version: draft.version } });
    expect(published.data.status).toBe(1);
    expect((await t.call('GET', `/api/system/appVersion/${draft.versionId}`, { headers: admin })).data.publishedAt).toBeTruthy();
    expect((await t.call('POST', '/api/system/appVersion/publish', { headers: admin, body: { versionId: draft.versionId, version: published.data.version } })).code).toBe(Code.transitionNotAllowed);
    const withdrawn = await t.call('POST', '/api/system/appVersion/withdraw', { headers: admin, body: { versionId: draft.versionId, version: published.data.version } });
    expect(withdrawn.data.status).toBe(2);
  });
});
