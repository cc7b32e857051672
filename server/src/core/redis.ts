import type { FastifyBaseLogger } from 'fastify';
import type { Redis, RedisOptions } from 'ioredis';
import { lazyModule } from './lazy-module.js';

const loadIoredis = lazyModule<typeof import('ioredis')>('ioredis');

/**
 * Redis is a helper for scale-out (shared rate limits, instant cache invalidation), never a
 * dependency of a request: while it is away, calls fail at once instead of queueing (no offline
 * queue, one retry), the client reconnects in the background, and every user falls back to
 * what one process can do alone (core/rate-limit-store.ts, core/cache-sync.ts).
 */
export const REDIS_OPTIONS: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  connectTimeout: 2_000,
  commandTimeout: 1_000,
  // Reconnect forever, at most every 2 s.
  retryStrategy: (times) => Math.min(times * 200, 2_000),
  // Subscriptions are renewed by their owner on each `ready` (core/cache-sync.ts).
  autoResubscribe: false,
};

/**
 * A client for REDIS_URL whose connection errors are logged once per outage instead of
 * surfacing as unhandled `[ioredis]` error events. `role` names the connection in the log.
 */
export function openRedis(url: string, log: Pick<FastifyBaseLogger, 'warn' | 'info'>, role = 'main'): Redis {
  return watched(new (loadIoredis().Redis)(url, REDIS_OPTIONS), log, role);
}

/** A second connection with the same options (a subscriber cannot run other commands). */
export function duplicateRedis(redis: Redis, log: Pick<FastifyBaseLogger, 'warn' | 'info'>, role: string): Redis {
  return watched(redis.duplicate(), log, role);
}

function watched(client: Redis, log: Pick<FastifyBaseLogger, 'warn' | 'info'>, role: string): Redis {
  let down = false;
  client.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: err.message, redis: role }, 'Redis 连接中断，后台重连中');
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ redis: role }, 'Redis 连接已恢复');
  });
  return client;
}

/** Resolves true once the client is ready, false after `ms` (start-up does not wait longer). */
export function whenReady(client: Redis, ms: number): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    client.on('ready', onReady);
  });
}

/** 'ok' when Redis answers a PING now, otherwise 'down' (fails fast: no offline queue). */
export async function redisState(client: Redis): Promise<'ok' | 'down'> {
  if (client.status !== 'ready') return 'down';
  try {
    return (await client.ping()) === 'PONG' ? 'ok' : 'down';
  } catch {
    return 'down';
  }
}
