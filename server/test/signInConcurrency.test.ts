import { Code } from '@kayuh/contract/codes';
import { LOGIN_MAX_FAILURES } from '@kayuh/contract/constants';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginLogs, users } from '../src/db/schema.ts';
import { DEMO_PASSWORD, useTestApp } from './harness.ts';

/** "Once" rules of sign-in under parallel requests (issue #8, points 2 and 3); CI runs this on PGlite and PostgreSQL. */
const t = useTestApp();

const login = (username: string, password: string) => t.call('POST', '/api/system/sso/login', { body: { username, password } });

describe('parallel sign-ins of one user', () => {
  it('100 guesses at once, the last one right: at most five are checked and none gets in', async () => {
    const guesses = Array.from({ length: 100 }, (_, i) => (i === 99 ? DEMO_PASSWORD : `wrong-${i}`));
    const answers = await Promise.all(guesses.map((password) => login('kitabike.cs.01', password)));
    const codes = answers.map((a) => a.code);
    expect(codes).not.toContain(Code.ok);
    // Only attempts that held one of the five slots had their password checked; all others met the lock.
    expect(codes.filter((c) => c === Code.badCredentials).length).toBeLessThan(LOGIN_MAX_FAILURES);
    expect(codes.filter((c) => c === Code.accountLocked).length).toBeGreaterThanOrEqual(100 - LOGIN_MAX_FAILURES);
    // The lock stands afterwards, for the right password too.
    expect((await login('kitabike.cs.01', DEMO_PASSWORD)).code).toBe(Code.accountLocked);
    // The journal tells the same: five checked and refused, the rest refused unchecked.
    const checked = await t.database.db
      .select()
      .from(loginLogs)
      .where(and(eq(loginLogs.userName, 'kitabike.cs.01'), inArray(loginLogs.msg, ['login.msg.badCredentials', 'login.msg.locked'])));
    expect(checked).toHaveLength(LOGIN_MAX_FAILURES);
  });

  it('30 right passwords at once leave exactly one live session', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => login('kitabike.fin.01', DEMO_PASSWORD)));
    // Attempts beyond the five being checked are told to try again; none is told the password is wrong.
    const signedIn = answers.filter((a) => a.code === Code.ok);
    expect(signedIn.length).toBeGreaterThanOrEqual(1);
    expect(answers.filter((a) => a.code !== Code.ok).every((a) => a.code === Code.accountLocked)).toBe(true);
    const outcomes = await Promise.all(
      signedIn.map((a) => t.call('GET', '/api/system/user/profile', { headers: { token: a.data.token, userid: String(a.data.userId) } })),
    );
    const codes = outcomes.map((o) => o.code);
    expect(codes.filter((c) => c === Code.ok)).toHaveLength(1);
    expect(codes.filter((c) => c === Code.signedInElsewhere)).toHaveLength(signedIn.length - 1);
    // Right passwords leave no lock behind.
    expect((await login('kitabike.fin.01', DEMO_PASSWORD)).code).toBe(Code.ok);
  });

  it('30 sessions opened at once by the server itself still leave one live', async () => {
    const { openSession } = await import('../src/platform/auth/sessions.ts');
    const [user] = await t.database.db.select().from(users).where(eq(users.userName, 'gowesbali.cs.01'));
    const tokens = await Promise.all(Array.from({ length: 30 }, () => openSession(t.database.db, user!, { ip: '127.0.0.1', browser: '', os: '' })));
    const codes = (
      await Promise.all(tokens.map((token) => t.call('GET', '/api/system/user/profile', { headers: { token, userid: String(user!.id) } })))
    ).map((o) => o.code);
    expect(codes.filter((c) => c === Code.ok)).toHaveLength(1);
    expect(codes.filter((c) => c === Code.signedInElsewhere)).toHaveLength(29);
  });

  it('four wrong guesses and then the right password still sign in (the fifth slot is the right one)', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) expect((await login('gowesbali.fin.01', 'wrong')).code).toBe(Code.badCredentials);
    expect((await login('gowesbali.fin.01', DEMO_PASSWORD)).code).toBe(Code.ok);
    // …and the count starts again from zero.
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) expect((await login('gowesbali.fin.01', 'wrong')).code).toBe(Code.badCredentials);
  });
});
