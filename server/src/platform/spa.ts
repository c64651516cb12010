import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { apiNotFound } from './envelopeHooks.ts';
import type { Services } from './services.ts';

/**
 * Serves the built console at '/' with history fallback: any GET outside /api that is not a file answers
 * index.html, so every console route (and the web's own 404 page) loads from a deep link.
 */
export async function installSpa(app: FastifyInstance, services: Services) {
  const root = services.config.webDist;
  const hasWeb = fs.existsSync(path.join(root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Hashed assets never change; index.html must always be revalidated.
        res.setHeader('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    if (req.url.startsWith('/api') || req.method !== 'GET' || !hasWeb) return apiNotFound(req, reply, services);
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
