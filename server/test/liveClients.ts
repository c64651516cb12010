import { Client, type IMessage } from '@stomp/stompjs';
import { USER_GLOBAL_MESSAGE } from '@kayuh/contract/api/live';
import { Header } from '@kayuh/contract/headers';
import { WebSocket } from 'ws';
import { FrameParser, type StompFrame } from '../src/platform/live/stomp/frame.ts';

// Generous: waits end as soon as what they wait for happens, and a loaded machine must not fail a test.
const WAIT_MS = 20_000;

/** Resolves when `check` holds, polling; fails with `what` after a while (a missing event, not a timing claim). */
export async function until<T>(check: () => T | undefined | false | Promise<T | undefined | false>, what: string, ms = WAIT_MS): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The CONNECT headers the console sends (spec §7), from a signed-in user's HTTP headers. */
export const connectHeaders = (session: Record<string, string>) => ({
  'user-id': session[Header.userId],
  token: session[Header.token],
  'system-type': 'web',
});

/** A @stomp/stompjs client as the console uses it, subscribed to its user's queue. */
export async function consoleClient(wsUrl: string, session: Record<string, string>) {
  const messages: IMessage[] = [];
  const client = new Client({
    webSocketFactory: () => new WebSocket(`${wsUrl}/api/ws`),
    connectHeaders: connectHeaders(session),
    heartbeatIncoming: 30_000,
    heartbeatOutgoing: 30_000,
    reconnectDelay: 0,
    debug: () => {},
  });
  await new Promise<void>((resolve, reject) => {
    client.onConnect = () => resolve();
    client.onStompError = (frame) => reject(new Error(frame.headers.message));
    client.onWebSocketError = () => reject(new Error('socket error'));
    client.activate();
  });
  // The subscription's receipt proves it is in place before the test sends anything.
  const subscribed = new Promise<void>((resolve) => client.watchForReceipt('subscribed', () => resolve()));
  client.subscribe(USER_GLOBAL_MESSAGE, (m) => messages.push(m), { receipt: 'subscribed' });
  await subscribed;
  return { client, messages, close: () => client.deactivate() };
}

/** A plain WebSocket speaking raw frames, for the protocol's edge cases. */
export class RawStomp {
  readonly frames: StompFrame[] = [];
  /** Messages that were nothing but EOLs: the server's heart-beats. */
  heartBeats = 0;
  closeCode: number | undefined;
  private readonly parser = new FrameParser();
  private taken = 0;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      if (/^[\r\n]+$/.test(data.toString('latin1'))) this.heartBeats += 1;
      this.frames.push(...this.parser.push(data));
    });
    socket.on('close', (code) => {
      this.closeCode = code;
    });
  }

  static async open(wsUrl: string): Promise<RawStomp> {
    const socket = new WebSocket(`${wsUrl}/api/ws`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return new RawStomp(socket);
  }

  /** Connects as a signed-in user and answers the CONNECTED frame. */
  static async connected(wsUrl: string, session: Record<string, string>, extra: Record<string, string> = {}): Promise<RawStomp> {
    const raw = await RawStomp.open(wsUrl);
    raw.send(frameText('CONNECT', { 'accept-version': '1.2', 'heart-beat': '0,0', ...connectHeaders(session), ...extra }));
    const connected = await raw.next();
    if (connected.command !== 'CONNECTED') throw new Error(`expected CONNECTED, got ${connected.command}: ${connected.headers.message}`);
    return raw;
  }

  send(data: string | Buffer): void {
    this.socket.send(data);
  }

  /** The next frame not yet taken. */
  next(): Promise<StompFrame> {
    return until(() => this.frames[this.taken] && this.frames[this.taken++], 'a frame');
  }

  closed(): Promise<number> {
    return until(() => this.closeCode, 'the socket to close');
  }

  close(): void {
    this.socket.close();
  }
}

/** A frame as raw text, headers written as given (no escaping), so a test controls every byte. */
export function frameText(command: string, headers: Record<string, string>, body = ''): string {
  return `${command}\n${Object.entries(headers)
    .map(([k, v]) => `${k}:${v}\n`)
    .join('')}\n${body}\0`;
}
