import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAsAdmin, newPage } from '../support/browser.js';
import {
  REPO_ROOT,
  adminToken,
  callOk,
  demoSubDirId,
  registerWithoutCaptcha,
  startServer,
  type RunningServer,
} from '../support/server.js';

// Every member and admin screen, with data on it, read as a buyer or staff member reads it:
// no internal code (status, type, gateway, audit action, `kind:id`) may show through.
let server: RunningServer;
let browser: Browser;
let admin: string;
let member: string;
const A = () => `/${server.adminPath}`;

/** Internal words our enums use; on a Chinese screen they mean a label is missing. */
const CODE_WORDS = [
  'unpaid',
  'expired',
  'cancelled',
  'paid',
  'pending',
  'shipped',
  'delivered',
  'refund_due',
  'refunded',
  'available',
  'reserved',
  'sold',
  'void',
  'balance',
  'sandbox',
  'epay_v1',
  'epay_v2',
  'alipay',
  'wechat_v3',
  'recharge',
  'manual',
  'physical',
  'order_pay',
  'order_refund',
  'repeal_refund',
  'adjust',
  'approved',
  'rejected',
  'reviewing',
  'passed',
  'failed',
  'on_sale',
  'paused',
  'banned',
  'active',
  'disabled',
  'requested',
  'none',
];
const CODE_PATTERNS = [
  new RegExp(`(?<![\\w.@/:-])(${CODE_WORDS.join('|')})(?![\\w.@:-])`, 'g'),
  /(?<![\w@.])[a-z]+\.[a-z][a-zA-Z]+(?![\w.])/g, // orders.refund, staff.login
  /(?<![\w@])(?:admin|balance|orders?|users?|staff|goods|payments?):[\w-]+/g, // admin:admin, balance:1, orders:3
];

function routesOf(layout: 'member' | 'admin'): string[] {
  const text = readFileSync(path.join(REPO_ROOT, 'web/src/app/router/routes.ts'), 'utf8');
  const found = [...text.matchAll(/path: '([^']+)',\s*title: '[^']*',\s*layout: '(\w+)'/g)]
    .filter((m) => m[2] === layout)
    .map((m) => m[1]);
  return found.filter((p) => !/:(?!adminPath)/.test(p));
}

async function codesOn(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return CODE_PATTERNS.flatMap((re) => [...text.matchAll(re)].map((m) => m[0]));
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await adminToken(server);
  await registerWithoutCaptcha(server, server.adminPath, admin);
  // Data on every list: paid, pending, partly refunded and refunded orders, ledger rows, an unpaid visitor order.
  const dirId = await demoSubDirId(server, server.adminPath, admin);
  const cardGoods = await callOk(
    server,
    `${A()}/catalog/saveGoods`,
    { dirId, name: '巡检卡', type: 'card', price: '6', cost: '2', faceValue: '6', visitorAllowed: '1' },
    admin,
  );
  await callOk(
    server,
    `${A()}/stock/import`,
    { goodsId: String(cardGoods.id), text: 'ZH-1\nZH-2\nZH-3\nZH-4\nZH-5' },
    admin,
  );
  const manual = await callOk(
    server,
    `${A()}/catalog/saveGoods`,
    { dirId, name: '巡检代充', type: 'manual', price: '8', faceValue: '8', stock: '20' },
    admin,
  );
  await callOk(server, '/user/register', { loginName: 'e2ezh', password: 'zhzh12345' });
  await callOk(server, `${A()}/funds/adjust`, { member: 'e2ezh', amount: '100', reason: '巡检充值' }, admin);
  member = String((await callOk(server, '/user/login', { account: 'e2ezh', password: 'zhzh12345' })).authCode);
  const buy = async (goodsId: unknown) =>
    String(
      (
        await callOk(
          server,
          '/inside/order/create',
          { goodsId: String(goodsId), quantity: '1', payBy: 'balance' },
          member,
        )
      ).orderNo,
    );
  const partly = await buy(cardGoods.id);
  await callOk(server, `${A()}/orders/refund`, { orderNo: partly, reason: '补差价', amount: '1' }, admin);
  await callOk(server, `${A()}/orders/refund`, { orderNo: await buy(cardGoods.id), reason: '巡检退款' }, admin);
  await buy(manual.id);
  await callOk(server, '/inside/order/create', {
    goodsId: String(cardGoods.id),
    quantity: '1',
    contact: 'zh@example.com',
    queryPassword: 'look123456',
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Chinese screens', () => {
  it('knows the screens and spots codes', () => {
    expect(routesOf('member').length).toBeGreaterThan(30);
    expect(routesOf('admin').length).toBeGreaterThan(10);
    const sample =
      '状态 delivered，操作 orders.refund 由 admin:admin 支付 balance:12，邮箱 a.b@pay.example.com 订单 2026112501';
    expect(CODE_PATTERNS.flatMap((re) => [...sample.matchAll(re)].map((m) => m[0]))).toEqual([
      'delivered',
      'orders.refund',
      'admin:admin',
      'balance:12',
    ]);
  });

  it('CSV exports show labels, not codes', async () => {
    for (const [url, token] of [
      [`${A()}/orders/export`, admin],
      ['/inside/order/export', member],
      ['/inside/funds/exportLedger', member],
    ] as const) {
      const file = await callOk(server, url, {}, token);
      const content = String(file.content);
      expect(content.split('\n').length, url).toBeGreaterThan(2);
      expect(
        CODE_PATTERNS.flatMap((re) => [...content.matchAll(re)].map((m) => m[0])),
        url,
      ).toEqual([]);
    }
  });

  it('member screens show labels, not codes', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto('/login');
    await page.getByLabel('账号').fill('e2ezh');
    await page.getByLabel('密码').fill('zhzh12345');
    await page
      .locator('form')
      .getByRole('button', { name: /登\s*录/ })
      .click();
    await page.waitForURL('**/inside/**');
    const found: Record<string, string[]> = {};
    for (const route of routesOf('member')) {
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      const codes = await codesOn(page);
      if (codes.length) found[route] = codes;
    }
    expect(found).toEqual({});
    await context.close();
  });

  it('admin screens show labels, not codes', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await loginAsAdmin(page, server.adminPath, server.adminPassword);
    const found: Record<string, string[]> = {};
    for (const route of routesOf('admin')) {
      await page.goto(route.replace(':adminPath', server.adminPath));
      await page.waitForLoadState('networkidle');
      const codes = await codesOn(page);
      if (codes.length) found[route] = codes;
    }
    expect(found).toEqual({});
    await context.close();
  });
});
