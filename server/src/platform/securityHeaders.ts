import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // antd writes its CSS-in-JS into <style> tags.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  // Added per request below: over plain HTTP it would send the browser to https:// addresses nobody serves.
  upgradeInsecureRequests: null,
};

/**
 * The headers helmet sets, worked out once: they do not depend on the request (no nonces), so running helmet on
 * every response only repeated the same work (a tenth of a small list's cost, measured by bench:request-path).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * The map tiles' origin when img-src does not already admit it: a tile server on plain HTTP (an office network's
 * own), its {s} subdomains as a wildcard. HTTPS servers and paths on this origin are admitted as they are.
 */
export function tileImageSource(tileUrl: string): string | undefined {
  const origin = /^http:\/\/[^/]+/.exec(tileUrl)?.[0];
  return origin?.replace('{s}', '*');
}

/**
 * CSP and the other security headers on every response. `upgrade-insecure-requests` only when the request came
 * over HTTPS, directly or through a proxy trusted by TRUST_PROXY (X-Forwarded-Proto): a console opened as
 * http://<server-ip>:8080 on the office network must load its own scripts.
 */
export async function installSecurityHeaders(app: FastifyInstance, opts: { tileUrl: string }) {
  const tiles = tileImageSource(opts.tileUrl);
  const directives = tiles ? { ...CSP, imgSrc: [...CSP.imgSrc, tiles] } : CSP;
  const plain = helmetHeaders({ contentSecurityPolicy: { directives }, crossOriginEmbedderPolicy: false });
  const secure = { ...plain, 'content-security-policy': `${plain['content-security-policy']};upgrade-insecure-requests` };
  app.addHook('onRequest', async (req, reply) => {
    reply.headers(req.protocol === 'https' ? secure : plain);
  });
}
