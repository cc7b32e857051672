import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEpay, type FakeEpay } from '../../server/test/payments/fake-epay.js';
import { launchBrowser, newPage, shot } from '../support/browser.js';
import { adminToken, callOk, demoSubDirId, startServer, type RunningServer } from '../support/server.js';

// The payer's browser against a 易支付 that behaves like the real server (issue 17): a bank form
// answered by mapi.php reaches the bank under Kapu's real CSP (our own top-level page, no frame),
// and Back from the gateway posts the same form again without 支付参数有变化.
const KEY = 'e2eRealEpayKey';
let server: RunningServer;
let browser: Browser;
let epay: FakeEpay;
let admin: string;
const A = () => `/${server.adminPath}`;

async function account(name: string, config: Record<string, string>) {
  return callOk(
    server,
    `${A()}/payments/saveAccount`,
    {
      gateway: 'epay_v1',
      name,
      displayName: name,
      client: 'all',
      feeRate: '0',
      enabled: '1',
      config: JSON.stringify({ baseUrl: epay.url, pid: '1001', key: KEY, type: 'alipay', ...config }),
    },
    admin,
  );
}

/** Buys as a visitor through the storefront and presses 立即支付 with the named channel. */
async function buyAndPay(page: Page, goodsId: number, channel: string) {
  await page.goto(`/inside/buyGoods?goodId=${goodsId}`);
  await page.getByLabel('联系方式').fill('payer@example.com');
  await page.getByLabel('查询密码').fill('query123');
  await page.getByRole('button', { name: '立即购买' }).click();
  await page.getByRole('link', { name: /去支付/ }).click();
  await page.waitForURL((u) => u.pathname === '/pay/payonline');
  await page.getByRole('radio', { name: channel }).check();
  await page.getByRole('button', { name: /立即支付/ }).click();
}

let goodsId = 0;
beforeAll(async () => {
  epay = await startFakeEpay([{ pid: '1001', key: KEY }]);
  server = await startServer();
  browser = await launchBrowser();
  admin = await adminToken(server);
  // Two visitor orders from this browser's address in a row: no captcha for the second one.
  await callOk(
    server,
    `${A()}/orders/saveSettings`,
    {
      reserveMinutes: '15',
      visitorMaxOrders: '5',
      visitorMaxUnits: '20',
      visitorCaptchaAfter: '100',
      visitorStockShare: '100',
      lookupDays: '90',
    },
    admin,
  );
  await account('网银支付', { mode: 'mapi', type: 'bank' });
  await account('易支付跳转', {});
  const dirId = await demoSubDirId(server, server.adminPath, admin);
  // A name the real server would store differently (quotes, emoji, long): we must send a plain one.
  const saved = await callOk(
    server,
    `${A()}/catalog/saveGoods`,
    {
      dirId,
      name: '【官方】视频会员 "年卡" 🎉 自动发货 & 售后无忧 — 请认准本店，购买前请阅读说明，谢谢支持',
      type: 'card',
      price: '12.50',
      faceValue: '12.50',
      visitorAllowed: '1',
    },
    admin,
  );
  goodsId = Number(saved.id);
  await callOk(server, `${A()}/stock/import`, { goodsId: String(goodsId), text: 'HAND-1\nHAND-2\nHAND-3' }, admin);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await epay?.close();
});

describe('易支付 hand-offs in the browser', () => {
  it('a bank form answered by mapi.php reaches the bank page under the real CSP', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await buyAndPay(page, goodsId, '网银支付');
    await page.waitForURL((u) => u.origin === epay.url && u.pathname === '/bank/pay');
    await expect.poll(() => page.getByRole('heading', { name: '模拟银行支付页' }).isVisible()).toBe(true);
    await shot(page, 'epay-bank-page');
    // The gateway's own auto-submit script was held back by the CSP; ours posted the form.
    expect(violations.every((v) => /script/i.test(v))).toBe(true);
    await context.close();
  });

  it('Back from the gateway returns to the shop; going again posts the same form, not 支付参数有变化', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    const handoffs: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/pay/go/')) handoffs.push(r.url());
    });
    await buyAndPay(page, goodsId, '易支付跳转');
    await page.waitForURL((u) => u.origin === epay.url && u.pathname === '/submit.php');
    await expect.poll(() => page.getByRole('heading', { name: '易支付收银台' }).isVisible()).toBe(true);
    const order = await page.locator('[data-order]').getAttribute('data-order');
    expect(handoffs).toHaveLength(1);

    // Back: the hand-off page replaced itself, so the payer is on the shop's pay page again.
    await page.goBack();
    await page.waitForURL((u) => u.origin === server.baseUrl);
    // …where paying again starts from the order's channels (a new attempt, if the payer wants one).
    await expect.poll(() => page.getByRole('button', { name: /立即支付/ }).isVisible()).toBe(true);
    await shot(page, 'epay-back-in-shop');
    // Going to the same hand-off again (a reload, a second tab) posts the same parameters.
    await page.goto(handoffs[0]);
    await page.waitForURL((u) => u.origin === epay.url && u.pathname === '/submit.php');
    await expect.poll(() => page.locator('body').innerText()).toContain('易支付收银台');
    expect(await page.locator('body').innerText()).not.toContain('支付参数有变化');
    expect(await page.locator('[data-order]').getAttribute('data-order')).toBe(order);
    await shot(page, 'epay-cashier-again');
    await context.close();
  });
});
