import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildSecondInstance, buildTestApp, registerMember, someLoopbackIp, type TestApp } from './helper.js';

// Two app instances on one PostgreSQL and one Redis, as the README's scale-out runs them.
describe.runIf(inject('pgAdminUrl') && inject('redisUrl'))('two instances on PostgreSQL + Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await buildTestApp('postgres', { redisUrl: inject('redisUrl') });
    b = await buildSecondInstance(a);
  });
  afterAll(async () => {
    await b.close();
    await a.dispose();
  });

  it('shares sessions: a login on one instance works on the other, a logout ends it on both', async () => {
    const m = await registerMember(a);
    expect((await b.post('/inside/inter/getAccount', {}, m.token)).json.data.loginName).toBe(m.loginName);
    await b.post('/user/logout', {}, m.token);
    expect((await a.post('/inside/inter/getAccount', {}, m.token)).json.code).toBe(-2);
  });

  it('shares rate limits through Redis: the per-account budget spans instances', async () => {
    const m = await registerMember(a, `rl${randomBytes(4).toString('hex')}`);
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) {
      const app = i % 2 === 0 ? a : b;
      const res = await app.post(
        '/user/login',
        { account: m.loginName, password: 'wrong1234' },
        undefined,
        someLoopbackIp(),
      );
      codes.push(res.json.code);
    }
    // 3 wrong passwords, then the captcha is required (1108) until the budget of 30 runs out.
    expect(codes.filter((c) => c === 1102)).toHaveLength(3);
    expect(codes.slice(3, 30).every((c) => c === 1108)).toBe(true);
    expect(codes.slice(30)).toEqual([1002, 1002]);
  });

  it('agrees on the admin path and sees a change after the settings refresh', async () => {
    expect(b.adminPath).toBe(a.adminPath);
    await a.deps.settings.set('core.admin_path', 'movedpath1');
    await b.deps.settings.load(); // what a change announcement makes B do (core/cache-sync.ts)
    expect((await b.post('/movedpath1/auth/probe')).json.code).toBe(1000);
    expect((await b.post(`/${a.adminPath}/auth/probe`)).status).toBe(404);
  });
});
