import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type IRateLimiterOptions, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface RateLimiter {
  /** Consumes one point for `key`; returns false when the caller is over the limit. */
  consume(key: string): Promise<boolean>;
  /** Whether `key` has used up its points, without consuming one (limits that count only failures). */
  exhausted(key: string): Promise<boolean>;
  /** Points `key` has used in the current window, after consuming one more (for backoff that grows with failures). */
  count(key: string): Promise<number>;
  /** Refuses `key` for the next `seconds` whatever its points (a backoff). */
  block(key: string, seconds: number): Promise<void>;
  /** Milliseconds until `key` may try again, 0 when it may now; never consumes. */
  waitMs(key: string): Promise<number>;
  /** Forgets `key` (a success clears the failures that slowed it). */
  reset(key: string): Promise<void>;
}

/** Where limits are counted: this process alone, Redis shared by every instance, or memory while Redis is unreachable. */
type RateLimitStore = 'memory' | 'redis' | 'fallback';

export interface RateLimitFactory {
  create(name: string, points: number, durationSeconds: number): RateLimiter;
  store(): RateLimitStore;
  close(): Promise<void>;
}

export interface RateLimitHooks {
  /** Called on every decision taken in memory because Redis failed (counted in /metrics). */
  onFallback?(name: string): void;
  /** Redis became unreachable (true) or answers again (false): said once per change, not per request. */
  onRedisDown?(down: boolean, reason?: string): void;
}

/**
 * The memory limiter rate-limiter-flexible falls back to (its `insuranceLimiter`) when a Redis call fails:
 * the caller is still limited, by this instance alone, and never gets a 500 because the cache is away.
 * Redis is used again on the next call once it answers; points counted here are not copied back.
 */
class FallbackMemory extends RateLimiterMemory {
  constructor(
    opts: IRateLimiterOptions,
    private readonly used: () => void,
  ) {
    super(opts);
  }
  override consume(...args: Parameters<RateLimiterMemory['consume']>) {
    this.used();
    return super.consume(...args);
  }
  override get(...args: Parameters<RateLimiterMemory['get']>) {
    this.used();
    return super.get(...args);
  }
  override block(...args: Parameters<RateLimiterMemory['block']>) {
    this.used();
    return super.block(...args);
  }
  override delete(...args: Parameters<RateLimiterMemory['delete']>) {
    this.used();
    return super.delete(...args);
  }
}

/** In-process limits for one instance; Redis (REDIS_URL) when several instances must share them. */
export function createRateLimitFactory(redisUrl?: string, hooks: RateLimitHooks = {}): RateLimitFactory {
  const redis = redisUrl
    ? new Redis(redisUrl, {
        // fail at once while disconnected (the memory limiter answers) rather than queue requests behind a reconnect
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        commandTimeout: 1000,
        lazyConnect: false,
      })
    : undefined;
  let down = false;
  let closing = false;
  const setDown = (now: boolean, reason?: string) => {
    // our own quit() at shutdown closes the connection too: that is not an outage
    if (now === down || closing) return;
    down = now;
    hooks.onRedisDown?.(now, reason);
  };
  redis?.on('error', (err: Error) => setDown(true, err.message));
  redis?.on('close', () => setDown(true, 'connection closed'));
  redis?.on('ready', () => setDown(false));
  return {
    create(name, points, duration) {
      const limiter: RateLimiterAbstract = redis
        ? new RateLimiterRedis({
            storeClient: redis,
            keyPrefix: `tress:rl:${name}`,
            points,
            duration,
            insuranceLimiter: new FallbackMemory({ keyPrefix: `fallback:${name}`, points, duration }, () => hooks.onFallback?.(name)),
          })
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
        async count(key) {
          try {
            return (await limiter.consume(key)).consumedPoints;
          } catch (e) {
            if (e instanceof RateLimiterRes) return e.consumedPoints;
            throw e;
          }
        },
        async block(key, seconds) {
          await limiter.block(key, seconds);
        },
        async waitMs(key) {
          const res = await limiter.get(key);
          return res !== null && res.remainingPoints <= 0 ? res.msBeforeNext : 0;
        },
        async reset(key) {
          await limiter.delete(key);
        },
      };
    },
    store: () => (!redis ? 'memory' : down || redis.status !== 'ready' ? 'fallback' : 'redis'),
    async close() {
      closing = true;
      await redis?.quit().catch(() => redis.disconnect());
    },
  };
}
