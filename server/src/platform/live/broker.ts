import { randomBytes } from 'node:crypto';
import { STAFF_NOTICE_SEND_PERM } from '@kayuh/contract/api/staffNotice';
import { hasPerm } from '@kayuh/contract/rules/permissions';
import { Code } from '@kayuh/contract/codes';
import { PLATFORM_TENANT_ID } from '@kayuh/contract/constants';
import type { Lang } from '@kayuh/contract/lang';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { holdsSuperAdmin, sessionUser } from '../auth/context.ts';
import type { MenuAccess } from '../auth/menuAccess.ts';
import { loadRoles } from '../auth/roles.ts';
import { onSessionsEnded, resolveSession, sessionEndCode } from '../auth/sessions.ts';
import { BizError } from '../errors.ts';
import type { Catalogues } from '../i18n.ts';
import type { Bus, BusEvent } from './bus.ts';
import { type ConnectionHost, type Identity, StompConnection, type Transport } from './connection.ts';
import { LocalHub } from './hub.ts';
import type { LiveLink } from './liveLink.ts';
import type { LiveOptions } from './options.ts';
import { endedSessions } from './sessionCheck.ts';

export interface BrokerDeps {
  db: Db;
  menuAccess: MenuAccess;
  catalogues: Catalogues;
  bus: Bus;
  log: FastifyBaseLogger;
}

/**
 * The STOMP broker behind /api/ws and the server's LiveLink: it accepts sockets, keeps this instance's
 * connections in a hub, and fans messages and session ends out through the bus to every instance.
 */
export class LiveBroker implements LiveLink, ConnectionHost {
  readonly log: FastifyBaseLogger;
  private readonly hub: LocalHub;
  private readonly prefix = randomBytes(4).toString('hex');
  private seq = 0;
  private readonly timer: NodeJS.Timeout;
  private lastRevalidation = Date.now();
  private revalidating = false;
  private readonly stopListening: () => void;

  constructor(
    private readonly deps: BrokerDeps,
    readonly options: LiveOptions,
  ) {
    this.log = deps.log;
    this.hub = new LocalHub(options.maxConnectionsPerSession);
    deps.bus.onEvent((event) => this.onBusEvent(event));
    // A sign-out, kick or new sign-in in this process closes the session's sockets on every instance at once.
    this.stopListening = onSessionsEnded((ids, reason) => {
      for (const sessionId of ids) void this.publish({ type: 'endSession', sessionId, code: sessionEndCode(reason) });
    });
    this.timer = setInterval(() => this.tick(), options.tickMs);
    this.timer.unref();
  }

  get localConnections(): number {
    return this.hub.connected;
  }

  /** A socket upgraded at /api/ws; `lang` words its ERROR frames until CONNECT names another. */
  accept(socket: WebSocket, lang: Lang): void {
    const transport: Transport = {
      send: (text) => socket.send(text),
      ping: () => socket.ping(),
      close: (code) => socket.close(code),
      get bufferedBytes() {
        return socket.bufferedAmount;
      },
    };
    const conn = new StompConnection(`${this.prefix}-${++this.seq}`, transport, this, this.options, lang);
    this.hub.all.add(conn);
    socket.on('message', (data) => conn.receive(Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)));
    socket.on('pong', () => conn.alive());
    socket.on('close', () => {
      conn.closed();
      this.hub.all.delete(conn);
    });
  }

  /** Resolves once this instance hears the others (Redis subscribed). */
  ready(): Promise<void> {
    return this.deps.bus.ready();
  }

  async sendToUsers(tenantId: number, userIds: readonly number[], body: string): Promise<void> {
    if (Buffer.byteLength(body, 'utf8') > this.options.maxMessageBytes)
      throw new Error(`live message larger than ${this.options.maxMessageBytes} bytes`);
    if (!userIds.length) return;
    await this.publish({ type: 'deliver', tenantId, userIds: [...userIds], messageId: this.nextMessageId(), body });
  }

  async endSession(sessionId: number): Promise<void> {
    await this.publish({ type: 'endSession', sessionId, code: Code.noSession });
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.stopListening();
    for (const conn of this.hub.all) conn.shutdown();
    await this.deps.bus.close();
  }

  // ConnectionHost — what each connection asks of the broker.

  /** The session and user checks of every HTTP call, without the menus and scopes a connection never needs. */
  async authenticate(token: string, userId: string): Promise<Identity> {
    const { db } = this.deps;
    const session = await resolveSession(db, token);
    const user = await sessionUser(db, session, userId);
    if (user.mustChangePwd) throw new BizError(Code.forbidden, 'auth.mustChangePwd');
    const isSuperAdmin = user.tenantId === PLATFORM_TENANT_ID && holdsSuperAdmin(user, await loadRoles(db, user));
    return { sessionId: session.id, userId: user.id, name: user.nickName, tenantId: user.tenantId, isSuperAdmin };
  }

  async maySendNotices(from: Identity): Promise<boolean> {
    const perms = await this.deps.menuAccess.perms({ id: from.userId, tenantId: from.tenantId }, from.isSuperAdmin);
    return hasPerm(perms, STAFF_NOTICE_SEND_PERM);
  }

  attach(conn: StompConnection): boolean {
    return this.hub.attach(conn);
  }

  detach(conn: StompConnection): void {
    this.hub.detach(conn);
  }

  /** A client's SEND: to a user of the sender's tenant; the platform's super admin may address any user. */
  async sendToUser(from: Identity, userId: number, body: string): Promise<void> {
    let tenantId = from.tenantId;
    if (from.isSuperAdmin) {
      const [target] = await this.deps.db
        .select({ tenantId: users.tenantId })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .limit(1);
      if (!target) return;
      tenantId = target.tenantId;
    }
    await this.publish({ type: 'deliver', tenantId, userIds: [userId], messageId: this.nextMessageId(), body });
  }

  translate(lang: Lang, key: string, tenantId?: number): Promise<string> {
    return this.deps.catalogues.t(lang, key, undefined, tenantId);
  }

  private nextMessageId(): string {
    return `${this.prefix}-m${++this.seq}`;
  }

  /** Pushes are best effort (notifications are stored): a bus fault is logged, not thrown at the caller. */
  private async publish(event: BusEvent): Promise<void> {
    try {
      await this.deps.bus.publish(event);
    } catch (err) {
      this.log.warn({ err, type: event.type }, 'live link: publish failed');
    }
  }

  private onBusEvent(event: BusEvent): void {
    if (event.type === 'deliver') this.hub.deliver(event.tenantId, event.userIds, event.messageId, event.body);
    else this.hub.endSession(event.sessionId, event.code);
  }

  private tick(now = Date.now()): void {
    for (const conn of this.hub.all) conn.tick(now);
    if (now - this.lastRevalidation >= this.options.revalidateMs) {
      this.lastRevalidation = now;
      void this.revalidate();
    }
  }

  /** The fallback for a session end no listener heard (another process, a direct database change, expiry). */
  private async revalidate(): Promise<void> {
    const ids = this.hub.sessionIds();
    if (this.revalidating || !ids.length) return;
    this.revalidating = true;
    try {
      for (const [sessionId, code] of await endedSessions(this.deps.db, ids)) this.hub.endSession(sessionId, code);
    } catch (err) {
      // A database outage must not drop every console: the connections stay until the check succeeds.
      this.log.warn({ err }, 'live link: session check failed');
    } finally {
      this.revalidating = false;
    }
  }
}
