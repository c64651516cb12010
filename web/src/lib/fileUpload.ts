import { HTTP_TIMEOUT_MS } from '@kayuh/contract/constants';
import { ApiError, requestHeaders, settle, urlOf, type RequestOptions } from './http';
import { tr } from './i18n';
import { toast } from './notify';

/**
 * POST a file with its form fields as multipart, with the headers every call sends (token, user, tenant,
 * language); the answer is read as the HTTP client reads every envelope (failures toasted unless `silent`).
 */
export async function uploadFile<T>(path: string, file: Blob, fields: Record<string, string>, opts: Pick<RequestOptions, 'silent'> = {}): Promise<T> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, file instanceof File ? file.name : 'upload');
  let response: Response;
  try {
    // No content-type of our own: the browser writes the multipart boundary.
    response = await fetch(urlOf(path), { method: 'POST', headers: requestHeaders(false), body: form, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
  } catch (error) {
    const text = (error as Error).name === 'TimeoutError' ? tr('shell.http.timeout') : tr('shell.http.network');
    if (!opts.silent) toast('error', text);
    throw new ApiError(0, text);
  }
  return settle<T>(path, response, await response.text(), opts);
}
