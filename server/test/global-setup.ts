import pg from 'pg';
import type { TestProject } from 'vitest/node';

export const DEFAULT_PG_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Decides once whether the PostgreSQL suites run: always in CI (a missing server fails the
 * run there), and locally when one answers.
 */
export default async function setup(project: TestProject): Promise<void> {
  const url = process.env.TEST_PG_URL ?? DEFAULT_PG_ADMIN_URL;
  let reachable = false;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    reachable = true;
  } catch (err) {
    if (process.env.CI) throw new Error(`CI needs PostgreSQL at ${url}: ${(err as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
  project.provide('pgAdminUrl', reachable ? url : '');
  project.provide('redisUrl', await redisReachable());
}

async function redisReachable(): Promise<string> {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    await redis.ping();
    return url;
  } catch (err) {
    if (process.env.CI) throw new Error(`CI needs Redis at ${url}: ${(err as Error).message}`);
    return '';
  } finally {
    redis.disconnect();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    redisUrl: string;
  }
}
