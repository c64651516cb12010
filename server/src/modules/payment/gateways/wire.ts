import { createHash, timingSafeEqual } from 'node:crypto';

/** Small pieces of the gateways' wire formats that more than one adapter or sandbox needs. */

/**
 * Compares two secrets in time independent of where they differ. Both sides are hashed first so that their
 * lengths do not leak either.
 */
export function safeEqual(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** One header value, whatever the case of its name; the first of a repeated header. */
export function headerOf(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
  return undefined;
}

/** Midtrans and Xendit both authenticate with HTTP Basic: the key as user name, an empty password. */
export const basicAuth = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

/** The user name of a Basic Authorization header, or undefined when there is none. */
export function basicAuthUser(header: string | undefined): string | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : decoded.slice(0, colon);
}

const WIB_OFFSET_MS = 7 * 3600_000;

/** Midtrans timestamps: "YYYY-MM-DD HH:mm:ss" in Western Indonesian Time (GMT+7). */
export function formatWib(at: Date): string {
  return new Date(at.getTime() + WIB_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

export function parseWib(text: unknown): Date | undefined {
  if (typeof text !== 'string' || !/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(text)) return undefined;
  const at = new Date(`${text.replace(' ', 'T')}+07:00`);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** An ISO 8601 instant as a Date, or undefined. */
export function parseIso(text: unknown): Date | undefined {
  if (typeof text !== 'string') return undefined;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? undefined : at;
}
