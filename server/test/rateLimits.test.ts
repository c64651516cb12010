import { randomBytes } from 'node:crypto';
import { Code } from '@kayuh/contract/codes';
import { LIVE_WS_PATH } from '@kayuh/contract/api/live';
import { RATE_LIMITS } from '@kayuh/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './harness.ts';

/** The shipped limits (RATE_LIMITS), on one instance and, with Redis, counted together across two (issue #8.5). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: true, listen: true, trustProxy: true });
});
afterAll(async () => {
  await t?.close();
});

const fromIp = (ip: string) => ({ 'x-forwarded-for': ip, lang: 'EN' });
const signInFrom = (app: TestApp, ip: string, username: string, password = 'wrong-password') =>
  app.app.inject({ method: 'POST', url: '/api/system/sso/login', headers: fromIp(ip), payload: { username, password } });
const times = async <T>(n: number, call: (i: number) => Promise<T>) => {
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(await call(i));
  return out;
};

function expectLimited(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ code: 429, msg: 'Too many requests, try again later' });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('sign-in', () => {
  it('is limited per user name, whatever the address', async () => {
    const { max } = RATE_LIMITS.signInPerUserName;
    const answers = await times(max, (i) => signInFrom(t, `198.51.100.${i + 1}`, 'nobody.limited'));
    expect(answers.every((a) => a.statusCode === 200 && a.json().code === Code.badCredentials)).toBe(true);
    expectLimited(await signInFrom(t, '198.51.100.200', 'nobody.limited'));
  });

  it('is limited per address (the forwarded one behind TRUST_PROXY), and another address is not held back', async () => {
    const { max } = RATE_LIMITS.signInPerIp;
    await times(max, (i) => signInFrom(t, '203.0.113.7', `guess.${i}`));
    expectLimited(await signInFrom(t, '203.0.113.7', 'someone.else'));
    const other = await signInFrom(t, '203.0.113.8', 'kitabike.admin', DEMO_PASSWORD);
    expect(other.json().code).toBe(Code.ok);
  });
});

describe('signed-in users', () => {
  it('get five tries of their old password in 15 minutes', async () => {
    const session = await t.signIn('kitabike.cs.01', fromIp('192.0.2.10'));
    const change = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/system/user/profile/updatePwd',
        headers: session,
        payload: { oldPassword: 'not-my-password', newPassword: 'New-pass-2026', confirmPassword: 'New-pass-2026' },
      });
    const tries = await times(RATE_LIMITS.oldPasswordCheck.max, change);
    expect(tries.every((r) => r.statusCode === 200 && r.json().code === Code.validation)).toBe(true);
    expectLimited(await change());
  });

  it('are limited in exports and uploads', async () => {
    const session = await t.signIn('kitabike.admin', fromIp('192.0.2.11'));
    const exportPosts = () => t.app.inject({ method: 'POST', url: '/api/system/post/export', headers: session, payload: {} });
    const exports = await times(RATE_LIMITS.export.max, exportPosts);
    expect(exports.every((r) => r.statusCode === 200)).toBe(true);
    expectLimited(await exportPosts());

    const upload = () => t.app.inject({ method: 'POST', url: '/api/common/upload', headers: session, payload: {} });
    await times(RATE_LIMITS.upload.max, upload);
    expectLimited(await upload());
  });
});

describe('the live link', () => {
  const open = (ip: string) =>
    new Promise<number>((resolve) => {
      const socket = new WebSocket(`${t.wsUrl}${LIVE_WS_PATH}`, { headers: { 'x-forwarded-for': ip } });
      socket.on('open', () => {
        socket.close();
        resolve(101);
      });
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.on('error', () => {});
    });

  it('refuses anonymous upgrades from one address beyond the limit', async () => {
    const opened = await times(RATE_LIMITS.liveUpgrade.max, () => open('192.0.2.50'));
    expect(opened.every((status) => status === 101)).toBe(true);
    expect(await open('192.0.2.50')).toBe(429);
    expect(await open('192.0.2.51')).toBe(101);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)('across instances (Redis)', () => {
  it('counts one user name together on two instances', async () => {
    const a = await createTestApp({ rateLimits: true, redisUrl, trustProxy: true });
    const b = await createTestApp({ rateLimits: true, redisUrl, trustProxy: true, database: a.database });
    try {
      const name = `nobody.${randomBytes(4).toString('hex')}`;
      const { max } = RATE_LIMITS.signInPerUserName;
      await times(max, (i) => signInFrom(i % 2 ? a : b, `198.18.0.${i + 1}`, name));
      expectLimited(await signInFrom(a, '198.18.1.1', name));
      expectLimited(await signInFrom(b, '198.18.1.2', name));
    } finally {
      await b.close();
      await a.close();
    }
  });
});
