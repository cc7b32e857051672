import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { LruMap } from './lru.js';

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

/** Keys counted in-process while Redis is away: the busiest stay, the others start over. */
const LOCAL_KEYS_MAX = 100_000;

/**
 * What every limiter of one app shares while Redis is unreachable: in-process counters (the
 * same fixed window as the script above, per instance) and whether it is counting them now.
 * A limit must never turn into an error page because Redis went away (login, registration and
 * payments are all limited), so a failed or impossible Redis call is counted here instead.
 */
export class LocalFallback {
  private readonly counts = new LruMap<string, { current: number; endsAt: number }>(LOCAL_KEYS_MAX);
  private local = false;

  constructor(private readonly log?: Pick<FastifyBaseLogger, 'warn' | 'info'>) {}

  get counting(): boolean {
    return this.local;
  }

  incr(key: string, timeWindow: number, now = Date.now()): { current: number; ttl: number } {
    let entry = this.counts.get(key);
    if (!entry || entry.endsAt <= now) this.counts.set(key, (entry = { current: 0, endsAt: now + timeWindow }));
    entry.current++;
    return { current: entry.current, ttl: entry.endsAt - now };
  }

  /** Redis failed (or is not connected): count here, and say so once per outage. */
  redisDown(err?: Error): void {
    if (this.local) return;
    this.local = true;
    this.log?.warn({ err: err?.message }, 'Redis 不可用，限流改为本机计数');
  }

  /** Redis answered again: shared counting resumes, said once. */
  redisBack(): void {
    if (!this.local) return;
    this.local = false;
    this.counts.clear();
    this.log?.info('Redis 已恢复，限流回到 Redis 共享计数');
  }
}

/**
 * Rate-limit counters in Redis, keyed `kapu-rl:<key>`. The plugin's own Redis store prefixes
 * every child with the route's method and URL, which a limiter made by `createRateLimit` does
 * not have: its keys read `kapu-rl:undefinedundefined-…`. Our limiters name their route in the
 * key already (core/calls.ts), so a child without a route keeps the bare prefix. While Redis
 * is not connected or a call fails, counts are kept in-process (`LocalFallback`).
 */
export class RedisLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly redis: Redis,
    readonly prefix: string,
    private readonly fallback: LocalFallback = new LocalFallback(),
  ) {}

  /** The plugin's `store` option: a constructor it calls with its options. */
  static for(
    redis: Redis,
    log?: Pick<FastifyBaseLogger, 'warn' | 'info'>,
    prefix = 'kapu-rl:',
  ): FastifyRateLimitStoreCtor {
    const fallback = new LocalFallback(log);
    return class extends RedisLimitStore {
      constructor(_options: FastifyRateLimitOptions) {
        super(redis, prefix, fallback);
      }
    };
  }

  /** The Redis key a limiter key is counted under. */
  keyFor(key: string): string {
    return this.prefix + key;
  }

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    const full = this.keyFor(key);
    // Not connected: no round trip (the client would refuse it at once anyway, see core/redis.ts).
    if (this.redis.status !== 'ready') {
      this.fallback.redisDown();
      callback(null, this.fallback.incr(full, timeWindow));
      return;
    }
    this.redis.eval(INCR, 1, full, String(timeWindow)).then(
      (res) => {
        this.fallback.redisBack();
        const [current, ttl] = res as [number, number];
        callback(null, { current, ttl });
      },
      (err: Error) => {
        this.fallback.redisDown(err);
        callback(null, this.fallback.incr(full, timeWindow));
      },
    );
  }

  /** Gets the plugin's merged limit options (typed as route options upstream, which they are not). */
  child(options: object): FastifyRateLimitStore {
    const route = (options as { routeInfo?: RouteInfo }).routeInfo;
    const method = Array.isArray(route?.method) ? route.method.join(',') : route?.method;
    const scope = method && route?.url ? `${method}${route.url}-` : '';
    return new RedisLimitStore(this.redis, this.prefix + scope, this.fallback);
  }
}
