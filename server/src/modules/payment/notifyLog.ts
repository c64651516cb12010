import type { Db } from '../../db/client.ts';
import { apiLogs } from '../../db/schema.ts';
import type { SettleOutcome } from './settle.ts';

/** api_logs.direction. */
export const ApiDirection = { outbound: 1, inbound: 2 } as const;

/** What the route did with a notification: the api_logs outcome, and the answer's code. */
export type NotifyOutcome = SettleOutcome | 'refused_signature' | 'refused_unknown_order' | 'refused_malformed' | 'unsupported' | 'error';

/** Headers worth keeping with a callback (the signature's and the sender's), never cookies or auth of ours. */
const KEPT_HEADERS = ['content-type', 'user-agent', 'x-callback-token', 'webhook-id', 'x-forwarded-for'];

export interface IncomingNotification {
  channelCode: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

/** One notification in api_logs (direction 2), with the raw body and what became of it. */
export async function logCall(db: Db, tenantId: number, n: IncomingNotification, outcome: NotifyOutcome, refNo: string | undefined, started: number) {
  const headers = Object.fromEntries(KEPT_HEADERS.filter((h) => n.headers[h] !== undefined).map((h) => [h, n.headers[h]]));
  await db.insert(apiLogs).values({
    tenantId,
    direction: ApiDirection.inbound,
    provider: 'gateway',
    channelCode: n.channelCode.slice(0, 32),
    endpoint: `/api/pay/notify/${n.channelCode.slice(0, 32)}`,
    refNo: refNo?.slice(0, 64) ?? null,
    httpStatus: outcome === 'error' ? 500 : 200,
    outcome,
    requestHeaders: headers,
    // The raw body as received: what finance reviews a parked payment by (capped: a callback is a few KB).
    requestBody: n.rawBody.slice(0, 64 * 1024),
    durationMs: Date.now() - started,
  });
}
