import { resolveImageUrl } from '@kayuh/contract/rules/imageUrl';
import { urlOf } from './http';

/**
 * Spec §5's hosts: the admin host is the origin that serves the API, so a stored `/api/files/…` path works
 * whether the API lives beside the console or elsewhere. No object storage is in use, so there is no separate
 * data host yet: signed URLs would be read from the same origin.
 */
function imageHosts() {
  const origin = new URL(urlOf(''), window.location.href).origin;
  return { adminHost: origin, dataHost: origin };
}

/** Where the browser loads a stored image path from. */
export const imageSrc = (path: string | null | undefined) => resolveImageUrl(path, imageHosts());
