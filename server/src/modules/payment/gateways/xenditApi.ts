import { z } from 'zod';
import { GatewayError, type GatewayErrorCode, type GatewayResponse, type GatewaySecret } from './types.ts';
import { basicAuth } from './wire.ts';

/** How Xendit answers an API call: `{ error_code, message }` with a matching HTTP status. */

/** The QR Codes API version our QR calls speak (reference_id, type DYNAMIC, `qr.payment` callbacks). */
export const XENDIT_QR_API_VERSION = '2022-07-31';

const apiError = z.looseObject({ error_code: z.string(), message: z.string().optional() });

function errorKind(status: number, code: string): GatewayErrorCode {
  if (status === 401 || code === 'INVALID_API_KEY') return 'unauthorized';
  if (status === 409 || code.startsWith('DUPLICATE')) return 'duplicate';
  if (status === 404 || /NOT_FOUND(_ERROR)?$/.test(code)) return 'not_found';
  if (code === 'CHANNEL_NOT_ACTIVATED' || code === 'REFUND_NOT_SUPPORTED' || code === 'PARTIAL_REFUND_NOT_SUPPORTED') return 'unsupported_channel';
  if (code === 'REFUND_AMOUNT_EXCEEDED' || code === 'MAXIMUM_REFUND_AMOUNT_REACHED') return 'amount_exceeded';
  if (status >= 500 || code === 'CHANNEL_UNAVAILABLE') return 'unavailable';
  return status >= 400 ? 'invalid_request' : 'bad_response';
}

export function raiseOnError(res: GatewayResponse): void {
  if (res.status >= 200 && res.status < 300) return;
  const parsed = apiError.safeParse(res.body);
  const code = parsed.success ? parsed.data.error_code : '';
  const message = parsed.success ? `${code} ${parsed.data.message ?? ''}`.trim() : `HTTP ${res.status}`;
  throw new GatewayError('xendit', errorKind(res.status, code), message, res.status, res.body);
}

export function parse<T extends z.ZodType>(schema: T, res: GatewayResponse, what: string): z.infer<T> {
  const parsed = schema.safeParse(res.body);
  if (!parsed.success) throw new GatewayError('xendit', 'bad_response', `${what} answer is not readable`, res.status, res.body);
  return parsed.data;
}

export const xenditHeaders = (secret: GatewaySecret) => ({ authorization: basicAuth(secret.serverKey), accept: 'application/json' });
