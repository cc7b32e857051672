import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/** Fixed window: the first hit of a key starts its window; the answer is [count, ms left]. */
const INCR = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  return {current, tonumber(ARGV[1])}
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

interface RouteInfo {
  method?: string | string[];
  url?: string;
}

/**
 * Rate-limit counters in Redis, keyed `kapu-rl:<key>`. The plugin's own Redis store prefixes
 * every child with the route's method and URL, which a limiter made by `createRateLimit` does
 * not have: its keys read `kapu-rl:undefinedundefined-…`. Our limiters name their route in the
 * key already (core/calls.ts), so a child without a route keeps the bare prefix.
 */
export class RedisLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly redis: Redis,
    readonly prefix: string,
  ) {}

  /** The plugin's `store` option: a constructor it calls with its options. */
  static for(redis: Redis, prefix = 'kapu-rl:'): FastifyRateLimitStoreCtor {
    return class extends RedisLimitStore {
      constructor(_options: FastifyRateLimitOptions) {
        super(redis, prefix);
      }
    };
  }

  /** The Redis key a limiter key is counted under. */
  keyFor(key: string): string {
    return this.prefix + key;
  }

  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
    this.redis.eval(INCR, 1, this.keyFor(key), String(timeWindow)).then(
      (res) => {
        const [current, ttl] = res as [number, number];
        callback(null, { current, ttl });
      },
      (err: Error) => callback(err),
    );
  }

  /** Gets the plugin's merged limit options (typed as route options upstream, which they are not). */
  child(options: object): FastifyRateLimitStore {
    const route = (options as { routeInfo?: RouteInfo }).routeInfo;
    const method = Array.isArray(route?.method) ? route.method.join(',') : route?.method;
    const scope = method && route?.url ? `${method}${route.url}-` : '';
    return new RedisLimitStore(this.redis, this.prefix + scope);
  }
}
