import { Code } from '@kayuh/contract/codes';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginLogs, tenants, userSessions, users } from '../src/db/schema.ts';
import { DEMO_PASSWORD, useTestApp } from './harness.ts';

const t = useTestApp();

const login = (username: string, password: string, lang = 'EN') =>
  t.call('POST', '/api/system/sso/login', { body: { username, password }, headers: { lang } });

describe('sign-in', () => {
  it('answers the spec login shape with roles and their dept ids', async () => {
    const res = await login('kitabike.ops.jakarta', DEMO_PASSWORD);
    expect(res.code).toBe(Code.ok);
    expect(res.data).toMatchObject({ userName: 'kitabike.ops.jakarta', tenantId: 2, lang: 'ID' });
    expect(res.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.data.roleIdAndpostIds[0]).toHaveProperty('roleId');
    expect(res.data.roles).toEqual([expect.objectContaining({ roleKey: 'city_ops_jakarta', deptIds: [2001] })]);
  });

  it('accepts a form-encoded body', async () => {
    const res = await t.call('POST', '/api/system/sso/login', { form: { username: 'gowesbali.admin', password: DEMO_PASSWORD } });
    expect(res.code).toBe(Code.ok);
    expect(res.data.roles[0].deptIds).toEqual([1]);
  });

  it('gives the same answer for a wrong password and an unknown user', async () => {
    const wrong = await login('kitabike.cs.01', 'not-the-password');
    const unknown = await login('nobody.at.all', 'not-the-password');
    expect(wrong).toEqual({ code: Code.badCredentials, msg: 'Wrong user name or password' });
    expect(unknown).toEqual(wrong);
  });

  it('translates the message by the lang header', async () => {
    expect((await login('nobody', 'x', 'ZH')).msg).toBe('用户名或密码错误');
    expect((await login('nobody', 'x', 'ID')).msg).toBe('Nama pengguna atau kata sandi salah');
  });

  it('refuses a blank user name with field errors', async () => {
    const res = await login('', 'x');
    expect(res.code).toBe(Code.validation);
    expect(res.data.fields.username).toBe('Required');
  });

  it('locks the account for 15 minutes after 5 failures, even for the right password', async () => {
    for (let i = 0; i < 4; i++) expect((await login('kitabike.cs.02', 'wrong')).code).toBe(Code.badCredentials);
    const fifth = await login('kitabike.cs.02', 'wrong');
    expect(fifth.code).toBe(Code.accountLocked);
    expect(fifth.msg).toContain('15');
    expect((await login('kitabike.cs.02', DEMO_PASSWORD)).code).toBe(Code.accountLocked);
    // Once the lock has passed the right password works again.
    await t.database.db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.userName, 'kitabike.cs.02'));
    expect((await login('kitabike.cs.02', DEMO_PASSWORD)).code).toBe(Code.ok);
  });

  it('counts parallel wrong guesses one by one, so they cannot slip past the lock', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => login('gowesbali.cs.02', 'wrong')));
    expect(answers.filter((a) => a.code === Code.accountLocked).length).toBeGreaterThanOrEqual(1);
    expect((await login('gowesbali.cs.02', DEMO_PASSWORD)).code).toBe(Code.accountLocked);
  });

  it("refuses a disabled or expired tenant's staff, and ends their open sessions", async () => {
    const open = await t.signIn('gowesbali.fin.01');
    await t.database.db
      .update(tenants)
      .set({ expireAt: new Date(Date.now() - 1000) })
      .where(eq(tenants.id, 3));
    expect(await login('gowesbali.admin', DEMO_PASSWORD)).toEqual({
      code: Code.forbidden,
      msg: 'Your company is disabled or its subscription has expired. Contact Kayuh.',
    });
    expect((await t.call('GET', '/api/system/user/profile', { headers: open })).code).toBe(Code.noSession);
    // A wrong password still answers 2011: the tenant state is only told to whoever knows the password.
    expect((await login('gowesbali.admin', 'wrong')).code).toBe(Code.badCredentials);
    await t.database.db.update(tenants).set({ expireAt: null, status: '1' }).where(eq(tenants.id, 3));
    expect((await login('gowesbali.admin', DEMO_PASSWORD)).code).toBe(Code.forbidden);
    await t.database.db.update(tenants).set({ status: '0' }).where(eq(tenants.id, 3));
    expect((await login('gowesbali.admin', DEMO_PASSWORD)).code).toBe(Code.ok);
  });

  it('journals every attempt, success and failure', async () => {
    await login('kitabike.fin.01', 'wrong');
    await login('kitabike.fin.01', DEMO_PASSWORD);
    const rows = await t.database.db.select().from(loginLogs).where(eq(loginLogs.userName, 'kitabike.fin.01'));
    expect(rows.map((r) => r.status).sort()).toEqual(['0', '1']);
  });
});

describe('sessions', () => {
  const menu = (headers: Record<string, string>) => t.call('GET', '/api/system/menu/getMenuForUserId', { headers });

  it('ends the older session when the same user signs in again (3001)', async () => {
    const first = await t.signIn('kitabike.tech.jakarta.01');
    expect((await menu(first)).code).toBe(Code.ok);
    const second = await t.signIn('kitabike.tech.jakarta.01');
    expect((await menu(first)).code).toBe(Code.signedInElsewhere);
    expect((await menu(second)).code).toBe(Code.ok);
  });

  it('answers 10007 for no token, an unknown token, a signed-out token and another user id', async () => {
    expect((await menu({})).code).toBe(Code.noSession);
    expect((await menu({ token: 'x'.repeat(43) })).code).toBe(Code.noSession);
    const headers = await t.signIn('kitabike.tech.jakarta.02');
    expect((await menu({ ...headers, userid: '1' })).code).toBe(Code.noSession);
    expect((await t.call('POST', '/api/system/sso/logout', { headers })).code).toBe(Code.ok);
    expect((await menu(headers)).code).toBe(Code.noSession);
  });

  it('answers 4001 once the idle or absolute expiry has passed', async () => {
    const headers = await t.signIn('kitabike.tech.jakarta.03');
    await t.database.db
      .update(userSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userSessions.userId, Number(headers.userid)));
    const res = await menu({ ...headers, lang: 'ID' });
    expect(res).toMatchObject({ code: Code.loginExpired, msg: 'Info masuk kedaluwarsa, masuk lagi' });
    expect((await menu(headers)).code).toBe(Code.loginExpired);

    const other = await t.signIn('kitabike.tech.jakarta.04');
    await t.database.db
      .update(userSessions)
      .set({ absoluteExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(userSessions.userId, Number(other.userid)));
    expect((await menu(other)).code).toBe(Code.loginExpired);
  });

  it('stores only a hash of the token', async () => {
    const headers = await t.signIn('kitabike.tech.bandung.01');
    const rows = await t.database.db
      .select()
      .from(userSessions)
      .where(eq(userSessions.userId, Number(headers.userid)));
    expect(rows.some((r) => r.tokenHash === headers.token)).toBe(false);
    expect(rows.at(-1)!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('ends the session of a disabled user', async () => {
    const headers = await t.signIn('kitabike.tech.bandung.02');
    await t.database.db.update(users).set({ status: '1' }).where(eq(users.userName, 'kitabike.tech.bandung.02'));
    expect((await menu(headers)).code).toBe(Code.noSession);
    expect((await login('kitabike.tech.bandung.02', DEMO_PASSWORD)).code).toBe(Code.badCredentials);
  });
});
