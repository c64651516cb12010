import { Code } from '@kayuh/contract/codes';
import type { Envelope, PagedEnvelope } from '@kayuh/contract/api/envelope';

/** Success envelopes; `msg` is filled in the request's language by the envelope plugin. */
export const ok = <T>(data?: T): Envelope<T> => ({ code: Code.ok, msg: '', data });
export const page = <T>(rows: T[], total: number): PagedEnvelope<T> => ({ code: Code.ok, msg: '', total, rows });
