import { Code } from '@kayuh/contract/codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

describe('DataMonitoring', () => {
  it('shows live figures and online sessions to the platform, and ends a session', async () => {
    const root = await t.signIn('superadmin');
    const tech = await t.signIn('kitabike.tech.surabaya.01');
    const figures = (await t.call('GET', '/api/monitor/server', { headers: root })).data;
    expect(figures.process.rssMb).toBeGreaterThan(10);
    expect(figures.database.sizeMb).toBeGreaterThan(0);
    expect(figures.sessions.online).toBeGreaterThanOrEqual(2);
    const online = (await t.call('GET', '/api/monitor/online/list?userName=surabaya', { headers: root })).data;
    expect(online).toEqual([expect.objectContaining({ userName: 'kitabike.tech.surabaya.01', tenantName: 'KitaBike' })]);
    expect((await t.call('POST', '/api/monitor/online/forceLogout', { headers: root, body: { sessionIds: [online[0].sessionId] } })).data).toEqual({ ended: 1 });
    expect((await t.call('GET', '/api/system/user/profile', { headers: tech })).code).toBe(Code.noSession);
  });

  it('is the platform\'s page: an operator admin gets 2006', async () => {
    const admin = await t.signIn('kitabike.admin');
    expect((await t.call('GET', '/api/monitor/server', { headers: admin })).code).toBe(Code.forbidden);
  });
});
