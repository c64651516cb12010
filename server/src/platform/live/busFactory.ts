import type { FastifyBaseLogger } from 'fastify';
import { type Bus, InProcessBus } from './bus.ts';
import { RedisBus } from './redisBus.ts';

/** Redis when REDIS_URL is set (several instances), in-process otherwise (DESIGN §1). */
export function createBus(redisUrl: string | undefined, log: FastifyBaseLogger, channel?: string): Bus {
  return redisUrl ? new RedisBus(redisUrl, log, channel) : new InProcessBus();
}
