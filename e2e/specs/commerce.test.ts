import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, shot, waitText } from '../support/browser.js';
import { adminToken, call, startServer, type RunningServer } from '../support/server.js';

// Commerce flows in the browser: browse → buy as a visitor → cards → /chadan; member buys with balance.
let server: RunningServer;
let browser: Browser;
let admin: string;
let freeGoodsId = 0;
let paidGoodsId = 0;
let visitorOrderNo = '';

const A = () => `/${server.adminPath}`;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await adminToken(server);
  // Members register without a captcha in this run.
  const sec = await call(
    server,
    `${A()}/settings/security`,
    { captchaAfter: '3', lockAfter: '10', lockMinutes: '15', registerCaptcha: '0' },
    admin,
  );
  expect(sec.code).toBe(1000);

  // A free card goods with its own stock, so the visitor flow delivers without a gateway.
  const dirs = await call(server, `${A()}/catalog/dirs`, {}, admin);
  const dirId = String(
    (dirs.data as unknown as Array<{ id: number; parentId: number | null }>).find((d) => d.parentId !== null)!.id,
  );
  const saved = await call(
    server,
    `${A()}/catalog/saveGoods`,
    {
      dirId,
      name: '免费体验卡',
      type: 'card',
      price: '0',
      faceValue: '0',
      visitorAllowed: '1',
      recommended: '1',
      allowRepeal: '1',
    },
    admin,
  );
  expect(saved.code).toBe(1000);
  freeGoodsId = Number(saved.data!.id);
  const imported = await call(
    server,
    `${A()}/stock/import`,
    {
      goodsId: String(freeGoodsId),
      text: 'FREE-0001----111111\nFREE-0002----222222\nFREE-0001----111111\nFREE-0003 333333',
    },
    admin,
  );
  expect(imported.data).toMatchObject({ imported: 3, duplicates: 1 });

  const list = await call(server, '/inside/goods/getList', { keyword: 'Steam 钱包充值卡 50' });
  paidGoodsId = Number((list.data!.list as Array<{ id: number }>)[0].id);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('commerce in the browser', () => {
  it('browses home → goods list → goods page', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto('/');
    await waitText(page, '游戏点卡');
    await waitText(page, '热销商品');
    await shot(page, 'commerce-home');
    await page.getByRole('link', { name: 'Steam 充值卡' }).first().click();
    await page.waitForURL(/\/inside\/goodsList\?dirId=/);
    await waitText(page, 'Steam 钱包充值卡 50 元');
    await waitText(page, '库存 20 件');
    await shot(page, 'commerce-goods-list');
    await page.locator(`a[data-goods-id="${paidGoodsId}"]`).click();
    await page.waitForURL(/\/inside\/buyGoods\?goodId=/);
    await waitText(page, '¥48.50');
    await waitText(page, '满 10 件 ¥46.08/件');
    await shot(page, 'commerce-buy-goods');
    await context.close();
  });

  it('buys a free card goods as a visitor, sees the cards and finds the order in this browser', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto(`/inside/buyGoods?goodId=${freeGoodsId}`);
    await waitText(page, '免费体验卡');
    await page.getByLabel('联系方式').fill('visitor@example.com');
    await page.getByLabel('查询密码').fill('query123');
    await page.getByRole('button', { name: '立即购买' }).click();
    await waitText(page, '购买成功，已发货');
    await waitText(page, /FREE-000\d/);
    await shot(page, 'commerce-visitor-bought');
    const subtitle = await page
      .getByText(/^订单号 \d{17,40}/)
      .first()
      .innerText();
    visitorOrderNo = /\d{17,40}/.exec(subtitle)![0];

    await page.goto('/inside/visitorOrder');
    await waitText(page, visitorOrderNo);
    await shot(page, 'commerce-visitor-orders');
    await page.getByRole('link', { name: visitorOrderNo }).click();
    await page.waitForURL(/visitorOrderDetail/);
    await waitText(page, '一键复制');
    await waitText(page, /FREE-000\d/);
    await context.close();
  });

  it('looks the order up on /chadan with number + password; never by number alone', async () => {
    const alone = await call(server, '/visitor/order/lookup', { orderNo: visitorOrderNo });
    expect(alone.code).not.toBe(1000);
    expect(alone.msg).toContain('请输入查询密码或下单时的联系方式');
    expect(JSON.stringify(alone.data)).not.toContain('FREE-');

    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto('/chadan');
    await page.getByLabel('订单号').fill(visitorOrderNo);
    // The password field is required: the number alone is refused in the form too.
    await page.getByRole('button', { name: '查询订单' }).click();
    await waitText(page, '请输入查询密码');
    await page.getByPlaceholder('下单时设置的查询密码').fill('wrong-pass');
    await page.getByRole('button', { name: '查询订单' }).click();
    await waitText(page, '订单号与查询密码或联系方式不匹配');
    await page.getByPlaceholder('下单时设置的查询密码').fill('query123');
    await page.getByRole('button', { name: '查询订单' }).click();
    await page.waitForURL(/\/inside\/visitorOrderDetail\?orderNo=/);
    await waitText(page, /FREE-000\d/);
    await shot(page, 'commerce-chadan-detail');
    await context.close();
  });

  it('member registers, gets balance from the admin, buys with balance (on the result page, and in one step) and sees the card in the order detail', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto('/register');
    await page.getByLabel('登录名').fill('buyerbob');
    await page.getByLabel('密码', { exact: true }).fill('bob12345x');
    await page.getByLabel('确认密码').fill('bob12345x');
    await page
      .locator('form')
      .getByRole('button', { name: /注\s*册/ })
      .click();
    await page.waitForURL('**/inside/index');

    const members = await call(server, `${A()}/members/list`, { keyword: 'buyerbob' }, admin);
    const userId = String((members.data!.list as Array<{ id: number }>)[0].id);
    const adjusted = await call(server, `${A()}/funds/adjust`, { userId, amount: '100', reason: 'e2e 充值' }, admin);
    expect(adjusted.code).toBe(1000);

    // Order first, pay on the result page (the choice 在线支付 leads there; balance works there too).
    await page.goto(`/inside/buyGoods?goodId=${paidGoodsId}`);
    await waitText(page, '您的价格');
    await waitText(page, '当前余额 ¥100.00');
    await page.getByRole('radio', { name: /在线支付/ }).check();
    await page.getByRole('button', { name: '立即购买' }).click();
    await waitText(page, '订单已创建，请完成支付');
    await waitText(page, '¥100.00');
    await shot(page, 'commerce-member-pay');
    await page.getByRole('button', { name: /余额支付/ }).click();
    await waitText(page, '购买成功，已发货');
    await waitText(page, /DEMO-STEAM50-\d{4}/);

    // One step: 余额支付 (the default) pays and delivers while ordering.
    await page.goto(`/inside/buyGoods?goodId=${paidGoodsId}`);
    await waitText(page, '当前余额 ¥51.50');
    expect(await page.getByRole('radio', { name: /余额支付/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: '立即购买' }).scrollIntoViewIfNeeded();
    await shot(page, 'commerce-member-buy-balance');
    await page.getByRole('button', { name: '立即购买' }).click();
    await waitText(page, '购买成功，已发货');
    await waitText(page, /DEMO-STEAM50-\d{4}/);
    await shot(page, 'commerce-member-bought-one-step');

    await page.goto('/inside/myOrder');
    await waitText(page, 'Steam 钱包充值卡 50 元');
    await shot(page, 'commerce-my-orders');
    // The export is every order under the filters, made by the server.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /导出 CSV/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^我的订单-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.split('\r\n').filter((l) => l.includes('Steam 钱包充值卡 50 元'))).toHaveLength(2);
    await waitText(page, '已导出 2 笔订单');
    await page.getByRole('link', { name: '详情' }).first().click();
    await page.waitForURL(/\/inside\/showordermess\?orderNo=/);
    await waitText(page, /DEMO-STEAM50-\d{4}/);
    await waitText(page, '一键复制');
    await shot(page, 'commerce-member-order-detail');

    await page.goto('/inside/accountmoney');
    await waitText(page, '¥3.00');
    await waitText(page, '余额购买');
    const [ledgerFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /导出 CSV/ }).click(),
    ]);
    expect(
      readFileSync(await ledgerFile.path(), 'utf8')
        .split('\r\n')
        .filter((l) => l.includes('Steam 钱包充值卡 50 元')),
    ).toHaveLength(2);
    await shot(page, 'commerce-account-money');

    // The member home lists the order among 最近订单 and links to its detail.
    await page.goto('/inside/index');
    await expect
      .poll(() => page.getByRole('link', { name: 'Steam 钱包充值卡 50 元 × 1' }).first().isVisible())
      .toBe(true);
    await shot(page, 'commerce-member-home-orders');
    await context.close();
  });

  it('admin sees the goods, stock and orders screens', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto(`${A()}/index`);
    await page.getByLabel('用户名').fill('admin');
    await page.getByLabel('密码').fill(server.adminPassword);
    await page
      .locator('form')
      .getByRole('button', { name: /登\s*录/ })
      .click();
    await page.waitForURL((u) => u.pathname === `${A()}/dashboard`);
    await page.goto(`${A()}/goods`);
    await waitText(page, '免费体验卡');
    await shot(page, 'commerce-admin-goods');
    await page.getByRole('button', { name: '编辑' }).first().click();
    await waitText(page, '会员等级价（留空则按售价）');
    await shot(page, 'commerce-admin-goods-editor');
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: '卡密库存' }).click();
    await page.getByLabel('卡密商品').click();
    await page.getByTitle(/免费体验卡/).click();
    await waitText(page, 'FREE-0003');
    await shot(page, 'commerce-admin-stock');
    // Member levels are the merchant's own: add one from the goods screen.
    await page.getByRole('tab', { name: '会员等级' }).click();
    await page.getByRole('button', { name: '新增等级' }).click();
    await page.getByLabel('等级名称').fill('黄金会员');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await waitText(page, '会员等级已保存');
    await expect.poll(() => page.getByRole('cell', { name: '黄金会员' }).isVisible()).toBe(true);
    await shot(page, 'commerce-admin-levels');
    await page.goto(`${A()}/orders`);
    await waitText(page, visitorOrderNo);
    // Staff export every order under the filters, with the buyer and the IP.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /导出 CSV/ }).click(),
    ]);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv).toContain('会员编号,会员登录名,成本单价(元),下单IP');
    expect(csv).toContain(visitorOrderNo);
    await page.getByRole('button', { name: visitorOrderNo }).click();
    await waitText(page, '后台信息');
    await shot(page, 'commerce-admin-order');
    await page.goto(`${A()}/funds`);
    await waitText(page, 'e2e 充值');
    await shot(page, 'commerce-admin-funds');
    await context.close();
  });
});
