/** Image addresses of spec §5: stored paths live on the admin host, signed storage URLs on the data host. */

export type ImageHosts = { adminHost: string; dataHost: string };

/** Signed object-storage URLs carry these in their query; they must be fetched through the data host. */
const SIGNED_MARKERS = ['Expires', 'OSSAccessKeyId'] as const;
const ORIGIN = /https?:\/\/[^/?#]*/i;

function isSigned(path: string): boolean {
  const q = path.indexOf('?');
  if (q < 0) return false;
  const query = path.slice(q + 1);
  return SIGNED_MARKERS.some((marker) => query.includes(marker));
}

/** Exactly one slash between host and path, whichever side already has one. */
function join(host: string, path: string): string {
  return `${host.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

export function resolveImageUrl(path: string | null | undefined, hosts: ImageHosts): string {
  if (!path) return '';
  if (isSigned(path)) {
    if (path.includes('http')) {
      const origin = ORIGIN.exec(path);
      // Keep everything after the storage origin (the signature is tied to the object key and query).
      if (origin) return join(hosts.dataHost, path.slice(origin.index + origin[0].length));
    }
    return join(hosts.dataHost, path);
  }
  if (path.includes('http')) return path;
  return join(hosts.adminHost, path);
}
