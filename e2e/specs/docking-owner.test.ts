import Database from 'better-sqlite3';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeKayixinUpstream } from '../../server/test/fakes/kayixin-upstream.js';
import { launchBrowser, loginAsAdmin, newPage, shot, waitText } from '../support/browser.js';
import {
  adminToken,
  call,
  callOk,
  registerWithoutCaptcha,
  startServer,
  type RunningServer,
} from '../support/server.js';

// A site owner docks their own site in the browser (decision 0018): on /vip/docking they connect to an
// upstream with their own key, import a goods with a 20 % markup into a directory their site shows,
// and the goods is on their storefront at the marked-up price, marked 自有（对接） on their shelf; the
// platform's storefront does not sell it; staff see it under 分站自有商品.
let server: RunningServer;
let browser: Browser;
let admin: string;
/** The first start's admin password (a restart on the same data prints none). */
let adminPassword = '';
let upstream: FakeKayixinUpstream;
let owner: { context: BrowserContext; page: Page };
const PATH = 'e2edock';
const OWNER = 'e2edockowner';
const PASSWORD = 'owner12345';
const GOODS = '上游爱奇艺月卡 自有';

/** The owner's site with a version that includes the open API (docking), as the opening flow leaves it. */
function seedSite(dataDir: string, ownerId: number): void {
  const db = new Database(path.join(dataDir, 'kapu.sqlite'));
  try {
    const now = Date.now();
    const level = db
      .prepare('select id from member_levels where site_id = 1 order by is_default desc, sort limit 1')
      .get() as { id: number };
    const version = db
      .prepare(
        `insert into site_versions (name, level_id, price_month, max_children, open_api, created_at, updated_at)
         values ('e2e 对接版', ?, 1000, 5, 1, ?, ?)`,
      )
      .run(level.id, now, now);
    const site = db
      .prepare(
        `insert into sites (parent_id, owner_user_id, title, subtitle, path, domain, status, created_at, depth, version_id, period, expires_at)
         values (1, ?, 'e2e 对接分站', '', ?, null, 'active', ?, 1, ?, 'month', ?)`,
      )
      .run(ownerId, PATH, now, version.lastInsertRowid, now + 30 * 86_400_000);
    db.prepare('update sites set chain = ? where id = ?').run(`1/${site.lastInsertRowid}`, site.lastInsertRowid);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  upstream = await new FakeKayixinUpstream().start();
  upstream.addGoods({ goodsId: 909, goodsName: GOODS, price: 900, stock: 20 });
  server = await startServer({ OUTBOUND_HOSTS: 'any' });
  admin = await adminToken(server);
  await registerWithoutCaptcha(server, server.adminPath, admin);
  await callOk(server, '/user/register', { loginName: OWNER, password: PASSWORD });
  const members = await callOk(server, `/${server.adminPath}/members/list`, { keyword: OWNER }, admin);
  const ownerId = Number((members.list as Array<{ id: number }>)[0].id);
  adminPassword = server.adminPassword;
  await server.stop({ keepData: true });
  seedSite(server.dataDir, ownerId);
  server = await startServer({ OUTBOUND_HOSTS: 'any' }, { dataDir: server.dataDir });
  browser = await launchBrowser();
  owner = await newPage(browser, server.baseUrl);
  await owner.page.goto('/login?redirect=/vip/docking');
  await owner.page.getByLabel('账号').fill(OWNER);
  await owner.page.getByLabel('密码').fill(PASSWORD);
  await owner.page
    .locator('form')
    .getByRole('button', { name: /登\s*录/ })
    .click();
  await owner.page.waitForURL((u) => u.pathname === '/vip/docking');
});
afterAll(async () => {
  await owner?.context.close();
  await browser?.close();
  await server?.stop();
  await upstream?.stop();
});

describe('a site owner imports upstream goods into their own site in the browser', () => {
  it('connects, imports with a 20 % markup, and sees the goods among their docked goods', async () => {
    const { page } = owner;
    await waitText(page, '还没有上游连接');
    await page.getByRole('button', { name: '添加上游连接' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('连接名称').fill('我的上游');
    await dialog.getByLabel('上游地址').fill(upstream.url);
    await dialog.getByLabel('AppID').fill(upstream.appId);
    await dialog.getByLabel('密钥').fill(upstream.secret);
    await dialog.getByRole('button', { name: '保存' }).click();
    await waitText(page, '连接已保存');

    await page.getByRole('tab', { name: '导入商品' }).click();
    await waitText(page, '导入的商品是本站的自有商品');
    await page.locator('.ant-select', { hasText: '选择上游连接' }).click();
    await page.locator('.ant-select-item-option', { hasText: '我的上游' }).click();
    await waitText(page, GOODS);
    await page
      .getByRole('row', { name: new RegExp(GOODS.slice(0, 6)) })
      .getByRole('checkbox')
      .check();
    await page.getByRole('button', { name: /导入所选/ }).click();
    const imp = page.getByRole('dialog');
    await imp.locator('.ant-select').click();
    // The directories the site shows (the demo catalogue's).
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await shot(page, 'docking-owner-import');
    await imp.getByRole('button', { name: '导入' }).click();
    await waitText(page, '已导入 1 个商品');
    await shot(page, 'docking-owner-imported');

    await page.getByRole('tab', { name: '对接商品' }).click();
    await waitText(page, '¥10.80');
    await waitText(page, '在售');
    await shot(page, 'docking-owner-goods');
  });

  it('the goods is on the owner’s storefront at the marked-up price, and not on the platform’s', async () => {
    const onSite = await call(server, `/${PATH}/inside/goods/getList`, { keyword: GOODS });
    const goods = (onSite.data!.list as Array<{ id: number; price: number }>)[0];
    expect(goods?.price).toBe(1080);
    const onPlatform = await call(server, '/inside/goods/getList', { keyword: GOODS });
    expect(onPlatform.data!.list).toEqual([]);

    const visitor = await newPage(browser, server.baseUrl);
    await visitor.page.goto(`/${PATH}/inside/buyGoods?goodId=${goods!.id}`);
    await waitText(visitor.page, GOODS);
    await waitText(visitor.page, '¥10.80');
    await shot(visitor.page, 'docking-owner-storefront');
    await visitor.page.goto(`/inside/buyGoods?goodId=${goods!.id}`);
    await waitText(visitor.page, /商品不存在/);
    await visitor.context.close();
  });

  it('the owner’s shelf marks it 自有（对接）; staff see it under 分站自有商品', async () => {
    const { page } = owner;
    await page.goto('/vip/vipGoods');
    await waitText(page, GOODS);
    await waitText(page, '自有（对接）');
    await shot(page, 'docking-owner-shelf');

    const staff = await newPage(browser, server.baseUrl);
    await loginAsAdmin(staff.page, server.adminPath, adminPassword);
    await staff.page.goto(`/${server.adminPath}/docking`);
    await staff.page.getByRole('tab', { name: '对接商品' }).click();
    await staff.page.getByText('分站自有商品').click();
    await waitText(staff.page, 'e2e 对接分站');
    await waitText(staff.page, GOODS);
    await shot(staff.page, 'docking-admin-site-goods');
    await staff.context.close();
  });

  it('the owner sets their own price on the goods, and their storefront follows at once', async () => {
    const { page } = owner;
    await page.goto('/vip/docking');
    await page.getByRole('tab', { name: '对接商品' }).click();
    await page
      .getByRole('row', { name: new RegExp(GOODS) })
      .getByRole('button', { name: '改价' })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('售价（元）').fill('12.00');
    await shot(page, 'docking-owner-price');
    await dialog.getByRole('button', { name: '保存' }).click();
    await waitText(page, '售价已保存');
    await waitText(page, '¥12.00');
    const onSite = await call(server, `/${PATH}/inside/goods/getList`, { keyword: GOODS });
    expect((onSite.data!.list as Array<{ price: number }>)[0]?.price).toBe(1200);
  });
});
