import { createHash } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, registerInBrowser, shot, waitText } from '../support/browser.js';
import { adminToken, call, registerWithoutCaptcha, startServer, type RunningServer } from '../support/server.js';

// The open API in the browser (decision 0014): a member creates a key on /inside/openapi and sees its
// secret once, tries goods/getList in the tester (signed on the server), then a scripted client
// orders with the key; the order shows in 我的订单 and the call in the call log.
let server: RunningServer;
let browser: Browser;
let admin: string;
let member: { context: BrowserContext; page: Page };
let key = { appId: '', appSecret: '' };
const A = () => `/${server.adminPath}`;

/** A reseller's client: signed JSON as the 卡易信 3.0 shape has it. */
async function signedCall(path: string, body: Record<string, unknown>) {
  const raw = JSON.stringify(body);
  const ts = String(Math.floor(Date.now() / 1000));
  const res = await fetch(`${server.baseUrl}/openapi/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-app-id': key.appId,
      'x-version': '3.0',
      'x-timestamp': ts,
      'x-signature': createHash('md5').update(`${key.appId}${key.appSecret}3.0${ts}${raw}`).digest('hex'),
    },
    body: raw,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { code: number; msg: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- the API's answer
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await adminToken(server);
  await registerWithoutCaptcha(server, server.adminPath, admin);
  member = await newPage(browser, server.baseUrl);
  await registerInBrowser(member.page, 'e2eopenapi', 'oapi123456');
  const members = await call(server, `${A()}/members/list`, { keyword: 'e2eopenapi' }, admin);
  const userId = String((members.data!.list as Array<{ id: number }>)[0]!.id);
  const adjusted = await call(server, `${A()}/funds/adjust`, { userId, amount: '500', reason: 'e2e 开放接口' }, admin);
  expect(adjusted.code).toBe(1000);
});
afterAll(async () => {
  await member?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('the open API in the browser', () => {
  it('a member creates a key and sees its secret once', async () => {
    const { page } = member;
    await page.goto('/inside/openapi');
    await waitText(page, '还没有接口密钥');
    await page.getByRole('button', { name: '新建密钥' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('名称').fill('我的发卡网');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    const secret = page.getByTestId('open-api-secret');
    await expect.poll(() => secret.isVisible()).toBe(true);
    key = {
      appId: (await page.getByTestId('open-api-app-id').innerText()).trim(),
      appSecret: (await secret.innerText()).trim(),
    };
    expect(key.appId).toMatch(/^kp[0-9a-f]{16}$/);
    expect(key.appSecret.length).toBeGreaterThanOrEqual(32);
    await shot(page, 'open-api-secret-once');
    await page.getByRole('button', { name: '我已妥善保存' }).click();
    await waitText(page, '我的发卡网');
    // Shown once: the list holds the app id, never the secret.
    await expect.poll(() => page.getByText(key.appSecret).count()).toBe(0);
    await page.reload();
    await waitText(page, key.appId);
    await expect.poll(() => page.getByText(key.appSecret).count()).toBe(0);
    await shot(page, 'open-api-keys');
  });

  it('the tester calls goods/getList with the key and shows the answer', async () => {
    const { page } = member;
    await page.getByRole('tab', { name: '在线调试' }).click();
    await page.getByLabel('签名密钥', { exact: true }).click();
    await page.locator('.ant-select-item-option', { hasText: '我的发卡网' }).click();
    await page.getByRole('button', { name: '签名并发送' }).click();
    const result = page.getByTestId('open-api-try-result');
    await expect.poll(() => result.isVisible()).toBe(true);
    const text = await result.innerText();
    expect(text).toContain('"code": 1000');
    expect(text).toContain('"allCount"');
    expect(text).toContain('x-signature');
    expect(text).not.toContain(key.appSecret);
    await shot(page, 'open-api-tester');
  });

  it('a scripted client orders with the key: the order shows in 我的订单 and the call in the log', async () => {
    const list = await signedCall('goods/getList', { goodsType: 1, pageSize: 50 });
    expect(list.code, list.msg).toBe(1000);
    const goods = (list.data.items as Array<{ goodsId: number; stockCount: number; salesPrice: string }>).find(
      (g) => g.stockCount > 0 && Number(g.salesPrice) <= 100,
    );
    expect(goods).toBeTruthy();
    const made = await signedCall('order/create', { goodsId: goods!.goodsId, count: 1, outerNumber: 'E2E-1' });
    expect(made.code, made.msg).toBe(1000);
    expect(made.data.cards.length).toBe(1);
    const { page } = member;
    await page.goto('/inside/myOrder');
    await waitText(page, made.data.orderNumber as string);
    await shot(page, 'open-api-my-order');
    await page.goto('/inside/openapi');
    await page.getByRole('tab', { name: '调用日志' }).click();
    await waitText(page, 'order/create');
    await shot(page, 'open-api-call-log');
    await page.getByRole('tab', { name: '接口文档' }).click();
    await waitText(page, 'X-Signature');
    await shot(page, 'open-api-docs');
  });

  it('the member switches API 下单免交易密码 on for a key, confirming in a dialog', async () => {
    const { page } = member;
    await page.goto('/inside/openapi');
    await waitText(page, '我的发卡网');
    const toggle = page.getByTestId(`no-sale-pwd-${key.appId}`);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    const dialog = page.getByRole('dialog').filter({ hasText: '开启 API 下单免交易密码' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.innerText()).toContain('acg-faka');
    await page.waitForTimeout(300); // animations settle, for the screenshot only
    await shot(page, 'open-api-no-sale-pwd-dialog');
    await dialog.getByRole('button', { name: /开\s*启/ }).click();
    await waitText(page, '已开启 API 下单免交易密码');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await page.waitForTimeout(500); // the dialog's closing animation, for the screenshot only
    await shot(page, 'open-api-keys-no-sale-pwd');
  });
});
