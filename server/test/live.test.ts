import { TOPIC_GLOBAL_MESSAGE, USER_GLOBAL_MESSAGE } from '@kayuh/contract/api/live';
import { Code } from '@kayuh/contract/codes';
import { Header } from '@kayuh/contract/headers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSessions } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { consoleClient, frameText, RawStomp, until } from './liveClients.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
});
afterAll(async () => {
  await t?.close();
});

const notice = (message: string) => JSON.stringify({ bizCmd: 'message', data: { message } });
const texts = (messages: { body: string }[]) => messages.map((m) => JSON.parse(m.body).data.message);
const uid = (session: Record<string, string>) => Number(session[Header.userId]);

describe('live link with the console client (@stomp/stompjs)', () => {
  it('delivers a server push to the user, and never to a user of another tenant', async () => {
    const kita = await t.signIn('kitabike.admin');
    const gowes = await t.signIn('gowesbali.admin');
    const a = await consoleClient(t.wsUrl!, kita);
    const b = await consoleClient(t.wsUrl!, gowes);
    expect(t.services.live.localConnections).toBe(2);

    // Tenant 2 names both users: only its own user hears it.
    await t.services.live.sendToUsers(2, [uid(kita), uid(gowes)], notice('Baterai lemah di Jakarta'));
    await until(() => a.messages.length === 1, 'the push');
    expect(texts(a.messages)).toEqual(['Baterai lemah di Jakarta']);
    const [message] = a.messages;
    expect(message.headers.destination).toBe(USER_GLOBAL_MESSAGE);
    expect(message.headers['content-type']).toBe('application/json;charset=utf-8');
    expect(message.headers['message-id']).toBeTruthy();

    // Messages to one connection arrive in order: when tenant 3's own push arrives, the first one had not.
    await t.services.live.sendToUsers(3, [uid(gowes)], notice('Untuk Bali'));
    await until(() => b.messages.length === 1, "tenant 3's push");
    expect(texts(b.messages)).toEqual(['Untuk Bali']);

    await a.close();
    await b.close();
    await until(() => t.services.live.localConnections === 0, 'the connections to close');
  });

  it('delivers a client SEND to the named user of the same tenant only, naming its sender', async () => {
    const kita = await t.signIn('kitabike.admin');
    const ops = await t.signIn('kitabike.ops.jakarta');
    const gowes = await t.signIn('gowesbali.admin');
    const sender = await consoleClient(t.wsUrl!, kita);
    const colleague = await consoleClient(t.wsUrl!, ops);
    const stranger = await consoleClient(t.wsUrl!, gowes);

    sender.client.publish({ destination: TOPIC_GLOBAL_MESSAGE, headers: { userId: String(uid(gowes)) }, body: notice('across tenants') });
    sender.client.publish({ destination: TOPIC_GLOBAL_MESSAGE, headers: { userId: String(uid(ops)) }, body: notice('Cek sepeda B-12') });
    await until(() => colleague.messages.length === 1, 'the colleague to get the message');
    expect(texts(colleague.messages)).toEqual(['Cek sepeda B-12']);
    expect(JSON.parse(colleague.messages[0]!.body).data.sender).toEqual({ userId: uid(kita), name: expect.any(String) });
    expect(sender.messages).toEqual([]);

    // The stranger then gets a push of their own tenant, and only that one: the SEND across tenants never came.
    await t.services.live.sendToUsers(3, [uid(gowes)], notice('own tenant'));
    await until(() => stranger.messages.length === 1, 'the own-tenant message');
    expect(texts(stranger.messages)).toEqual(['own tenant']);
    for (const c of [sender, colleague, stranger]) await c.close();
  });

  it("refuses a technician's SEND: without the send page's permission nothing reaches the admin", async () => {
    const tech = await t.signIn('kitabike.tech.jakarta.01');
    const kita = await t.signIn('kitabike.admin');
    const admin = await consoleClient(t.wsUrl!, kita);
    const raw = await RawStomp.connected(t.wsUrl!, tech);
    const lure = JSON.stringify({ bizCmd: 'titleMessage', data: { title: 'Keamanan', message: 'Masuk lagi', url: '/configure/changePwd' } });
    raw.send(frameText('SEND', { destination: TOPIC_GLOBAL_MESSAGE, userId: String(uid(kita)) }, lure));
    const error = await raw.next();
    expect(error.command).toBe('ERROR');
    expect(error.headers.code).toBe(String(Code.forbidden));
    // A push sent after the refused SEND arrives alone: the technician's never came.
    await t.services.live.sendToUsers(2, [uid(kita)], notice('after'));
    await until(() => admin.messages.length === 1, 'the later push');
    expect(texts(admin.messages)).toEqual(['after']);
    await admin.close();
  });

  it("lets the platform's super admin address a user of any tenant", async () => {
    const root = await t.signIn('superadmin');
    const gowes = await t.signIn('gowesbali.admin');
    const admin = await consoleClient(t.wsUrl!, root);
    const target = await consoleClient(t.wsUrl!, gowes);
    admin.client.publish({ destination: TOPIC_GLOBAL_MESSAGE, headers: { userId: String(uid(gowes)) }, body: notice('Pemeliharaan malam ini') });
    await until(() => target.messages.length === 1, 'the message from the platform');
    expect(texts(target.messages)).toEqual(['Pemeliharaan malam ini']);
    await admin.close();
    await target.close();
  });
});

describe('live link frames on a raw socket', () => {
  it('answers CONNECT sent in two pieces, with heart-beats 30000,30000', async () => {
    const kita = await t.signIn('kitabike.admin');
    const raw = await RawStomp.open(t.wsUrl!);
    const connect = frameText('CONNECT', {
      'accept-version': '1.1,1.2',
      host: 'kayuh',
      'heart-beat': '30000,30000',
      'user-id': kita[Header.userId],
      token: kita[Header.token],
      'system-type': 'web',
    });
    raw.send(connect.slice(0, 25));
    raw.send(connect.slice(25));
    const connected = await raw.next();
    expect(connected.command).toBe('CONNECTED');
    expect(connected.headers.version).toBe('1.2');
    expect(connected.headers['heart-beat']).toBe('30000,30000');
    raw.close();
  });

  it('handles two frames in one message, escaped header values and a receipt for each', async () => {
    const kita = await t.signIn('kitabike.admin');
    const raw = await RawStomp.connected(t.wsUrl!, kita);
    raw.send(
      frameText('SUBSCRIBE', { id: 'tab\\c1', destination: USER_GLOBAL_MESSAGE, receipt: 'r\\n1' }) +
        frameText('SUBSCRIBE', { id: 'tab2', destination: TOPIC_GLOBAL_MESSAGE, receipt: 'r2' }),
    );
    expect([await raw.next(), await raw.next()].map((f) => [f.command, f.headers['receipt-id']])).toEqual([
      ['RECEIPT', 'r\n1'],
      ['RECEIPT', 'r2'],
    ]);
    // One push reaches each subscription, under the id and destination it was subscribed with.
    await t.services.live.sendToUsers(2, [uid(kita)], notice('dua'));
    const both = [await raw.next(), await raw.next()];
    expect(both.map((f) => [f.command, f.headers.subscription, f.headers.destination])).toEqual([
      ['MESSAGE', 'tab:1', USER_GLOBAL_MESSAGE],
      ['MESSAGE', 'tab2', TOPIC_GLOBAL_MESSAGE],
    ]);
    raw.close();
  });

  it('reads content-length in UTF-8 bytes both ways, and a body holding NUL', async () => {
    const kita = await t.signIn('kitabike.admin');
    const raw = await RawStomp.connected(t.wsUrl!, kita);
    raw.send(frameText('SUBSCRIBE', { id: 'a:b'.replace(':', '\\c'), destination: USER_GLOBAL_MESSAGE, receipt: 's' }));
    expect((await raw.next()).command).toBe('RECEIPT');

    // Multi-byte text with its exact byte count, and a second frame right behind it in the same message.
    const body = notice('Halo ü 你好');
    raw.send(
      frameText('SEND', { destination: TOPIC_GLOBAL_MESSAGE, userId: kita[Header.userId], 'content-length': String(Buffer.byteLength(body)) }, body) +
        frameText('SEND', { destination: TOPIC_GLOBAL_MESSAGE, userId: kita[Header.userId], receipt: 'sent' }, notice('second')),
    );
    const first = await raw.next();
    expect(first.command).toBe('MESSAGE');
    expect(first.headers.subscription).toBe('a:b');
    expect(JSON.parse(first.body.toString('utf8')).data.message).toBe('Halo ü 你好');
    expect(JSON.parse((await raw.next()).body.toString('utf8')).data.message).toBe('second');
    expect((await raw.next()).headers['receipt-id']).toBe('sent');

    // The server's MESSAGE carries content-length, so a NUL inside the body arrives whole.
    await t.services.live.sendToUsers(2, [uid(kita)], 'a\0b ü');
    const withNul = await raw.next();
    expect(withNul.headers['content-length']).toBe('6');
    expect(withNul.body.toString('utf8')).toBe('a\0b ü');
    raw.close();
  });

  it('answers DISCONNECT with its RECEIPT, then closes', async () => {
    const raw = await RawStomp.connected(t.wsUrl!, await t.signIn('kitabike.admin'));
    raw.send(frameText('DISCONNECT', { receipt: '77' }));
    const receipt = await raw.next();
    expect([receipt.command, receipt.headers['receipt-id']]).toEqual(['RECEIPT', '77']);
    expect(await raw.closed()).toBe(1000);
  });

  it('refuses an invalid token with a translated ERROR, then closes', async () => {
    const kita = await t.signIn('kitabike.admin');
    const raw = await RawStomp.open(t.wsUrl!);
    raw.send(frameText('CONNECT', { 'accept-version': '1.2', 'user-id': kita[Header.userId], token: 'not-a-token', lang: 'EN' }));
    const error = await raw.next();
    expect(error.command).toBe('ERROR');
    expect(error.headers.code).toBe(String(Code.noSession));
    expect(error.headers.message).toBe('No valid session, please sign in');
    await raw.closed();
  });

  it("refuses a token presented with another user's id", async () => {
    const kita = await t.signIn('kitabike.admin');
    const gowes = await t.signIn('gowesbali.admin');
    const raw = await RawStomp.open(t.wsUrl!);
    raw.send(frameText('CONNECT', { 'accept-version': '1.2', 'user-id': gowes[Header.userId], token: kita[Header.token] }));
    expect((await raw.next()).headers.code).toBe(String(Code.noSession));
    await raw.closed();
  });

  it.each([
    ['a garbage frame', 'hello there\n\n\0', 'live.error.frame'],
    ['a frame before CONNECT', frameText('SUBSCRIBE', { id: '1', destination: USER_GLOBAL_MESSAGE }), 'live.error.command'],
    ['STOMP 1.1 only', frameText('CONNECT', { 'accept-version': '1.0,1.1' }), 'live.error.version'],
  ])('answers %s with ERROR, then closes', async (_, text, key) => {
    const raw = await RawStomp.open(t.wsUrl!);
    raw.send(`${text}`);
    const error = await raw.next();
    expect(error.command).toBe('ERROR');
    expect(error.headers.message).toBe(await t.services.catalogues.t('ID', key));
    await raw.closed();
  });

  it.each([
    ['a destination other than the user queue', frameText('SUBSCRIBE', { id: '1', destination: '/topic/everyone' }), 'live.error.destination'],
    ['a SEND without userId', frameText('SEND', { destination: TOPIC_GLOBAL_MESSAGE }, notice('x')), 'live.error.message'],
    [
      'a SEND whose body is not a live message',
      frameText('SEND', { destination: TOPIC_GLOBAL_MESSAGE, userId: '100' }, '{"hello":1}'),
      'live.error.message',
    ],
    ['a transaction', frameText('BEGIN', { transaction: 'tx1' }), 'live.error.command'],
  ])('refuses %s with ERROR, then closes', async (_, text, key) => {
    const raw = await RawStomp.connected(t.wsUrl!, await t.signIn('kitabike.admin'), { lang: 'EN' });
    raw.send(text);
    const error = await raw.next();
    expect(error.command).toBe('ERROR');
    expect(error.headers.message).toBe(await t.services.catalogues.t('EN', key));
    await raw.closed();
  });

  it('closes the socket when its session signs out', async () => {
    const kita = await t.signIn('kitabike.admin');
    const raw = await RawStomp.connected(t.wsUrl!, kita);
    expect((await t.call('POST', '/api/system/sso/logout', { headers: kita })).code).toBe(Code.ok);
    const error = await raw.next();
    expect([error.command, error.headers.code]).toEqual(['ERROR', String(Code.noSession)]);
    await raw.closed();
  });

  it('tells the old tab the user signed in elsewhere (3001)', async () => {
    const raw = await RawStomp.connected(t.wsUrl!, await t.signIn('kitabike.admin'));
    await t.signIn('kitabike.admin');
    expect((await raw.next()).headers.code).toBe(String(Code.signedInElsewhere));
    await raw.closed();
  });
});

describe('heart-beats and the periodic session check', () => {
  let fast: TestApp;
  beforeAll(async () => {
    // A second instance on the same database with short timings, so they show within a test.
    fast = await createTestApp({ database: t.database, listen: true, live: { heartBeatMs: 200, tickMs: 50, revalidateMs: 300 } });
  });
  afterAll(async () => {
    await fast?.close();
  });

  it('sends heart-beats at the agreed interval and keeps a client that sends its own', async () => {
    // Timing is the connection's unit tests' business (a clock of their own); here only the wire: the negotiated
    // header, beats that arrive, and a beating client kept. The silence allowed is 50 beats, so a machine under
    // load delaying this process's timers cannot make a beating client look silent.
    const patient = await createTestApp({ database: t.database, listen: true, live: { heartBeatMs: 200, tickMs: 50, silentBeats: 50 } });
    try {
      const raw = await RawStomp.connected(patient.wsUrl!, await patient.signIn('kitabike.admin'), { 'heart-beat': '200,200' });
      expect(raw.frames[0]!.headers['heart-beat']).toBe('200,200');
      const beat = setInterval(() => raw.send('\n'), 100);
      await until(() => raw.heartBeats >= 3, 'three heart-beats from the server', 60_000);
      clearInterval(beat);
      expect(raw.closeCode).toBeUndefined();
      raw.close();
    } finally {
      await patient.close();
    }
  }, 90_000);

  it('closes a client that went silent', async () => {
    const raw = await RawStomp.connected(fast.wsUrl!, await fast.signIn('kitabike.admin'), { 'heart-beat': '200,0', lang: 'EN' });
    const error = await raw.next();
    expect([error.command, error.headers.message]).toEqual(['ERROR', 'The live link was silent too long']);
    expect(await raw.closed()).toBe(1008);
  });

  it('closes a connection whose session ended where no listener heard it (periodic re-check)', async () => {
    const kita = await fast.signIn('kitabike.admin');
    const raw = await RawStomp.connected(fast.wsUrl!, kita);
    await t.database.db
      .update(userSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userSessions.userId, uid(kita)));
    expect((await raw.next()).headers.code).toBe(String(Code.loginExpired));
    await raw.closed();
  });
});
