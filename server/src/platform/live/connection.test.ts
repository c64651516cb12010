import { USER_GLOBAL_MESSAGE } from '@kayuh/contract/api/live';
import { Code } from '@kayuh/contract/codes';
import { describe, expect, it } from 'vitest';
import { BizError } from '../errors.ts';
import { type ConnectionHost, type Identity, StompConnection, type Transport } from './connection.ts';
import { DEFAULT_LIVE_OPTIONS } from './options.ts';
import { FrameParser, serializeFrame } from './stomp/frame.ts';

const ME: Identity = { sessionId: 5, userId: 100, name: 'Rina Admin', tenantId: 2, isSuperAdmin: false };

function setup(opts: { authenticate?: () => Promise<Identity>; attach?: boolean; maySend?: boolean } = {}) {
  const written: string[] = [];
  const transport: Transport & { closedWith?: number; buffered: number } = {
    buffered: 0,
    send: (text) => {
      written.push(text);
    },
    ping: () => {
      written.push('<ping>');
    },
    close(code) {
      this.closedWith = code;
    },
    get bufferedBytes() {
      return this.buffered;
    },
  };
  const sent: [number, string][] = [];
  const host: ConnectionHost = {
    authenticate: opts.authenticate ?? (async () => ME),
    attach: () => opts.attach ?? true,
    detach: () => {},
    maySendNotices: async () => opts.maySend ?? true,
    sendToUser: async (_from, userId, body) => {
      sent.push([userId, body]);
    },
    translate: async (_lang, key) => `t(${key})`,
    log: { error: () => {}, warn: () => {} } as unknown as ConnectionHost['log'],
  };
  const clock = { now: 0 };
  const conn = new StompConnection('c1', transport, host, DEFAULT_LIVE_OPTIONS, 'EN', () => clock.now);
  const frames = () => new FrameParser().push(written.filter((w) => w !== '<ping>').join(''));
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { conn, transport, written, frames, sent, settle, clock };
}

const CONNECT = serializeFrame('CONNECT', { 'accept-version': '1.2', 'heart-beat': '30000,30000', 'user-id': '100', token: 'tok' });
const SUBSCRIBE = serializeFrame('SUBSCRIBE', { id: 's', destination: USER_GLOBAL_MESSAGE, receipt: 'r1' });

describe('StompConnection', () => {
  it('handles frames that arrive while CONNECT waits for the database, in order', async () => {
    let release!: (identity: Identity) => void;
    const { conn, frames, settle } = setup({
      authenticate: () =>
        new Promise((r) => {
          release = r;
        }),
    });
    conn.receive(CONNECT + SUBSCRIBE);
    await settle();
    expect(frames()).toEqual([]);
    release(ME);
    await settle();
    expect(frames().map((f) => f.command)).toEqual(['CONNECTED', 'RECEIPT']);
    conn.deliver('m1', '{"x":1}');
    expect(frames().at(-1)?.headers).toMatchObject({ subscription: 's', 'message-id': 'm1', destination: USER_GLOBAL_MESSAGE });
  });

  it('answers a refused CONNECT with the session code, then closes', async () => {
    const { conn, frames, transport, settle } = setup({
      authenticate: async () => {
        throw new BizError(Code.signedInElsewhere);
      },
    });
    conn.receive(CONNECT);
    await settle();
    expect(frames().map((f) => [f.command, f.headers.code, f.headers.message])).toEqual([['ERROR', '3001', 't(code.3001)']]);
    expect(transport.closedWith).toBe(1008);
    expect(conn.state).toBe('closed');
  });

  it('refuses a connection over its session limit', async () => {
    const { conn, frames, settle } = setup({ attach: false });
    conn.receive(CONNECT);
    await settle();
    expect(frames().map((f) => f.headers.message)).toEqual(['t(live.error.limit)']);
  });

  it('puts the receipt id of the refused frame on its ERROR', async () => {
    const { conn, frames, settle } = setup();
    conn.receive(CONNECT);
    conn.receive(serializeFrame('SUBSCRIBE', { id: 's', destination: '/queue/other', receipt: 'r9' }));
    await settle();
    expect(frames().at(-1)?.headers).toMatchObject({ message: 't(live.error.destination)', 'receipt-id': 'r9' });
  });

  it('closes a socket that never sends CONNECT, and one that goes silent', async () => {
    const waiting = setup();
    waiting.conn.tick(DEFAULT_LIVE_OPTIONS.connectTimeoutMs + 1);
    await waiting.settle();
    expect(waiting.frames().map((f) => f.headers.message)).toEqual(['t(live.error.timeout)']);

    const quiet = setup();
    quiet.conn.receive(CONNECT);
    await quiet.settle();
    quiet.conn.tick(29_500);
    expect(quiet.written.at(-1)).toBe('\n'); // a heart-beat goes out before the interval ends
    quiet.conn.tick(60_001);
    await quiet.settle();
    expect(quiet.frames().at(-1)?.headers.message).toBe('t(live.error.timeout)');
  });

  it('pings a client that sends no heart-beats, and keeps it while it answers', async () => {
    const { conn, written, settle, clock } = setup();
    conn.receive(serializeFrame('CONNECT', { 'accept-version': '1.2', 'user-id': '100', token: 'tok' }));
    await settle();
    conn.tick(30_000);
    expect(written.at(-1)).toBe('<ping>');
    clock.now = 30_010;
    conn.alive();
    conn.tick(60_000);
    await settle();
    expect(conn.state).toBe('connected');
  });

  it('drops a reader that is too far behind instead of buffering without end', async () => {
    const { conn, transport, settle } = setup();
    conn.receive(CONNECT + SUBSCRIBE);
    await settle();
    transport.buffered = DEFAULT_LIVE_OPTIONS.maxBufferedBytes + 1;
    conn.deliver('m1', '{}');
    expect(transport.closedWith).toBe(1008);
    expect(conn.state).toBe('closed');
  });

  it('passes a valid SEND on, normalised, and limits how many a minute', async () => {
    const { conn, sent, frames, settle } = setup();
    conn.receive(CONNECT);
    const send = serializeFrame(
      'SEND',
      { destination: '/topic/globalMessage', userId: '101' },
      JSON.stringify({ bizCmd: 'message', data: { message: 'hi' }, extra: 1 }),
    );
    conn.receive(send.repeat(DEFAULT_LIVE_OPTIONS.sendsPerMinute + 1));
    await settle();
    expect(sent[0]).toEqual([101, JSON.stringify({ bizCmd: 'message', data: { message: 'hi', sender: { userId: 100, name: 'Rina Admin' } } })]);
    expect(sent).toHaveLength(DEFAULT_LIVE_OPTIONS.sendsPerMinute);
    expect(frames().at(-1)?.headers.message).toBe('t(live.error.limit)');
  });

  it('names the real sender, whoever the client claims to be', async () => {
    const { conn, sent, settle } = setup();
    conn.receive(CONNECT);
    const body = {
      bizCmd: 'titleMessage',
      data: {
        title: 'IT',
        message: 'Reset your password',
        url: '/configure/changePwd',
        notificationId: 7,
        sender: { userId: 1, name: 'Super Admin' },
      },
    };
    conn.receive(serializeFrame('SEND', { destination: '/topic/globalMessage', userId: '101' }, JSON.stringify(body)));
    await settle();
    expect(JSON.parse(sent[0]![1]).data).toEqual({
      title: 'IT',
      message: 'Reset your password',
      url: '/configure/changePwd',
      sender: { userId: 100, name: 'Rina Admin' },
    });
  });

  it('refuses a SEND from a user without the notice permission, and one whose link leaves the console', async () => {
    const denied = setup({ maySend: false });
    denied.conn.receive(CONNECT);
    denied.conn.receive(
      serializeFrame('SEND', { destination: '/topic/globalMessage', userId: '101' }, JSON.stringify({ bizCmd: 'message', data: { message: 'hi' } })),
    );
    await denied.settle();
    expect(denied.sent).toEqual([]);
    expect(denied.frames().at(-1)).toMatchObject({ command: 'ERROR', headers: { code: String(Code.forbidden) } });

    const phishing = setup();
    phishing.conn.receive(CONNECT);
    const lure = { bizCmd: 'titleMessage', data: { title: 'Security', message: 'Sign in again', url: 'https://kayuh-login.example/login' } };
    phishing.conn.receive(serializeFrame('SEND', { destination: '/topic/globalMessage', userId: '101' }, JSON.stringify(lure)));
    await phishing.settle();
    expect(phishing.sent).toEqual([]);
    expect(phishing.frames().at(-1)?.headers.message).toBe('t(live.error.message)');
  });
});
