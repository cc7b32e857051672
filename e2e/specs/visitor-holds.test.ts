import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAsAdmin, newPage, shot, waitText } from '../support/browser.js';
import { adminToken, call, startServer, type RunningServer } from '../support/server.js';

// Visitors' unpaid orders in the browser: cancel one (stock back), 本机订单 shows live statuses,
// the captcha is asked once a visitor holds an unpaid order, and admin sets the rules.
let server: RunningServer;
let browser: Browser;
let admin: string;
let goodsId = 0;
const A = () => `/${server.adminPath}`;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await adminToken(server);
  const dirs = await call(server, `${A()}/catalog/dirs`, {}, admin);
  const dirId = String(
    (dirs.data as unknown as Array<{ id: number; parentId: number | null }>).find((d) => d.parentId !== null)!.id,
  );
  const saved = await call(
    server,
    `${A()}/catalog/saveGoods`,
    { dirId, name: '游客限购测试卡', type: 'card', price: '5', faceValue: '5', visitorAllowed: '1' },
    admin,
  );
  goodsId = Number(saved.data!.id);
  const text = Array.from({ length: 10 }, (_, i) => `HOLD-${i}----pw${i}`).join('\n');
  expect((await call(server, `${A()}/stock/import`, { goodsId: String(goodsId), text }, admin)).code).toBe(1000);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function orderAsVisitor(page: Page): Promise<string> {
  await page.goto(`/inside/buyGoods?goodId=${goodsId}`);
  await waitText(page, '游客限购测试卡');
  await page.getByLabel('联系方式').fill('holder@example.com');
  await page.getByLabel('查询密码').fill('query123');
  await page.getByRole('button', { name: '立即购买' }).click();
  // The unpaid order's result: its number and the pay button.
  await expect
    .poll(() =>
      page
        .getByRole('button', { name: /去支付|支付 ¥/ })
        .first()
        .isVisible(),
    )
    .toBe(true);
  return /\d{17,40}/.exec(await page.locator('main, body').first().innerText())![0];
}

describe('visitor holds in the browser', () => {
  it('a visitor cancels an unpaid order; 本机订单 shows statuses read afresh; the next order asks for the captcha', async () => {
    await call(
      server,
      `${A()}/orders/saveSettings`,
      {
        reserveMinutes: '15',
        visitorMaxOrders: '3',
        visitorMaxUnits: '20',
        visitorCaptchaAfter: '100',
        visitorStockShare: '50',
      },
      admin,
    );
    const { context, page } = await newPage(browser, server.baseUrl);
    const first = await orderAsVisitor(page);
    const second = await orderAsVisitor(page);

    // Cancel the first from its detail page.
    await page.goto(`/inside/visitorOrderDetail?orderNo=${first}`);
    await waitText(page, '订单待支付');
    await page.getByRole('button', { name: '取消订单' }).click();
    await expect.poll(() => page.getByLabel('查询密码').inputValue()).toBe('query123');
    await shot(page, 'visitor-cancel-modal');
    await page.getByRole('button', { name: '确认取消' }).click();
    await waitText(page, '订单已取消');
    const stock = await call(server, '/inside/goods/getDetail', { goodsId: String(goodsId) });
    expect(stock.data!.stock).toBe(9);

    // The second is cancelled elsewhere (another device); 本机订单 shows it on open.
    expect((await call(server, '/visitor/order/cancel', { orderNo: second, queryPassword: 'query123' })).code).toBe(
      1000,
    );
    await page.goto('/inside/visitorOrder');
    await waitText(page, second);
    const row = page.locator('tr', { hasText: second });
    await expect.poll(() => row.innerText()).toContain('已取消');
    await shot(page, 'visitor-orders-refreshed');

    // Holding an unpaid order, the next visitor order asks for the image captcha.
    await call(
      server,
      `${A()}/orders/saveSettings`,
      {
        reserveMinutes: '15',
        visitorMaxOrders: '3',
        visitorMaxUnits: '20',
        visitorCaptchaAfter: '1',
        visitorStockShare: '50',
      },
      admin,
    );
    await orderAsVisitor(page);
    await page.goto(`/inside/buyGoods?goodId=${goodsId}`);
    await waitText(page, '游客限购测试卡');
    await page.getByLabel('联系方式').fill('holder@example.com');
    await page.getByLabel('查询密码').fill('query123');
    await page.getByRole('button', { name: '立即购买' }).click();
    await waitText(page, '您有未支付的订单，继续下单请输入图形验证码');
    await expect.poll(() => page.getByRole('img', { name: '图形验证码' }).isVisible()).toBe(true);
    await shot(page, 'visitor-captcha-asked');
    await context.close();
  });

  it('admin edits the visitor rules under 系统设置 → 下单与库存', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await loginAsAdmin(page, server.adminPath, server.adminPassword);
    await page.goto(`${A()}/settings`);
    await page.getByRole('tab', { name: '下单与库存' }).click();
    const field = page.getByLabel('每个 IP 最多未支付的游客订单');
    await expect.poll(() => field.inputValue()).toBe('3');
    await field.fill('2');
    await page.getByRole('tabpanel').getByRole('button', { name: '保存' }).click();
    await waitText(page, '下单设置已保存');
    await shot(page, 'admin-checkout-settings');
    expect((await call(server, `${A()}/orders/settings`, {}, admin)).data).toMatchObject({ visitorMaxOrders: 2 });
    await context.close();
  });
});
