import { Code, SESSION_END_CODES, SUCCESS_CODES } from '@kayuh/contract/codes';
import { HTTP_TIMEOUT_MS, LOGIN_EXPIRED_DEFAULT_TEXT, SIGNED_IN_ELSEWHERE_TEXT } from '@kayuh/contract/constants';
import { Header } from '@kayuh/contract/headers';
import { CURRENT_LANGUAGE } from '@kayuh/contract/lang';
import { useConfigStore } from '../stores/configStore';
import { useUserStore } from '../stores/userStore';
import { tr } from './i18n';
import { toast } from './notify';
import { endSession } from './session';
import { onSuccess } from './tourHook';

/** The one HTTP client (spec §7/§8, DESIGN §6). */

const API_BASE: string = import.meta.env.VITE_API_BASE ?? '/api';

/** A business (or transport) failure: `code` is the result code, or the HTTP status for transport faults. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly data?: unknown,
  ) {
    super(msg || `Error ${code}`);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Cancels the call (React Query passes one); a cancelled call never toasts. */
  signal?: AbortSignal;
  /** No error toast (menus and counters fail silently, spec §8); session end still applies. */
  silent?: boolean;
  /** Resolve the whole body instead of `data` (paged lists answer `{total, rows}`). */
  whole?: boolean;
  /** Headers of this call besides those every call sends (an Idempotency-Key). */
  headers?: Record<string, string>;
}

export interface Paged<T> {
  total: number;
  rows: T[];
  /** Engine lists: where the next page starts, null after the last (contract PagedEnvelope). */
  nextCursor?: string | null;
}

type Body = { code?: unknown; msg?: unknown; data?: unknown };

/** Spec §8: the code is msg.key when msg is an object with a key, else code; the text is msg.msg or msg. */
function readEnvelope(body: Body): { code: number | undefined; text: string } {
  const msg = body.msg;
  const isObject = typeof msg === 'object' && msg !== null;
  const key = isObject ? (msg as { key?: unknown }).key : undefined;
  const raw = key ?? body.code;
  const code = raw === undefined || raw === null || raw === '' ? undefined : Number(raw);
  const text = isObject ? (msg as { msg?: unknown }).msg : msg;
  return { code, text: typeof text === 'string' ? text : '' };
}

/** The headers every call sends (language, session, tenant); file downloads send the same. */
export function requestHeaders(hasBody: boolean): Record<string, string> {
  const { lang, tenantId } = useConfigStore.getState();
  const user = useUserStore.getState().userInfo;
  const headers: Record<string, string> = {
    [Header.lang]: lang,
    [Header.currentLanguage]: CURRENT_LANGUAGE[lang] ?? CURRENT_LANGUAGE.ID,
    [Header.systemType]: 'web',
  };
  if (user?.token) {
    headers[Header.token] = user.token;
    headers[Header.userId] = String(user.userId);
  }
  if (tenantId !== null && tenantId !== undefined) headers[Header.tenantId] = String(tenantId);
  if (hasBody) headers['content-type'] = 'application/json';
  return headers;
}

export function urlOf(path: string, query?: RequestOptions['query']): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const qs = search.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

/** Spec §4/§8: 3001 and 4001 say why, in the spec's words; 10007 is silent; all three end the session. */
function sessionEnded(code: number, text: string): void {
  const zh = useConfigStore.getState().lang === 'ZH';
  if (code === Code.signedInElsewhere) toast('warning', zh ? SIGNED_IN_ELSEWHERE_TEXT.ZH : SIGNED_IN_ELSEWHERE_TEXT.other);
  else if (code === Code.loginExpired) toast('warning', text || (zh ? LOGIN_EXPIRED_DEFAULT_TEXT.ZH : LOGIN_EXPIRED_DEFAULT_TEXT.other));
  endSession();
}

class TimeoutError extends Error {}

/** Fetches and reads the whole body within the time-out; the caller's signal cancels either part. */
async function send(method: string, path: string, body: unknown, opts: RequestOptions): Promise<{ response: Response; raw: string }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new TimeoutError()), HTTP_TIMEOUT_MS);
  const cancel = () => controller.abort(opts.signal?.reason);
  if (opts.signal?.aborted) cancel();
  opts.signal?.addEventListener('abort', cancel, { once: true });
  try {
    const response = await fetch(urlOf(path, opts.query), {
      method,
      headers: { ...requestHeaders(body !== undefined), ...opts.headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
    return { response, raw: await response.text() };
  } catch (error) {
    if (opts.signal?.aborted) throw error;
    const timedOut = controller.signal.reason instanceof TimeoutError;
    const text = timedOut ? tr('shell.http.timeout') : tr('shell.http.network');
    if (!opts.silent) toast('error', text);
    throw new ApiError(0, text);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', cancel);
  }
}

const parseJson = (raw: string): unknown => {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
};

export async function request<T>(method: string, path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
  const { response, raw } = await send(method, path, body, opts);
  return settle<T>(path, response, raw, opts);
}

/** Reads an answer as the envelope says: its data, or a thrown ApiError (toasted, or ending the session). */
export function settle<T>(path: string, response: Response, raw: string, opts: RequestOptions = {}): T {
  const parsed = parseJson(raw) as Body | null;
  if (!response.ok) {
    const text = (parsed && readEnvelope(parsed).text) || `${tr('shell.http.status')} ${response.status}`;
    if (!opts.silent) toast('error', text);
    throw new ApiError(response.status, text);
  }
  if (!parsed || typeof parsed !== 'object') {
    // Not an envelope (an HTML page from a misrouted proxy, say): never read that as a success.
    const text = tr('shell.http.badAnswer');
    if (!opts.silent) toast('error', text);
    throw new ApiError(response.status, text);
  }
  const envelope: Body = parsed;
  const { code, text } = readEnvelope(envelope);
  if (SUCCESS_CODES.includes(code)) {
    onSuccess(path);
    return (opts.whole ? envelope : envelope.data) as T;
  }
  if (code !== undefined && SESSION_END_CODES.includes(code)) sessionEnded(code, text);
  else if (!opts.silent) toast('error', text || tr(`code.${code}`));
  throw new ApiError(code ?? 0, text, envelope.data);
}

export const get = <T>(path: string, query?: RequestOptions['query'], opts: RequestOptions = {}) =>
  request<T>('GET', path, undefined, { ...opts, query });

export const post = <T>(path: string, body?: unknown, opts: RequestOptions = {}) => request<T>('POST', path, body ?? {}, opts);

/** Paged lists answer RuoYi's `{code, msg, total, rows}`. */
export const postPage = <T>(path: string, body?: unknown, opts: RequestOptions = {}) =>
  request<Paged<T>>('POST', path, body ?? {}, { ...opts, whole: true });
