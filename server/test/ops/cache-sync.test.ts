import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LruMap } from '../../src/core/lru.js';
import { adminLogin, buildSecondInstance, buildTestApp, registerMember, type TestApp } from '../helper.js';
import { seedSite } from '../sites/sites-fixture.js';

/** Polls `read` until it returns `want` (deep equal) or `ms` pass; returns how long it took. */
async function within(ms: number, read: () => Promise<unknown>, want: unknown): Promise<number> {
  const started = Date.now();
  let last: unknown;
  while (Date.now() - started < ms) {
    last = await read();
    if (JSON.stringify(last) === JSON.stringify(want)) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(last).toEqual(want);
  return Date.now() - started;
}

const CONVERGE_MS = 5_000;

// Every per-process cache follows a change made on another instance within 5 s: through Redis
// pub/sub when there is Redis, through the database's version stamps when there is not.
describe.runIf(inject('pgAdminUrl'))('caches converge across instances', () => {
  const setups = [
    { name: 'PostgreSQL only', redisUrl: undefined as string | undefined },
    ...(inject('redisUrl') ? [{ name: 'PostgreSQL + Redis', redisUrl: inject('redisUrl') }] : []),
  ];
  describe.each(setups)('$name', ({ redisUrl }) => {
    let a: TestApp;
    let b: TestApp;
    let admin: string;
    beforeAll(async () => {
      a = await buildTestApp('postgres', { redisUrl });
      b = await buildSecondInstance(a);
      admin = await adminLogin(a);
    });
    afterAll(async () => {
      await b?.close();
      await a?.dispose();
    });

    it('site title and subtitle', async () => {
      const title = `标题${randomBytes(3).toString('hex')}`;
      const subtitle = `副标题${randomBytes(3).toString('hex')}`;
      expect((await a.post(`/${a.adminPath}/settings/site`, { title, subtitle }, admin)).json.code).toBe(1000);
      expect((await a.post('/site/info')).json.data).toMatchObject({ title, subtitle });
      await within(
        CONVERGE_MS,
        async () => {
          const info = (await b.post('/site/info')).json.data;
          return { title: info.title, subtitle: info.subtitle };
        },
        { title, subtitle },
      );
    });

    it('security settings', async () => {
      const before = (await b.post('/user/authOptions')).json.data.registerCaptcha as boolean;
      const res = await a.post(
        `/${a.adminPath}/settings/security`,
        { captchaAfter: 4, lockAfter: 9, lockMinutes: 7, registerCaptcha: before ? '0' : '1' },
        admin,
      );
      expect(res.json.code).toBe(1000);
      await within(CONVERGE_MS, async () => (await b.post('/user/authOptions')).json.data.registerCaptcha, !before);
    });

    it('goods price', async () => {
      const A = `/${a.adminPath}`;
      const dirId = (await a.post(`${A}/catalog/saveDir`, { name: `目录${randomBytes(2).toString('hex')}` }, admin))
        .json.data.id as number;
      const goods = {
        dirId,
        name: `商品${randomBytes(3).toString('hex')}`,
        type: 'card',
        faceValue: '10',
        price: '9.50',
      };
      const id = (await a.post(`${A}/catalog/saveGoods`, goods, admin)).json.data.id as number;
      expect((await b.post('/inside/goods/getDetail', { goodsId: id })).json.data.price).toBe(950);
      expect((await a.post(`${A}/catalog/saveGoods`, { ...goods, id, price: '8.25' }, admin)).json.code).toBe(1000);
      await within(
        CONVERGE_MS,
        async () => (await b.post('/inside/goods/getDetail', { goodsId: id })).json.data.price,
        825,
      );
    });

    // Last: the admin path moves for both instances.
    it('admin path', async () => {
      const moved = `moved${randomBytes(4).toString('hex')}`;
      const old = a.adminPath;
      expect((await b.post(`/${old}/auth/probe`)).json.code).toBe(1000);
      expect((await a.post(`/${old}/settings/adminPath`, { adminPath: moved }, admin)).json.code).toBe(1000);
      await within(CONVERGE_MS, async () => (await b.post(`/${moved}/auth/probe`)).status, 200);
      expect((await b.post(`/${moved}/auth/probe`)).json.code).toBe(1000);
      expect((await b.post(`/${old}/auth/probe`)).status).toBe(404);
    });

    it('a sub-site: its resolution (status, path) and its owner’s price rules', async () => {
      const owner = (await registerMember(a)).loginName;
      const ownerId = (
        await a.deps.db.selectFrom('users').select('id').where('login_name', '=', owner).executeTakeFirstOrThrow()
      ).id;
      const path = `conv-${randomBytes(3).toString('hex')}`;
      const siteId = await seedSite(a, { ownerId, path, buyer: [{ kind: 'fixed', value: 100 }] });
      const priceOnB = async () => {
        const res = await b.post(`/${path}/inside/goods/getList`, { page: 1, pageSize: 1 });
        return res.json.code === 1000 ? (res.json.data.list[0]?.price as number) : res.json.code;
      };
      const platformPrice = (await b.post('/inside/goods/getList', { page: 1, pageSize: 1 })).json.data.list[0]
        .price as number;
      expect(await priceOnB()).toBe(platformPrice + 100);

      await a.deps.db.updateTable('site_price_rules').set({ value: 300 }).where('site_id', '=', siteId).execute();
      await a.deps.caches.changed('site-rules');
      await within(CONVERGE_MS, priceOnB, platformPrice + 300);

      await a.deps.db.updateTable('sites').set({ status: 'suspended' }).where('id', '=', siteId).execute();
      await a.deps.caches.changed('site');
      await within(CONVERGE_MS, priceOnB, 6003);
    });
  });
});

describe('LruMap', () => {
  it('keeps the most recently used entries within its bound', () => {
    const lru = new LruMap<string, number>(2);
    lru.set('a', 1).set('b', 2);
    expect(lru.get('a')).toBe(1); // a is now the most recent
    lru.set('c', 3);
    expect(lru.get('b')).toBeUndefined();
    expect([...lru].map(([k]) => k)).toEqual(['a', 'c']);
    expect(lru.size).toBe(2);
  });
});
