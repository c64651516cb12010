/**
 * Image uploads (appIcon and every later image field): which files are images is decided by their first bytes,
 * never by the name or the type the browser claims — an SVG (script inside) or a renamed text file is refused.
 */

/** The largest image an upload takes. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export interface ImageType {
  /** The extension a stored file gets. */
  ext: 'png' | 'jpg' | 'webp' | 'gif';
  mime: string;
}

export const IMAGE_TYPES: readonly ImageType[] = [
  { ext: 'png', mime: 'image/png' },
  { ext: 'jpg', mime: 'image/jpeg' },
  { ext: 'webp', mime: 'image/webp' },
  { ext: 'gif', mime: 'image/gif' },
];

/** A file picker's `accept`: the four types by MIME type and by extension. */
export const IMAGE_ACCEPT = [...IMAGE_TYPES.map((type) => type.mime), '.png', '.jpg', '.jpeg', '.webp', '.gif'].join(',');

/** How many leading bytes `sniffImageType` needs to decide. */
export const SNIFF_BYTES = 12;

const ascii = (bytes: Uint8Array, from: number, text: string) => [...text].every((char, i) => bytes[from + i] === char.charCodeAt(0));

const SIGNATURES: Array<{ type: ImageType; matches: (b: Uint8Array) => boolean }> = [
  { type: IMAGE_TYPES[0]!, matches: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => b[i] === byte) },
  { type: IMAGE_TYPES[1]!, matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: IMAGE_TYPES[2]!, matches: (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP') },
  { type: IMAGE_TYPES[3]!, matches: (b) => ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a') },
];

/** The image type a file's first bytes (at least SNIFF_BYTES of them, if the file has that many) prove, or undefined. */
export function sniffImageType(head: Uint8Array): ImageType | undefined {
  return SIGNATURES.find((signature) => signature.matches(head))?.type;
}

/** The type of a stored image by its extension (what a served file answers as its Content-Type). */
export const imageTypeOfExt = (ext: string): ImageType | undefined => IMAGE_TYPES.find((type) => type.ext === ext);

/** What a browser says a picked file is, checked before sending (the server checks the bytes again). */
export const isImageMime = (mime: string) => IMAGE_TYPES.some((type) => type.mime === mime);
