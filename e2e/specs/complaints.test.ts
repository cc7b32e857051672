import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, launchBrowser, newPage, shot, waitText } from '../support/browser.js';
import {
  adminToken,
  call,
  callOk,
  demoSubDirId,
  registerWithoutCaptcha,
  startServer,
  type RunningServer,
} from '../support/server.js';

// Complaints and the service desk in the browser: a buyer complains on a delivered order with an
// image, platform staff answer at /other/service (the platform is the seller of its own goods) and
// refund half, the buyer sees the complaint closed and the money on their balance; a visitor asks a
// question on /service and reads the desk's answer by their link.
let server: RunningServer;
let browser: Browser;
let admin: string;
let buyer: { context: BrowserContext; page: Page };
let desk: { context: BrowserContext; page: Page };
let orderNo = '';
let goodsId = '';
const A = () => `/${server.adminPath}`;

// A real 1×1 PNG: the server sniffs the type from the bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function register(page: Page, loginName: string, password: string) {
  await page.goto('/register');
  await page.getByLabel('登录名').fill(loginName);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('确认密码').fill(password);
  await page
    .locator('form')
    .getByRole('button', { name: /注\s*册/ })
    .click();
  await page.waitForURL('**/inside/index');
}

/** The desk session of the desk page (other area token). */
const deskToken = () =>
  desk.page.evaluate(
    () => (JSON.parse(localStorage.getItem('other_token') ?? '{}') as { authCode?: string }).authCode ?? '',
  );

const tokenOf = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('token') ?? '{}') as { authCode?: string }).authCode ?? '');

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await adminToken(server);
  await registerWithoutCaptcha(server, server.adminPath, admin);
  // A card goods of the platform with cards, through the admin API.
  const dirId = await demoSubDirId(server, server.adminPath, admin);
  const goods = await callOk(
    server,
    `${A()}/catalog/saveGoods`,
    { dirId, name: '投诉测试点卡', type: 'card', faceValue: '10', price: '10.00' },
    admin,
  );
  const text = Array.from({ length: 5 }, (_, i) => `CPLT-${i}----pw${i}`).join('\n');
  goodsId = String(goods.id);
  await callOk(server, `${A()}/stock/import`, { goodsId, text }, admin);

  buyer = await newPage(browser, server.baseUrl);
  await register(buyer.page, 'e2ecomplain', 'complain123');
  const members = await callOk(server, `${A()}/members/list`, { keyword: 'e2ecomplain' }, admin);
  const userId = String((members.list as Array<{ id: number }>)[0].id);
  await callOk(server, `${A()}/funds/adjust`, { userId, amount: '50', reason: 'e2e 投诉测试' }, admin);
  const order = await callOk(
    server,
    '/inside/order/create',
    { goodsId, quantity: '1', payBy: 'balance' },
    await tokenOf(buyer.page),
  );
  orderNo = String(order.orderNo);
  desk = await newPage(browser, server.baseUrl);
}, 120_000);
afterAll(async () => {
  await buyer?.context.close();
  await desk?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('complaints and the service desk in the browser', () => {
  it('the buyer complains on a delivered order with an image', async () => {
    const { page } = buyer;
    // An unpaid order has no complaint button.
    const unpaid = await callOk(server, '/inside/order/create', { goodsId, quantity: '1' }, await tokenOf(page));
    await page.goto(`/inside/showordermess?orderNo=${String(unpaid.orderNo)}`);
    await expect.poll(() => page.getByRole('button', { name: '去支付' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: '投诉订单' }).count()).toBe(0);

    await page.goto(`/inside/showordermess?orderNo=${orderNo}`);
    await page.getByRole('button', { name: '投诉订单' }).click();
    await page.waitForURL(/\/inside\/orderComplain\?orderNo=/);
    await waitText(page, '投诉类型');
    await page.getByLabel('问题描述').fill('卡密提示已被使用，附截图');
    await page.locator('input[type=file]').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => page.locator('.ant-upload-list-item-done').count()).toBe(1);
    await shot(page, 'complaints-buyer-form');
    await page.getByRole('button', { name: /提交投诉/ }).click();
    await page.waitForURL(/\/inside\/orderComplain\?id=\d+/);
    await waitText(page, '沟通记录');
    await waitText(page, '卡密提示已被使用，附截图');
    // The evidence is shown through its signed link, and it loads.
    const img = page.locator('.complaint-msg img').first();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1);
    expect(await img.getAttribute('src')).toMatch(/^\/complaint-file\/\d+\?e=\d+&s=/);
    await waitText(page, '待处理');
    await shot(page, 'complaints-buyer-thread');
  });

  it('the desk answers as the seller of the platform’s goods, then refunds half', async () => {
    const { page } = desk;
    await page.goto('/other/service');
    await page.getByLabel('用户名').fill('admin');
    await page.getByLabel('密码').fill(server.adminPassword);
    await page
      .locator('form')
      .getByRole('button', { name: /登\s*录/ })
      .click();
    await waitText(page, '投诉处理');
    await waitText(page, '投诉测试点卡');
    await shot(page, 'complaints-desk-queue');
    await page.getByRole('button', { name: '处理', exact: true }).first().click();
    const drawer = page.locator('.ant-drawer');
    await expect.poll(() => drawer.getByText('卡密提示已被使用，附截图').isVisible()).toBe(true);
    await drawer.getByPlaceholder('说明情况，可附截图等凭证（最多 5 张）').fill('已核实该卡密异常，将为你退一半款项');
    await drawer.getByRole('button', { name: /发送回复/ }).click();
    await waitText(page, '待买家回复');
    await drawer.getByRole('button', { name: /由我负责/ }).click();
    await waitText(page, '已分配');
    await shot(page, 'complaints-desk-thread');
    await drawer.getByRole('button', { name: /处理（退款/ }).click();
    const dialog = page.getByRole('dialog', { name: /处理投诉/ });
    await expect.poll(() => dialog.getByLabel(/退款金额/).inputValue()).toBe('5.00');
    await dialog.getByLabel(/处理说明/).fill('卡密部分可用，退一半');
    await shot(page, 'complaints-desk-decide');
    await dialog.getByRole('button', { name: /确认处理/ }).click();
    await waitText(page, '已退款 ¥5.00，投诉已结束');
    await waitText(page, /处理结果：已部分退款，退款 ¥5\.00/);
    await shot(page, 'complaints-desk-decided');

    // The look-ups: the member by login name, their orders, the order with its history and complaint.
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: '会员与订单查询' }).click();
    await page.getByPlaceholder('会员编号、登录名、手机、邮箱或 QQ').fill('e2ecomplain');
    await page.getByPlaceholder('会员编号、登录名、手机、邮箱或 QQ').press('Enter');
    await waitText(page, /余额 ¥45\.00/);
    await page.getByText('看订单').click();
    await page.getByText(orderNo).first().click();
    await waitText(page, '订单经过');
    await waitText(page, '交付完成');
    await waitText(page, /已部分退款/);
    await shot(page, 'complaints-desk-lookup');
  });

  it('the buyer sees the complaint closed and the refund in their balance', async () => {
    const { page } = buyer;
    await page.goto('/inside/complain');
    await waitText(page, '已部分退款');
    await shot(page, 'complaints-buyer-list');
    await page.getByRole('button', { name: '查看' }).first().click();
    await waitText(page, /处理结果：已部分退款，退款 ¥5\.00/);
    await waitText(page, '投诉已结束，不能再回复');
    await shot(page, 'complaints-buyer-closed');
    await page.goto('/inside/accountmoney');
    // 50.00 given, 10.00 paid, 5.00 back.
    await waitText(page, '45.00');
    await waitText(page, '¥5.00');
    await shot(page, 'complaints-buyer-balance');
  });

  it('a visitor asks on /service and reads the desk’s answer by the link', async () => {
    const visitor = await newPage(browser, server.baseUrl, MOBILE);
    const { page } = visitor;
    await page.goto('/service');
    await page.getByLabel('你的问题').fill('请问点卡多久到账？');
    await page.getByLabel(/联系方式/).fill('QQ 123456');
    await page.getByRole('button', { name: /提交咨询/ }).click();
    await page.waitForURL(/\/service\?consult=/);
    await waitText(page, '请保存本页链接，凭链接查看客服回复');
    await waitText(page, '待回复');
    await shot(page, 'consult-visitor-asked');

    const d = desk.page;
    await d.keyboard.press('Escape');
    await d.getByRole('tab', { name: '常用回复' }).click();
    await d.getByRole('button', { name: '新增常用回复' }).click();
    const editor = d.getByRole('dialog', { name: '新增常用回复' });
    await editor.getByLabel('标题').fill('到账时间');
    await editor.getByLabel('回复内容').fill('付款后自动发货，一般 1 分钟内到账。');
    await editor.getByRole('button', { name: /保\s*存/ }).click();
    await waitText(d, '已保存');
    await d.getByRole('tab', { name: '咨询' }).click();
    await waitText(d, '请问点卡多久到账？');
    await shot(d, 'consult-desk-queue');
    await d.getByRole('button', { name: '回复', exact: true }).first().click();
    const drawer = d.locator('.ant-drawer');
    await drawer.locator('.ant-select').first().click();
    await d.locator('.ant-select-item-option', { hasText: '到账时间' }).click();
    await drawer.getByRole('button', { name: /发送回复/ }).click();
    await waitText(d, '已回复');
    await shot(d, 'consult-desk-answered');

    await page.reload();
    await waitText(page, '付款后自动发货，一般 1 分钟内到账。');
    await waitText(page, '已回复');
    await shot(page, 'consult-visitor-answer');
    await visitor.context.close();
  });

  it('a visitor complains from their order page, found by the order lookup', async () => {
    // A free goods: the visitor's order is paid (zero) and delivered at once.
    const dirId = await demoSubDirId(server, server.adminPath, admin);
    const free = await callOk(
      server,
      `${A()}/catalog/saveGoods`,
      { dirId, name: '投诉测试赠品', type: 'card', faceValue: '1', price: '0' },
      admin,
    );
    await callOk(
      server,
      `${A()}/stock/import`,
      { goodsId: String(free.id), text: 'GIFT-1----pw1\nGIFT-2----pw2' },
      admin,
    );
    const order = await callOk(server, '/inside/order/create', {
      goodsId: String(free.id),
      quantity: '1',
      contact: 'visitor@example.com',
      queryPassword: 'query123',
    });
    const visitorOrderNo = String(order.orderNo);
    const visitor = await newPage(browser, server.baseUrl, MOBILE);
    const { page } = visitor;
    await page.goto('/chadan');
    await page.getByLabel('订单号').fill(visitorOrderNo);
    await page.getByPlaceholder('下单时设置的查询密码').fill('query123');
    await page.getByRole('button', { name: '查询订单' }).click();
    await page.waitForURL(/\/inside\/visitorOrderDetail\?orderNo=/);
    await waitText(page, '订单投诉');
    await page.getByRole('button', { name: '投诉订单' }).click();
    await page.getByLabel('问题描述').fill('赠品卡密无法兑换');
    await page.locator('input[type=file]').setInputFiles({ name: 'gift.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => page.locator('.ant-upload-list-item-done').count()).toBe(1);
    await page.getByRole('button', { name: /提交投诉/ }).click();
    await waitText(page, '沟通记录');
    await waitText(page, '赠品卡密无法兑换');
    await page.getByText('沟通记录').scrollIntoViewIfNeeded();
    await shot(page, 'complaints-visitor-thread');
    const list = await callOk(server, '/other/complaint/list', { queue: 'new' }, await deskToken());
    expect(
      (list.list as Array<{ orderNo: string; buyer: string }>).find((r) => r.orderNo === visitorOrderNo)?.buyer,
    ).toBe('游客');
    await visitor.context.close();
  });

  it('the admin sees every complaint and its settings', async () => {
    const { page } = desk;
    const adminPage = await newPage(browser, server.baseUrl);
    await adminPage.page.goto(`/${server.adminPath}/index`);
    await adminPage.page.getByLabel('用户名').fill('admin');
    await adminPage.page.getByLabel('密码').fill(server.adminPassword);
    await adminPage.page
      .locator('form')
      .getByRole('button', { name: /登\s*录/ })
      .click();
    await adminPage.page.waitForURL((u) => u.pathname === `/${server.adminPath}/dashboard`);
    await adminPage.page.goto(`/${server.adminPath}/complaints`);
    await waitText(adminPage.page, '投诉设置');
    await waitText(adminPage.page, '投诉测试点卡');
    await shot(adminPage.page, 'complaints-admin');
    expect(await page.title()).not.toBe('');
    const settings = await call(server, `${A()}/complaints/settings`, {}, admin);
    expect(settings.data).toEqual({ windowDays: 7, sellerHours: 48 });
    await adminPage.context.close();
  });
});
