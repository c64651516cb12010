import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Code } from '@kayuh/contract/codes';
import {
  MEMBER_SESSION_ABSOLUTE_MS,
  OTP_LOCK_MS,
  OTP_MAX_FAILURES,
  OTP_RESEND_COOLDOWN_MS,
  OTP_SENDS_PER_WINDOW,
  RATE_LIMITS,
} from '@kayuh/contract/constants';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memberAuthLogs, memberOtps, members, memberSessions, messageDeliveries, tenants } from '../src/db/schema.ts';
import { DEMO_TEST_CODE, DEMO_TEST_PHONE, SIM_RIDER_PHONES } from '../src/db/seed/demoMembers.ts';
import { findOrCreateMember } from '../src/modules/member/memberRegistry.ts';
import { otpSenderFromEnv } from '../src/modules/member/otpSender.ts';
import { createTestApp, useTestApp, type TestApp } from './harness.ts';

/** The rider app's sign-in (issue #12): codes, limits, the lock, sessions and the member guard; on PGlite and PostgreSQL. */
const t = useTestApp();

const KITABIKE = { id: 2, headers: { 'tenant-code': 'KITABIKE', lang: 'EN' } };
const GOWESBALI = { id: 3, headers: { 'tenant-code': 'GOWESBALI', lang: 'EN' } };

let phoneSeq = 0;
/** A phone no other test of this file uses, in E.164. */
const newPhone = () => `+62813${String(++phoneSeq).padStart(7, '0')}`;

const send = (phone: string, headers: Record<string, string> = KITABIKE.headers, app: TestApp = t) =>
  app.call('POST', '/api/app/auth/otp/send', { headers, body: { phone } });
const verify = (phone: string, code: string, headers: Record<string, string> = KITABIKE.headers, app: TestApp = t) =>
  app.call('POST', '/api/app/auth/otp/verify', { headers, body: { phone, code } });
const me = (token: string | undefined, headers: Record<string, string> = KITABIKE.headers) =>
  t.call('GET', '/api/app/me', { headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });

/** The code the recording sender kept for a phone (no provider configured: message_deliveries holds it). */
async function codeSentTo(phone: string): Promise<string> {
  const [row] = await t.database.db
    .select({ params: messageDeliveries.params })
    .from(messageDeliveries)
    .where(eq(messageDeliveries.toAddress, phone))
    .orderBy(desc(messageDeliveries.id))
    .limit(1);
  return (row!.params as { code: string }).code;
}

/** Moves a phone's codes back in time, as if they had been sent `ms` earlier. */
const backdateCodes = (phone: string, ms: number) =>
  t.database.db
    .update(memberOtps)
    .set({ createdAt: sql`${memberOtps.createdAt} - make_interval(secs => ${ms / 1000})` })
    .where(eq(memberOtps.phone, phone));

const eventsOf = async (phone: string, tenantId = KITABIKE.id) =>
  (
    await t.database.db
      .select({ event: memberAuthLogs.event })
      .from(memberAuthLogs)
      .where(and(eq(memberAuthLogs.tenantId, tenantId), eq(memberAuthLogs.phone, phone)))
      .orderBy(asc(memberAuthLogs.id))
  ).map((r) => r.event);

/** Sends a code and signs in with it. */
async function signIn(phone = newPhone(), tenant = KITABIKE) {
  expect((await send(phone, tenant.headers)).code).toBe(Code.ok);
  const res = await verify(phone, await codeSentTo(phone), tenant.headers);
  expect(res.code, JSON.stringify(res)).toBe(Code.ok);
  return { phone, ...(res.data as { token: string; memberId: number; memberNo: string; isNew: boolean }) };
}

describe('sign-in by one-time code', () => {
  it('sends a code (recorded with no provider), signs in with it, and registers the rider once', async () => {
    const sent = await send('0813 7000 0001');
    expect(sent).toMatchObject({ code: Code.ok, data: { phone: '+6281370000001', channel: 'sms', expiresInSeconds: 300, resendInSeconds: 60 } });
    const [delivery] = await t.database.db.select().from(messageDeliveries).where(eq(messageDeliveries.toAddress, '+6281370000001'));
    expect(delivery).toMatchObject({
      tenantId: KITABIKE.id,
      provider: 'none',
      status: 1,
      channel: 3,
      recipientType: 1,
      recipientId: null,
      templateCode: 'OTP',
    });
    expect(delivery!.sentAt).toBeInstanceOf(Date);
    expect(delivery!.params).toMatchObject({ code: expect.stringMatching(/^\d{6}$/), minutes: 5, brand: 'KitaBike' });

    const first = await verify('+62 813-7000-0001', await codeSentTo('+6281370000001'));
    expect(first.code).toBe(Code.ok);
    expect(first.data).toMatchObject({
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      memberNo: expect.stringMatching(/^MB\d{14}$/),
      isNew: true,
    });
    // Only the token's hash is kept.
    const [session] = await t.database.db.select().from(memberSessions).where(eq(memberSessions.memberId, first.data.memberId));
    expect(session!.tokenHash).toBe(createHash('sha256').update(first.data.token).digest('hex'));

    const profile = await me(first.data.token);
    expect(profile).toMatchObject({
      code: Code.ok,
      data: { memberId: first.data.memberId, phone: '+6281370000001', tenantCode: 'KITABIKE', status: 0 },
    });
    // The code is spent.
    expect((await verify('+6281370000001', await codeSentTo('+6281370000001'))).code).toBe(Code.badCredentials);

    await backdateCodes('+6281370000001', OTP_RESEND_COOLDOWN_MS);
    expect((await send('+6281370000001')).code).toBe(Code.ok);
    const again = await verify('+6281370000001', await codeSentTo('+6281370000001'));
    expect(again.data).toMatchObject({ memberId: first.data.memberId, memberNo: first.data.memberNo, isNew: false });
    const [known] = await t.database.db
      .select({ recipientId: messageDeliveries.recipientId })
      .from(messageDeliveries)
      .where(eq(messageDeliveries.toAddress, '+6281370000001'))
      .orderBy(desc(messageDeliveries.id))
      .limit(1);
    expect(known!.recipientId).toBe(first.data.memberId);
    expect(await eventsOf('+6281370000001')).toEqual(['otp.sent', 'member.created', 'signin', 'otp.expired', 'otp.sent', 'signin']);
  });

  it('answers in the rider’s language', async () => {
    const phone = newPhone();
    await send(phone);
    const zh = await verify(phone, '000000', { ...KITABIKE.headers, lang: 'ZH' });
    const id = await verify(phone, '000001', { ...KITABIKE.headers, lang: 'ID' });
    expect([zh.msg, id.msg]).toEqual(['验证码错误，还可尝试 4 次', 'Kode salah. Sisa 3 percobaan']);
  });

  it('refuses a number that cannot be a phone, with a field error', async () => {
    const res = await send('0');
    expect(res.code).toBe(Code.validation);
    expect(Object.keys(res.data.fields)).toEqual(['phone']);
    const letters = await send('0812-CALL-ME');
    expect(letters.data.fields.phone).toBe('Invalid format');
  });
});

describe('the tenant-code header', () => {
  it('names a known, working operator', async () => {
    const missing = await t.call('POST', '/api/app/auth/otp/send', { headers: { lang: 'EN' }, body: { phone: newPhone() } });
    expect(missing.code).toBe(Code.validation);
    expect(Object.keys(missing.data.fields)).toEqual(['tenant-code']);
    expect(await send(newPhone(), { 'tenant-code': 'NOSUCH', lang: 'EN' })).toEqual({
      code: Code.notFound,
      msg: "Unknown operator. Check the app's operator code",
    });
    // The platform is no operator riders sign in to.
    expect((await send(newPhone(), { 'tenant-code': 'PLATFORM' })).code).toBe(Code.notFound);
    // Tenant codes are upper case; the header is read so whatever its case.
    expect((await send(newPhone(), { 'tenant-code': 'kitabike' })).code).toBe(Code.ok);
  });

  it('refuses a disabled operator, for sign-in and for its riders’ sessions', async () => {
    const rider = await signIn(newPhone(), GOWESBALI);
    await t.database.db.update(tenants).set({ status: '1' }).where(eq(tenants.id, GOWESBALI.id));
    try {
      const refused = { code: Code.tenantRestricted, msg: "This operator's service is not available now" };
      expect(await send(newPhone(), GOWESBALI.headers)).toEqual(refused);
      expect(await me(rider.token, GOWESBALI.headers)).toEqual(refused);
    } finally {
      await t.database.db.update(tenants).set({ status: '0' }).where(eq(tenants.id, GOWESBALI.id));
    }
    expect((await me(rider.token, GOWESBALI.headers)).code).toBe(Code.ok);
  });

  it("does not let one operator's token in at another", async () => {
    const rider = await signIn();
    expect((await me(rider.token, GOWESBALI.headers)).code).toBe(Code.noSession);
    expect((await me(rider.token, { lang: 'EN' })).code).toBe(Code.noSession);
    expect((await me(rider.token, { 'tenant-code': 'NOSUCH' })).code).toBe(Code.notFound);
    expect((await me(rider.token)).code).toBe(Code.ok);
  });
});

describe('limits', () => {
  it('expires a code', async () => {
    const phone = newPhone();
    await send(phone);
    await t.database.db
      .update(memberOtps)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(memberOtps.phone, phone));
    expect(await verify(phone, await codeSentTo(phone))).toEqual({
      code: Code.badCredentials,
      msg: 'The code has expired or was already used. Ask for a new one',
    });
    expect(await verify(newPhone(), '123456')).toMatchObject({ code: Code.badCredentials });
  });

  it('sends a phone a new code once a minute and five an hour (429 with Retry-After)', async () => {
    const phone = newPhone();
    expect((await send(phone)).code).toBe(Code.ok);
    const soon = await t.app.inject({ method: 'POST', url: '/api/app/auth/otp/send', headers: KITABIKE.headers, payload: { phone } });
    expect(soon.statusCode).toBe(429);
    const retryAfter = Number(soon.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(soon.json()).toEqual({
      code: 429,
      msg: `Wait ${retryAfter} seconds before asking for a new code`,
      data: { retryAfterSeconds: retryAfter },
    });
    // The newest code is still the one that signs in; the refused call made none.
    expect(await t.database.db.$count(memberOtps, eq(memberOtps.phone, phone))).toBe(1);

    for (let i = 1; i < OTP_SENDS_PER_WINDOW; i++) {
      await backdateCodes(phone, OTP_RESEND_COOLDOWN_MS);
      expect((await send(phone)).code).toBe(Code.ok);
    }
    await backdateCodes(phone, OTP_RESEND_COOLDOWN_MS);
    const sixth = await t.app.inject({ method: 'POST', url: '/api/app/auth/otp/send', headers: KITABIKE.headers, payload: { phone } });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().msg).toMatch(/^Too many codes asked for this number\. Try again in \d+ minutes$/);
    expect((await eventsOf(phone)).filter((e) => e === 'otp.throttled')).toHaveLength(2);
  });

  it('limits codes asked for and tried per address (the shared RATE_LIMITS), another address unaffected', async () => {
    const limited = await createTestApp({ rateLimits: true, trustProxy: true, database: t.database });
    try {
      const from = (ip: string) => ({ ...KITABIKE.headers, 'x-forwarded-for': ip });
      const sendFrom = (ip: string) =>
        limited.app.inject({ method: 'POST', url: '/api/app/auth/otp/send', headers: from(ip), payload: { phone: newPhone() } });
      for (let i = 0; i < RATE_LIMITS.otpSendPerIp.max; i++) expect((await sendFrom('198.51.100.20')).json().code).toBe(Code.ok);
      const over = await sendFrom('198.51.100.20');
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect((await sendFrom('198.51.100.21')).json().code).toBe(Code.ok);

      const verifyFrom = (ip: string) =>
        limited.app.inject({ method: 'POST', url: '/api/app/auth/otp/verify', headers: from(ip), payload: { phone: newPhone(), code: '123456' } });
      for (let i = 0; i < RATE_LIMITS.otpVerifyPerIp.max; i++) expect((await verifyFrom('198.51.100.30')).json().code).toBe(Code.badCredentials);
      expect((await verifyFrom('198.51.100.30')).statusCode).toBe(429);

      // The operator's test numbers send nothing: an address over its limits still signs them in (the simulator's
      // riders, an app reviewer), while a real number from it is still refused.
      const phones = SIM_RIDER_PHONES.slice(0, RATE_LIMITS.otpSendPerIp.max + 5);
      for (const phone of phones) {
        const sent = await limited.app.inject({ method: 'POST', url: '/api/app/auth/otp/send', headers: from('198.51.100.20'), payload: { phone } });
        expect(sent.json().code).toBe(Code.ok);
        const signed = await limited.app.inject({
          method: 'POST',
          url: '/api/app/auth/otp/verify',
          headers: from('198.51.100.30'),
          payload: { phone, code: DEMO_TEST_CODE },
        });
        expect(signed.json().code).toBe(Code.ok);
      }
      expect((await sendFrom('198.51.100.20')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('the lock', () => {
  it('locks the phone for 15 minutes after 5 wrong codes (2012 with the time), even for the right code and a new one', async () => {
    const phone = newPhone();
    await send(phone);
    const code = await codeSentTo(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = OTP_MAX_FAILURES - 1; left > 0; left--) {
      expect(await verify(phone, wrong)).toEqual({ code: Code.badCredentials, msg: `Wrong code. ${left} tries left`, data: { attemptsLeft: left } });
    }
    const before = Date.now();
    const fifth = await verify(phone, wrong);
    expect(fifth).toMatchObject({ code: Code.accountLocked, msg: 'This number is locked after too many wrong codes. Try again in 15 minutes' });
    const until = Date.parse(fifth.data.lockedUntil);
    expect(until).toBeGreaterThanOrEqual(before + OTP_LOCK_MS - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + OTP_LOCK_MS + 1000);

    expect((await verify(phone, code)).code).toBe(Code.accountLocked);
    await backdateCodes(phone, OTP_RESEND_COOLDOWN_MS);
    expect((await send(phone)).code).toBe(Code.accountLocked);
    expect(await eventsOf(phone)).toEqual([
      'otp.sent',
      'otp.wrong',
      'otp.wrong',
      'otp.wrong',
      'otp.wrong',
      'phone.locked',
      'otp.whileLocked',
      'otp.whileLocked',
    ]);

    // 15 minutes later the phone asks again and signs in.
    await t.database.db
      .update(memberAuthLogs)
      .set({ createdAt: new Date(Date.now() - OTP_LOCK_MS - 1000) })
      .where(and(eq(memberAuthLogs.phone, phone), eq(memberAuthLogs.event, 'phone.locked')));
    expect((await send(phone)).code).toBe(Code.ok);
    expect((await verify(phone, wrong)).data).toEqual({ attemptsLeft: OTP_MAX_FAILURES - 1 });
    expect((await verify(phone, await codeSentTo(phone))).code).toBe(Code.ok);
  });

  it('counts wrong codes across a new code sent, so asking again does not reset the count', async () => {
    const phone = newPhone();
    await send(phone);
    for (let i = 0; i < 3; i++) expect((await verify(phone, '999999')).code).toBe(Code.badCredentials);
    await backdateCodes(phone, OTP_RESEND_COOLDOWN_MS);
    await send(phone);
    expect((await verify(phone, '999999')).data).toEqual({ attemptsLeft: 1 });
    expect((await verify(phone, '999999')).code).toBe(Code.accountLocked);
  });

  it('compares no more than 5 of 30 wrong codes sent at once, and locks once', async () => {
    const phone = newPhone();
    await send(phone);
    const code = await codeSentTo(phone);
    const guesses = Array.from({ length: 30 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const codes = (await Promise.all(guesses.map((guess) => verify(phone, guess)))).map((a) => a.code);
    expect(codes.filter((c) => c === Code.badCredentials).length).toBeLessThan(OTP_MAX_FAILURES);
    expect(codes.filter((c) => c !== Code.badCredentials).every((c) => c === Code.accountLocked)).toBe(true);
    const events = await eventsOf(phone);
    expect(events.filter((e) => e === 'phone.locked')).toHaveLength(1);
    expect(events.filter((e) => e === 'otp.wrong')).toHaveLength(OTP_MAX_FAILURES - 1);
    expect((await verify(phone, code)).code).toBe(Code.accountLocked);
  });
});

describe('test numbers', () => {
  it("send nothing and sign in with the tenant's fixed code, asked for as often as needed", async () => {
    const before = await t.database.db.$count(messageDeliveries, eq(messageDeliveries.toAddress, DEMO_TEST_PHONE));
    const sent = await send('0800 0000 0001');
    expect(sent).toMatchObject({ code: Code.ok, data: { phone: DEMO_TEST_PHONE, resendInSeconds: 0 } });
    expect((await send(DEMO_TEST_PHONE)).code).toBe(Code.ok);
    expect(await t.database.db.$count(messageDeliveries, eq(messageDeliveries.toAddress, DEMO_TEST_PHONE))).toBe(before);
    const res = await verify(DEMO_TEST_PHONE, DEMO_TEST_CODE);
    expect(res.code).toBe(Code.ok);
    expect((await me(res.data.token)).data.phone).toBe(DEMO_TEST_PHONE);
  });

  it('are each tenant’s own, and still lock after 5 wrong codes', async () => {
    await send(DEMO_TEST_PHONE, GOWESBALI.headers);
    for (let i = 0; i < OTP_MAX_FAILURES - 1; i++)
      expect((await verify(DEMO_TEST_PHONE, '654321', GOWESBALI.headers)).code).toBe(Code.badCredentials);
    expect((await verify(DEMO_TEST_PHONE, '654321', GOWESBALI.headers)).code).toBe(Code.accountLocked);
    expect((await verify(DEMO_TEST_PHONE, DEMO_TEST_CODE, GOWESBALI.headers)).code).toBe(Code.accountLocked);
    // KitaBike's test number is another phone of another tenant: not locked.
    await send(DEMO_TEST_PHONE);
    expect((await verify(DEMO_TEST_PHONE, DEMO_TEST_CODE)).code).toBe(Code.ok);
  });
});

describe('sessions', () => {
  it('need a bearer token of a live session on /api/app/me and logout (10007)', async () => {
    expect(await me(undefined)).toEqual({ code: Code.noSession, msg: 'No valid session, please sign in' });
    expect((await me('not-a-token')).code).toBe(Code.noSession);
    const rider = await signIn();
    expect((await t.call('GET', '/api/app/me', { headers: { ...KITABIKE.headers, authorization: rider.token } })).code).toBe(Code.noSession);
    expect((await t.call('GET', '/api/app/me', { headers: { ...KITABIKE.headers, token: rider.token } })).code).toBe(Code.noSession);
    // A console session is no rider's.
    const staff = await t.signIn('kitabike.admin');
    expect((await t.call('GET', '/api/app/me', { headers: { ...KITABIKE.headers, ...staff, authorization: `Bearer ${staff.token}` } })).code).toBe(
      Code.noSession,
    );
    expect((await t.call('POST', '/api/app/auth/logout', { headers: KITABIKE.headers })).code).toBe(Code.noSession);
  });

  it('end on logout', async () => {
    const rider = await signIn();
    const other = await verifyAgain(rider.phone);
    const logout = (token: string) => t.call('POST', '/api/app/auth/logout', { headers: { ...KITABIKE.headers, authorization: `Bearer ${token}` } });
    expect((await logout(rider.token)).code).toBe(Code.ok);
    expect((await me(rider.token)).code).toBe(Code.noSession);
    expect((await logout(rider.token)).code).toBe(Code.noSession);
    // The rider's other device stays signed in.
    expect((await me(other)).code).toBe(Code.ok);
    expect((await eventsOf(rider.phone)).at(-1)).toBe('logout');
  });

  it('expire when idle and at the absolute end (4001), and slide while used', async () => {
    const rider = await signIn();
    const session = eq(memberSessions.memberId, rider.memberId);
    const minuteAgo = new Date(Date.now() - 120_000);
    await t.database.db
      .update(memberSessions)
      .set({ lastSeenAt: minuteAgo, expiresAt: new Date(Date.now() + 1000) })
      .where(session);
    expect((await me(rider.token)).code).toBe(Code.ok);
    const [slid] = await t.database.db.select().from(memberSessions).where(session);
    expect(slid!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 24 * 3600_000);
    expect(slid!.lastSeenAt.getTime()).toBeGreaterThan(minuteAgo.getTime());

    await t.database.db
      .update(memberSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(session);
    expect(await me(rider.token)).toMatchObject({ code: Code.loginExpired });
    expect((await me(rider.token)).code).toBe(Code.noSession);

    const again = await verifyAgain(rider.phone);
    await t.database.db
      .update(memberSessions)
      .set({ createdAt: new Date(Date.now() - MEMBER_SESSION_ABSOLUTE_MS - 1000) })
      .where(eq(memberSessions.tokenHash, createHash('sha256').update(again).digest('hex')));
    expect((await me(again)).code).toBe(Code.loginExpired);
  });

  it('stop for a frozen, blacklisted or closed rider, who cannot sign in again', async () => {
    const messages = {
      1: 'Your account is frozen. Contact customer service',
      2: 'Your account is blocked. Contact customer service',
      3: 'This account has been closed',
    };
    for (const status of [1, 2, 3] as const) {
      const rider = await signIn();
      await t.database.db.update(members).set({ status }).where(eq(members.id, rider.memberId));
      expect(await me(rider.token)).toEqual({ code: Code.noSession, msg: messages[status] });
      const [ended] = await t.database.db.select().from(memberSessions).where(eq(memberSessions.memberId, rider.memberId));
      expect(ended!.revokedAt).not.toBeNull();
      await backdateCodes(rider.phone, OTP_RESEND_COOLDOWN_MS);
      expect((await send(rider.phone)).code).toBe(Code.ok);
      expect(await verify(rider.phone, await codeSentTo(rider.phone))).toEqual({ code: Code.forbidden, msg: messages[status] });
      expect((await eventsOf(rider.phone)).at(-1)).toBe('signin.refused');
    }
  });
});

/** A second sign-in of a phone that has one (another device); answers its token. */
async function verifyAgain(phone: string): Promise<string> {
  await backdateCodes(phone, OTP_RESEND_COOLDOWN_MS);
  expect((await send(phone)).code).toBe(Code.ok);
  const res = await verify(phone, await codeSentTo(phone));
  expect(res.code).toBe(Code.ok);
  return res.data.token;
}

describe('at once', () => {
  it('spends a code once: two verifies of it at the same time give one token', async () => {
    const rider = await signIn();
    await backdateCodes(rider.phone, OTP_RESEND_COOLDOWN_MS);
    await send(rider.phone);
    const code = await codeSentTo(rider.phone);
    const answers = await Promise.all([verify(rider.phone, code), verify(rider.phone, code)]);
    expect(answers.filter((a) => a.code === Code.ok)).toHaveLength(1);
    expect(answers.find((a) => a.code !== Code.ok)!.code).toBe(Code.badCredentials);
  });

  it('registers a new phone once from 20 verifies at the same time', async () => {
    const phone = newPhone();
    await send(phone);
    const code = await codeSentTo(phone);
    const answers = await Promise.all(Array.from({ length: 20 }, () => verify(phone, code)));
    const signedIn = answers.filter((a) => a.code === Code.ok);
    expect(signedIn).toHaveLength(1);
    // The others met a spent code, or all slots taken by tries still being compared.
    expect(answers.filter((a) => a.code !== Code.ok).every((a) => a.code === Code.badCredentials || a.code === Code.accountLocked)).toBe(true);
    expect(await t.database.db.$count(members, and(eq(members.tenantId, KITABIKE.id), eq(members.phone, phone)))).toBe(1);
    expect(await t.database.db.$count(memberSessions, eq(memberSessions.memberId, signedIn[0].data.memberId))).toBe(1);
  });

  it('makes one member of 20 first registrations of a phone at once', async () => {
    const phone = newPhone();
    const made = await Promise.all(
      Array.from({ length: 20 }, () => findOrCreateMember(t.database.db, { tenantId: KITABIKE.id, phone, lang: 'ID', registerSource: 1 })),
    );
    expect(new Set(made.map((m) => m.member.id)).size).toBe(1);
    expect(made.filter((m) => m.isNew)).toHaveLength(1);
    expect(await t.database.db.$count(members, eq(members.phone, phone))).toBe(1);
  });
});

describe('providers', () => {
  it('takes OTP_PROVIDER from the environment, and refuses an unknown one or a webhook without an address', () => {
    expect(otpSenderFromEnv({}).provider).toBe('none');
    expect(otpSenderFromEnv({ OTP_PROVIDER: 'webhook', OTP_WEBHOOK_URL: 'https://sms.example/otp' }).provider).toBe('webhook');
    expect(() => otpSenderFromEnv({ OTP_PROVIDER: 'carrier-pigeon' })).toThrow(/OTP_PROVIDER must be one of none, webhook/);
    expect(() => otpSenderFromEnv({ OTP_PROVIDER: 'webhook' })).toThrow(/OTP_WEBHOOK_URL/);
    expect(() => otpSenderFromEnv({ OTP_PROVIDER: 'toString' })).toThrow(/OTP_PROVIDER/);
  });

  it('sends through a webhook provider, keeping its message id and not the code; a refusal is recorded and answered', async () => {
    const received: Array<{ body: Record<string, unknown>; authorization?: string }> = [];
    let fail = false;
    const hook: Server = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        received.push({ body: JSON.parse(body), authorization: req.headers.authorization });
        res.writeHead(fail ? 503 : 200, { 'content-type': 'application/json' });
        res.end(fail ? 'gateway down' : JSON.stringify({ id: `wb-${received.length}` }));
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const env = {
      OTP_PROVIDER: 'webhook',
      OTP_WEBHOOK_URL: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/otp`,
      OTP_WEBHOOK_SECRET: 's3cret',
    };
    const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
    Object.assign(process.env, env);
    let viaHook: TestApp | undefined;
    try {
      viaHook = await createTestApp({ database: t.database });
      const phone = newPhone();
      expect((await send(phone, { ...KITABIKE.headers, lang: 'ID' }, viaHook)).code).toBe(Code.ok);
      const [call] = received;
      expect(call!.authorization).toBe('Bearer s3cret');
      expect(call!.body).toMatchObject({
        tenantId: KITABIKE.id,
        phone,
        lang: 'ID',
        channel: 'sms',
        code: expect.stringMatching(/^\d{6}$/),
        providerTemplateId: null,
      });
      expect(call!.body.text).toBe(
        `Kode masuk KitaBike Anda: ${call!.body.code as string}. Berlaku 5 menit. Jangan berikan kode ini kepada siapa pun.`,
      );
      const [delivery] = await t.database.db.select().from(messageDeliveries).where(eq(messageDeliveries.toAddress, phone));
      expect(delivery).toMatchObject({ provider: 'webhook', providerMsgId: 'wb-1', status: 1, params: { code: '******' } });
      expect((await verify(phone, call!.body.code as string, KITABIKE.headers, viaHook)).code).toBe(Code.ok);

      // The operator's own wording (templateList) replaces the built-in text, naming the provider's approved template.
      const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
      const template = { code: 'OTP', channel: '3', lang: 'EN', status: '0', providerTemplateId: 'kb_otp_v2' };
      const wrong = await t.call('POST', '/api/user/messageTemplate/add', {
        headers: admin,
        body: { ...template, body: 'Kode {{kode}} untuk {{brand}}' },
      });
      expect(wrong).toMatchObject({
        code: Code.validation,
        data: { fields: { body: 'Not placeholders of this message: kode. Available: brand, code, minutes' } },
      });
      const noCode = await t.call('POST', '/api/user/messageTemplate/add', { headers: admin, body: { ...template, body: 'Masuk ke {{brand}}' } });
      expect(noCode.data.fields.body).toBe('The text must hold {{code}}');
      const added = await t.call('POST', '/api/user/messageTemplate/add', {
        headers: admin,
        body: { ...template, body: '{{code}} is your {{brand}} code ({{ minutes }} min).' },
      });
      expect(added.code, JSON.stringify(added)).toBe(Code.ok);
      // One wording per message, channel and language.
      expect((await t.call('POST', '/api/user/messageTemplate/add', { headers: admin, body: { ...template, body: '{{code}}' } })).code).toBe(
        Code.duplicate,
      );
      const inEnglish = newPhone();
      const viaTemplate = await viaHook.call('POST', '/api/app/auth/otp/send', {
        headers: { ...KITABIKE.headers, lang: 'EN' },
        body: { phone: inEnglish },
      });
      expect(viaTemplate.code, JSON.stringify(viaTemplate)).toBe(Code.ok);
      const own = received.at(-1)!;
      expect(own.body).toMatchObject({
        channel: 'sms',
        providerTemplateId: 'kb_otp_v2',
        text: `${own.body.code as string} is your KitaBike code (5 min).`,
      });
      const [ownDelivery] = await t.database.db.select().from(messageDeliveries).where(eq(messageDeliveries.toAddress, inEnglish));
      expect(ownDelivery!.params).toMatchObject({ templateId: added.data.templateId });
      // Disabled, the built-in text is back.
      await t.call('POST', '/api/user/messageTemplate/edit', {
        headers: admin,
        body: { templateId: added.data.templateId, version: 0, status: '1' },
      });
      await viaHook.call('POST', '/api/app/auth/otp/send', { headers: { ...KITABIKE.headers, lang: 'EN' }, body: { phone: newPhone() } });
      expect(received.at(-1)!.body).toMatchObject({ providerTemplateId: null, text: expect.stringMatching(/^Your KitaBike sign-in code/) });

      fail = true;
      const unlucky = newPhone();
      expect(await send(unlucky, KITABIKE.headers, viaHook)).toEqual({
        code: Code.serverError,
        msg: 'The code could not be sent. Try again shortly',
      });
      const [failed] = await t.database.db.select().from(messageDeliveries).where(eq(messageDeliveries.toAddress, unlucky));
      expect(failed).toMatchObject({ provider: 'webhook', status: 3, failReason: expect.stringContaining('503') });
      expect(await eventsOf(unlucky)).toEqual(['otp.sendFailed']);
    } finally {
      await viaHook?.close();
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      await new Promise((resolve) => hook.close(resolve));
    }
  });
});

describe('the API document', () => {
  it('describes the app routes with their tenant-code header and bearer security', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    expect(doc.components.securitySchemes.memberBearer).toEqual({ type: 'http', scheme: 'bearer' });
    const sendOp = doc.paths['/api/app/auth/otp/send'].post;
    expect(sendOp.security).toEqual([]);
    expect(sendOp.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'tenant-code', required: true })]));
    expect(doc.paths['/api/app/me'].get.security).toEqual([{ memberBearer: [] }]);
    expect(doc.paths['/api/app/auth/otp/verify'].post.requestBody.content['application/json'].schema.required).toEqual(['phone', 'code']);
  });
});

describe('hostile input', () => {
  const hostile = fc.oneof(
    fc.constant(''),
    fc.constant(' '),
    fc.constant('a\u0000b'),
    fc.constant('\ud800'),
    fc.constant('x'.repeat(5000)),
    fc.constant("'; DROP TABLE members; --"),
    fc.constant('+62 812 0000 0000 0000 0000'),
    fc.constant('00000000'),
    fc.constant('+6280000000001'),
    fc.constant(2 ** 63),
    fc.constant(-1),
    fc.constant(1.5),
    fc.constant(null),
    fc.constant(true),
    fc.constant([]),
    fc.constant({ nested: 'a' }),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.stringMatching(/^\+?[0-9 ().-]{0,26}$/),
  );
  const body = fc.oneof(
    { weight: 4, arbitrary: fc.record({ phone: hostile, code: hostile, channel: hostile, platform: hostile }, { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
  const headers = fc.record({
    'tenant-code': fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('KITABIKE', 'GOWESBALI') },
      { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
    ),
    lang: fc.constantFrom('EN', 'ID', 'ZH', 'xx'),
  });

  it('never answers 500 to the send and verify bodies', async () => {
    const crashes: string[] = [];
    for (const url of ['/api/app/auth/otp/send', '/api/app/auth/otp/verify']) {
      await fc.assert(
        fc.asyncProperty(body, headers, async (payload, head) => {
          const res = await t.app.inject({ method: 'POST', url, headers: head, payload: payload as object });
          const code = String(res.headers['content-type']).includes('json') ? res.json().code : undefined;
          if (res.statusCode >= 500 || code === Code.serverError)
            crashes.push(`${url} ${JSON.stringify(payload).slice(0, 200)} → ${res.body.slice(0, 200)}`);
        }),
        { seed: 20_261_212, numRuns: 150 },
      );
    }
    expect(crashes.slice(0, 10)).toEqual([]);
  }, 120_000);
});
