import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, launchBrowser, newPage, shot } from '../support/browser.js';
import { adminToken, call, startServer, type RunningServer } from '../support/server.js';

// Issue 10: at 390 px nothing scrolls sideways, and order lists show goods, amount and status.
let server: RunningServer;
let browser: Browser;
let admin: string;
let memberToken = '';
const A = () => `/${server.adminPath}`;

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
  const reg = await call(server, '/user/register', { loginName: 'e2emobile', password: 'mobile12345' });
  memberToken = String(reg.data!.authCode);
  expect(
    (await call(server, `${A()}/funds/adjust`, { member: 'e2emobile', amount: '100', reason: '手机测试' }, admin)).code,
  ).toBe(1000);
  const list = await call(server, '/inside/goods/getList', { keyword: 'Steam 钱包充值卡 50' });
  const goodsId = String((list.data!.list as Array<{ id: number }>)[0].id);
  expect(
    (await call(server, '/inside/order/create', { goodsId, quantity: '1', payBy: 'balance' }, memberToken)).code,
  ).toBe(1000);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function noSidewaysScroll(page: Page) {
  await expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
}

describe('phone layouts (390 px)', () => {
  it('the goods list and its sort bar fit the screen', async () => {
    const { context, page } = await newPage(browser, server.baseUrl, MOBILE);
    await page.goto('/inside/goodsList');
    await expect.poll(() => page.getByText('价格降序').first().isVisible()).toBe(true);
    await noSidewaysScroll(page);
    await shot(page, 'mobile-goods-list');
    await context.close();
  });

  it('my orders show goods, amount and status without sideways scrolling', async () => {
    const { context, page } = await newPage(browser, server.baseUrl, MOBILE);
    await page.goto('/');
    await page.evaluate((token) => localStorage.setItem('token', JSON.stringify({ authCode: token })), memberToken);
    await page.goto('/inside/myOrder');
    const row = page.locator('.ant-table-row').first();
    await expect.poll(() => row.innerText()).toContain('Steam 钱包充值卡 50 元');
    const text = await row.innerText();
    expect(text).toContain('¥48.50');
    expect(text).toContain('已完成');
    for (const cell of ['Steam 钱包充值卡 50 元', '¥48.50', '已完成'])
      expect(await row.getByText(cell).first().isVisible()).toBe(true);
    await noSidewaysScroll(page);
    await shot(page, 'mobile-my-orders');
    await context.close();
  });
});
