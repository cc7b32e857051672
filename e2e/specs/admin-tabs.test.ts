import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAsAdmin, newPage, shot } from '../support/browser.js';
import { adminToken, call, startServer, type RunningServer } from '../support/server.js';

// Issue 10: admin tabs were saved under `admin` but read as `admin-{segment}` (never shown), and
// the member area opened one 订单详情 tab per order. One tab per route, saved and restored per area.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const admin = await adminToken(server);
  expect((await call(server, `/${server.adminPath}/settings/security`, { captchaAfter: '3', lockAfter: '10', lockMinutes: '15', registerCaptcha: '0' }, admin)).code).toBe(1000);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const tabTitles = (page: Page) => page.locator('.shell-tabs .ant-tabs-tab').allInnerTexts();

describe('admin landing and menu by role', () => {
  it('a staff member without the dashboard lands on their first page and sees only permitted entries', async () => {
    const A = `/${server.adminPath}`;
    const admin = await adminToken(server);
    const role = await call(server, `${A}/roles/save`, { name: '订单专员', permissions: 'orders.manage' }, admin);
    expect(role.code).toBe(1000);
    const roleId = (role.data as unknown as { id: number }).id;
    expect((await call(server, `${A}/staff/save`, { username: 'dingdan1', password: 'dd-pass-123', roleId: String(roleId) }, admin)).code).toBe(1000);
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto(`${A}/index`);
    await page.getByLabel('用户名').fill('dingdan1');
    await page.getByLabel('密码').fill('dd-pass-123');
    await page.locator('form').getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL((u) => u.pathname === `${A}/orders`);
    const menu = page.locator('.ant-menu');
    await expect.poll(() => menu.first().innerText()).toContain('订单管理');
    expect(await menu.first().innerText()).not.toContain('控制台');
    expect(await menu.first().innerText()).not.toContain('会员管理');
    await expect.poll(() => tabTitles(page)).toEqual(['订单管理']);
    await shot(page, 'admin-orders-only-staff');
    await context.close();
  });
});

describe('opened-page tabs', () => {
  it('admin pages open as tabs and come back after a reload', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await loginAsAdmin(page, server.adminPath, server.adminPassword);
    await page.goto(`/${server.adminPath}/orders`);
    await expect.poll(() => tabTitles(page)).toEqual(['控制台', '订单管理']);
    await page.goto(`/${server.adminPath}/members`);
    await expect.poll(() => tabTitles(page)).toEqual(['控制台', '订单管理', '会员管理']);
    await page.reload();
    await expect.poll(() => tabTitles(page)).toEqual(['控制台', '订单管理', '会员管理']);
    await shot(page, 'admin-tabs');
    await page.locator('.shell-tabs .ant-tabs-tab', { hasText: '订单管理' }).click();
    await page.waitForURL((u) => u.pathname === `/${server.adminPath}/orders`);
    await context.close();
  });

  it('a detail page reuses its tab for another record and keeps the last address', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto('/register');
    await page.getByLabel('登录名').fill('e2etabs');
    await page.getByLabel('密码', { exact: true }).fill('tabs12345');
    await page.getByLabel('确认密码').fill('tabs12345');
    await page.locator('form').getByRole('button', { name: /注\s*册/ }).click();
    await page.waitForURL('**/inside/index');
    await page.goto('/inside/accountmoney?type=1');
    await expect.poll(() => tabTitles(page)).toEqual(['会员中心', '资金明细']);
    await page.goto('/inside/accountmoney?type=2');
    await expect.poll(() => page.evaluate(() => Object.entries(localStorage).find(([k]) => k.endsWith('opened-tabs-member'))?.[1] ?? '')).toContain('type=2');
    await expect.poll(() => tabTitles(page)).toEqual(['会员中心', '资金明细']);
    await page.goto('/inside/myOrder');
    await expect.poll(() => tabTitles(page)).toEqual(['会员中心', '资金明细', '我的订单']);
    await page.locator('.shell-tabs .ant-tabs-tab', { hasText: '资金明细' }).click();
    await page.waitForURL((u) => u.pathname === '/inside/accountmoney' && u.search === '?type=2');
    await context.close();
  });
});
