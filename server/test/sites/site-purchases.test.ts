import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { releaseDueShares, reverseShares } from '../../src/modules/profits/index.js';
import { adminLogin, buildTestApp, dialects, type TestApp } from '../helper.js';
import {
  SALE_PWD,
  assertLedgerMatches,
  balance,
  call,
  member,
  newPath,
  openSite,
  purchaseRowCounts,
  siteOf,
  version,
} from './sites-helper.js';

const DAY = 86_400_000;

describe.each(dialects())('sub-sites: opening, renewing, upgrading on %s', (dialect) => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    adminToken = await adminLogin(t);
  });
  afterEach(async () => {
    await assertLedgerMatches(t);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((r) => setTimeout(r, 300));
    await t.dispose();
  });

  it('opens a site from the balance: site live at once, purchase, ledger row, owner level, vip access', async () => {
    const v = await version(t, adminToken);
    const m = await member(t, 10_000);
    const path = newPath();
    const options = await call(t, '/inside/site/options', {}, m.token);
    expect(options.data).toMatchObject({ canOpen: true, mySite: null, parentTitle: expect.any(String) });
    expect(options.data.versions.find((o: { id: number }) => o.id === v.id).prices).toEqual({
      month: 3_000,
      year: 30_000,
      forever: 100_000,
    });
    expect((await call(t, '/inside/site/checkPath', { path }, m.token)).data).toEqual({ available: true, reason: '' });

    const before = Date.now();
    const res = await call(
      t,
      '/inside/site/open',
      { versionId: v.id, period: 'month', title: '小明的店', path },
      m.token,
    );
    expect(res, res.msg).toMatchObject({ code: 1000, data: { path, kind: 'open', amount: 3_000 } });
    const site = (await siteOf(t, m.id))!;
    expect(site).toMatchObject({ status: 'active', parent_id: 1, depth: 1, chain: `1/${site.id}`, version_id: v.id });
    expect(Number(site.expires_at)).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(await balance(t, m.id)).toMatchObject({ balance: 7_000, frozen: 0, levelId: v.levelId });
    // It sells at once, at its path, with the default markup (10 %) on the platform price at its level.
    const platform = await call(t, '/inside/goods/getList', { page: 1, pageSize: 5 }, m.token);
    const onSite = await call(t, `/${path}/inside/goods/getList`, { page: 1, pageSize: 5 });
    expect(onSite.code, onSite.msg).toBe(1000);
    const first = platform.data.list[0] as { id: number; price: number };
    expect(onSite.data.list.find((g: { id: number }) => g.id === first.id).price).toBe(
      first.price + Math.ceil(first.price / 10),
    );
    const ledger = await t.deps.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('user_id', '=', m.id)
      .where('type', '=', 'site_purchase')
      .execute();
    expect(ledger.map((l) => [Number(l.amount), l.ref_id])).toEqual([[-3_000, res.data.purchaseNo]]);
    // A platform member's site: nobody above it earns a share.
    const purchase = await t.deps.db
      .selectFrom('site_purchases')
      .selectAll()
      .where('purchase_no', '=', res.data.purchaseNo)
      .executeTakeFirstOrThrow();
    expect(
      await t.deps.db.selectFrom('profit_shares').select('id').where('order_id', '=', purchase.id).execute(),
    ).toEqual([]);

    const account = await call(t, '/inside/inter/getAccount', {}, m.token);
    expect(account.data.access).toContain('vip');
    const mine = await call(t, '/inside/site/options', {}, m.token);
    expect(mine.data).toMatchObject({ canOpen: false, mySite: { path, status: 'active', addresses: [`/${path}/`] } });
    expect((await call(t, '/vip/site/profile', {}, m.token)).data).toMatchObject({ title: '小明的店' });
    // One site per member.
    expect((await openSite(t, m, v.id)).code).toBe(6052);
  });

  it('refuses reserved, malformed and duplicate paths, and a short balance, writing nothing', async () => {
    const v = await version(t, adminToken);
    const owner = await member(t, 10_000);
    const taken = newPath();
    expect((await openSite(t, owner, v.id, 'month', { path: taken })).code).toBe(1000);
    const m = await member(t, 10_000);
    const poor = await member(t, 2_999);
    const monthly = await version(t, adminToken, { priceYear: '', priceForever: '' });
    const before = await purchaseRowCounts(t);
    for (const [path, code] of [
      ['inside', 6054],
      ['vip', 6054],
      ['decorate', 6054],
      ['healthz', 6054],
      [t.adminPath.toLowerCase(), 6054],
      [taken, 6055],
      [taken.toUpperCase(), 6055],
    ] as const) {
      const res = await openSite(t, m, v.id, 'month', { path });
      expect([path, res.code]).toEqual([path, code]);
    }
    for (const path of ['ab', '-abc', 'abc-', 'a_b_c', 'x'.repeat(33)])
      expect((await openSite(t, m, v.id, 'month', { path })).code).toBe(1001);
    expect((await call(t, '/inside/site/checkPath', { path: 'inside' }, m.token)).data).toMatchObject({
      available: false,
      reason: expect.stringContaining('保留'),
    });

    expect((await openSite(t, poor, v.id)).code).toBe(5001);
    expect((await openSite(t, poor, v.id, 'lifetime')).code).toBe(1001);
    // A period the version does not sell.
    expect((await openSite(t, m, monthly.id, 'year')).code).toBe(6051);
    expect(await purchaseRowCounts(t)).toEqual(before);
    expect(await balance(t, poor.id)).toMatchObject({ balance: 2_999, frozen: 0 });
    expect(await siteOf(t, poor.id)).toBeUndefined();
  });

  it('asks for the sale password when the member protects balance payments', async () => {
    const v = await version(t, adminToken);
    const m = await member(t, 10_000, { salePwd: true });
    expect((await call(t, '/inside/site/options', {}, m.token)).data.salePwdRequired).toBe(true);
    expect((await openSite(t, m, v.id)).code).not.toBe(1000);
    expect(await siteOf(t, m.id)).toBeUndefined();
    expect((await openSite(t, m, v.id, 'month', { salePwd: SALE_PWD })).code).toBe(1000);
  });

  it('two opens at once leave one site and one payment', async () => {
    const v = await version(t, adminToken);
    const m = await member(t, 100_000);
    const results = await Promise.all([openSite(t, m, v.id), openSite(t, m, v.id), openSite(t, m, v.id)]);
    expect(results.filter((r) => r.code === 1000)).toHaveLength(1);
    expect(results.filter((r) => r.code !== 1000).map((r) => r.code)).toEqual([6052, 6052]);
    const sites = await t.deps.db.selectFrom('sites').select('id').where('owner_user_id', '=', m.id).execute();
    expect(sites).toHaveLength(1);
    expect((await balance(t, m.id)).balance).toBe(97_000);
  });

  it('renews from the current end; an expired site opens again', async () => {
    const v = await version(t, adminToken);
    const m = await member(t, 100_000);
    expect((await openSite(t, m, v.id)).code).toBe(1000);
    const site = (await siteOf(t, m.id))!;
    const renewed = await call(t, '/inside/site/renew', { period: 'year' }, m.token);
    expect(renewed, renewed.msg).toMatchObject({ code: 1000, data: { kind: 'renew', amount: 30_000 } });
    const after = (await siteOf(t, m.id))!;
    expect(Number(after.expires_at)).toBe(Number(site.expires_at) + 365 * DAY);
    expect(after).toMatchObject({ period: 'year', paid_price: 30_000 });

    // Past its time and grace: expired, then a renewal starts again from now and opens it.
    await t.deps.db
      .updateTable('sites')
      .set({ expires_at: Date.now() - 10 * DAY })
      .where('id', '=', site.id)
      .execute();
    const { runSiteExpiry } = await import('../../src/modules/sites/index.js');
    expect((await runSiteExpiry(t.deps, Date.now())).expired).toBeGreaterThanOrEqual(1);
    expect((await siteOf(t, m.id))!.status).toBe('expired');
    const again = Date.now();
    expect((await call(t, '/inside/site/renew', { period: 'month' }, m.token)).code).toBe(1000);
    const reopened = (await siteOf(t, m.id))!;
    expect(reopened.status).toBe('active');
    expect(Number(reopened.expires_at)).toBeGreaterThanOrEqual(again + 30 * DAY);
    expect(Number(reopened.expires_at)).toBeLessThan(again + 31 * DAY);

    // Permanent sites need no renewal.
    const forever = await member(t, 200_000);
    expect((await openSite(t, forever, v.id, 'forever')).code).toBe(1000);
    expect((await call(t, '/inside/site/renew', { period: 'month' }, forever.token)).code).toBe(6061);
  });

  it('upgrades with the rest of the period credited pro rata; a downgrade is refused', async () => {
    const basic = await version(t, adminToken, { sort: 1, priceMonth: '30' });
    const pro = await version(t, adminToken, { sort: 2, priceMonth: '100', priceYear: '1000' });
    const m = await member(t, 200_000);
    expect((await openSite(t, m, pro.id)).code).toBe(1000);
    expect((await call(t, '/inside/site/upgradeQuote', { versionId: basic.id, period: 'month' }, m.token)).code).toBe(
      6060,
    );
    expect((await call(t, '/inside/site/upgrade', { versionId: pro.id, period: 'year' }, m.token)).code).toBe(6060);

    const low = await member(t, 200_000);
    expect((await openSite(t, low, basic.id)).code).toBe(1000);
    const site = (await siteOf(t, low.id))!;
    // Half of the month left: worth half of the 30 yuan paid.
    await t.deps.db
      .updateTable('sites')
      .set({ expires_at: Date.now() + 15 * DAY })
      .where('id', '=', site.id)
      .execute();
    const quote = await call(t, '/inside/site/upgradeQuote', { versionId: pro.id, period: 'year' }, low.token);
    expect(quote.data.price).toBe(100_000);
    expect(quote.data.credit).toBeGreaterThanOrEqual(1_499);
    expect(quote.data.credit).toBeLessThanOrEqual(1_500);
    const before = (await balance(t, low.id)).balance;
    const up = await call(t, '/inside/site/upgrade', { versionId: pro.id, period: 'year' }, low.token);
    expect(up, up.msg).toMatchObject({ code: 1000, data: { kind: 'upgrade' } });
    const row = await t.deps.db
      .selectFrom('site_purchases')
      .selectAll()
      .where('purchase_no', '=', up.data.purchaseNo)
      .executeTakeFirstOrThrow();
    expect(Number(row.price) - Number(row.credit)).toBe(Number(row.amount));
    expect(Number(row.credit)).toBeGreaterThanOrEqual(1_499);
    expect((await balance(t, low.id)).balance).toBe(before - Number(row.amount));
    const upgraded = (await siteOf(t, low.id))!;
    expect(upgraded).toMatchObject({ version_id: pro.id, period: 'year', paid_price: 100_000 });
    expect(Number(upgraded.expires_at)).toBeGreaterThan(Date.now() + 364 * DAY);
    expect((await balance(t, low.id)).levelId).toBe(pro.levelId);
  });

  it('child sites: the parent version must allow them, up to its limit', async () => {
    const v = await version(t, adminToken, { maxChildren: 1 });
    const none = await version(t, adminToken, { maxChildren: 0 });
    const parent = await member(t, 10_000);
    expect((await openSite(t, parent, v.id)).code).toBe(1000);
    const parentSite = (await siteOf(t, parent.id))!;
    const child = await member(t, 10_000, { siteId: parentSite.id });
    const opened = await openSite(t, child, v.id);
    expect(opened.code, opened.msg).toBe(1000);
    const childSite = (await siteOf(t, child.id))!;
    expect(childSite).toMatchObject({
      parent_id: parentSite.id,
      depth: 2,
      chain: `1/${parentSite.id}/${childSite.id}`,
    });
    const second = await member(t, 10_000, { siteId: parentSite.id });
    expect((await call(t, '/inside/site/options', {}, second.token)).data).toMatchObject({ canOpen: false });
    expect((await openSite(t, second, v.id)).code).toBe(6057);

    const closed = await member(t, 10_000);
    expect((await openSite(t, closed, none.id)).code).toBe(1000);
    const under = await member(t, 10_000, { siteId: (await siteOf(t, closed.id))!.id });
    expect((await openSite(t, under, v.id)).code).toBe(6056);
  });

  it('the version price chain credits each ancestor its margin, frozen, then released to the balance', async () => {
    const v = await version(t, adminToken, { priceMonth: '100', maxChildren: 10 });
    const a = await member(t, 100_000);
    expect((await openSite(t, a, v.id)).code).toBe(1000);
    const siteA = (await siteOf(t, a.id))!;
    // A sells the month at 150 (its cost 100); below cost is refused.
    expect((await call(t, '/vip/site/saveVersionPrice', { versionId: v.id, priceMonth: '99' }, a.token)).code).toBe(
      6072,
    );
    expect((await call(t, '/vip/site/saveVersionPrice', { versionId: v.id, priceMonth: '150' }, a.token)).code).toBe(
      1000,
    );
    const rows = await call(t, '/vip/site/versionPrices', {}, a.token);
    expect(rows.data.find((r: { versionId: number }) => r.versionId === v.id)).toMatchObject({
      cost: { month: 10_000 },
      price: { month: 15_000, year: 30_000 },
      custom: true,
    });

    const b = await member(t, 100_000, { siteId: siteA.id });
    const options = await call(t, '/inside/site/options', {}, b.token);
    expect(options.data.versions.find((o: { id: number }) => o.id === v.id).prices.month).toBe(15_000);
    expect((await openSite(t, b, v.id)).code).toBe(1000);
    const siteB = (await siteOf(t, b.id))!;
    expect((await balance(t, b.id)).balance).toBe(85_000);
    expect(await balance(t, a.id)).toMatchObject({ balance: 90_000, frozen: 5_000 });

    // B sells at 200 to its children: C pays 200, A earns 50, B earns 50, the platform 100.
    expect((await call(t, '/vip/site/saveVersionPrice', { versionId: v.id, priceMonth: '200' }, b.token)).code).toBe(
      1000,
    );
    const c = await member(t, 100_000, { siteId: siteB.id });
    const opened = await openSite(t, c, v.id);
    expect(opened.data.amount).toBe(20_000);
    const purchase = await t.deps.db
      .selectFrom('site_purchases')
      .select('id')
      .where('purchase_no', '=', opened.data.purchaseNo)
      .executeTakeFirstOrThrow();
    const shares = await t.deps.db
      .selectFrom('profit_shares')
      .selectAll()
      .where('ref_type', '=', 'purchase')
      .where('order_id', '=', purchase.id)
      .orderBy('depth')
      .execute();
    expect(shares.map((s) => [s.user_id, s.depth, Number(s.amount), s.status])).toEqual([
      [a.id, 1, 5_000, 'frozen'],
      [b.id, 2, 5_000, 'frozen'],
    ]);
    expect(await balance(t, a.id)).toMatchObject({ frozen: 10_000 });
    expect(await balance(t, b.id)).toMatchObject({ balance: 85_000, frozen: 5_000 });

    // Nothing is due before the freeze days; then each share reaches its owner's balance once.
    expect(await releaseDueShares(t.deps.db, Date.now() - 7 * DAY, Date.now(), 100)).toBe(0);
    const later = Date.now() + 8 * DAY;
    const [r1, r2] = await Promise.all([
      releaseDueShares(t.deps.db, later - 7 * DAY, later, 100),
      releaseDueShares(t.deps.db, later - 7 * DAY, later, 100),
    ]);
    expect(r1 + r2).toBe(3);
    expect(await balance(t, a.id)).toMatchObject({ balance: 100_000, frozen: 0 });
    expect(await balance(t, b.id)).toMatchObject({ balance: 90_000, frozen: 0 });
    const profit = await t.deps.db
      .selectFrom('ledger_entries')
      .select(['amount', 'ref_type', 'ref_id'])
      .where('user_id', '=', b.id)
      .where('type', '=', 'site_profit')
      .execute();
    expect(profit.map((p) => [Number(p.amount), p.ref_type, p.ref_id])).toEqual([
      [5_000, 'site_purchase', String(purchase.id)],
    ]);

    // A refund of a part reverses each released share proportionally (balance debited with a ledger row).
    await t.deps.db
      .transaction()
      .execute((trx) => reverseShares(trx, 'purchase', purchase.id, 5_000, 20_000, false, Date.now()));
    expect(await balance(t, a.id)).toMatchObject({ balance: 98_750 });
    await t.deps.db
      .transaction()
      .execute((trx) => reverseShares(trx, 'purchase', purchase.id, 15_000, 20_000, true, Date.now()));
    expect(await balance(t, b.id)).toMatchObject({ balance: 85_000 });
    const reversed = await t.deps.db
      .selectFrom('profit_shares')
      .select(['status', 'reversed_amount'])
      .where('order_id', '=', purchase.id)
      .where('ref_type', '=', 'purchase')
      .execute();
    expect(reversed.map((s) => [s.status, Number(s.reversed_amount)])).toEqual([
      ['reversed', 5_000],
      ['reversed', 5_000],
    ]);
  });
});
