import { Code } from '@kayuh/contract/codes';
import { describe, expect, it } from 'vitest';
import { memberTestPhones } from '../src/db/schema.ts';
import { useTestApp } from './harness.ts';
import { APP } from './riders.ts';

/**
 * The riders' sign-in trail in the console: customer service finds a rider's sign-ups, sign-ins and sign-outs by the
 * phone they call from (/user_main/login_log); the log centre reads the whole trail, codes and wrong tries included
 * (/log_main/userAuthLog). Each operator reads only its own riders'.
 */
const t = useTestApp();
const PHONE = '+6280000555001';

describe("a rider's sign-in trail", () => {
  it('shows customer service the sign-ins by phone, and the log centre every step, each operator its own', async () => {
    await t.database.db.insert(memberTestPhones).values({ tenantId: 2, phone: PHONE, fixedCode: '246810' });
    await t.call('POST', '/api/app/auth/otp/send', { headers: APP, body: { phone: PHONE } });
    expect((await t.call('POST', '/api/app/auth/otp/verify', { headers: APP, body: { phone: PHONE, code: '000000' } })).code).toBe(
      Code.badCredentials,
    );
    const signed = await t.call('POST', '/api/app/auth/otp/verify', { headers: APP, body: { phone: PHONE, code: '246810' } });
    expect(signed.code).toBe(Code.ok);
    await t.call('POST', '/api/app/auth/logout', { headers: { ...APP, authorization: `Bearer ${signed.data.token}` } });

    const cs = await t.signIn('kitabike.cs.01');
    const logins = await t.call('POST', '/api/user/loginLog/list', { headers: cs, body: { phone: PHONE, pageSize: 20 } });
    expect(logins.code).toBe(Code.ok);
    expect(logins.rows.map((r: { event: string }) => r.event)).toEqual(['logout', 'signin', 'member.created']);
    expect(logins.rows.every((r: { memberId: number }) => r.memberId === signed.data.memberId)).toBe(true);
    // Only sign-in events, whatever the filter asks.
    const codes = await t.call('POST', '/api/user/loginLog/list', { headers: cs, body: { phone: PHONE, event: 'otp.sent', pageSize: 20 } });
    expect(codes.rows ?? []).toEqual([]);

    const admin = await t.signIn('kitabike.admin');
    const trail = await t.call('POST', '/api/log/memberAuth/list', { headers: admin, body: { phone: PHONE, pageSize: 20 } });
    expect(trail.rows.map((r: { event: string }) => r.event)).toEqual(['logout', 'signin', 'member.created', 'otp.wrong', 'otp.sent']);
    expect(trail.rows.find((r: { event: string }) => r.event === 'otp.wrong').detail).toMatchObject({ attemptsLeft: expect.any(Number) });

    const other = await t.signIn('gowesbali.admin');
    expect((await t.call('POST', '/api/log/memberAuth/list', { headers: other, body: { phone: PHONE, pageSize: 20 } })).rows).toEqual([]);
    expect((await t.call('POST', '/api/user/loginLog/list', { headers: other, body: { phone: PHONE, pageSize: 20 } })).rows).toEqual([]);
  });
});
