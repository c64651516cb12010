import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { type Bus, type BusEvent, busEvent } from './bus.ts';

export const DEFAULT_LIVE_CHANNEL = 'kayuh:live';

/**
 * Redis pub/sub between instances (REDIS_URL): one connection publishes, one subscribes (a subscribed Redis
 * connection can do nothing else). Each event carries its origin so an instance, having handled its own event
 * at once, ignores the copy Redis sends back. Delivery is at most once: notifications are stored, and a console
 * that missed one reads it from the list.
 */
export class RedisBus implements Bus {
  private readonly origin = randomUUID();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private handler: (event: BusEvent) => void = () => {};

  constructor(
    url: string,
    private readonly log: FastifyBaseLogger,
    private readonly channel = DEFAULT_LIVE_CHANNEL,
  ) {
    this.publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    this.subscriber = new Redis(url, { lazyConnect: false });
    // ioredis reconnects by itself; an unhandled 'error' event would crash the process.
    for (const [name, connection] of [
      ['publisher', this.publisher],
      ['subscriber', this.subscriber],
    ] as const) {
      connection.on('error', (err) => log.warn({ err: err.message }, `live link: Redis ${name} error`));
    }
    this.subscriber.on('message', (channel, text) => {
      if (channel === this.channel) this.receive(text);
    });
    this.subscriber.subscribe(this.channel).catch((err) => log.error({ err }, 'live link: Redis subscribe failed'));
  }

  async ready(): Promise<void> {
    await this.subscriber.subscribe(this.channel);
  }

  async publish(event: BusEvent): Promise<void> {
    this.handler(event);
    await this.publisher.publish(this.channel, JSON.stringify({ origin: this.origin, event }));
  }

  onEvent(handler: (event: BusEvent) => void): void {
    this.handler = handler;
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.subscriber.quit(), this.publisher.quit()]);
  }

  private receive(text: string) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      this.log.warn('live link: unreadable bus message ignored');
      return;
    }
    const origin = (parsed as { origin?: unknown }).origin;
    if (origin === this.origin) return;
    const event = busEvent.safeParse((parsed as { event?: unknown }).event);
    if (!event.success) this.log.warn('live link: malformed bus message ignored');
    else this.handler(event.data);
  }
}
