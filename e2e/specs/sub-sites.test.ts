import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAsAdmin, newPage, shot, waitText } from '../support/browser.js';
import { adminToken, call, callOk, startServer, type RunningServer } from '../support/server.js';

// Sub-sites in the browser (issue #12): the admin defines a version, a member sees the offer on
// /vip pages, opens a site from /inside/selfCreatVip paying from the balance, and manages it.
let server: RunningServer;
let browser: Browser;
let admin: string;
let member: { context: BrowserContext; page: Page };
const A = () => `/${server.adminPath}`;
const PATH = 'e2e-shop';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await adminToken(server);
  expect(
    (
      await call(
        server,
        `${A()}/settings/security`,
        { captchaAfter: '3', lockAfter: '10', lockMinutes: '15', registerCaptcha: '0' },
        admin,
      )
    ).code,
  ).toBe(1000);
  const level = await callOk(server, `${A()}/catalog/saveLevel`, { name: '站长价' }, admin);
  await callOk(
    server,
    `${A()}/sites/versions/save`,
    {
      name: '专业版',
      description: '适合有一定客源的站长',
      priceMonth: '30',
      priceYear: '300',
      levelId: String(level!.id),
      maxChildren: '10',
      subdomain: '1',
      ownDomain: '1',
      decoration: '1',
      sort: '2',
    },
    admin,
  );
  await callOk(
    server,
    `${A()}/sites/settings/save`,
    { platformDomains: 'kapu.test', freezeDays: '7', graceDays: '3' },
    admin,
  );

  member = await newPage(browser, server.baseUrl);
  const { page } = member;
  await page.goto('/register');
  await page.getByLabel('登录名').fill('e2esiteowner');
  await page.getByLabel('密码', { exact: true }).fill('owner12345');
  await page.getByLabel('确认密码').fill('owner12345');
  await page
    .locator('form')
    .getByRole('button', { name: /注\s*册/ })
    .click();
  await page.waitForURL('**/inside/index');
  const members = await call(server, `${A()}/members/list`, { keyword: 'e2esiteowner' }, admin);
  const userId = String((members.data!.list as Array<{ id: number }>)[0].id);
  await callOk(server, `${A()}/funds/adjust`, { userId, amount: '100', reason: 'e2e 开通分站' }, admin);
});
afterAll(async () => {
  await member?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('sub-sites in the browser', () => {
  it('a member without a site is offered to open one on the /vip pages', async () => {
    const { page } = member;
    await page.goto('/vip/vipWebSite');
    await waitText(page, '你还没有开通分站');
    await shot(page, 'sites-vip-offer');
    await page.getByRole('button', { name: '立即开通分站' }).click();
    await page.waitForURL('**/inside/selfCreatVip');
  });

  it('opens a site from the balance and sees it at /{path}/', async () => {
    const { page } = member;
    await page.goto('/inside/selfCreatVip');
    await waitText(page, '专业版');
    await waitText(page, '适合有一定客源的站长');
    await page.getByLabel('分站名称').fill('小明数码');
    await page.getByLabel('访问路径').fill('inside');
    await waitText(page, '系统保留路径');
    await page.getByLabel('访问路径').fill(PATH);
    await waitText(page, `/${PATH}/`);
    await shot(page, 'sites-open-form');
    await page.getByRole('button', { name: '余额支付并开通' }).click();
    await waitText(page, '分站已开通');
    await shot(page, 'sites-opened');

    const site = await call(server, `${A()}/sites/list`, { keyword: 'e2esiteowner' }, admin);
    expect(site.data).toMatchObject({ total: 1, list: [{ title: '小明数码', path: PATH, status: 'active' }] });
    // The address the page links to is the site's path on this host, served by the app.
    expect(await page.locator(`a[href="/${PATH}/"]`).count()).toBeGreaterThan(0);
    const res = await fetch(`${server.baseUrl}/${PATH}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');

    // The member centre now has the site owner's menus and the site's own pages.
    await page.getByRole('button', { name: '查看我的分站' }).click();
    await waitText(page, '我的分站');
    await waitText(page, '剩余 30 天');
    await shot(page, 'sites-my-site');
    await page.goto('/vip/vipWebSite');
    await expect.poll(() => page.getByLabel('分站名称').inputValue()).toBe('小明数码');
    await page.getByLabel('网页标题').fill('小明数码 - 点卡充值');
    await page.getByRole('button', { name: '保存设置' }).click();
    await waitText(page, '分站设置已保存');
    await shot(page, 'sites-web-site');

    // Prices for child sites: above the owner's own cost.
    await page.goto('/vip/vipVersionMoney');
    await waitText(page, '成本 ¥30.00');
    await page.getByRole('button', { name: '设置价格' }).click();
    await page.getByLabel(/按月/).fill('20');
    await waitText(page, '不能低于你的成本价');
    await page.getByLabel(/按月/).fill('40');
    await shot(page, 'sites-version-money-edit');
    await page.getByRole('button', { name: '保存' }).click();
    await waitText(page, '下级版本价格已保存');
    await waitText(page, '¥40.00');
    await shot(page, 'sites-version-money');
  });

  it('adds a subdomain and an own domain with the DNS record to create', async () => {
    const { page } = member;
    await page.goto('/vip/pagePath');
    await waitText(page, '访问路径');
    await page.getByLabel('二级域名').fill('xiaoming');
    await page
      .locator('form')
      .filter({ has: page.getByLabel('二级域名') })
      .getByRole('button', { name: '添加' })
      .click();
    await waitText(page, 'xiaoming.kapu.test');
    await page.getByLabel('独立域名').fill('shop.example.org');
    await page
      .locator('form')
      .filter({ has: page.getByLabel('独立域名') })
      .getByRole('button', { name: '添加' })
      .click();
    await waitText(page, '_kapu.shop.example.org');
    await waitText(page, '待验证');
    await shot(page, 'sites-page-path');
  });

  it('the admin sees the site and the versions', async () => {
    const admin = await newPage(browser, server.baseUrl);
    await loginAsAdmin(admin.page, server.adminPath, server.adminPassword);
    await admin.page.goto(`${A()}/sites`);
    const row = admin.page.getByRole('row', { name: /小明数码/ });
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await row.innerText()).toContain('e2esiteowner');
    await shot(admin.page, 'sites-admin-list');
    await admin.page.goto(`${A()}/siteVersions`);
    await expect.poll(() => admin.page.getByRole('row', { name: /专业版/ }).isVisible()).toBe(true);
    await shot(admin.page, 'sites-admin-versions');
    await admin.page.getByRole('button', { name: '新增版本' }).click();
    await waitText(admin.page, '新增分站版本');
    await shot(admin.page, 'sites-admin-version-editor');
    await admin.page
      .getByRole('button', { name: '取 消' })
      .or(admin.page.getByRole('button', { name: '取消' }))
      .first()
      .click();
    await admin.page.goto(`${A()}/sites`);
    await admin.page.getByRole('tab', { name: '分站设置' }).click();
    await expect.poll(() => admin.page.getByLabel('平台域名').inputValue()).toBe('kapu.test');
    await shot(admin.page, 'sites-admin-settings');
    await admin.context.close();
  });
});
