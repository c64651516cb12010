import { vi } from 'vitest';

export type Handler = (body: unknown, request: { url: URL; init: RequestInit }) => unknown;

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

/** An envelope answer; `ok(data)` is the usual success. */
export const ok = (data?: unknown) => ({ code: 1000, msg: 'ok', data });
export const page = (rows: unknown[], total = rows.length) => ({ code: 1000, msg: 'ok', total, rows });

/**
 * Replaces fetch with handlers keyed by "METHOD /path" (below /api). Unknown calls answer HTTP 404,
 * so a test notices calls it did not expect. Returns the log of calls.
 */
export function mockApi(handlers: Record<string, Handler>): ApiCall[] {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, query: url.searchParams, body, headers: { ...(init.headers as Record<string, string>) } });
    const handler = handlers[`${method} ${path}`];
    if (!handler) return new Response(JSON.stringify({ code: 404, msg: 'Not Found' }), { status: 404 });
    const answer = await handler(body, { url, init });
    return answer instanceof Response ? answer : new Response(JSON.stringify(answer), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
