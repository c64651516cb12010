import { RATE_LIMITS, type RateLimitName } from '@kayuh/contract/constants';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';

const keyOf: Record<(typeof RATE_LIMITS)[RateLimitName]['by'], (req: FastifyRequest) => string> = {
  // req.ip is the forwarded address behind TRUST_PROXY, the peer's otherwise.
  ip: (req) => req.ip,
  userName: (req) =>
    String((req.body as { username?: unknown } | undefined)?.username ?? '')
      .trim()
      .toLowerCase(),
  user: (req) => String(req.auth?.userId ?? req.ip),
  member: (req) => (req.member ? `${req.member.tenantId}:${req.member.memberId}` : req.ip),
};

/**
 * The limits a route names in `config.limits` (RATE_LIMITS in contract), checked once the body is parsed and the
 * caller known. Counters live in Redis when REDIS_URL is set, so every instance counts together; a Redis fault lets
 * calls through rather than refusing everyone.
 */
export async function installRateLimits(app: FastifyInstance, opts: { redisUrl?: string; enabled: boolean }) {
  const redis = opts.redisUrl ? new Redis(opts.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false }) : undefined;
  redis?.on('error', (err) => app.log.warn({ err: err.message }, 'rate-limit store unavailable'));
  app.addHook('onClose', async () => {
    redis?.disconnect();
  });
  await app.register(rateLimit, { global: false, redis, nameSpace: 'kayuh:rate:', skipOnError: true });
  if (!opts.enabled) return;

  const limiters = Object.fromEntries(
    Object.entries(RATE_LIMITS).map(([name, limit]) => [
      name,
      app.createRateLimit({
        max: limit.max,
        timeWindow: limit.windowMs,
        keyGenerator: (req) => `${name}:${keyOf[limit.by](req)}`,
      }),
    ]),
  ) as Record<RateLimitName, ReturnType<FastifyInstance['createRateLimit']>>;

  app.addHook('preHandler', async (req, reply) => {
    const { limits = [], limitsExempt } = req.routeOptions.config ?? {};
    if (limits.length && limitsExempt && (await limitsExempt(req))) return;
    for (const name of limits) {
      const verdict = await limiters[name](req);
      if (verdict.isAllowed || !verdict.isExceeded) continue;
      reply.header('retry-after', verdict.ttlInSeconds);
      throw Object.assign(new Error(`rate limit ${name} exceeded`), { statusCode: 429 });
    }
  });
}
