import type { Db } from '../../db/client.ts';
import { apiLogs, type paymentChannels } from '../../db/schema.ts';
import type { GatewayHttp, GatewayResponse } from './gateways/types.ts';

type Channel = typeof paymentChannels.$inferSelect;

/** Headers that carry a secret: never written to the log. */
const SECRET_HEADERS = new Set(['authorization', 'x-callback-token', 'api-key']);

/**
 * Every call to a gateway in the interface log (api_logs, direction 1): the request and the answer, the secrets left
 * out, what became of it (ok, failed: an error status, error: no answer). A log that cannot be written never fails the
 * call it describes.
 */
export function loggedHttp(db: Db, channel: Channel, http: GatewayHttp): GatewayHttp {
  const logged = async (
    method: 'GET' | 'POST',
    path: string,
    headers: Record<string, string>,
    sent: unknown,
    send: () => Promise<GatewayResponse>,
  ) => {
    const started = Date.now();
    const write = (outcome: string, status: number | null, body: unknown) =>
      db
        .insert(apiLogs)
        .values({
          tenantId: channel.tenantId,
          direction: 1,
          provider: channel.provider,
          channelCode: channel.channelCode,
          endpoint: `${method} ${path}`.slice(0, 300),
          refNo: /(PY|RF|PP)\d{14}/.exec(`${path} ${JSON.stringify(sent ?? '')}`)?.[0] ?? null,
          httpStatus: status,
          outcome,
          requestHeaders: Object.fromEntries(Object.entries(headers).filter(([name]) => !SECRET_HEADERS.has(name.toLowerCase()))),
          requestBody: sent === undefined ? null : JSON.stringify(sent).slice(0, 64 * 1024),
          responseBody: body === undefined ? null : (typeof body === 'string' ? body : JSON.stringify(body)).slice(0, 64 * 1024),
          durationMs: Date.now() - started,
        })
        .catch(() => undefined);
    try {
      const res = await send();
      await write(res.status < 400 ? 'ok' : 'failed', res.status, res.body);
      return res;
    } catch (err) {
      await write('error', null, err instanceof Error ? err.message : String(err));
      throw err;
    }
  };
  return {
    post: (path, body, headers) => logged('POST', path, headers, body, () => http.post(path, body, headers)),
    get: (path, headers) => logged('GET', path, headers, undefined, () => http.get(path, headers)),
  };
}
