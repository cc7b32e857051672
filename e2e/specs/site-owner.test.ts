import Database from 'better-sqlite3';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, shot, waitText } from '../support/browser.js';
import {
  adminToken,
  call,
  callOk,
  registerWithoutCaptcha,
  startServer,
  type RunningServer,
} from '../support/server.js';

// A site owner in the browser: sets a markup on 分站店铺, sees it on 分站商品, 货源市场, 分站目录,
// 商品调价 and 店铺售价; a visitor of the site is then charged the marked-up price. The site is
// written into the database between two starts (the opening flow is another issue's).
let server: RunningServer;
let browser: Browser;
let admin: string;
let owner: { context: BrowserContext; page: Page };
let goodsId = 0;
let basePrice = 0;
const PATH = 'e2eshop';
const OWNER = 'e2eowner';
const PASSWORD = 'owner12345';

/** The site row and its version, as the opening flow leaves them (decision 0009). */
function seedSite(dataDir: string, ownerId: number): void {
  const db = new Database(path.join(dataDir, 'kapu.sqlite'));
  try {
    const now = Date.now();
    const level = db
      .prepare('select id from member_levels where site_id = 1 order by is_default desc, sort limit 1')
      .get() as { id: number };
    const version = db
      .prepare(
        `insert into site_versions (name, level_id, price_month, max_children, created_at, updated_at)
         values ('e2e 版本', ?, 1000, 5, ?, ?)`,
      )
      .run(level.id, now, now);
    const site = db
      .prepare(
        `insert into sites (parent_id, owner_user_id, title, subtitle, path, domain, status, created_at, depth, version_id, period, expires_at)
         values (1, ?, 'e2e 分站', '', ?, null, 'active', ?, 1, ?, 'month', ?)`,
      )
      .run(ownerId, PATH, now, version.lastInsertRowid, now + 30 * 86_400_000);
    db.prepare('update sites set chain = ? where id = ?').run(`1/${site.lastInsertRowid}`, site.lastInsertRowid);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  server = await startServer();
  admin = await adminToken(server);
  await registerWithoutCaptcha(server, server.adminPath, admin);
  await callOk(server, '/user/register', { loginName: OWNER, password: PASSWORD });
  const members = await callOk(server, `/${server.adminPath}/members/list`, { keyword: OWNER }, admin);
  const ownerId = Number((members.list as Array<{ id: number }>)[0].id);
  const list = await callOk(server, '/inside/goods/getList', { keyword: 'Steam 钱包充值卡 50' });
  const goods = (list.list as Array<{ id: number; price: number }>)[0];
  goodsId = goods.id;
  basePrice = goods.price;
  // Sessions live in the database: the admin token still works after the restart.
  await server.stop({ keepData: true });
  seedSite(server.dataDir, ownerId);
  server = await startServer({}, { dataDir: server.dataDir });
  browser = await launchBrowser();
  owner = await newPage(browser, server.baseUrl);
  await owner.page.goto('/login?redirect=/vip/shop');
  await owner.page.getByLabel('账号').fill(OWNER);
  await owner.page.getByLabel('密码').fill(PASSWORD);
  await owner.page
    .locator('form')
    .getByRole('button', { name: /登\s*录/ })
    .click();
  await owner.page.waitForURL((u) => u.pathname === '/vip/shop');
});
afterAll(async () => {
  await owner?.context.close();
  await browser?.close();
  await server?.stop();
});

const storePrice = async () => {
  const res = await call(server, `/${PATH}/inside/goods/getList`, { keyword: 'Steam 钱包充值卡 50' });
  expect(res.code, res.msg).toBe(1000);
  return (res.data!.list as Array<{ id: number; price: number }>).find((g) => g.id === goodsId)?.price;
};

describe('a site owner sets prices in the browser', () => {
  it('sets a 10 % global markup on 分站店铺 after a preview, and the site sells at it at once', async () => {
    const { page } = owner;
    await waitText(page, 'e2e 分站');
    expect(await storePrice()).toBe(basePrice);
    await page
      .getByRole('button', { name: /^设\s*置$/ })
      .first()
      .click();
    await page.getByLabel('加价比例').fill('10');
    await page.getByRole('button', { name: '预览售价' }).click();
    await expect.poll(() => page.locator('.ant-modal .ant-table-row').count()).toBeGreaterThan(0);
    await shot(page, 'vip-shop-rule-preview');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await waitText(page, '加价规则已保存');
    await waitText(page, '加价 10%');
    await shot(page, 'vip-shop');
    const marked = basePrice + Math.ceil(basePrice / 10);
    expect(await storePrice()).toBe(marked);
    // A visitor of the site is charged the marked-up price, and a stale one is told the price moved.
    const stale = await call(server, `/${PATH}/inside/order/create`, {
      goodsId: String(goodsId),
      quantity: '1',
      contact: 'v@example.com',
      queryPassword: 'look123456',
      expectedPrice: String(basePrice),
    });
    expect(stale.code).toBe(6006);
  });

  it('shows cost, price and margin on 分站商品, and hides a goods from the site', async () => {
    const { page } = owner;
    await page.goto('/vip/vipGoods');
    await waitText(page, '下级拿货价');
    const row = page.locator('.ant-table-row').filter({ hasText: 'Steam 钱包充值卡 50' }).first();
    await expect.poll(() => row.isVisible()).toBe(true);
    await expect.poll(() => row.innerText()).toContain('全局：加价 10%');
    await shot(page, 'vip-goods');
    // A set price under the cost is refused with the cost named; at or above it, it sells at once.
    await row.getByRole('button', { name: '改售价' }).click();
    await page.locator('.ant-modal').getByText('固定售价', { exact: true }).click();
    await page.getByLabel('售价', { exact: true }).fill('1');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await waitText(page, /低于成本价 ¥48\.50/);
    await page.getByLabel('售价', { exact: true }).fill('60');
    await shot(page, 'vip-goods-editor');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await waitText(page, '加价规则已保存');
    expect(await storePrice()).toBe(6000);
    await row.getByRole('button', { name: '恢复默认' }).click();
    await page.getByRole('button', { name: /确\s*定|OK/ }).click();
    await waitText(page, '规则已删除');
    expect(await storePrice()).toBe(basePrice + Math.ceil(basePrice / 10));
    await row.getByRole('switch').click();
    await waitText(page, '已下架 1 件商品');
    expect(await storePrice()).toBeUndefined();
    await page.goto('/vip/market');
    await waitText(page, '上级在售的商品都可以上架');
    await shot(page, 'vip-market');
    const hiddenRow = page.locator('.ant-table-row').filter({ hasText: 'Steam 钱包充值卡 50' }).first();
    await hiddenRow.getByRole('button', { name: /^上\s*架$/ }).click();
    await page.getByRole('button', { name: /确认上架/ }).click();
    await waitText(page, '已上架 1 件');
    expect(await storePrice()).toBe(basePrice + Math.ceil(basePrice / 10));
  });

  it('renames a directory on 分站目录 and shows the other owner pages', async () => {
    const { page } = owner;
    await page.goto('/vip/vipDirectory');
    await waitText(page, '本站名称');
    await waitText(page, '话费充值');
    const first = page.locator('.ant-table-row').first();
    await first.getByRole('textbox').fill('精选点卡');
    await page.getByRole('button', { name: /保存修改/ }).click();
    await waitText(page, '已保存 1 个目录的设置');
    await shot(page, 'vip-directory');
    const dirs = await call(server, `/${PATH}/inside/goods/getDirs`);
    expect((dirs.data as unknown as Array<{ name: string }>).map((d) => d.name)).toContain('精选点卡');
    await page.goto('/inside/adjustPrice');
    await waitText(page, '正在为分站「e2e 分站」调价');
    await page.getByLabel('加价数值').fill('20');
    await page.getByRole('button', { name: /^预\s*览$/ }).click();
    await waitText(page, '预览售价');
    await shot(page, 'inside-adjust-price-owner');
    await page.goto('/inside/shop');
    await waitText(page, '分站加价规则');
    await shot(page, 'inside-shop-owner');
  });

  it('keeps the read-only price compare for others, with an offer to open a site', async () => {
    const visitor = await newPage(browser, server.baseUrl);
    await visitor.page.goto('/inside/adjustPrice');
    await waitText(visitor.page, '开通分站，自己定价赚差价');
    await expect.poll(() => visitor.page.locator('.ant-table-row').count()).toBeGreaterThan(0);
    await shot(visitor.page, 'inside-adjust-price-visitor');
    await visitor.context.close();
  });
});
