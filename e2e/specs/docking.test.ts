import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeKayixinUpstream } from '../../server/test/fakes/kayixin-upstream.js';
import {
  launchBrowser,
  loginAsAdmin,
  newPage,
  registerInBrowser,
  reloadUntilVisible,
  shot,
  waitText,
} from '../support/browser.js';
import {
  adminToken,
  call,
  callOk,
  demoSubDirId,
  registerWithoutCaptcha,
  startServer,
  type RunningServer,
} from '../support/server.js';

// Docking in the browser (decision 0016): the admin adds a connection to a fake 卡易信 upstream,
// imports a goods with a markup; a member buys it on the storefront and gets the upstream's card;
// the admin sees the procurement order. Then the same against a second, real Kapu shop as the
// upstream: its member's open-API key, its goods, its card.
let server: RunningServer;
let browser: Browser;
let admin: string;
let upstream: FakeKayixinUpstream;
let dirId: string;
const A = () => `/${server.adminPath}`;

/** In 货源对接: adds a connection, tests it, and imports one upstream goods into the demo directory. */
async function connectAndImport(
  page: Page,
  c: {
    name: string;
    url: string;
    appId: string;
    secret: string;
    goodsName: string;
    expectConnected: RegExp;
    shots?: boolean;
  },
) {
  await page.getByRole('button', { name: '添加上游连接' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('连接名称').fill(c.name);
  await dialog.getByLabel('上游地址').fill(c.url);
  await dialog.getByLabel('AppID').fill(c.appId);
  await dialog.getByLabel('密钥').fill(c.secret);
  if (c.shots) await shot(page, 'docking-admin-connection');
  await dialog.getByRole('button', { name: '保存' }).click();
  await waitText(page, '连接已保存');
  await page
    .getByRole('row', { name: new RegExp(c.name) })
    .getByRole('button', { name: '测试' })
    .click();
  await waitText(page, c.expectConnected);
  if (c.shots) await shot(page, 'docking-admin-connections');

  await page.getByRole('tab', { name: '导入商品' }).click();
  await page.locator('.ant-select', { hasText: '选择上游连接' }).click();
  await page.locator('.ant-select-item-option', { hasText: c.name }).click();
  await waitText(page, c.goodsName);
  await page
    .getByRole('row', { name: new RegExp(c.goodsName.slice(0, 6)) })
    .getByRole('checkbox')
    .check();
  await page.getByRole('button', { name: /导入所选/ }).click();
  const imp = page.getByRole('dialog');
  await imp.locator('.ant-select').click();
  const dirName = (
    (await callOk(server, `${A()}/catalog/dirs`, {}, admin)) as unknown as Array<{ id: number; name: string }>
  ).find((d) => String(d.id) === dirId)!.name;
  await page.locator('.ant-select-item-option', { hasText: dirName }).first().click();
  if (c.shots) await shot(page, 'docking-admin-import');
  await imp.getByRole('button', { name: '导入' }).click();
  await waitText(page, '已导入 1 个商品');
}

/** A member with ¥50 buys the goods named `goodsName` and waits on the order page for a card matching `card`. */
async function buyAndSeeCard(
  login: string,
  goodsName: string,
  price: string,
  card: RegExp,
  shotName: string,
  quantity = 1,
) {
  const { context, page } = await newPage(browser, server.baseUrl);
  await registerInBrowser(page, login, 'dock12345x');
  const list = await call(server, `${A()}/members/list`, { keyword: login }, admin);
  const userId = String((list.data!.list as Array<{ id: number }>)[0].id);
  await callOk(server, `${A()}/funds/adjust`, { userId, amount: '50', reason: 'e2e 充值' }, admin);
  const goods = await call(server, '/inside/goods/getList', { keyword: goodsName });
  const goodsId = (goods.data!.list as Array<{ id: number }>)[0].id;
  await page.goto(`/inside/buyGoods?goodId=${goodsId}`);
  await waitText(page, price);
  if (quantity !== 1) await page.getByLabel('购买数量').fill(String(quantity));
  await page.getByRole('button', { name: '立即购买' }).click();
  await waitText(page, /订单号/);
  await page.goto('/inside/myOrder');
  await waitText(page, goodsName);
  await page.getByRole('link', { name: '详情' }).first().click();
  await page.waitForURL(/\/inside\/showordermess\?orderNo=/);
  // Forwarded at once; the card shows once the upstream answered.
  await reloadUntilVisible(page, page.getByText(card));
  await shot(page, shotName);
  await context.close();
}

/** The admin opens 货源对接 → 采购单, waits for `texts` and takes the screenshot `shotName`. */
async function seeProcurements(texts: string[], shotName: string) {
  const { context, page } = await newPage(browser, server.baseUrl);
  await loginAsAdmin(page, server.adminPath, server.adminPassword);
  await page.goto(`${A()}/docking`);
  await page.getByRole('tab', { name: '采购单' }).click();
  for (const text of texts) await waitText(page, text);
  await page.waitForTimeout(300); // the tab's animation, for the screenshot only
  await shot(page, shotName);
  await context.close();
}

beforeAll(async () => {
  upstream = await new FakeKayixinUpstream().start();
  upstream.addGoods({ goodsId: 808, goodsName: '上游网易一卡通 10 元', price: 900, stock: 30 });
  server = await startServer({ OUTBOUND_HOSTS: 'any' });
  browser = await launchBrowser();
  admin = await adminToken(server);
  await registerWithoutCaptcha(server, server.adminPath, admin);
  dirId = await demoSubDirId(server, server.adminPath, admin);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await upstream?.stop();
});

describe('docking in the browser', () => {
  it('the admin connects to the upstream, tests it and imports a goods with a 20% markup', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await loginAsAdmin(page, server.adminPath, server.adminPassword);
    await page.goto(`${A()}/docking`);
    await waitText(page, '还没有上游连接');
    await connectAndImport(page, {
      name: '测试上游',
      url: upstream.url,
      appId: upstream.appId,
      secret: upstream.secret,
      goodsName: '上游网易一卡通 10 元',
      expectConnected: /连接正常：下游测试店/,
      shots: true,
    });

    await page.getByRole('tab', { name: '对接商品' }).click();
    await waitText(page, '¥10.80');
    await shot(page, 'docking-admin-goods');
    await context.close();
  });

  it('a member buys the docked goods on the storefront and gets the upstream card; the admin sees the procurement', async () => {
    await buyAndSeeCard('dockbuyer', '上游网易一卡通 10 元', '¥10.80', /UP-K\d{8}-1/, 'docking-buyer-card');

    await seeProcurements(['已发货', '¥9.00'], 'docking-admin-procurements');
    expect(upstream.orders.size).toBe(1);
  });

  it('the upstream sends 1 card of 2 and no other source has it: the buyer keeps the card, gets 1 back, reads why', async () => {
    upstream.shortBy = 1;
    try {
      await buyAndSeeCard(
        'dockshort',
        '上游网易一卡通 10 元',
        '¥10.80',
        /上游仅发货 1 张（共 2 张），缺少的 1 张已退款 ¥10\.80（退回余额）/,
        'docking-buyer-short',
        2,
      );
    } finally {
      upstream.shortBy = 0;
    }
    await seeProcurements(['部分发货，余款已退', '已退 ¥10.80'], 'docking-admin-procurement-short');
  });
});

describe('docking to a real Kapu shop in the browser', () => {
  let shopA: RunningServer;
  let shopAKey = { appId: '', secret: '' };
  let resellerToken = '';
  let cardPrefix = '';

  beforeAll(async () => {
    // Shop A: sells a card goods; a reseller member with a balance opens the open API there.
    shopA = await startServer();
    const adminA = await adminToken(shopA);
    await registerWithoutCaptcha(shopA, shopA.adminPath, adminA);
    const dirA = await demoSubDirId(shopA, shopA.adminPath, adminA);
    const goods = await callOk(
      shopA,
      `/${shopA.adminPath}/catalog/saveGoods`,
      { dirId: dirA, name: 'A 店腾讯视频月卡', type: 'card', faceValue: '20', price: '15.00' },
      adminA,
    );
    cardPrefix = `KAPUA${Date.now() % 100000}`;
    await callOk(
      shopA,
      `/${shopA.adminPath}/stock/import`,
      { goodsId: String(goods.id), text: `${cardPrefix}-1----p1\n${cardPrefix}-2----p2` },
      adminA,
    );
    const reg = await callOk(shopA, '/user/register', { loginName: 'bshopbuyer', password: 'reseller123' });
    const token = String(reg.authCode);
    resellerToken = token;
    await callOk(
      shopA,
      `/${shopA.adminPath}/funds/adjust`,
      { member: 'bshopbuyer', amount: '100', reason: '进货款' },
      adminA,
    );
    const key = await callOk(shopA, '/inside/inter/doOpenApi', { ipAllowlist: '' }, token);
    shopAKey = { appId: String(key.appId), secret: String(key.appSecret) };
  });
  afterAll(async () => {
    await shopA?.stop();
  });

  it('the admin connects to shop A with its member’s key and imports; a buyer gets A’s card', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await loginAsAdmin(page, server.adminPath, server.adminPassword);
    await page.goto(`${A()}/docking`);
    await waitText(page, '测试上游');
    await connectAndImport(page, {
      name: 'Kapu A 店',
      url: shopA.baseUrl,
      appId: shopAKey.appId,
      secret: shopAKey.secret,
      goodsName: 'A 店腾讯视频月卡',
      expectConnected: /连接正常：.*余额 ¥100\.00/,
    });
    await page.getByRole('tab', { name: '对接商品' }).click();
    await waitText(page, '¥18.00');
    await shot(page, 'docking-kapu-a-goods');
    await context.close();

    await buyAndSeeCard(
      'kapuabuyer',
      'A 店腾讯视频月卡',
      '¥18.00',
      new RegExp(`${cardPrefix}-\\d`),
      'docking-kapu-a-card',
    );
    // Shop A sold one card to its reseller, paid from the reseller's balance there (¥100 − ¥15).
    const account = await callOk(shopA, '/inside/inter/getAccount', {}, resellerToken);
    expect(account.balance).toBe(8500);
  });
});
