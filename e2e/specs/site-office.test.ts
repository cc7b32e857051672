import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, shot, waitText } from '../support/browser.js';
import {
  adminToken,
  callOk,
  demoSubDirId,
  registerWithoutCaptcha,
  startServer,
  type RunningServer,
} from '../support/server.js';

// The site owner's back office: an order placed on the owner's site shows up with its profit on
// 分站订单 and 分站概况; customers, child sites and announcements are the owner's own; a member
// without a site sees the offer to open one. Sites are written into the database while the
// server is stopped, as the opening flow (built elsewhere) would leave them.
let server: RunningServer;
let browser: Browser;
let admin: string;
let orderNo = '';
let kidOrderNo = '';
const A = () => `/${server.adminPath}`;

async function login(page: Page, account: string, password: string, to: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(to)}`);
  await page.getByLabel('账号').fill(account);
  await page.getByLabel('密码').fill(password);
  await page
    .locator('form')
    .getByRole('button', { name: /登\s*录/ })
    .click();
  await page.waitForURL((u) => u.pathname === to);
}

/** A parent site for e2eowner (buyers +10 %, children +1.00) and a child site under it for e2ekid, its customer. */
function seedSites(dataDir: string) {
  const db = new Database(path.join(dataDir, 'kapu.sqlite'));
  try {
    const now = Date.now();
    const userId = (login: string) =>
      (db.prepare('select id from users where login_name = ?').get(login) as { id: number }).id;
    const level = db.prepare('select id from member_levels where site_id = 1 order by is_default desc').get() as {
      id: number;
    };
    const version = db
      .prepare(
        'insert into site_versions (name, level_id, price_month, max_children, created_at, updated_at) values (?, ?, ?, ?, ?, ?)',
      )
      .run('专业版', level.id, 3000, 10, now, now).lastInsertRowid;
    const site = (
      owner: number,
      parent: { id: number; depth: number; chain: string },
      pathName: string,
      title: string,
    ) => {
      const id = Number(
        db
          .prepare(
            `insert into sites (parent_id, owner_user_id, title, subtitle, path, domain, status, created_at, depth,
              chain, version_id, expires_at, period) values (?, ?, ?, '', ?, null, 'active', ?, ?, '', ?, ?, 'month')`,
          )
          .run(parent.id, owner, title, pathName, now, parent.depth + 1, version, now + 30 * 86_400_000)
          .lastInsertRowid,
      );
      db.prepare('update sites set chain = ? where id = ?').run(`${parent.chain}/${id}`, id);
      return { id, depth: parent.depth + 1, chain: `${parent.chain}/${id}` };
    };
    const rule = db.prepare(
      `insert into site_price_rules (site_id, audience, scope, target_id, range_min, range_max, kind, value, created_at)
       values (?, ?, 'global', null, null, null, ?, ?, ?)`,
    );
    const parent = site(userId('e2eowner'), { id: 1, depth: 0, chain: '1' }, 'e2e-shop', '星光卡铺');
    rule.run(parent.id, 'buyer', 'percent', 1000, now);
    rule.run(parent.id, 'child', 'fixed', 100, now);
    // e2ekid is a customer of the owner's site, and opened a site under it.
    db.prepare('update users set site_id = ? where login_name = ?').run(parent.id, 'e2ekid');
    site(userId('e2ekid'), parent, 'e2e-kid', '小星星卡铺');
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  server = await startServer();
  admin = await adminToken(server);
  await registerWithoutCaptcha(server, server.adminPath, admin);
  const dirId = await demoSubDirId(server, server.adminPath, admin);
  const goods = await callOk(
    server,
    `${A()}/catalog/saveGoods`,
    { dirId, name: '分站测试点卡', type: 'card', price: '10', cost: '6', faceValue: '10' },
    admin,
  );
  await callOk(
    server,
    `${A()}/stock/import`,
    { goodsId: String(goods.id), text: Array.from({ length: 8 }, (_, i) => `SITE-E2E-${i}`).join('\n') },
    admin,
  );
  for (const [loginName, password] of [
    ['e2eowner', 'owner12345'],
    ['e2enosite', 'nosite12345'],
    ['e2ekid', 'kid12345'],
  ])
    await callOk(server, '/user/register', { loginName, password });

  // The sites go in while the server is down; the same data folder starts again.
  const { dataDir, adminPath } = server;
  await server.stop({ keepData: true });
  seedSites(dataDir);
  server = await startServer({}, { dataDir });
  server.adminPath ||= adminPath;
  browser = await launchBrowser();

  // A customer of the owner's site buys there and on the child site, paying from the balance.
  const buyer = String(
    (await callOk(server, '/e2e-shop/user/register', { loginName: 'e2ebuyer', password: 'buyer12345' })).authCode,
  );
  await callOk(server, `${A()}/funds/adjust`, { member: 'e2ebuyer', amount: '100', reason: '分站测试' }, admin);
  const order = await callOk(
    server,
    '/e2e-shop/inside/order/create',
    { goodsId: String(goods.id), quantity: '2', payBy: 'balance' },
    buyer,
  );
  orderNo = String(order.orderNo);
  const kid = await callOk(
    server,
    '/e2e-kid/inside/order/create',
    { goodsId: String(goods.id), quantity: '1', payBy: 'balance' },
    buyer,
  );
  kidOrderNo = String(kid.orderNo);
  const owner = String((await callOk(server, '/user/login', { account: 'e2eowner', password: 'owner12345' })).authCode);
  await callOk(
    server,
    '/vip/office/saveAnnouncement',
    { title: '星光卡铺开业啦', content: '<p>全场点卡 <b>九五折</b> 起。</p>', pinned: '1' },
    owner,
  );
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('site owner back office', () => {
  it('offers a member without a site to open one on every /vip page', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await login(page, 'e2enosite', 'nosite12345', '/vip/vipOrder');
    await waitText(page, '你还没有开通分站');
    await shot(page, 'vip-offer');
    await page.goto('/vip/desktop');
    await waitText(page, '你还没有开通分站');
    await page.getByRole('button', { name: '立即开通分站' }).click();
    await page.waitForURL((u) => u.pathname === '/inside/selfCreatVip');
    await context.close();
  });

  it('shows the owner the order placed on their site with its profit, on 分站订单 and 分站概况', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await login(page, 'e2eowner', 'owner12345', '/vip/vipOrder');
    const row = page.locator('.ant-table-row').filter({ hasText: orderNo });
    await expect.poll(() => row.count()).toBe(1);
    const text = await row.innerText();
    expect(text).toContain('¥22.00'); // 2 × 11.00
    expect(text).toContain('¥2.00'); // my markup, 2 × 1.00
    expect(text).toContain('冻结中');
    expect(text).toContain('e2***er'); // the buyer, masked
    expect(text).not.toContain('e2ebuyer');
    // The child site's order is the child's: not listed here.
    expect(await page.locator('.ant-table-row').filter({ hasText: kidOrderNo }).count()).toBe(0);
    await shot(page, 'vip-orders');
    await row.getByRole('button', { name: orderNo }).click();
    await waitText(page, '我的利润');
    await expect.poll(() => page.locator('.ant-drawer').innerText()).toContain('分站测试点卡');
    expect(await page.locator('.ant-drawer').innerText()).not.toContain('SITE-E2E');
    await shot(page, 'vip-order-detail');

    await page.goto('/vip/desktop');
    const today = page.getByTestId('site-period-today');
    await expect.poll(() => today.innerText()).toContain('¥22.00');
    const todayText = await today.innerText();
    expect(todayText).toContain('¥3.00'); // 2.00 from my site's order + 1.00 from the child site's
    await expect.poll(() => page.getByTestId('site-profit').innerText()).toContain('¥3.00');
    await expect.poll(() => page.locator('.dashboard-trend canvas').count()).toBeGreaterThan(0);
    await page.waitForTimeout(800); // the chart's entry animation, for the screenshot only
    await page.setViewportSize({ width: 1366, height: 1300 });
    await page.waitForTimeout(600);
    await shot(page, 'vip-desktop');
    await context.close();
  });

  it('lists the owner’s customers (special price set here), child sites and announcements', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await login(page, 'e2eowner', 'owner12345', '/vip/vipCustomer');
    const buyerRow = page.locator('.ant-table-row').filter({ hasText: 'e2ebuyer' });
    await expect.poll(() => buyerRow.count()).toBe(1);
    expect(await buyerRow.innerText()).toContain('¥22.00');
    await buyerRow.getByRole('button', { name: '专属价' }).click();
    await page.getByLabel('支付加价的比例').fill('50');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => buyerRow.innerText()).toContain('付加价的 50%');
    expect(await page.locator('.ant-table-row').filter({ hasText: 'e2ekid' }).count()).toBe(1);
    await shot(page, 'vip-customers');

    await page.goto('/vip/vipChild');
    const kid = page.locator('.ant-table-row').filter({ hasText: '小星星卡铺' });
    await expect.poll(() => kid.count()).toBe(1);
    const kidText = await kid.innerText();
    expect(kidText).toContain('e2ekid');
    expect(kidText).toContain('¥11.00'); // its sale: 10.00 + my 1.00 (it adds nothing of its own)
    expect(kidText).toContain('¥1.00'); // what it earned me
    await shot(page, 'vip-children');

    await page.goto('/vip/vipAnnouncement');
    await waitText(page, '星光卡铺开业啦');
    await shot(page, 'vip-announcements');
    await context.close();
  });
});
