import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver } from '../../server/test/fakes/webhook-receiver.js';
import { launchBrowser, loginAsAdmin, newPage, shot } from '../support/browser.js';
import {
  adminToken,
  callOk,
  demoSubDirId,
  registerWithoutCaptcha,
  startServer,
  type RunningServer,
} from '../support/server.js';

// Webhooks in the browser (decision 0017): a member creates a webhook on /inside/webhooks and sees
// its signing secret once, buys something, sees the delivery with HTTP 200 from a receiver on
// loopback (which checks the signature), and replays it; the admin's screen lists it too.
let server: RunningServer;
let browser: Browser;
let admin: string;
let member: { context: BrowserContext; page: Page };
let rx: Awaited<ReturnType<typeof startWebhookReceiver>>;
const A = () => `/${server.adminPath}`;
const LOGIN = 'e2ehook';
const PASSWORD = 'hook12345678';
/** The job loop runs every second and the log refetches every 3 s while a delivery is pending. */
const POLL = { timeout: 25_000, intervals: [500] };
const SOON = { timeout: 30_000 };

async function memberToken(page: Page): Promise<string> {
  return page.evaluate(
    () => (JSON.parse(localStorage.getItem('token') ?? '{}') as { authCode?: string }).authCode ?? '',
  );
}

beforeAll(async () => {
  rx = await startWebhookReceiver();
  server = await startServer({ OUTBOUND_HOSTS: 'any' });
  browser = await launchBrowser();
  admin = await adminToken(server);
  await registerWithoutCaptcha(server, server.adminPath, admin);
  member = await newPage(browser, server.baseUrl);
  const { page } = member;
  await page.goto('/register');
  await page.getByLabel('登录名').fill(LOGIN);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByLabel('确认密码').fill(PASSWORD);
  await page
    .locator('form')
    .getByRole('button', { name: /注\s*册/ })
    .click();
  await page.waitForURL('**/inside/index');
  const members = await callOk(server, `${A()}/members/list`, { keyword: LOGIN }, admin);
  const userId = String((members.list as Array<{ id: number }>)[0]!.id);
  await callOk(server, `${A()}/funds/adjust`, { userId, amount: '50', reason: 'e2e webhook 测试' }, admin);
});
afterAll(async () => {
  await member?.context.close();
  await browser?.close();
  await server?.stop();
  await rx?.close();
});

describe('webhooks in the browser', () => {
  it('a member creates a webhook, sees the secret once, buys, sees the 200 delivery and replays it', async () => {
    const { page } = member;
    await page.goto('/inside/webhooks');
    await expect.poll(() => page.getByText('还没有 Webhook').isVisible(), SOON).toBe(true);
    // The menu lists the page.
    await expect.poll(() => page.getByRole('menuitem', { name: /Webhook 通知/ }).count(), SOON).toBeGreaterThan(0);

    await page.getByRole('button', { name: /新建 Webhook/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('名称').fill('订单同步');
    await dialog.getByLabel('回调地址').fill(rx.url('/e2e'));
    await dialog.getByRole('checkbox', { name: '订单已付款' }).check();
    await page.waitForTimeout(300); // animations settle, for the screenshot only
    await shot(page, 'webhooks-create');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();

    const secretText = page.getByTestId('webhook-secret');
    await expect.poll(() => secretText.isVisible(), SOON).toBe(true);
    const secret = (await secretText.innerText()).trim();
    expect(secret).toMatch(/^whsec_[0-9a-f]{40}$/);
    rx.trust('/e2e', secret);
    await page.waitForTimeout(300);
    await shot(page, 'webhooks-secret-once');
    await page.getByRole('button', { name: '我已妥善保存' }).click();
    await expect.poll(() => page.getByText(`whsec_…${secret.slice(-4)}`).isVisible(), SOON).toBe(true);
    // Never shown again, not even after a reload.
    await page.reload();
    await expect.poll(() => page.getByText('订单同步').first().isVisible(), SOON).toBe(true);
    expect(await page.content()).not.toContain(secret);

    // The member buys something.
    const dirId = await demoSubDirId(server, server.adminPath, admin);
    const goods = await callOk(
      server,
      `${A()}/catalog/saveGoods`,
      { dirId, name: 'Webhook 测试卡', type: 'card', faceValue: '10', price: '2.00' },
      admin,
    );
    await callOk(server, `${A()}/stock/import`, { goodsId: String(goods.id), text: 'HOOK-1----p1' }, admin);
    const token = await memberToken(page);
    const order = await callOk(server, '/inside/order/create', { goodsId: String(goods.id), quantity: '1' }, token);
    const orderNo = String(order.orderNo);
    await callOk(server, '/inside/order/payByBalance', { orderNo }, token);

    await expect.poll(() => rx.for('/e2e').length, POLL).toBe(1);
    expect(rx.for('/e2e')[0]!.verified).toBe(true);
    expect(rx.for('/e2e')[0]!.body).toContain(orderNo);
    expect(rx.for('/e2e')[0]!.body).not.toContain('HOOK-1');

    const row = page.locator('.webhook-deliveries .ant-table-row').filter({ hasText: '订单已付款' }).first();
    await expect
      .poll(async () => {
        if (!(await row.isVisible())) await page.locator('.webhook-refresh').click();
        return (await row.isVisible()) ? row.innerText() : '';
      }, POLL)
      .toContain('已送达');
    expect(await row.innerText()).toContain('200');
    await page.waitForTimeout(300);
    await shot(page, 'webhooks-delivered');

    // Details: the body and each attempt.
    await row.getByRole('button', { name: /详\s*情/ }).click();
    const detail = page.getByRole('dialog').filter({ hasText: '投递详情' });
    await expect.poll(() => detail.getByText(orderNo).first().isVisible(), SOON).toBe(true);
    await page.waitForTimeout(300);
    await shot(page, 'webhooks-detail');
    await page.keyboard.press('Escape');

    // Replay: the same delivery again, a fresh signature; two attempts logged.
    await row.getByRole('button', { name: /重\s*发/ }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /重\s*发/ })
      .click();
    await expect.poll(() => page.getByText('已重新发送').first().isVisible(), SOON).toBe(true);
    await expect.poll(() => rx.for('/e2e').length, POLL).toBe(2);
    const [first, again] = rx.for('/e2e');
    expect(again!.verified).toBe(true);
    expect(again!.body).toBe(first!.body);
    expect(again!.headers['x-kapu-delivery']).toBe(first!.headers['x-kapu-delivery']);
    await expect
      .poll(async () => {
        await page.locator('.webhook-refresh').click();
        return row.locator('td').nth(4).innerText();
      }, POLL)
      .toBe('2');
    expect(await row.innerText()).toContain('已送达');
    await page.waitForTimeout(300);
    await shot(page, 'webhooks-replayed');
  }, 120_000);

  it('the admin sees every delivery on the Webhook 通知 screen', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await loginAsAdmin(page, server.adminPath, server.adminPassword);
    await page.goto(`${A()}/webhooks`);
    const row = page.locator('.webhook-deliveries .ant-table-row').filter({ hasText: LOGIN }).first();
    await expect.poll(() => row.isVisible(), SOON).toBe(true);
    expect(await row.innerText()).toContain('订单已付款');
    await page.waitForTimeout(300);
    await shot(page, 'webhooks-admin');
    await context.close();
  }, 60_000);
});
