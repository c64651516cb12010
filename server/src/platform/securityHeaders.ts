import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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
 * CSP and the other security headers on every response. `upgrade-insecure-requests` only when the request came
 * over HTTPS, directly or through a proxy trusted by TRUST_PROXY (X-Forwarded-Proto): a console opened as
 * http://<server-ip>:8080 on the office network must load its own scripts.
 */
export async function installSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, { contentSecurityPolicy: { directives: CSP }, crossOriginEmbedderPolicy: false });
  app.addHook('onSend', async (req, reply) => {
    if (req.protocol !== 'https') return;
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string' && !csp.includes('upgrade-insecure-requests')) reply.header('content-security-policy', `${csp};upgrade-insecure-requests`);
  });
}
