import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAsAdmin, newPage, shot, waitText } from '../support/browser.js';
import {
  adminToken,
  call,
  callOk,
  demoSubDirId,
  registerWithoutCaptcha,
  startServer,
  type RunningServer,
} from '../support/server.js';

// Member levels in the browser (issue 12): a member buys a level from the balance on
// /inside/selfLevel and sees the level's prices at once; staff set a member's level.
let server: RunningServer;
let browser: Browser;
let admin: string;
let member: { context: BrowserContext; page: Page };
let goodsId = '';
const A = () => `/${server.adminPath}`;
const levelIds: Record<string, string> = {};

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await adminToken(server);
  await registerWithoutCaptcha(server, server.adminPath, admin);
  const levels = (await callOk(server, `${A()}/catalog/levels`, {}, admin)) as unknown as Array<{
    id: number;
    name: string;
    sort: number;
  }>;
  for (const l of levels) levelIds[l.name] = String(l.id);
  await callOk(
    server,
    `${A()}/catalog/saveLevel`,
    {
      id: levelIds['高级会员']!,
      name: '高级会员',
      sort: '2',
      price: '30',
      buyable: '1',
      description: '全场商品 95 折\n专属客服通道',
    },
    admin,
  );
  await callOk(
    server,
    `${A()}/catalog/saveLevel`,
    {
      id: levelIds['VIP会员']!,
      name: 'VIP会员',
      sort: '3',
      price: '88',
      buyable: '1',
      description: '全场商品 9 折\n大额订单优先处理\n新品抢先购',
    },
    admin,
  );
  const dirId = await demoSubDirId(server, server.adminPath, admin);
  const goods = await callOk(
    server,
    `${A()}/catalog/saveGoods`,
    {
      dirId,
      name: '等级示例卡 100 元',
      type: 'manual',
      price: '100',
      faceValue: '100',
      stock: '50',
      levelPrices: JSON.stringify([
        { levelId: Number(levelIds['高级会员']), price: '95' },
        { levelId: Number(levelIds['VIP会员']), price: '90' },
      ]),
    },
    admin,
  );
  goodsId = String(goods.id);

  member = await newPage(browser, server.baseUrl);
  const { page } = member;
  await page.goto('/register');
  await page.getByLabel('登录名').fill('e2elevel');
  await page.getByLabel('密码', { exact: true }).fill('level12345');
  await page.getByLabel('确认密码').fill('level12345');
  await page
    .locator('form')
    .getByRole('button', { name: /注\s*册/ })
    .click();
  await page.waitForURL('**/inside/index');
  await callOk(server, `${A()}/funds/adjust`, { member: 'e2elevel', amount: '50', reason: 'e2e 等级测试' }, admin);
});
afterAll(async () => {
  await member?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('member levels in the browser', () => {
  it('shows the levels with price, benefits and example prices; a short balance links to recharge', async () => {
    const { page } = member;
    await page.goto(`/inside/buyGoods?goodId=${goodsId}`);
    await expect.poll(() => page.getByTestId('unit-price').innerText()).toBe('¥100.00');

    await page.goto('/inside/selfLevel');
    await waitText(page, '各等级的商品价格（示例）');
    const senior = page.getByTestId('level-高级会员');
    await expect.poll(() => senior.innerText()).toContain('全场商品 95 折');
    expect(await senior.innerText()).toContain('需支付 ¥30.00');
    expect(await page.getByTestId('level-普通会员').innerText()).toContain('当前等级');
    // ¥50 does not reach VIP's ¥88: the card offers recharge instead.
    const vip = page.getByTestId('level-VIP会员');
    expect(await vip.innerText()).toContain('余额不足，去充值');
    await expect.poll(() => page.getByRole('row', { name: /等级示例卡 100 元/ }).innerText()).toContain('省 ¥10.00');
    await shot(page, 'levels-member-before');
  });

  it('buys a level from the balance, then sees the new level and its prices', async () => {
    const { page } = member;
    await page
      .getByTestId('level-高级会员')
      .getByRole('button', { name: /购\s*买/ })
      .click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.innerText()).toContain('确认购买「高级会员」');
    expect(await dialog.innerText()).toContain('¥20.00'); // balance after
    await page.waitForTimeout(500); // the dialog's entry animation, for the screenshot only
    await shot(page, 'levels-member-confirm');
    await dialog.getByRole('button', { name: '确认支付' }).click();
    await waitText(page, '已成为「高级会员」，支付 ¥30.00');
    await expect.poll(() => page.getByTestId('level-高级会员').innerText()).toContain('当前等级');
    // The upgrade to VIP is the difference: ¥88 − ¥30.
    await expect.poll(() => page.getByTestId('level-VIP会员').innerText()).toContain('升级需补差价 ¥58.00');
    await waitText(page, '高级会员（当前）');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await page.setViewportSize({ width: 1366, height: 1100 });
    await shot(page, 'levels-member-after');
    await page.setViewportSize({ width: 1366, height: 800 });

    await page.goto(`/inside/buyGoods?goodId=${goodsId}`);
    await expect.poll(() => page.getByTestId('unit-price').innerText()).toBe('¥95.00');
    await page.goto('/inside/accountmoney');
    await waitText(page, '购买会员等级');
  });

  it('staff set a member’s level from the member page; the member sees its prices', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await loginAsAdmin(page, server.adminPath, server.adminPassword);
    await page.goto(`${A()}/members`);
    const row = page.getByRole('row', { name: /e2elevel/ });
    await expect.poll(() => row.innerText()).toContain('高级会员');
    await row.getByRole('button', { name: '设置等级' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.innerText()).toContain('设置 e2elevel 的会员等级');
    await dialog.locator('.ant-select').click();
    await page.locator('.ant-select-item-option', { hasText: 'VIP会员' }).click();
    await page.waitForTimeout(300); // the list's closing animation, for the screenshot only
    await shot(page, 'levels-admin-set-level');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await waitText(page, '已将 e2elevel 的等级设为「VIP会员」');
    await expect.poll(() => row.innerText()).toContain('VIP会员');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await shot(page, 'levels-admin-members');

    await page.goto(`${A()}/goods`);
    await page.getByRole('tab', { name: '会员等级' }).click();
    await expect.poll(() => page.getByRole('row', { name: /VIP会员/ }).innerText()).toContain('出售中');
    await page
      .getByRole('row', { name: /VIP会员/ })
      .getByRole('button', { name: /编\s*辑/ })
      .click();
    await expect.poll(() => page.getByLabel('购买价格（元）').inputValue()).toBe('88.00');
    await page.waitForTimeout(500); // the dialog's entry animation, for the screenshot only
    await shot(page, 'levels-admin-editor');
    await context.close();

    const audit = await call(server, `${A()}/audit/list`, { action: 'members.setLevel' }, admin);
    expect((audit.data!.list as Array<{ actionText: string }>)[0]!.actionText).toBe('设置会员等级');
    await member.page.goto(`/inside/buyGoods?goodId=${goodsId}`);
    await expect.poll(() => member.page.getByTestId('unit-price').innerText()).toBe('¥90.00');
  });
});
