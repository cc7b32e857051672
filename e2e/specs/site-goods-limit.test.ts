import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAsAdmin, newPage, shot, waitText } from '../support/browser.js';
import {
  adminToken,
  call,
  callOk,
  registerWithoutCaptcha,
  startServer,
  type RunningServer,
} from '../support/server.js';

// Decision 0019 in the browser: an owner on a version with a goods limit of 2 sees "已上架 2 / 上限 2"
// on 货源市场 and 分站商品, is refused when adding a third, takes one off and adds again; their rule edit
// on 分站店铺 shows in 操作记录 on 分站设置.
let server: RunningServer;
let browser: Browser;
let admin: string;
let owner: { context: BrowserContext; page: Page };
const PATH = 'e2ecap';
const OWNER = 'e2ecapowner';
const PASSWORD = 'owner12345';
const A = () => `/${server.adminPath}`;

const storeTotal = async () => {
  const res = await call(server, `/${PATH}/inside/goods/getList`, { page: '1', pageSize: '100' });
  expect(res.code, res.msg).toBe(1000);
  return Number(res.data!.total);
};

beforeAll(async () => {
  server = await startServer();
  admin = await adminToken(server);
  await registerWithoutCaptcha(server, server.adminPath, admin);
  const level = await callOk(server, `${A()}/catalog/saveLevel`, { name: '限量站长价' }, admin);
  const version = await callOk(
    server,
    `${A()}/sites/versions/save`,
    {
      name: '体验版',
      priceMonth: '5',
      levelId: String(level.id),
      maxChildren: '0',
      maxGoods: '2',
      sort: '1',
    },
    admin,
  );
  await callOk(server, '/user/register', { loginName: OWNER, password: PASSWORD });
  await callOk(server, `${A()}/funds/adjust`, { member: OWNER, amount: '50', reason: 'e2e 开通分站' }, admin);
  const token = String((await callOk(server, '/user/login', { account: OWNER, password: PASSWORD })).authCode);
  await callOk(
    server,
    '/inside/site/open',
    { versionId: String(version.id), period: 'month', title: '限量小店', path: PATH, markupPercent: '0' },
    token,
  );
  browser = await launchBrowser();
  owner = await newPage(browser, server.baseUrl);
  await owner.page.goto('/login?redirect=/vip/market');
  await owner.page.getByLabel('账号').fill(OWNER);
  await owner.page.getByLabel('密码').fill(PASSWORD);
  await owner.page
    .locator('form')
    .getByRole('button', { name: /登\s*录/ })
    .click();
  await owner.page.waitForURL((u) => u.pathname === '/vip/market');
});
afterAll(async () => {
  await owner?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('a site on a capped version', () => {
  it('opens with 2 goods on its shelf; the market shows 已上架 2 / 上限 2 and refuses a third', async () => {
    const { page } = owner;
    await waitText(page, /已上架 2 \/ 上限 2/);
    expect(await storeTotal()).toBe(2);
    await expect.poll(() => page.locator('.ant-table-row').count()).toBeGreaterThan(0);
    await shot(page, 'vip-market-capped');
    const first = page.locator('.ant-table-row').first();
    await first.getByRole('button', { name: /^上\s*架$/ }).click();
    await page.getByRole('button', { name: /确认上架/ }).click();
    await waitText(page, /已无法再上架/);
    // The toast and the modal animate in: the picture is taken once they stand.
    await page.waitForTimeout(800);
    await shot(page, 'vip-market-refused');
    expect(await storeTotal()).toBe(2);
    await page.keyboard.press('Escape');
  });

  it('takes one off on 分站商品, then adds from the market until the limit again', async () => {
    const { page } = owner;
    await page.goto('/vip/vipGoods');
    await waitText(page, /已上架 2 \/ 上限 2/);
    await page.locator('.ant-segmented-item').filter({ hasText: '已上架' }).click();
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(2);
    await shot(page, 'vip-goods-capped');
    await page.locator('.ant-table-row').first().getByRole('switch').click();
    await waitText(page, '已下架 1 件商品');
    await waitText(page, /已上架 1 \/ 上限 2/);
    expect(await storeTotal()).toBe(1);
    await page.goto('/vip/market');
    await waitText(page, /已上架 1 \/ 上限 2/);
    const rows = page.locator('.ant-table-row');
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    await rows
      .nth(1)
      .getByRole('button', { name: /^上\s*架$/ })
      .click();
    await page.getByRole('button', { name: /确认上架/ }).click();
    await waitText(page, '已上架 1 件');
    await waitText(page, /已上架 2 \/ 上限 2/);
    expect(await storeTotal()).toBe(2);
    await rows
      .first()
      .getByRole('button', { name: /^上\s*架$/ })
      .click();
    await page.getByRole('button', { name: /确认上架/ }).click();
    await waitText(page, /已无法再上架/);
    expect(await storeTotal()).toBe(2);
    await page.keyboard.press('Escape');
  });

  it('shows the owner’s rule edit in 操作记录 on 分站设置', async () => {
    const { page } = owner;
    await page.goto('/vip/shop');
    await waitText(page, '限量小店');
    await page
      .getByRole('button', { name: /^设\s*置$/ })
      .first()
      .click();
    await page.getByLabel('加价比例').fill('15');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await waitText(page, '加价规则已保存');
    await page.goto('/vip/vipWebSite');
    await waitText(page, '操作记录');
    const log = page.locator('#audit');
    await expect.poll(() => log.getByText('新增加价规则').first().isVisible()).toBe(true);
    await expect.poll(() => log.getByText('下架商品').first().isVisible()).toBe(true);
    await expect.poll(() => log.getByText('选品上架').first().isVisible()).toBe(true);
    await log.scrollIntoViewIfNeeded();
    await shot(page, 'vip-web-site-audit');
    await log.getByRole('button', { name: '前后对比' }).first().click();
    await waitText(page, /"value": 1500/);
    await page.waitForTimeout(800);
    await shot(page, 'vip-web-site-audit-diff');
  });

  it('names the site in the admin’s 操作日志, and filters by it', async () => {
    const staff = await newPage(browser, server.baseUrl);
    try {
      await loginAsAdmin(staff.page, server.adminPath, server.adminPassword);
      await staff.page.goto(`/${server.adminPath}/audit`);
      await waitText(staff.page, '新增加价规则');
      const row = staff.page.locator('.ant-table-row').filter({ hasText: '新增加价规则' }).first();
      await expect.poll(() => row.innerText()).toContain('限量小店（/e2ecap）');
      const sites = await callOk(server, `${A()}/sites/list`, { keyword: PATH }, admin);
      const siteId = String((sites.list as Array<{ id: number }>)[0]!.id);
      await staff.page.getByPlaceholder('分站 ID').fill(siteId);
      await staff.page.getByRole('button', { name: /筛\s*选/ }).click();
      await expect.poll(() => staff.page.locator('.ant-table-row').count()).toBe(3);
      await shot(staff.page, 'admin-audit-site');
    } finally {
      await staff.context.close();
    }
  });
});
