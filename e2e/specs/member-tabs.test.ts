import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser.js';
import { adminToken, call, startServer, type RunningServer } from '../support/server.js';

// Issue 10: the member area opened one tab per address (订单详情 per order). One tab per route,
// which keeps the last address shown in it.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const admin = await adminToken(server);
  expect(
    (
      await call(
        server,
        `/${server.adminPath}/settings/security`,
        { captchaAfter: '3', lockAfter: '10', lockMinutes: '15', registerCaptcha: '0' },
        admin,
      )
    ).code,
  ).toBe(1000);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const tabTitles = (page: Page) => page.locator('.shell-tabs .ant-tabs-tab').allInnerTexts();

describe('opened-page tabs', () => {
  it('a detail page reuses its tab for another record and keeps the last address', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto('/register');
    await page.getByLabel('登录名').fill('e2etabs');
    await page.getByLabel('密码', { exact: true }).fill('tabs12345');
    await page.getByLabel('确认密码').fill('tabs12345');
    await page
      .locator('form')
      .getByRole('button', { name: /注\s*册/ })
      .click();
    await page.waitForURL('**/inside/index');
    await page.goto('/inside/accountmoney?type=1');
    await expect.poll(() => tabTitles(page)).toEqual(['会员中心', '资金明细']);
    await page.goto('/inside/accountmoney?type=2');
    await expect
      .poll(() =>
        page.evaluate(() => Object.entries(localStorage).find(([k]) => k.endsWith('opened-tabs-member'))?.[1] ?? ''),
      )
      .toContain('type=2');
    await expect.poll(() => tabTitles(page)).toEqual(['会员中心', '资金明细']);
    await page.goto('/inside/myOrder');
    await expect.poll(() => tabTitles(page)).toEqual(['会员中心', '资金明细', '我的订单']);
    await page.locator('.shell-tabs .ant-tabs-tab', { hasText: '资金明细' }).click();
    await page.waitForURL((u) => u.pathname === '/inside/accountmoney' && u.search === '?type=2');
    await context.close();
  });
});
