import { z } from 'zod';
import { GatewayError, type GatewayErrorCode, type GatewayResponse, type GatewaySecret } from './types.ts';
import { basicAuth } from './wire.ts';

/**
 * How Midtrans answers an API call: `status_code` in the JSON body (HTTP 200 on many endpoints, the matching HTTP
 * status on others), so the body is read first and the HTTP status only as a fallback.
 */

const apiError = z.looseObject({ status_code: z.string(), status_message: z.string().optional() });
const ERROR_KIND: Record<string, GatewayErrorCode> = {
  '401': 'unauthorized',
  '404': 'not_found',
  // 406: a reused order_id on a charge, a reused refund_key on a refund.
  '406': 'duplicate',
  // 414: "Refund request is rejected due to invalid amount" — more than is left to refund.
  '414': 'amount_exceeded',
};

/** Turns an error answer into a GatewayError; returns quietly when the answer carries one of `okCodes`. */
export function raiseOnError(res: GatewayResponse, okCodes: readonly string[]): void {
  const parsed = apiError.safeParse(res.body);
  const code = parsed.success ? parsed.data.status_code : String(res.status);
  if (okCodes.includes(code)) return;
  const message = parsed.success ? `${code} ${parsed.data.status_message ?? ''}`.trim() : `HTTP ${res.status}`;
  const kind = ERROR_KIND[code] ?? (/^4\d\d$/.test(code) ? 'invalid_request' : /^5\d\d$/.test(code) ? 'unavailable' : 'bad_response');
  throw new GatewayError('midtrans', kind, message, res.status, res.body);
}

export const midtransHeaders = (secret: GatewaySecret) => ({ authorization: basicAuth(secret.serverKey), accept: 'application/json' });
