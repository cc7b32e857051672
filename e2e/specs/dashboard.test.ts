import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAsAdmin, newPage, shot } from '../support/browser.js';
import {
  adminToken,
  callOk,
  demoSubDirId,
  registerWithoutCaptcha,
  startServer,
  type RunningServer,
} from '../support/server.js';

// The admin 控制台 a shop owner opens each morning: money figures, the trend, best sellers,
// low stock and the queues, each queue a link to where the work is done.
let server: RunningServer;
let browser: Browser;
let admin: string;
const A = () => `/${server.adminPath}`;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await adminToken(server);
  await registerWithoutCaptcha(server, server.adminPath, admin);
  const dirId = await demoSubDirId(server, server.adminPath, admin);
  const cardGoods = await callOk(
    server,
    `${A()}/catalog/saveGoods`,
    { dirId, name: '控制台测试卡', type: 'card', price: '30', cost: '12', faceValue: '30' },
    admin,
  );
  await callOk(server, `${A()}/stock/import`, { goodsId: String(cardGoods.id), text: 'DASH-1\nDASH-2\nDASH-3' }, admin);
  const manual = await callOk(
    server,
    `${A()}/catalog/saveGoods`,
    { dirId, name: '控制台代充服务', type: 'manual', price: '20', cost: '5', faceValue: '20', stock: '8' },
    admin,
  );
  await callOk(server, '/user/register', { loginName: 'e2edash', password: 'dash12345' });
  await callOk(server, `${A()}/funds/adjust`, { member: 'e2edash', amount: '200', reason: '控制台测试' }, admin);
  const member = String((await callOk(server, '/user/login', { account: 'e2edash', password: 'dash12345' })).authCode);
  await callOk(
    server,
    '/inside/order/create',
    { goodsId: String(cardGoods.id), quantity: '2', payBy: 'balance' },
    member,
  );
  await callOk(server, '/inside/order/create', { goodsId: String(manual.id), quantity: '1', payBy: 'balance' }, member);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('admin dashboard', () => {
  it('shows sales, cost and profit, the trend, best sellers, low stock and queue links', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await loginAsAdmin(page, server.adminPath, server.adminPassword);
    const today = page.getByTestId('period-today');
    await expect.poll(() => today.innerText()).toContain('¥80.00');
    const todayText = await today.innerText();
    expect(todayText).toContain('今日销售额');
    expect(todayText).toContain('¥29.00'); // cost 2 × 12 + 5
    expect(todayText).toContain('¥51.00'); // profit
    // The chart is a lazily loaded canvas.
    await expect.poll(() => page.locator('.dashboard-trend canvas').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('控制台测试卡').count()).toBeGreaterThanOrEqual(2); // best seller and low stock
    await expect.poll(() => page.getByTestId('queue-toDeliver').innerText()).toContain('1');
    await page.waitForTimeout(800); // the chart's entry animation, for the screenshot only
    await page.setViewportSize({ width: 1366, height: 1500 });
    await page.waitForTimeout(800); // resize redraw, for the screenshot only
    await shot(page, 'admin-dashboard-full');
    await page.setViewportSize({ width: 1366, height: 800 });
    await shot(page, 'admin-dashboard-figures');

    await page.getByTestId('queue-toDeliver').click();
    await page.waitForURL((u) => u.pathname === `${A()}/orders` && u.search === '?status=pending');
    await expect.poll(() => page.locator('.ant-table-row').first().innerText()).toContain('控制台代充服务');
    await shot(page, 'admin-orders-from-queue');
    expect(await page.getByText('控制台测试卡').count()).toBe(0);

    await page.goto(`${A()}/dashboard`);
    await page.getByTestId('queue-repeals').click();
    await page.waitForURL((u) => u.search === '?tab=repeals');
    await expect.poll(() => page.getByRole('tab', { name: '卡密撤销审核', selected: true }).isVisible()).toBe(true);
    await context.close();
  });
});
