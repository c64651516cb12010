/** Catalogue lookup of spec §5. */

const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * A missing key shows the key itself, so an untranslated label is visible and findable rather than blank.
 * Placeholders without a param stay as written for the same reason.
 */
export function translate(catalogue: Record<string, string> | undefined, key: string, params?: Record<string, string | number>): string {
  // Own keys only: 'constructor' or 'toString' must not resolve to Object.prototype members.
  const text = catalogue && Object.hasOwn(catalogue, key) ? catalogue[key] : undefined;
  if (typeof text !== 'string' || text === '') return key;
  if (!params) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}
