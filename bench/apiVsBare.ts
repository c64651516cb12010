// API vs bare, as bench/request-path.ts measures it: a call through the real server against the same SQL served
// bare (node:http + the same database client), 16 keep-alive clients in a worker thread on the other core.
import http from 'node:http';
import { Worker } from 'node:worker_threads';
import type { Database } from '../server/src/db/client.ts';

export interface Call {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
}
export interface LoadResult {
  rps: number;
  p50: number;
  p95: number;
}
type Statement = { text: string; params: unknown[] };
type Query = (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;

const clientOf = (database: Database) => (database.db as unknown as { $client: { query: Query } }).$client;

/** The statements one API call issues that are the handler's own (after the caller is known), recorded once. */
export async function handlerStatements(database: Database, send: () => Promise<unknown>): Promise<Statement[]> {
  const client = clientOf(database);
  const original = client.query.bind(client);
  const seen: Statement[] = [];
  client.query = ((query: string | { text: string; values?: unknown[] }, params?: unknown[], ...rest: unknown[]) => {
    seen.push({ text: typeof query === 'string' ? query : query.text, params: params ?? (typeof query === 'string' ? [] : (query.values ?? [])) });
    return (original as (...args: unknown[]) => Promise<{ rows: unknown[] }>)(query, params, ...rest);
  }) as Query;
  try {
    await send();
  } finally {
    client.query = original;
  }
  // Finding the session (and, where the caller is not cached, their roles, menus and package) is the request
  // path's work; what follows the last of it is the handler's.
  const lastAuth = seen.findLastIndex((s) => s.text.includes('"user_sessions"') || s.text.includes('"tenant_packages"."menu_ids"'));
  return seen.slice(lastAuth + 1);
}

/** A bare server answering GET /<n> with the n-th call's statements, run unprepared through the same client. */
export async function bareServer(database: Database, statements: Statement[][]): Promise<{ port: number; close(): void }> {
  const client = clientOf(database);
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', async () => {
      const results = await Promise.all((statements[Number(req.url?.slice(1))] ?? []).map((s) => client.query(s.text, s.params)));
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ code: 1000, rows: results.map((r) => r.rows) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, close: () => server.close() };
}

/** Loads one call for `seconds` with `concurrency` clients (bench/http-load.mjs, in a worker thread). */
export function load(port: number, call: Call, headers: Record<string, string>, opts: { seconds: number; concurrency: number }): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const workerData = { port, method: call.method, url: call.url, body: call.body, headers, ...opts };
    const worker = new Worker(new URL('./http-load.mjs', import.meta.url), { workerData });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}
