import { LiveConnectHeader, liveMessage, TOPIC_GLOBAL_MESSAGE, USER_GLOBAL_MESSAGE } from '@kayuh/contract/api/live';
import { Code } from '@kayuh/contract/codes';
import { Header } from '@kayuh/contract/headers';
import { type Lang, parseLang } from '@kayuh/contract/lang';
import type { FastifyBaseLogger } from 'fastify';
import { BizError } from '../errors.ts';
import type { LiveOptions } from './options.ts';
import { FrameParser, type StompFrame, StompFrameError, serializeFrame } from './stomp/frame.ts';
import { type HeartBeats, negotiateHeartBeats } from './stomp/heartBeat.ts';

/** What a connection needs of its socket: the WebSocket in production, a fake in unit tests. */
export interface Transport {
  send(text: string): void;
  /** A WebSocket ping; the pong counts as the peer being alive (for clients that send no heart-beats). */
  ping(): void;
  close(code: number): void;
  readonly bufferedBytes: number;
}

/** The signed-in staff member a connection belongs to. */
export interface Identity {
  sessionId: number;
  userId: number;
  name: string;
  tenantId: number;
  isSuperAdmin: boolean;
}

/** The broker, as a connection sees it. */
export interface ConnectionHost {
  /** Checks a CONNECT's token and user id like an HTTP request's; throws BizError with the session-end code. */
  authenticate(token: string, userId: string): Promise<Identity>;
  /** Registers a connected connection; false when its session already has too many. */
  attach(conn: StompConnection): boolean;
  detach(conn: StompConnection): void;
  /** Whether the user may send notices (the send page's permission), read afresh for every SEND. */
  maySendNotices(from: Identity): Promise<boolean>;
  /** A client's SEND to one user (the tenant rule is the host's). */
  sendToUser(from: Identity, userId: number, body: string): Promise<void>;
  translate(lang: Lang, key: string, tenantId?: number): Promise<string>;
  readonly log: FastifyBaseLogger;
}

/** A refusal the client is told about in an ERROR frame (`message` = the translated key) before the socket closes. */
export class LiveError extends Error {
  constructor(
    readonly key: string,
    readonly detail = '',
    readonly code?: number,
  ) {
    super(detail || key);
  }
}

/** WebSocket close codes: 1000 after DISCONNECT, 1001 on shutdown, 1002 after a protocol error, 1008 when refused or silent. */
const CLOSE_NORMAL = 1000;
const CLOSE_PROTOCOL = 1002;
const CLOSE_POLICY = 1008;
const CLOSE_GOING_AWAY = 1001;
const DESTINATIONS = new Set([USER_GLOBAL_MESSAGE, TOPIC_GLOBAL_MESSAGE]);
const ACK_MODES = new Set(['auto', 'client', 'client-individual']);
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * One client's STOMP session: connecting → connected → closed. Frames are handled one after another in the
 * order they arrived, even while CONNECT waits for the database; any refusal is an ERROR frame and a close.
 */
export class StompConnection {
  state: 'connecting' | 'connected' | 'closed' = 'connecting';
  identity: Identity | null = null;
  /** subscription id → destination */
  readonly subscriptions = new Map<string, string>();
  private readonly parser: FrameParser;
  private queue: Promise<void> = Promise.resolve();
  private beats: HeartBeats = { answer: '', sendEveryMs: 0, expectEveryMs: 0 };
  private readonly openedAt: number;
  private lastReceivedAt: number;
  private lastSentAt: number;
  private lastPingAt: number;
  private sendWindow = { start: 0, count: 0 };

  constructor(
    readonly id: string,
    private readonly transport: Transport,
    private readonly host: ConnectionHost,
    private readonly options: LiveOptions,
    private lang: Lang,
    private readonly clock: () => number = Date.now,
  ) {
    this.parser = new FrameParser(options.frame);
    this.openedAt = this.lastReceivedAt = this.lastSentAt = this.lastPingAt = clock();
  }

  /** A WebSocket message (text or binary): any bytes, heart-beats included, prove the client alive. */
  receive(chunk: string | Uint8Array): void {
    if (this.state === 'closed') return;
    this.lastReceivedAt = this.clock();
    let frames: StompFrame[];
    try {
      frames = this.parser.push(chunk);
    } catch (err) {
      this.enqueue(() => this.fail(err));
      return;
    }
    for (const frame of frames) this.enqueue(() => this.handle(frame));
  }

  /** A pong, or anything else that shows the socket is alive. */
  alive(): void {
    this.lastReceivedAt = this.clock();
  }

  /** The socket closed (by the client, the network or us). */
  closed(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.host.detach(this);
  }

  /** Housekeeping from the broker's timer: CONNECT deadline, heart-beats out, silence in. */
  tick(now = this.clock()): void {
    if (this.state === 'connecting' && now - this.openedAt > this.options.connectTimeoutMs) {
      this.enqueue(() => this.fail(new LiveError('live.error.timeout', 'No CONNECT frame in time')));
    }
    if (this.state !== 'connected') return;
    const { sendEveryMs, expectEveryMs } = this.beats;
    if (sendEveryMs && now - this.lastSentAt >= sendEveryMs - this.options.tickMs) this.write('\n', now);
    // A client that sends no heart-beats is watched with WebSocket pings, which every browser answers.
    const listenEveryMs = expectEveryMs || this.options.heartBeatMs;
    if (!expectEveryMs && now - this.lastPingAt >= listenEveryMs) {
      this.lastPingAt = now;
      this.transport.ping();
    }
    if (now - this.lastReceivedAt > listenEveryMs * this.options.silentBeats) {
      this.enqueue(() => this.fail(new LiveError('live.error.timeout', `Silent for more than ${listenEveryMs * this.options.silentBeats} ms`)));
    }
  }

  /**
   * A message for this connection's user: one MESSAGE per subscription. `frames` caches the text per subscription
   * id and destination for one delivery, so a broadcast to thousands of consoles (all 'sub-0') serializes once.
   */
  deliver(messageId: string, body: string, frames = new Map<string, string>()): void {
    if (this.state !== 'connected') return;
    for (const [subscription, destination] of this.subscriptions) {
      const key = `${subscription}\n${destination}`;
      let text = frames.get(key);
      if (text === undefined) {
        text = serializeFrame(
          'MESSAGE',
          { subscription, 'message-id': messageId, destination, 'content-type': 'application/json;charset=utf-8' },
          body,
        );
        frames.set(key, text);
      }
      this.write(text);
    }
  }

  /** The session ended elsewhere (sign-out, kicked, expired): tell the client why, then close. */
  end(code: number): void {
    this.enqueue(() => this.fail(new LiveError(`code.${code}`, 'Session ended', code)));
  }

  /** The server is stopping: the client reconnects (to another instance, or to this one once it is back). */
  shutdown(): void {
    this.close(CLOSE_GOING_AWAY);
  }

  private enqueue(step: () => Promise<void> | void) {
    this.queue = this.queue.then(step).catch((err) => this.fail(err));
  }

  private async handle(frame: StompFrame): Promise<void> {
    if (this.state === 'closed') return;
    try {
      await this.dispatch(frame);
    } catch (err) {
      await this.fail(err, frame.headers.receipt);
      return;
    }
    const receipt = frame.headers.receipt;
    if (receipt !== undefined && frame.command !== 'DISCONNECT' && frame.command !== 'CONNECT' && frame.command !== 'STOMP') {
      this.write(serializeFrame('RECEIPT', { 'receipt-id': receipt }));
    }
  }

  private async dispatch(frame: StompFrame): Promise<void> {
    const { command } = frame;
    if (command === 'CONNECT' || command === 'STOMP') {
      if (this.state !== 'connecting') throw new LiveError('live.error.command', 'Already connected');
      return this.connect(frame);
    }
    if (this.state !== 'connected') throw new LiveError('live.error.command', `${command} before CONNECT`);
    switch (command) {
      case 'SUBSCRIBE':
        return this.subscribe(frame);
      case 'UNSUBSCRIBE':
        return this.unsubscribe(frame);
      case 'SEND':
        return this.send(frame);
      // Delivery is at most once (notifications are stored), so acknowledgements change nothing.
      case 'ACK':
      case 'NACK':
        return;
      case 'DISCONNECT':
        return this.disconnect(frame);
      default:
        throw new LiveError('live.error.command', `${command} is not supported`);
    }
  }

  private async connect(frame: StompFrame): Promise<void> {
    const h = frame.headers;
    const versions = (h['accept-version'] ?? '1.0').split(',').map((v) => v.trim());
    if (!versions.includes('1.2')) throw new LiveError('live.error.version', `Supported version: 1.2; offered: ${versions.join(',')}`);
    this.beats = negotiateHeartBeats(h['heart-beat'], this.options.heartBeatMs);
    if (h[Header.lang] !== undefined) this.lang = parseLang(h[Header.lang]);
    const token = h[LiveConnectHeader.token];
    const userId = h[LiveConnectHeader.userId];
    if (!token || !userId || !/^\d{1,15}$/.test(userId))
      throw new LiveError(`code.${Code.noSession}`, 'CONNECT needs user-id and token', Code.noSession);
    const identity = await this.host.authenticate(token, userId);
    if (this.state === 'closed') return;
    this.identity = identity;
    if (!this.host.attach(this))
      throw new LiveError('live.error.limit', `More than ${this.options.maxConnectionsPerSession} connections of one session`);
    this.state = 'connected';
    this.write(
      serializeFrame('CONNECTED', {
        version: '1.2',
        'heart-beat': this.beats.answer,
        server: 'Kayuh',
        session: this.id,
        'user-name': String(identity.userId),
      }),
    );
  }

  private subscribe(frame: StompFrame) {
    const { id, destination, ack } = frame.headers;
    if (!id || id.length > 100) throw new LiveError('live.error.command', 'SUBSCRIBE needs an id');
    if (!destination || !DESTINATIONS.has(destination))
      throw new LiveError('live.error.destination', `Unknown destination ${destination ?? ''}`.slice(0, 200));
    if (ack !== undefined && !ACK_MODES.has(ack)) throw new LiveError('live.error.command', `Bad ack mode ${ack}`.slice(0, 200));
    if (this.subscriptions.has(id)) throw new LiveError('live.error.command', `Subscription ${id} already exists`);
    if (this.subscriptions.size >= this.options.maxSubscriptions)
      throw new LiveError('live.error.limit', `More than ${this.options.maxSubscriptions} subscriptions`);
    this.subscriptions.set(id, destination);
  }

  private unsubscribe(frame: StompFrame) {
    if (!frame.headers.id) throw new LiveError('live.error.command', 'UNSUBSCRIBE needs an id');
    this.subscriptions.delete(frame.headers.id);
  }

  private async send(frame: StompFrame): Promise<void> {
    const { destination, userId } = frame.headers;
    if (destination !== TOPIC_GLOBAL_MESSAGE) throw new LiveError('live.error.destination', `SEND goes to ${TOPIC_GLOBAL_MESSAGE}`);
    if (!userId || !/^[1-9]\d{0,14}$/.test(userId)) throw new LiveError('live.error.message', 'SEND needs a userId header');
    if (frame.body.length > this.options.maxMessageBytes)
      throw new LiveError('live.error.message', `Body larger than ${this.options.maxMessageBytes} bytes`);
    const message = parseLiveMessage(frame.body);
    if (!message) throw new LiveError('live.error.message', 'The body is not a live message (bizCmd, data; a link must be a console page)');
    this.countSend();
    const from = this.identity!;
    if (!(await this.host.maySendNotices(from)))
      throw new LiveError(`code.${Code.forbidden}`, 'SEND needs the permission to send notices', Code.forbidden);
    // The server names the sender; whatever the client wrote there, and a stored notice's id, are not its to say.
    const { notificationId: _stored, sender: _claimed, ...data } = message.data;
    await this.host.sendToUser(
      from,
      Number(userId),
      JSON.stringify({ ...message, data: { ...data, sender: { userId: from.userId, name: from.name } } }),
    );
  }

  private countSend(now = this.clock()) {
    if (now - this.sendWindow.start >= 60_000) this.sendWindow = { start: now, count: 0 };
    if (++this.sendWindow.count > this.options.sendsPerMinute)
      throw new LiveError('live.error.limit', `More than ${this.options.sendsPerMinute} SEND frames a minute`);
  }

  private disconnect(frame: StompFrame) {
    const receipt = frame.headers.receipt;
    if (receipt !== undefined) this.write(serializeFrame('RECEIPT', { 'receipt-id': receipt }));
    this.close(CLOSE_NORMAL);
  }

  private async fail(err: unknown, receipt?: string): Promise<void> {
    if (this.state === 'closed') return;
    const tenantId = this.identity?.tenantId;
    this.closed();
    const error = asLiveError(err);
    if (!(err instanceof LiveError || err instanceof StompFrameError || err instanceof BizError))
      this.host.log.error({ err }, 'live link: connection failed');
    let message = error.key;
    try {
      message = await this.host.translate(this.lang, error.key, tenantId);
    } catch {
      /* the key itself is still a useful message */
    }
    const headers: Record<string, string> = { message, 'content-type': 'text/plain;charset=utf-8' };
    if (error.code !== undefined) headers.code = String(error.code);
    if (receipt !== undefined) headers['receipt-id'] = receipt;
    if (error.key === 'live.error.version') headers.version = '1.2';
    this.write(serializeFrame('ERROR', headers, error.detail));
    this.transport.close(err instanceof StompFrameError ? CLOSE_PROTOCOL : CLOSE_POLICY);
  }

  private close(code: number) {
    this.closed();
    this.transport.close(code);
  }

  private write(text: string, now = this.clock()) {
    if (this.transport.bufferedBytes > this.options.maxBufferedBytes) {
      this.host.log.warn({ connection: this.id }, 'live link: reader too slow, connection dropped');
      this.close(CLOSE_POLICY);
      return;
    }
    this.lastSentAt = now;
    this.transport.send(text);
  }
}

function asLiveError(err: unknown): LiveError {
  if (err instanceof LiveError) return err;
  if (err instanceof StompFrameError) return new LiveError('live.error.frame', err.message);
  if (err instanceof BizError) return new LiveError(err.msgKey, '', err.code);
  return new LiveError(`code.${Code.serverError}`, '', Code.serverError);
}

function parseLiveMessage(body: Buffer) {
  try {
    const result = liveMessage.safeParse(JSON.parse(utf8.decode(body)));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}
