import type { FastifyInstance } from 'fastify';
import type { GatewayHttp, GatewayResponse } from './types.ts';

/** The providers' published base URLs; the caller picks one per channel and environment. */
export const GATEWAY_BASE_URLS = {
  midtrans: { sandbox: 'https://api.sandbox.midtrans.com', production: 'https://api.midtrans.com' },
  /** One host: a `xnd_development_` key is test mode, a `xnd_production_` key is live. */
  xendit: { production: 'https://api.xendit.co' },
  /** Prepaid API v2 (paths under /api); the older hosts testprepaid.mobilepulsa.net / api.mobilepulsa.net still answer. */
  iak: { development: 'https://prepaid.iak.dev', production: 'https://prepaid.iak.id' },
} as const;

const parseBody = (text: string): unknown => {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

export interface FetchHttpOptions {
  /** Gateways answer within seconds or not at all; a hung call would hold a member's checkout. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Real providers over the network. A timeout or network fault rejects; the caller retries with the same order id. */
export function fetchHttp(baseUrl: string, { timeoutMs = 15_000, fetch: doFetch = fetch }: FetchHttpOptions = {}): GatewayHttp {
  const call = async (method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: unknown): Promise<GatewayResponse> => {
    const res = await doFetch(new URL(path, baseUrl), {
      method,
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: res.status, body: parseBody(await res.text()) };
  };
  return {
    post: (path, body, headers) => call('POST', path, headers, body),
    get: (path, headers) => call('GET', path, headers),
  };
}

/** A sandbox plugin in this process, reached through `app.inject` (tests and the demo need no network). */
export function injectHttp(app: FastifyInstance, prefix = ''): GatewayHttp {
  const call = async (method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: unknown): Promise<GatewayResponse> => {
    const res = await app.inject({
      method,
      url: `${prefix}${path}`,
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.statusCode, body: parseBody(res.body) };
  };
  return {
    post: (path, body, headers) => call('POST', path, headers, body),
    get: (path, headers) => call('GET', path, headers),
  };
}
