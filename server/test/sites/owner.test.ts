import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../helper.js';
import { shop } from '../commerce/commerce-helper.js';
import { seedCappedShelves } from '../../src/core/db/migrations/0028-goods-limit-audit.js';
import { seedSite } from './sites-fixture.js';

type Row = {
  id: number;
  cost: number;
  price: number;
  margin: number;
  childPrice: number;
  hidden: boolean;
  preview: { price: number; margin: number } | null;
  buyerRule: { id: number; scope: string } | null;
};

describe.each(dialects())('a site owner’s price rules, shelf and directories on %s', (dialect) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof shop>>;
  let g1: number;
  let g2: number;
  const owner: Record<'a' | 'b' | 'x' | 'none', { id: number; token: string }> = {} as never;
  const site: Record<'a' | 'b' | 'x', number> = {} as never;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    s = await shop(t);
    g1 = await s.goods({ price: '10.00' });
    g2 = await s.goods({ price: '5.00' });
    await s.cards(g1, 10);
    await s.cards(g2, 10);
    for (const k of ['a', 'b', 'x', 'none'] as const) owner[k] = await s.member();
    // 1 → a (path own-a) → b (own-b); x (own-x) is another owner's first-level site.
    site.a = await seedSite(t, { ownerId: owner.a.id, path: 'own-a' });
    site.b = await seedSite(t, { ownerId: owner.b.id, path: 'own-b', parentId: site.a });
    site.x = await seedSite(t, { ownerId: owner.x.id, path: 'own-x', buyer: [{ value: 500 }] });
  });
  afterAll(() => t.dispose());

  const as =
    (who: keyof typeof owner) =>
    (url: string, body: Record<string, unknown> = {}) =>
      t.post(url, body, owner[who].token);
  const shelf = async (who: keyof typeof owner, body: Record<string, unknown> = {}) => {
    const res = await as(who)('/vip/siteGoods/getList', { pageSize: 100, ...body });
    expect(res.json.code, res.json.msg).toBe(1000);
    return res.json.data as { list: Row[]; total: number; shown: number; maxGoods: number };
  };
  const rowOf = async (who: keyof typeof owner, goodsId: number, body: Record<string, unknown> = {}) =>
    (await shelf(who, body)).list.find((g) => g.id === goodsId);
  const storePrice = async (path: string, goodsId: number) => {
    const res = await t.post(`/${path}/inside/goods/getList`, { page: 1, pageSize: 100 });
    expect(res.json.code, res.json.msg).toBe(1000);
    return (res.json.data.list as Array<{ id: number; price: number }>).find((g) => g.id === goodsId)?.price;
  };
  const save = (who: keyof typeof owner, rule: Record<string, unknown>) =>
    as(who)('/vip/priceRule/save', { audience: 'buyer', scope: 'global', kind: 'percent', ...rule });

  it('answers NOT_SITE_OWNER to a member without a site, on every owner call', async () => {
    for (const url of [
      '/vip/priceRule/getList',
      '/vip/siteGoods/getList',
      '/vip/siteDir/getList',
      '/vip/priceRule/setRounding',
    ]) {
      const res = await as('none')(url, { rounding: 'jiao' });
      expect(res.json.code, url).toBe(6007);
    }
    expect((await save('none', { value: '10' })).json.code).toBe(6007);
    expect((await t.post('/vip/priceRule/getList')).json.code).toBe(-2);
  });

  it('prices the shelf from the cost and moves the storefront at once when a rule is saved', async () => {
    expect(await rowOf('a', g1)).toMatchObject({ cost: 1000, price: 1000, margin: 0, childPrice: 1000 });
    expect(await storePrice('own-a', g1)).toBe(1000);
    const saved = await save('a', { value: '10' });
    expect(saved.json.code, saved.json.msg).toBe(1000);
    expect(await rowOf('a', g1)).toMatchObject({
      cost: 1000,
      price: 1100,
      margin: 100,
      buyerRule: { scope: 'global' },
    });
    expect(await storePrice('own-a', g1)).toBe(1100);
    // Saving the global rule again changes it in place (one global rule per audience).
    expect((await save('a', { value: '12.5' })).json.data.id).toBe(saved.json.data.id);
    expect(await storePrice('own-a', g1)).toBe(1125);
    const list = await as('a')('/vip/priceRule/getList');
    expect(list.json.data).toMatchObject({ site: { id: site.a, path: 'own-a' }, rounding: 'fen', child: [] });
    expect(list.json.data.buyer).toEqual([expect.objectContaining({ scope: 'global', kind: 'percent', value: 1250 })]);
  });

  it('rounds up to the jiao or the yuan, never below the cost', async () => {
    expect((await as('a')('/vip/priceRule/setRounding', { rounding: 'yuan' })).json.code).toBe(1000);
    expect(await storePrice('own-a', g1)).toBe(1200);
    expect(await rowOf('a', g2)).toMatchObject({ cost: 500, price: 600 }); // 562.5 → 563 → ¥6
    expect((await as('a')('/vip/priceRule/setRounding', { rounding: 'fen' })).json.code).toBe(1000);
    expect(await storePrice('own-a', g1)).toBe(1125);
    expect((await as('a')('/vip/priceRule/setRounding', { rounding: 'dollar' })).json.code).toBe(1001);
  });

  it('refuses a set price under the cost with the cost in the message; per goods rules win over the global one', async () => {
    const low = await save('a', { scope: 'goods', targetId: g1, kind: 'price', value: '9.99' });
    expect(low.json.code).toBe(6005);
    expect(low.json.msg).toContain('¥10.00');
    const at = await save('a', { scope: 'goods', targetId: g1, kind: 'price', value: '13.80' });
    expect(at.json.code, at.json.msg).toBe(1000);
    expect(await storePrice('own-a', g1)).toBe(1380);
    expect(await rowOf('a', g1)).toMatchObject({ price: 1380, margin: 380, buyerRule: { scope: 'goods' } });
    // A set price for a whole directory is not a thing: the cost differs per goods.
    expect((await save('a', { scope: 'dir', targetId: s.dirId, kind: 'price', value: '20' })).json.code).toBe(6009);
    expect((await save('a', { scope: 'goods', targetId: 99_999_999, value: '1' })).json.code).toBe(3003);
    expect((await save('a', { scope: 'dir', targetId: 99_999_999, value: '1' })).json.code).toBe(6022);
    expect((await as('a')('/vip/priceRule/delete', { id: at.json.data.id })).json.code).toBe(1000);
    expect(await storePrice('own-a', g1)).toBe(1125);
  });

  it('refuses overlapping price ranges and bad values, changing nothing', async () => {
    const first = await save('a', { scope: 'range', rangeMin: '0', rangeMax: '8', kind: 'fixed', value: '0.5' });
    expect(first.json.code, first.json.msg).toBe(1000);
    expect(await storePrice('own-a', g2)).toBe(550); // ¥5 falls in [0, 8): the range beats the global rule
    const overlap = await save('a', { scope: 'range', rangeMin: '7.99', rangeMax: '', kind: 'fixed', value: '1' });
    expect(overlap.json).toMatchObject({ code: 6020 });
    expect(overlap.json.msg).toContain('¥0.00–¥8.00');
    const adjacent = await save('a', { scope: 'range', rangeMin: '8', kind: 'fixed', value: '1' });
    expect(adjacent.json.code, adjacent.json.msg).toBe(1000);
    for (const bad of [
      { value: '-1' },
      { value: '1001' },
      { value: 'abc' },
      { kind: 'fixed', value: '1.234' },
      { audience: 'parent', value: '1' },
      { scope: 'range', rangeMin: '5', rangeMax: '2', value: '1' },
    ]) {
      const res = await save('a', bad);
      expect([1001, 6009], JSON.stringify(bad)).toContain(res.json.code);
    }
    const rules = await as('a')('/vip/priceRule/getList');
    expect(rules.json.data.buyer.filter((r: { scope: string }) => r.scope === 'range')).toHaveLength(2);
    for (const r of rules.json.data.buyer.filter((x: { scope: string }) => x.scope === 'range'))
      expect((await as('a')('/vip/priceRule/delete', { id: r.id })).json.code).toBe(1000);
  });

  it('keeps every owner to their own rows: another site’s rule id is not found, and nothing of it changes', async () => {
    const aRule = (await as('a')('/vip/priceRule/getList')).json.data.buyer[0] as { id: number; value: number };
    expect((await as('x')('/vip/priceRule/delete', { id: aRule.id })).json.code).toBe(6008);
    expect((await save('x', { id: aRule.id, value: '90' })).json.code).toBe(6008);
    expect((await as('a')('/vip/priceRule/getList')).json.data.buyer[0]).toMatchObject({ value: aRule.value });
    // x's own list is its own: its one rule from the fixture, a's rule is not there.
    const xRules = (await as('x')('/vip/priceRule/getList')).json.data;
    expect(xRules.site.id).toBe(site.x);
    expect(xRules.buyer.map((r: { value: number }) => r.value)).toEqual([500]);
    // Hiding on x's shelf does not touch a's.
    expect((await as('x')('/vip/siteGoods/setHidden', { ids: [g1], hidden: 1 })).json.data).toEqual({ updated: 1 });
    expect((await rowOf('a', g1))?.hidden).toBe(false);
    expect(await storePrice('own-a', g1)).toBe(1125);
    expect(await storePrice('own-x', g1)).toBeUndefined();
    expect((await as('x')('/vip/siteGoods/setHidden', { ids: [g1], hidden: 0 })).json.data).toEqual({ updated: 1 });
  });

  it('sells to child sites at the 下级拿货价: the child’s cost follows its parent’s child rule', async () => {
    expect(await rowOf('b', g1)).toMatchObject({ cost: 1000, price: 1000 });
    const child = await save('a', { audience: 'child', kind: 'fixed', value: '1' });
    expect(child.json.code, child.json.msg).toBe(1000);
    expect(await rowOf('a', g1)).toMatchObject({ childPrice: 1100, price: 1125 });
    expect(await rowOf('b', g1)).toMatchObject({ cost: 1100, price: 1100, margin: 0 });
    expect(await storePrice('own-b', g1)).toBe(1100);
    // b's own set price is checked against what b pays, not the platform's price.
    const low = await save('b', { scope: 'goods', targetId: g1, kind: 'price', value: '10.50' });
    expect(low.json.code).toBe(6005);
    expect(low.json.msg).toContain('¥11.00');
    expect((await save('b', { scope: 'goods', targetId: g1, kind: 'price', value: '11.50' })).json.code).toBe(1000);
    expect(await storePrice('own-b', g1)).toBe(1150);
  });

  it('previews a draft rule without saving it', async () => {
    const res = await as('a')('/vip/siteGoods/preview', {
      pageSize: 100,
      audience: 'buyer',
      scope: 'global',
      kind: 'percent',
      value: '20',
    });
    expect(res.json.code, res.json.msg).toBe(1000);
    const row = (res.json.data.list as Row[]).find((g) => g.id === g1)!;
    expect(row).toMatchObject({ price: 1125, preview: { price: 1200, margin: 200 } });
    expect(await storePrice('own-a', g1)).toBe(1125);
    const bad = await as('a')('/vip/siteGoods/preview', {
      audience: 'buyer',
      scope: 'dir',
      kind: 'percent',
      value: '1',
    });
    expect(bad.json.code).toBe(6009);
  });

  it('hides goods from the site and every site below it; the children cannot show them again', async () => {
    const hid = await as('a')('/vip/siteGoods/setHidden', { ids: [g2], hidden: 1 });
    expect(hid.json.data).toEqual({ updated: 1 });
    expect(await storePrice('own-a', g2)).toBeUndefined();
    expect(await storePrice('own-b', g2)).toBeUndefined();
    expect((await t.post('/own-b/inside/goods/getDetail', { goodsId: g2 })).json.code).toBe(3003);
    expect(await storePrice('own-x', g2)).toBe(525);
    expect((await rowOf('a', g2, { shelf: 'hidden' }))?.hidden).toBe(true);
    expect(await rowOf('a', g2, { shelf: 'shown' })).toBeUndefined();
    expect(await rowOf('b', g2)).toBeUndefined();
    expect((await as('b')('/vip/siteGoods/setHidden', { ids: [g2], hidden: 0 })).json.data).toEqual({ updated: 0 });
    // 选品上架 puts it back with a markup of its own.
    const put = await as('a')('/vip/market/putOn', { ids: [g2], kind: 'fixed', value: '2' });
    expect(put.json).toMatchObject({ code: 1000, data: { shown: 1, priced: 1 } });
    expect(await storePrice('own-a', g2)).toBe(700);
    expect(await storePrice('own-b', g2)).toBe(600); // b pays a's cost + 1.00 child markup
  });

  it('caps the goods a site sells at its version’s max_goods (decision 0019)', async () => {
    const version = await t.deps.db
      .selectFrom('sites')
      .select('version_id')
      .where('id', '=', site.b)
      .executeTakeFirstOrThrow();
    expect((await as('b')('/vip/siteGoods/setHidden', { ids: [g1], hidden: 1 })).json.code).toBe(1000);
    // The version becomes capped at 1: the shelf is seeded as the upgrade migration does it.
    await t.deps.db.updateTable('site_versions').set({ max_goods: 1 }).where('id', '=', version.version_id!).execute();
    await seedCappedShelves(t.deps.db as never);
    await t.deps.caches.changed('site-rules');
    expect(await shelf('b')).toMatchObject({ shown: 1, maxGoods: 1 });
    const again = await as('b')('/vip/siteGoods/setHidden', { ids: [g1], hidden: 0 });
    expect(again.json.code).toBe(6012);
    expect(again.json.msg).toContain('已上架 1 / 上限 1');
    expect((await rowOf('b', g1))?.hidden).toBe(true);
    await t.deps.db.updateTable('site_versions').set({ max_goods: 0 }).where('id', '=', version.version_id!).execute();
    await t.deps.caches.changed('site-rules');
    expect((await as('b')('/vip/market/putOn', { ids: [g1] })).json.data).toEqual({ shown: 1, priced: 0 });
  });

  it('renames, reorders and hides directories for its own storefront only, and resets them', async () => {
    const dirs = (await as('a')('/vip/siteDir/getList')).json.data as Array<{ id: number; platformName: string }>;
    const mine = dirs.find((d) => d.id === s.dirId)!;
    const saved = await as('a')('/vip/siteDir/save', {
      items: JSON.stringify([
        { dirId: s.dirId, name: '我的目录', sort: -5, hidden: 0 },
        { dirId: dirs.find((d) => d.id !== s.dirId)!.id, hidden: 1 },
      ]),
    });
    expect(saved.json.code, saved.json.msg).toBe(1000);
    const tree = async (path: string) => {
      const res = await t.post(`${path}/inside/goods/getDirs`);
      return (
        res.json.data as Array<{ id: number; name: string; children: Array<{ id: number; name: string }> }>
      ).flatMap((d) => [d, ...d.children]);
    };
    const onA = await tree('/own-a');
    expect(onA.find((d) => d.id === s.dirId)?.name).toBe('我的目录');
    expect(onA.some((d) => d.id === dirs.find((x) => x.id !== s.dirId)!.id)).toBe(false);
    expect((await tree('/own-x')).find((d) => d.id === s.dirId)?.name).toBe(mine.platformName);
    expect(
      (await as('a')('/vip/siteDir/getList')).json.data.find((d: { id: number }) => d.id === s.dirId),
    ).toMatchObject({ name: '我的目录', sort: -5, hidden: false });
    const foreign = await as('a')('/vip/siteDir/save', { items: JSON.stringify([{ dirId: 99_999_999, hidden: 1 }]) });
    expect(foreign.json.code).toBe(6022);
    const markup = await as('a')('/vip/siteDir/save', {
      items: JSON.stringify([{ dirId: s.dirId, name: '<b>x</b>', hidden: 0 }]),
    });
    expect(markup.json.code).toBe(1001);
    expect((await as('a')('/vip/siteDir/reset', {})).json.data.reset).toBe(2);
    expect((await tree('/own-a')).find((d) => d.id === s.dirId)?.name).toBe(mine.platformName);
  });

  it('charges what the buyer was shown, or answers PRICE_CHANGED after an edit', async () => {
    const buyer = await s.member('100');
    const shown = await storePrice('own-a', g1);
    expect((await save('a', { value: '30' })).json.code).toBe(1000);
    const res = await t.post(
      '/own-a/inside/order/create',
      { goodsId: g1, quantity: 1, payBy: 'balance', expectedPrice: shown },
      buyer.token,
    );
    expect(res.json.code).toBe(6006);
    const now = await storePrice('own-a', g1);
    expect(now).toBe(1300);
    const ok = await t.post(
      '/own-a/inside/order/create',
      { goodsId: g1, quantity: 1, payBy: 'balance', expectedPrice: now },
      buyer.token,
    );
    expect(ok.json.code, ok.json.msg).toBe(1000);
    expect(ok.json.data.amount).toBe(1300);
  });
});
