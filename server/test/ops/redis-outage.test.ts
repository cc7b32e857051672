import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, connect } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { LocalFallback } from '../../src/core/rate-limit-store.js';
import { shop, visitorBuy } from '../commerce/commerce-helper.js';
import {
  adminLogin,
  buildSecondInstance,
  buildTestApp,
  registerMember,
  someLoopbackIp,
  type TestApp,
} from '../helper.js';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** A private redis-server for this file only: the shared one on 6379 is never stopped. */
function startRedis(port: number): ChildProcess {
  return spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
    { stdio: 'ignore' },
  );
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('rate limits fall back to in-process counting, said once per outage', () => {
  it('warns once when Redis goes, once when it is back, and counts a fixed window meanwhile', () => {
    const log = { warn: vi.fn(), info: vi.fn() };
    const fallback = new LocalFallback(log);
    fallback.redisDown(new Error('x'));
    fallback.redisDown(new Error('y'));
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]![1]).toBe('Redis 不可用，限流改为本机计数');
    expect(fallback.incr('k', 1_000, 0)).toEqual({ current: 1, ttl: 1_000 });
    expect(fallback.incr('k', 1_000, 400)).toEqual({ current: 2, ttl: 600 });
    expect(fallback.incr('k', 1_000, 1_000)).toEqual({ current: 1, ttl: 1_000 });
    fallback.redisBack();
    fallback.redisBack();
    expect(log.info).toHaveBeenCalledTimes(1);
    expect(fallback.counting).toBe(false);
  });
});

// Redis stops under a running app: every call still answers with its business code (no 5xx),
// nothing goes unhandled, /readyz says degraded, and all comes back when Redis does.
describe.runIf(inject('redisUrl'))('Redis outage', () => {
  const dialect = inject('pgAdminUrl') ? 'postgres' : 'sqlite';
  let port: number;
  let redisServer: ChildProcess;
  let t: TestApp;
  let second: TestApp | undefined;
  let probe: Redis;
  let goodsId: number;
  let sandboxAccount: number;
  const problems: string[] = [];
  const onRejection = (reason: unknown) => problems.push(`unhandledRejection: ${String(reason)}`);
  const onException = (err: Error) => problems.push(`uncaughtException: ${err.message}`);
  let consoleError: ReturnType<typeof vi.spyOn>;

  beforeAll(async () => {
    port = await freePort();
    redisServer = startRedis(port);
    expect(await until(() => accepts(port), 10_000)).toBe(true);
    process.on('unhandledRejection', onRejection);
    process.on('uncaughtException', onException);
    consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      problems.push(`console.error: ${args.map(String).join(' ')}`);
    });
    t = await buildTestApp(dialect, { redisUrl: `redis://127.0.0.1:${port}` });
    if (dialect === 'postgres') second = await buildSecondInstance(t);
    const s = await shop(t);
    goodsId = await s.goods({ price: '3' });
    await s.cards(goodsId, 20);
    sandboxAccount = (
      await t.deps.db
        .selectFrom('payment_accounts')
        .select('id')
        .where('gateway', '=', 'sandbox')
        .where('enabled', '=', 1)
        .executeTakeFirstOrThrow()
    ).id;
    probe = new Redis(`redis://127.0.0.1:${port}`, {
      lazyConnect: true,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    probe.on('error', () => undefined);
  });
  afterAll(async () => {
    probe?.disconnect();
    await second?.close();
    await t?.dispose();
    await stopRedis(redisServer);
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
    consoleError?.mockRestore();
  });

  /** Admin login, member registration, a visitor order and its payment, limited calls: business answers only. */
  async function serves(): Promise<void> {
    const token = await adminLogin(t);
    expect(token).toBeTruthy();
    const m = await registerMember(t);
    expect(m.token).toBeTruthy();
    const statuses: number[] = [];
    const codes: number[] = [];
    const ip = someLoopbackIp();
    // /user/login is limited per IP and per account; past the budget it answers 1002.
    for (let i = 0; i < 3; i++) {
      const res = await t.post('/user/login', { account: m.loginName, password: 'wrong1234' }, undefined, ip);
      statuses.push(res.status);
      codes.push(res.json.code);
    }
    expect(statuses.every((s) => s < 500)).toBe(true);
    expect(codes).toEqual([1102, 1102, 1102]);
    const captcha = await t.post('/user/captcha', {}, undefined, someLoopbackIp());
    expect(captcha.status).toBe(200);
    const order = await visitorBuy(t, goodsId);
    expect(order.json.code).toBe(1000);
    const pay = await t.post(
      '/pay/create',
      { accountId: sandboxAccount, client: 'pc', orderNo: order.json.data.orderNo, queryPassword: 'look123456' },
      undefined,
      someLoopbackIp(),
    );
    expect(pay.status).toBe(200);
    expect(pay.json.code).toBe(1000);
  }

  async function ready(app: TestApp) {
    const res = await app.app.inject({ url: '/readyz' });
    return { status: res.statusCode, body: res.json() as { status: string; db: string; redis: string } };
  }

  it('with Redis up: serves, and /readyz is ok', async () => {
    await serves();
    expect(await ready(t)).toEqual({ status: 200, body: { status: 'ok', db: 'ok', redis: 'ok' } });
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('with Redis down: still serves with business codes, limits count in-process, /readyz degraded', async () => {
    await stopRedis(redisServer);
    expect(await until(async () => (await ready(t)).body.redis === 'down', 5_000)).toBe(true);
    await serves();
    expect(await ready(t)).toEqual({ status: 200, body: { status: 'degraded', db: 'ok', redis: 'down' } });
    expect((await t.app.inject({ url: '/healthz' })).json()).toMatchObject({ status: 'ok' });

    // The per-account login budget (30 per 10 min) still holds, counted here.
    const m = await registerMember(t, `rl${randomBytes(4).toString('hex')}`);
    const codes: number[] = [];
    for (let i = 0; i < 32; i++)
      codes.push(
        (await t.post('/user/login', { account: m.loginName, password: 'wrong1234' }, undefined, someLoopbackIp())).json
          .code,
      );
    expect(codes.slice(30)).toEqual([1002, 1002]);

    // Settings and the site row still follow changes: here at once, on a second instance by polling.
    const title = `停机${randomBytes(3).toString('hex')}`;
    const admin = await adminLogin(t);
    expect((await t.post(`/${t.adminPath}/settings/site`, { title }, admin)).json.code).toBe(1000);
    expect((await t.post('/site/info')).json.data.title).toBe(title);
    if (second)
      expect(await until(async () => (await second!.post('/site/info')).json.data.title === title, 5_000)).toBe(true);
  });

  it('with Redis back on the same port: /readyz recovers to ok and limits count in Redis again', async () => {
    redisServer = startRedis(port);
    expect(await until(() => accepts(port), 10_000)).toBe(true);
    expect(await until(async () => (await ready(t)).body.status === 'ok', 8_000)).toBe(true);
    expect(await ready(t)).toEqual({ status: 200, body: { status: 'ok', db: 'ok', redis: 'ok' } });
    const ip = someLoopbackIp();
    expect((await t.post('/user/captcha', {}, undefined, ip)).status).toBe(200);
    await probe.connect();
    expect(await probe.keys(`kapu-rl:*${ip}*`)).toEqual([`kapu-rl:/user/captcha|ip|${ip}`]);
    await serves();
    // Changes travel through pub/sub again.
    if (second) {
      const title = `恢复${randomBytes(3).toString('hex')}`;
      const admin = await adminLogin(t);
      await t.post(`/${t.adminPath}/settings/site`, { title }, admin);
      expect(await until(async () => (await second!.post('/site/info')).json.data.title === title, 5_000)).toBe(true);
    }
    expect(problems).toEqual([]);
  });
});
