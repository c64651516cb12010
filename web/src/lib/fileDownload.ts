import { ApiError, requestHeaders, settle, urlOf } from './http';
import { tr } from './i18n';
import { toast } from './notify';

/** The file name a content-disposition header gives: RFC 5987 `filename*` first, then `filename`. */
export function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // A broken encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain?.[1]?.trim() || undefined;
}

/** Hands a blob to the browser as a download, through a short-lived object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns: let it live a moment.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * GET a file from the API (POST when a JSON body is given) with the headers every call sends (token, user, tenant,
 * language) and save it. The server answers failures as an envelope: those are read, toasted and thrown as the
 * HTTP client does.
 */
export async function downloadFile(path: string, fallbackName = 'download', body?: unknown): Promise<void> {
  let response: Response;
  try {
    response = await fetch(
      urlOf(path),
      body === undefined
        ? { method: 'GET', headers: requestHeaders(false) }
        : { method: 'POST', headers: requestHeaders(true), body: JSON.stringify(body) },
    );
  } catch {
    toast('error', tr('shell.http.network'));
    throw new ApiError(0, tr('shell.http.network'));
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    settle(path, response, await response.text());
    // A success envelope is not a file either.
    toast('error', tr('shell.http.badAnswer'));
    throw new ApiError(response.status, tr('shell.http.badAnswer'));
  }
  saveBlob(await response.blob(), fileNameOf(response.headers.get('content-disposition')) ?? fallbackName);
}
