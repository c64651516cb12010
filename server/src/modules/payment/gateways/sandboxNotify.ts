import type { FastifyInstance } from 'fastify';
import type { ChannelCode } from './types.ts';

/**
 * How a sandbox delivers the callback it builds, and what it reports back. A sender is pluggable so that the demo
 * and the tests can hand the callback to the notify route in the same process, while a sandbox run as its own
 * server can POST it over the network like the real provider.
 */

export interface NotifyResponse {
  status: number;
  body: string;
}

export type NotifySender = (url: string, headers: Record<string, string>, body: string) => Promise<NotifyResponse>;

/** Where callbacks go: one URL, or one per channel (e.g. `${origin}/api/pay/notify/${channel}`). */
export type NotifyTarget = string | ((order: { orderId: string; channel: ChannelCode }) => string);

export interface SentNotification {
  url: string;
  headers: Record<string, string>;
  /** The exact bytes sent: the receiver verifies these, not a re-serialisation. */
  body: string;
  response?: NotifyResponse;
  /** A network fault; the real providers would retry later, the sandbox leaves that to the caller. */
  error?: string;
}

export const fetchSender: NotifySender = async (url, headers, body) => {
  const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(15_000) });
  return { status: res.status, body: await res.text() };
};

/** Delivers to a Fastify app in this process; only the path and query of the URL are used. */
export function injectSender(app: FastifyInstance): NotifySender {
  return async (url, headers, body) => {
    const { pathname, search } = new URL(url, 'http://sandbox.invalid');
    const res = await app.inject({ method: 'POST', url: pathname + search, headers, payload: body });
    return { status: res.statusCode, body: res.body };
  };
}

export function notifyUrl(target: NotifyTarget, order: { orderId: string; channel: ChannelCode }): string {
  return typeof target === 'string' ? target : target(order);
}

export async function deliver(send: NotifySender, url: string, headers: Record<string, string>, body: string): Promise<SentNotification> {
  try {
    return { url, headers, body, response: await send(url, headers, body) };
  } catch (error) {
    return { url, headers, body, error: error instanceof Error ? error.message : String(error) };
  }
}
