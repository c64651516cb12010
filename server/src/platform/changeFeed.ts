import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** What cached copies of the database an instance keeps: who may do what, the menus, the console texts, sessions. */
export type ChangeKind = 'auth' | 'menus' | 'catalogue' | 'sessions';
const KINDS = new Set<ChangeKind>(['auth', 'menus', 'catalogue', 'sessions']);
const CHANNEL = 'kayuh:changes';

/**
 * Tells every instance that something it caches has changed, this one at once and the others through Redis when
 * REDIS_URL is set. A change missed while Redis is away is bounded by each cache's own time to live.
 */
export class ChangeFeed {
  private readonly handlers = new Map<ChangeKind, Set<() => void>>();
  private readonly instance = randomBytes(6).toString('hex');
  private readonly publisher?: Redis;
  private readonly subscriber?: Redis;
  private subscribed: Promise<unknown> = Promise.resolve();

  constructor(
    redisUrl: string | undefined,
    private readonly log: FastifyBaseLogger,
  ) {
    if (!redisUrl) return;
    this.publisher = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    this.subscriber = new Redis(redisUrl);
    for (const [name, connection] of [
      ['publisher', this.publisher],
      ['subscriber', this.subscriber],
    ] as const) {
      connection.on('error', (err) => log.warn({ err: err.message }, `change feed: Redis ${name} error`));
    }
    this.subscribed = this.subscriber.subscribe(CHANNEL).catch((err: Error) => log.warn({ err: err.message }, 'change feed: subscribe failed'));
    this.subscriber.on('message', (_channel, message: string) => {
      const [from, kind] = message.split(' ');
      if (from !== this.instance && KINDS.has(kind as ChangeKind)) this.run(kind as ChangeKind);
    });
  }

  on(kind: ChangeKind, handler: () => void): void {
    let set = this.handlers.get(kind);
    if (!set) this.handlers.set(kind, (set = new Set()));
    set.add(handler);
  }

  /** After the change committed: this instance drops its copies now, the others when Redis tells them. */
  announce(kind: ChangeKind): void {
    this.run(kind);
    this.publisher
      ?.publish(CHANNEL, `${this.instance} ${kind}`)
      .catch((err: Error) => this.log.warn({ err: err.message }, 'change feed: publish failed'));
  }

  /** Resolves once messages from other instances are heard (tests wait for it). */
  async ready(): Promise<void> {
    await this.subscribed;
  }

  close(): void {
    this.publisher?.disconnect();
    this.subscriber?.disconnect();
  }

  private run(kind: ChangeKind) {
    for (const handler of this.handlers.get(kind) ?? []) handler();
  }
}
