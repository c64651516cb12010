import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { apiNotFound } from './envelopeHooks.ts';
import type { Services } from './services.ts';

/** A path that names a file (`/assets/app-1a2b.js`, `/favicon.ico`) is never a console route. */
const looksLikeFile = (url: string) => url.startsWith('/assets/') || /\.[A-Za-z0-9]{1,8}$/.test(url.split(/[?#]/, 1)[0]!);

/**
 * Serves the built console at '/' with history fallback: any GET or HEAD outside /api that is not a file answers
 * index.html, so every console route (and the web's own 404 page) loads from a deep link. A missing file answers
 * 404, not the console: a stale tab asking for an old chunk must fail as a chunk, not parse HTML as JavaScript.
 * Files are sent as the brotli or gzip copy the build made when the browser accepts it.
 */
export async function installSpa(app: FastifyInstance, services: Services) {
  const root = services.config.webDist;
  const hasWeb = fs.existsSync(path.join(root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Hashed assets never change; index.html must always be revalidated.
        res.setHeader('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const page = (req.method === 'GET' || req.method === 'HEAD') && !req.url.startsWith('/api') && !looksLikeFile(req.url);
    if (!page || !hasWeb) return apiNotFound(req, reply, services);
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
