import { Code } from '@kayuh/contract/codes';
import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from './harness.ts';

const t = useTestApp();

describe('deny by default', () => {
  it('every /api route declares public, authenticated, member or a module:page:action permission', () => {
    expect(t.routes.length).toBeGreaterThan(8);
    for (const r of t.routes)
      expect(r.access, `${r.method} ${r.url}`).toMatch(/^(public|authenticated|member|[A-Za-z0-9_]+:[A-Za-z0-9_]+:[A-Za-z0-9_]+)$/);
  });

  it('refuses to start with a route that declares no access', async () => {
    const { default: Fastify } = await import('fastify');
    const { installAccessGuard } = await import('../src/platform/access.ts');
    const app = Fastify();
    installAccessGuard(app, t.services);
    expect(() => app.get('/api/forgotten', async () => 'x')).toThrow(/declares no access/);
    await app.close();
  });

  it('every protected route answers 10007 without a session', async () => {
    const protectedRoutes = t.routes.filter((r) => r.access !== 'public' && r.method !== 'HEAD');
    expect(protectedRoutes.length).toBeGreaterThan(5);
    for (const r of protectedRoutes) {
      const url = r.url.replace(/:(\w+)/g, '1');
      const res = await t.call(r.method as 'GET' | 'POST', url, { body: r.method === 'POST' ? {} : undefined });
      expect(res.code, `${r.method} ${url}`).toBe(Code.noSession);
    }
  });

  it('answers 2006 when the permission is missing, translated', async () => {
    const tech = await t.signIn('kitabike.tech.jakarta.01', { lang: 'EN' });
    const res = await t.call('POST', '/api/system/logininfor/list', { headers: tech, body: {} });
    expect(res).toEqual({ code: Code.forbidden, msg: 'You do not have permission for this action' });
    const admin = await t.signIn('kitabike.admin');
    expect((await t.call('POST', '/api/system/logininfor/list', { headers: admin, body: {} })).code).toBe(Code.ok);
  });

  it('every route that needs a permission answers 2006 to staff without it, before looking at the body', async () => {
    // Staff of KitaBike with no role at all: a session, and not one permission.
    const admin = await t.signIn('kitabike.admin');
    const added = await t.call('POST', '/api/system/user/add', {
      headers: admin,
      body: { userName: 'kitabike.nobody', nickName: 'Nobody', password: 'Nobody-2026x', deptId: 2001, roleIds: [] },
    });
    expect(added.code, JSON.stringify(added)).toBe(Code.ok);
    const session = (await t.call('POST', '/api/system/sso/login', { body: { username: 'kitabike.nobody', password: 'Nobody-2026x' } })).data;
    const nobody = { token: session.token, userid: String(session.userId) };
    // Signed in and free to work (no password change pending): what they may open without a grant still opens.
    expect((await t.call('GET', '/api/system/user/profile', { headers: nobody })).code).toBe(Code.ok);
    // Rider-app routes (member) answer staff 10007: no console session is a rider's (appAuth.test.ts).
    const guarded = t.routes.filter((r) => r.access !== 'public' && r.access !== 'authenticated' && r.access !== 'member' && r.method !== 'HEAD');
    expect(guarded.length).toBeGreaterThan(50);
    for (const r of guarded) {
      const url = r.url.replace(/:(\w+)/g, '1');
      const res = await t.call(r.method as 'GET' | 'POST', url, { headers: nobody, body: r.method === 'POST' ? {} : undefined });
      expect(res.code, `${r.method} ${url} (${r.access})`).toBe(Code.forbidden);
    }
  });

  it("refuses a tenant-id header naming another tenant (2007), allows the user's own", async () => {
    const admin = await t.signIn('gowesbali.admin');
    expect((await t.call('POST', '/api/system/city/list', { headers: { ...admin, 'tenant-id': '2' }, body: {} })).code).toBe(Code.tenantRestricted);
    expect((await t.call('POST', '/api/system/city/list', { headers: { ...admin, 'tenant-id': '3' }, body: {} })).code).toBe(Code.ok);
  });
});

describe('transport', () => {
  it('answers 404 for an unknown API path and 413 for a body that is too large', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(missing.statusCode).toBe(404);
    const big = await t.app.inject({ method: 'POST', url: '/api/system/sso/login', payload: { username: 'a', password: 'x'.repeat(1_100_000) } });
    expect(big.statusCode).toBe(413);
    expect(big.body).not.toMatch(/at .*\.ts/);
  });

  it('answers malformed JSON as a validation error, not a crash', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/system/sso/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(Code.validation);
  });

  it('sends security headers with a content security policy', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/system/i18n/find', payload: { lang: 'ID' } });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('asks the browser to upgrade to HTTPS only when the console was reached over HTTPS', async () => {
    // Opened as http://<server-ip>:8080 on an office network: the scripts must load over plain HTTP.
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(plain.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    // A forwarded HTTPS header from a proxy nobody trusts changes nothing…
    const spoofed = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    // …behind a trusted TLS proxy the upgrade is asked for.
    const proxied = await createTestApp({ trustProxy: true, database: t.database });
    try {
      const https = await proxied.app.inject({ method: 'GET', url: '/api/docs/openapi.json', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    } finally {
      await proxied.close();
    }
  });

  it('publishes the OpenAPI document and its UI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/api/system/sso/login');
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});
