import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface RateLimiter {
  /** Consumes one point for `key`; returns false when the caller is over the limit. */
  consume(key: string): Promise<boolean>;
  /** Whether `key` has used up its points, without consuming one (limits that count only failures). */
  exhausted(key: string): Promise<boolean>;
}

export interface RateLimitFactory {
  create(name: string, points: number, durationSeconds: number): RateLimiter;
  close(): Promise<void>;
}

/** In-process limits for one instance; Redis (REDIS_URL) when several instances must share them. */
export function createRateLimitFactory(redisUrl?: string): RateLimitFactory {
  const redis = redisUrl ? new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false }) : undefined;
  return {
    create(name, points, duration) {
      const limiter: RateLimiterAbstract = redis
        ? new RateLimiterRedis({ storeClient: redis, keyPrefix: `tress:rl:${name}`, points, duration })
        : new RateLimiterMemory({ keyPrefix: name, points, duration });
      return {
        async consume(key) {
          try {
            await limiter.consume(key);
            return true;
          } catch (e) {
            if (e instanceof RateLimiterRes) return false;
            throw e;
          }
        },
        async exhausted(key) {
          const res = await limiter.get(key);
          return res !== null && res.remainingPoints <= 0;
        },
      };
    },
    async close() {
      await redis?.quit();
    },
  };
}
