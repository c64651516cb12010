import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** API answers smaller than this go as they are: compressing them costs more than it saves. */
const JSON_COMPRESS_MIN_BYTES = 1024;

/**
 * Compressed answers (gzip or deflate, as the client accepts) for API payloads above a kilobyte: lists, the
 * translation catalogue, menus. The console's own files are compressed once at build time (brotli and gzip, served
 * by the SPA plugin), so none is compressed per request; already-compressed types (xlsx, images) are left alone.
 * Compressed request bodies are not accepted.
 */
export async function installCompression(app: FastifyInstance) {
  await app.register(compress, { global: true, threshold: JSON_COMPRESS_MIN_BYTES, encodings: ['gzip', 'deflate'], globalDecompression: false });
}
