import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCappedShelves } from '../../src/core/db/migrations/0028-goods-limit-audit.js';
import {
  buildTestApp,
  dialects,
  drainJobs,
  solvedCaptcha,
  someLoopbackIp,
  type Envelope,
  type TestApp,
} from '../helper.js';
import { shop } from '../commerce/commerce-helper.js';
import { seedSite } from './sites-fixture.js';
import { admin, call, member, openSite, siteOf, version, type Member } from './sites-helper.js';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/**
 * Decision 0019: a site on a version with a goods limit sells at most that many goods (an opt-in
 * shelf, seeded on opening), everywhere it sells (lists, detail, checkout, the open API); a child
 * sells only what its parent sells; the shelf follows upgrades and the admin's changes of the limit;
 * the owners' edits are audited in their transaction, and each owner reads only their own.
 */
describe.each(dialects())('the goods limit of a site version, and the owners’ audit, on %s', (dialect) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof shop>>;
  let g1: number;
  let g2: number;
  let capped: { id: number };
  let wide: { id: number };
  let a: Member;
  let siteA: { id: number; path: string };

  /** The platform's goods on sale, in the catalogue's order (what a new shelf is seeded from). */
  const catalogue = async () =>
    (
      await t.deps.db
        .selectFrom('goods')
        .select('id')
        .where('site_id', '=', 1)
        .where('status', '=', 'on_sale')
        .orderBy('sort')
        .orderBy('id')
        .execute()
    ).map((g) => g.id);
  const shelf = async (who: Member, body: Record<string, unknown> = {}) => {
    const res = await call(t, '/vip/siteGoods/getList', { pageSize: 100, ...body }, who.token);
    expect(res.code, res.msg).toBe(1000);
    return res.data as { list: Array<{ id: number; hidden: boolean }>; total: number; shown: number; maxGoods: number };
  };
  const store = async (path: string) => {
    const res = await call(t, `/${path}/inside/goods/getList`, { page: 1, pageSize: 100 }, undefined);
    expect(res.code, res.msg).toBe(1000);
    return res.data as { list: Array<{ id: number }>; total: number };
  };
  const storeIds = async (path: string) => (await store(path)).list.map((g) => g.id).sort((x, y) => x - y);
  const sorted = (ids: number[]) => [...ids].sort((x, y) => x - y);
  const buy = (path: string, goodsId: number) =>
    call(t, `/${path}/inside/order/create`, {
      goodsId,
      quantity: 1,
      contact: 'buyer@example.com',
      queryPassword: 'look123456',
    });
  const auditRows = async (siteId: number) =>
    t.deps.db.selectFrom('audit_logs').selectAll().where('site_id', '=', siteId).orderBy('id').execute();

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    s = await shop(t);
    // Last in the catalogue's order: the seeding takes the goods before them.
    g1 = await s.goods({ price: '10.00', sort: 9000 });
    g2 = await s.goods({ price: '5.00', sort: 9001 });
    await s.cards(g1, 10);
    await s.cards(g2, 10);
    capped = await version(t, s.admin, { maxGoods: 3, sort: 1, priceMonth: '10' });
    wide = await version(t, s.admin, { maxGoods: 0, sort: 5, priceMonth: '20' });
    a = await member(t, 100_000);
    const opened = await openSite(t, a, capped.id);
    expect(opened.code, opened.msg).toBe(1000);
    const row = (await siteOf(t, a.id))!;
    siteA = { id: row.id, path: row.path! };
  });
  afterAll(() => t.dispose());

  it('seeds a new capped site with the first N goods of the catalogue; it sells those and no more', async () => {
    const first = (await catalogue()).slice(0, 3);
    expect(first).not.toContain(g1);
    const mine = await shelf(a, { shelf: 'shown' });
    expect(mine).toMatchObject({ shown: 3, maxGoods: 3, total: 3 });
    expect(sorted(mine.list.map((g) => g.id))).toEqual(sorted(first));
    expect(await storeIds(siteA.path)).toEqual(sorted(first));
    // The rest of the parent's catalogue is in the market, not on sale here.
    const market = await shelf(a, { shelf: 'hidden' });
    expect(market.list.find((g) => g.id === g1)).toMatchObject({ hidden: true });
  });

  it('refuses a goods off the shelf as not found: detail, checkout, the open API', async () => {
    const detail = await call(t, `/${siteA.path}/inside/goods/getDetail`, { goodsId: g1 });
    expect(detail.code).toBe(3003);
    expect((await buy(siteA.path, g1)).code).toBe(3003);
    // The same goods sells on the platform.
    expect((await call(t, '/inside/goods/getDetail', { goodsId: g1 })).code).toBe(1000);
    // A member of the site calling the open API: the goods is not found there either.
    const reg = await call(t, `/${siteA.path}/user/register`, {
      loginName: `cap${Date.now() % 1_000_000}`,
      password: 'abc12345',
      ...(await solvedCaptcha(t)),
    });
    expect(reg.code, reg.msg).toBe(1000);
    const made = await call(
      t,
      '/inside/openapi/createKey',
      { name: '测试', scopes: 'goods,orders' },
      reg.data.authCode,
    );
    expect(made.code, made.msg).toBe(1000);
    const api = async (path: string, body: Record<string, unknown>): Promise<Envelope> => {
      const raw = JSON.stringify(body);
      const ts = String(Math.floor(Date.now() / 1000));
      const res = await t.app.inject({
        method: 'POST',
        url: `/openapi/${path}`,
        headers: {
          'content-type': 'application/json',
          'x-app-id': made.data.appId,
          'x-version': '3.0',
          'x-timestamp': ts,
          'x-signature': md5(`${made.data.appId}${made.data.appSecret}3.0${ts}${raw}`),
        },
        payload: raw,
        remoteAddress: someLoopbackIp(),
      });
      return res.json() as Envelope;
    };
    expect((await api('goods/getDetail', { goodsId: g1, n: 1 })).code).toBe(2416);
    const onShelf = (await shelf(a, { shelf: 'shown' })).list[0]!.id;
    expect((await api('goods/getDetail', { goodsId: onShelf, n: 2 })).code).toBe(1000);
  });

  it('adds from the market up to the limit and refuses beyond it, changing nothing and writing no audit row', async () => {
    const before = await auditRows(siteA.id);
    const refused = await call(t, '/vip/market/putOn', { ids: [g1] }, a.token);
    expect(refused.code).toBe(6012);
    expect(refused.msg).toContain('已上架 3 / 上限 3');
    expect((await shelf(a)).shown).toBe(3);
    expect(await auditRows(siteA.id)).toHaveLength(before.length);
    // Take one off, then g1 fits; it sells at once.
    const off = (await shelf(a, { shelf: 'shown' })).list[0]!.id;
    expect((await call(t, '/vip/siteGoods/setHidden', { ids: [off], hidden: 1 }, a.token)).data).toEqual({
      updated: 1,
    });
    expect((await shelf(a)).shown).toBe(2);
    const put = await call(t, '/vip/market/putOn', { ids: [g1], markup: { kind: 'percent', value: '10' } }, a.token);
    expect(put.code, put.msg).toBe(1000);
    expect((await shelf(a)).shown).toBe(3);
    expect(await storeIds(siteA.path)).toContain(g1);
    expect(await storeIds(siteA.path)).not.toContain(off);
    const order = await buy(siteA.path, g1);
    expect(order.code, order.msg).toBe(1000);
    // Both writes were recorded for this site, with who and what.
    const rows = await auditRows(siteA.id);
    expect(rows.map((r) => r.action).slice(before.length)).toEqual(['siteOwner.goodsOff', 'siteOwner.putOn']);
    expect(rows.at(-1)).toMatchObject({ staff_id: 0, target: `goods:${g1}` });
    expect(rows.at(-1)!.staff_name).toContain(a.loginName);
    expect(JSON.parse(rows.at(-1)!.after_json!)).toMatchObject({ putOn: [g1], shown: 3 });
  });

  it('lets a child site sell only what its capped parent sells', async () => {
    const child = await member(t, 100_000, { siteId: siteA.id });
    const opened = await call(
      t,
      `/${siteA.path}/inside/site/open`,
      { versionId: wide.id, period: 'month', title: '下级', path: `c${Date.now() % 1_000_000}` },
      child.token,
    );
    expect(opened.code, opened.msg).toBe(1000);
    const path = (await siteOf(t, child.id))!.path!;
    const parentSells = await storeIds(siteA.path);
    expect(await storeIds(path)).toEqual(parentSells);
    expect((await shelf(child)).total).toBe(3);
    // Putting on what the parent does not sell changes nothing.
    expect((await call(t, '/vip/market/putOn', { ids: [g2] }, child.token)).data).toEqual({ shown: 0, priced: 0 });
    expect((await buy(path, g2)).code).toBe(3003);
    // A capped child's shelf is seeded from what its parent sells, not from the platform's catalogue.
    const small = await version(t, s.admin, { maxGoods: 2, sort: 0, priceMonth: '10' });
    const second = await member(t, 100_000, { siteId: siteA.id });
    const opened2 = await call(
      t,
      `/${siteA.path}/inside/site/open`,
      { versionId: small.id, period: 'month', title: '下级二', path: `d${Date.now() % 1_000_000}` },
      second.token,
    );
    expect(opened2.code, opened2.msg).toBe(1000);
    const path2 = (await siteOf(t, second.id))!.path!;
    const inOrder = (await catalogue()).filter((id) => parentSells.includes(id)).slice(0, 2);
    expect(await storeIds(path2)).toEqual(sorted(inOrder));
    expect(await shelf(second)).toMatchObject({ shown: 2, maxGoods: 2 });
  });

  it('keeps every owner to their own shelf and their own 操作记录; staff see the site in the audit list', async () => {
    const x = await member(t, 100_000);
    expect((await openSite(t, x, capped.id)).code).toBe(1000);
    const xSite = (await siteOf(t, x.id))!;
    const xBefore = await shelf(x, { shelf: 'shown' });
    expect(xBefore.list.map((g) => g.id)).not.toContain(g1);
    expect((await call(t, '/vip/siteGoods/setHidden', { ids: [g1], hidden: 1 }, x.token)).code).toBe(1000);
    expect(await storeIds(siteA.path)).toContain(g1);
    const rule = await call(
      t,
      '/vip/priceRule/save',
      { audience: 'child', scope: 'global', kind: 'percent', value: '8' },
      x.token,
    );
    expect(rule.code, rule.msg).toBe(1000);
    const ruleId = rule.data.id as number;
    // a cannot touch x's rule, and nothing is recorded for the refused attempt.
    const aRows = (await auditRows(siteA.id)).length;
    expect((await call(t, '/vip/priceRule/delete', { id: ruleId }, a.token)).code).toBe(6008);
    expect(await auditRows(siteA.id)).toHaveLength(aRows);
    const aLog = await call(t, '/vip/site/auditLog', { page: 1, pageSize: 50 }, a.token);
    expect(aLog.code, aLog.msg).toBe(1000);
    expect(aLog.data.list.every((e: { siteId: number }) => e.siteId === siteA.id)).toBe(true);
    expect(aLog.data.list.map((e: { actionText: string }) => e.actionText)).toContain('选品上架');
    // The goods are named as the owner knows them.
    const g1Name = (await t.deps.db.selectFrom('goods').select('name').where('id', '=', g1).executeTakeFirstOrThrow())
      .name;
    expect(aLog.data.list.find((e: { action: string }) => e.action === 'siteOwner.putOn')).toMatchObject({
      targetText: `商品 ${g1Name}`,
    });
    const xLog = (await call(t, '/vip/site/auditLog', { page: 1, pageSize: 50 }, x.token)).data;
    expect(xLog.list[0]).toMatchObject({
      siteId: xSite.id,
      action: 'siteOwner.ruleCreate',
      actionText: '新增加价规则',
    });
    expect(xLog.list[0].after).toMatchObject({ kind: 'percent', value: 800 });
    expect(xLog.list.some((e: { siteId: number }) => e.siteId !== xSite.id)).toBe(false);
    // A member without a site reads nothing.
    const none = await member(t);
    expect((await call(t, '/vip/site/auditLog', { page: 1, pageSize: 10 }, none.token)).code).toBe(6007);
    // Staff read every site's entries, the site named.
    const staff = await admin(t, s.admin, '/audit/list', { page: 1, pageSize: 20, siteId: xSite.id });
    expect(staff.code, staff.msg).toBe(1000);
    expect(staff.data.list[0]).toMatchObject({ siteId: xSite.id, siteTitle: expect.stringContaining(xSite.title) });
  });

  it('records rule, rounding, settings and customer edits with before and after; a refused edit writes none', async () => {
    const save = await call(
      t,
      '/vip/priceRule/save',
      { audience: 'buyer', scope: 'global', kind: 'percent', value: '10' },
      a.token,
    );
    expect(save.code, save.msg).toBe(1000);
    const again = await call(
      t,
      '/vip/priceRule/save',
      { audience: 'buyer', scope: 'global', kind: 'percent', value: '12' },
      a.token,
    );
    expect(again.code, again.msg).toBe(1000);
    expect((await call(t, '/vip/priceRule/setRounding', { rounding: 'jiao' }, a.token)).code).toBe(1000);
    expect((await call(t, '/vip/site/saveProfile', { title: '改名后的小店' }, a.token)).code).toBe(1000);
    expect((await call(t, '/vip/site/setOpen', { open: 0, reason: '盘点' }, a.token)).code).toBe(1000);
    expect((await call(t, '/vip/site/setOpen', { open: 1 }, a.token)).code).toBe(1000);
    const customer = await member(t, 0, { siteId: siteA.id });
    expect((await call(t, '/vip/office/customerDisabled', { userId: customer.id, disabled: 1 }, a.token)).code).toBe(
      1000,
    );
    const rows = await auditRows(siteA.id);
    const last = rows.slice(-7);
    expect(last.map((r) => r.action)).toEqual([
      'siteOwner.ruleUpdate',
      'siteOwner.ruleUpdate',
      'siteOwner.rounding',
      'siteOwner.profile',
      'siteOwner.setOpen',
      'siteOwner.setOpen',
      'siteOwner.customerDisabled',
    ]);
    expect(JSON.parse(last[1]!.before_json!)).toMatchObject({ value: 1000 });
    expect(JSON.parse(last[1]!.after_json!)).toMatchObject({ value: 1200 });
    expect(JSON.parse(last[2]!.before_json!)).toEqual({ rounding: 'fen' });
    expect(JSON.parse(last[4]!.after_json!)).toMatchObject({ status: 'closed', reason: '盘点' });
    expect(last[6]!.target).toBe(`user:${customer.id}`);
    // Refused: a set price below the cost, a bad rounding. No row.
    const count = rows.length;
    const g1Rule = await call(
      t,
      '/vip/priceRule/save',
      { audience: 'buyer', scope: 'goods', targetId: g1, kind: 'price', value: '0.01' },
      a.token,
    );
    expect(g1Rule.code).toBe(6005);
    expect((await call(t, '/vip/priceRule/setRounding', { rounding: 'dollar' }, a.token)).code).toBe(1001);
    expect(await auditRows(siteA.id)).toHaveLength(count);
    expect((await call(t, '/vip/priceRule/setRounding', { rounding: 'fen' }, a.token)).code).toBe(1000);
  });

  it('upgrading to an uncapped version returns to the default shelf (what the owner took off stays off)', async () => {
    const up = await call(t, '/inside/site/upgrade', { versionId: wide.id, period: 'month' }, a.token);
    expect(up.code, up.msg).toBe(1000);
    const after = await shelf(a);
    expect(after.maxGoods).toBe(0);
    const explicitlyOff = (
      await t.deps.db
        .selectFrom('site_goods')
        .select('goods_id')
        .where('site_id', '=', siteA.id)
        .where('hidden', '=', 1)
        .execute()
    ).map((r) => Number(r.goods_id));
    expect(explicitlyOff).toHaveLength(1);
    const all = await catalogue();
    expect(after.shown).toBe(all.length - 1);
    expect(await storeIds(siteA.path)).toEqual(sorted(all.filter((id) => id !== explicitlyOff[0])));
    expect((await buy(siteA.path, g2)).code).toBe(1000);
  });

  it('follows the admin’s changes of a version’s limit: a new limit seeds, a lower one trims and tells the owner', async () => {
    const v = await version(t, s.admin, { maxGoods: 0, sort: 2, priceMonth: '10' });
    const b = await member(t, 100_000);
    expect((await openSite(t, b, v.id)).code).toBe(1000);
    const bSite = (await siteOf(t, b.id))!;
    const all = (await catalogue()).length;
    expect((await store(bSite.path!)).total).toBe(all);
    const saveVersion = (maxGoods: number) =>
      admin(t, s.admin, '/sites/versions/save', {
        id: v.id,
        name: '限量版',
        priceMonth: '10',
        levelId: v.levelId,
        maxChildren: 5,
        maxGoods,
        sort: 2,
      });
    expect((await saveVersion(4)).code).toBe(1000);
    const first = (await catalogue()).slice(0, 4);
    expect(await storeIds(bSite.path!)).toEqual(sorted(first));
    expect((await shelf(b)).shown).toBe(4);
    expect((await saveVersion(2)).code).toBe(1000);
    expect(await storeIds(bSite.path!)).toEqual(sorted(first.slice(0, 2)));
    await drainJobs(t);
    const told = await t.deps.db
      .selectFrom('messages')
      .select(['title', 'body', 'link'])
      .where('user_id', '=', b.id)
      .where('topic', '=', 'site.shelfTrimmed')
      .execute();
    expect(told).toEqual([expect.objectContaining({ title: '分站商品上限调整为 2 件', link: '/vip/vipGoods' })]);
    expect(told[0]!.body).toContain('其余 2 件已自动下架');
  });

  it('the upgrade migration seeds the shelves of sites already on capped versions, the owner’s picks first', async () => {
    const owner = await member(t);
    const id = await seedSite(t, { ownerId: owner.id, path: `mig${Date.now() % 100000}` });
    const row = (await siteOf(t, owner.id))!;
    await t.deps.db.updateTable('site_versions').set({ max_goods: 2 }).where('id', '=', row.version_id!).execute();
    // Before 0028 a capped site sold everything; the owner had picked g2 in the market.
    await t.deps.db
      .insertInto('site_goods')
      .values({ site_id: id, goods_id: g2, hidden: 0, sort: null, updated_at: Date.now() })
      .execute();
    expect(await seedCappedShelves(t.deps.db as never)).toBeGreaterThan(0);
    await t.deps.caches.changed('site-rules');
    const first = (await catalogue()).filter((g) => g !== g2)[0]!;
    expect(await storeIds(row.path!)).toEqual(sorted([g2, first]));
    // Seeding again changes nothing.
    await seedCappedShelves(t.deps.db as never);
    await t.deps.caches.changed('site-rules');
    expect(await storeIds(row.path!)).toEqual(sorted([g2, first]));
  });
});
