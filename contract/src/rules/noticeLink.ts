/**
 * Where a notice's link may lead (spec §8 'titleMessage' data.url): a console route, opened inside the app, or
 * an http(s) address, opened in a new tab. Anything else (javascript:, protocol-relative //host, blanks) is no link.
 */
export type NoticeLinkKind = 'route' | 'external';

export function noticeLinkKind(url: string | null | undefined): NoticeLinkKind | null {
  if (!url || /\s/.test(url)) return null;
  if (url.startsWith('/')) return url.startsWith('//') || url.startsWith('/\\') ? null : 'route';
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? 'external' : null;
  } catch {
    return null;
  }
}
