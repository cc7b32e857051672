import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { RedisLimitStore } from '../../src/core/rate-limit-store.js';
import { buildTestApp, someLoopbackIp, type TestApp } from '../helper.js';

describe('rate-limit keys', () => {
  it('a limiter without a route keeps the bare prefix; a route limiter names its route', () => {
    const store = new RedisLimitStore({} as Redis, 'kapu-rl:');
    const limiter = store.child({ routeInfo: {} }) as RedisLimitStore;
    expect(limiter.keyFor('/user/captcha|ip|127.0.0.9')).toBe('kapu-rl:/user/captcha|ip|127.0.0.9');
    const route = store.child({ routeInfo: { method: 'POST', url: '/pay/notify' } }) as RedisLimitStore;
    expect(route.keyFor('k')).toBe('kapu-rl:POST/pay/notify-k');
  });
});

describe.runIf(inject('redisUrl'))('rate-limit keys in Redis', () => {
  let t: TestApp;
  let redis: Redis;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { redisUrl: inject('redisUrl') });
    redis = new Redis(inject('redisUrl'));
  });
  afterAll(async () => {
    redis.disconnect();
    await t?.dispose();
  });

  it('counts a call under kapu-rl:<path>|ip|<ip>, never "undefinedundefined"', async () => {
    const ip = someLoopbackIp();
    const res = await t.post('/user/captcha', {}, undefined, ip);
    expect(res.status).toBe(200);
    const keys = await redis.keys(`kapu-rl:*${ip}*`);
    expect(keys).toEqual([`kapu-rl:/user/captcha|ip|${ip}`]);
    expect(await redis.get(keys[0]!)).toBe('1');
    const ttl = await redis.pttl(keys[0]!);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(await redis.keys('*undefined*')).toEqual([]);
  });
});
