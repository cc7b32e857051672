import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, launchBrowser, loginAsAdmin, newPage, shot, registerInBrowser, waitText } from '../support/browser.js';
import {
  adminToken,
  call,
  callOk,
  registerWithoutCaptcha,
  startServer,
  type RunningServer,
} from '../support/server.js';

// Redemption codes in the browser (decision 0013): the admin generates a batch and downloads its
// codes once; a visitor redeems goods through a short link; a member redeems balance on
// /cdk/recharge, then buys a gift code on /inside/cdk and voids it for a refund.
let server: RunningServer;
let browser: Browser;
let admin: string;
let links: string[] = [];
const A = () => `/${server.adminPath}`;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await adminToken(server);
  await registerWithoutCaptcha(server, server.adminPath, admin);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('redemption codes in the browser', () => {
  it('the admin generates a goods batch and downloads its codes and short links once', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await loginAsAdmin(page, server.adminPath, server.adminPassword);
    await page.goto(`${A()}/redeemCodes`);
    await waitText(page, '还没有兑换码批次');
    await page.getByRole('button', { name: '生成兑换码' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('批次名称').fill('双十一礼品卡');
    await dialog.locator('.ant-select').click();
    await page.keyboard.type('Steam 钱包充值卡 50');
    await page.locator('.ant-select-item-option', { hasText: 'Steam 钱包充值卡 50 元' }).first().click();
    await dialog.getByLabel('生成数量').fill('3');
    await shot(page, 'cdk-admin-generate');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: '生成并下载' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^兑换码-\d+-双十一礼品卡\.csv$/);
    const rows = readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1);
    expect(rows).toHaveLength(3);
    links = rows.map((r) => r.split(',')[2]!);
    for (const l of links)
      expect(l).toMatch(/^\/cdk\/short\/[2-9A-HJ-NP-Z]{10}#([2-9A-HJ-NP-Z]{4}-){5}[2-9A-HJ-NP-Z]{4}$/);
    await waitText(page, '双十一礼品卡');
    await waitText(page, 'Steam 钱包充值卡 50 元 × 1');
    await shot(page, 'cdk-admin-batches');
    // The codes drawer shows them masked, never whole.
    await page.getByRole('button', { name: '兑换码', exact: true }).first().click();
    await waitText(page, '兑换码只在生成时导出一次');
    const code = links[0]!.split('#')[1]!;
    await expect.poll(() => page.getByText(code).count()).toBe(0);
    await waitText(page, `${code.slice(0, 4)}-****-****-****-****-${code.slice(-4)}`);
    await shot(page, 'cdk-admin-codes');
    await context.close();
  });

  it('a visitor opens a short link and redeems its goods; the cards are shown at once', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto(links[0]!);
    await waitText(page, 'Steam 钱包充值卡 50 元');
    await waitText(page, '兑换码已随链接带入');
    await page.getByLabel('联系方式').fill('gift@example.com');
    await page.getByLabel('查询密码').fill('gift123456');
    await shot(page, 'cdk-short-visitor');
    await page.getByRole('button', { name: '立即兑换' }).click();
    await waitText(page, '兑换成功');
    await shot(page, 'cdk-short-redeemed');
    await waitText(page, /DEMO-STEAM50-\d{4}/);
    await waitText(page, '兑换码兑换');
    // The same link again: the code is used.
    await page.goto('/');
    await page.goto(links[0]!);
    await waitText(page, '该兑换码已用完，不能再兑换');
    await context.close();
  });

  it('a member redeems a balance code on /cdk/recharge, then buys a gift code on /inside/cdk and voids it', async () => {
    const gen = await callOk(
      server,
      `${A()}/cdk/generate`,
      { name: '充值活动', kind: 'balance', amount: '20', count: '1' },
      admin,
    );
    const file = gen.file as { content: string };
    const balanceCode = file.content
      .replace(/^\uFEFF/, '')
      .split('\r\n')[1]!
      .split(',')[0]!;

    const { context, page } = await newPage(browser, server.baseUrl);
    await registerInBrowser(page, 'e2ecdkmember', 'cdk12345');
    await page.goto('/cdk/recharge');
    await page.getByLabel('兑换码').fill(balanceCode.toLowerCase());
    await page.getByRole('button', { name: '立即兑换' }).click();
    await waitText(page, '兑换成功，已充值 ¥20.00');
    await waitText(page, '当前余额 ¥20.00');
    await shot(page, 'cdk-recharge-done');
    // A wrong code says why.
    await page.getByRole('button', { name: '继续兑换' }).click();
    await page.getByLabel('兑换码').fill(balanceCode);
    await page.getByRole('button', { name: '立即兑换' }).click();
    await waitText(page, '该兑换码已被使用');

    await page.goto('/inside/cdk');
    await waitText(page, '你还没有生成过兑换码');
    await page.getByLabel('面值（元）').fill('5');
    await page.getByRole('button', { name: '用余额生成' }).click();
    await waitText(page, '兑换码已生成');
    const gift = (await page.locator('.cdk-fresh-code').first().innerText()).trim();
    expect(gift).toMatch(/^([2-9A-HJ-NP-Z]{4}-){5}[2-9A-HJ-NP-Z]{4}$/);
    await shot(page, 'cdk-member-created');
    await page.getByRole('button', { name: '完成' }).click();
    await waitText(page, '余额 ¥5.00');
    await waitText(page, '当前余额 ¥15.00');
    await page.getByRole('button', { name: '作废' }).click();
    await page.getByRole('button', { name: '作废', exact: true }).last().click();
    await waitText(page, '已作废，退回 ¥5.00 到余额');
    await waitText(page, '已作废');
    await waitText(page, '当前余额 ¥20.00');
    await shot(page, 'cdk-member-voided');
    // The voided code no longer redeems.
    const after = await call(server, '/cdk/check', { code: gift });
    expect(after.data).toMatchObject({ status: 'voided' });
    await context.close();

    const mobile = await newPage(browser, server.baseUrl, MOBILE);
    await mobile.page.goto('/login');
    await mobile.page.getByLabel('账号').fill('e2ecdkmember');
    await mobile.page.getByLabel('密码', { exact: true }).fill('cdk12345');
    await mobile.page
      .locator('form')
      .getByRole('button', { name: /登\s*录/ })
      .click();
    await mobile.page.waitForURL('**/inside/index');
    await mobile.page.goto('/inside/cdk');
    await waitText(mobile.page, '兑换码列表');
    await shot(mobile.page, 'cdk-member-mobile');
    await mobile.context.close();
  });
});
