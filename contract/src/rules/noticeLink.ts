import { MODULES } from '../menus/index.ts';

/** The console's own routes: every module shell and page of spec §2. */
const CONSOLE_ROUTES = new Set(MODULES.flatMap((m) => [m.basePath, ...m.pages.map((p) => p.path)]));

/**
 * Where a notice's link may lead (spec §8 'titleMessage' data.url): only a route of this console, opened inside
 * the app, with an optional query or fragment. Anything else (another site, javascript:, //host, an unknown path)
 * is no link, so a notice can never send staff off to a look-alike page.
 */
export function isNoticeLink(url: string | null | undefined): url is string {
  if (!url || /[\s\\]/.test(url) || !url.startsWith('/') || url.startsWith('//')) return false;
  return CONSOLE_ROUTES.has(url.split(/[?#]/, 1)[0]!);
}
