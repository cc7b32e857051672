import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeKayixinUpstream } from '../../server/test/fakes/kayixin-upstream.js';
import { launchBrowser, loginAsAdmin, newPage, registerInBrowser, shot } from '../support/browser.js';
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
// the admin sees the procurement order.
let server: RunningServer;
let browser: Browser;
let admin: string;
let upstream: FakeKayixinUpstream;
let dirId: string;
const A = () => `/${server.adminPath}`;

async function waitText(page: Page, text: string | RegExp, timeout = 15_000) {
  await expect.poll(() => page.getByText(text).first().isVisible(), { timeout }).toBe(true);
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
    await page.getByRole('button', { name: '添加上游连接' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('连接名称').fill('测试上游');
    await dialog.getByLabel('上游地址').fill(upstream.url);
    await dialog.getByLabel('AppID').fill(upstream.appId);
    await dialog.getByLabel('密钥').fill(upstream.secret);
    await shot(page, 'docking-admin-connection');
    await dialog.getByRole('button', { name: '保存' }).click();
    await waitText(page, '连接已保存');
    await page.getByRole('button', { name: '测试' }).click();
    await waitText(page, /连接正常：下游测试店/);
    await shot(page, 'docking-admin-connections');

    await page.getByRole('tab', { name: '导入商品' }).click();
    await page.locator('.ant-select', { hasText: '选择上游连接' }).click();
    await page.locator('.ant-select-item-option', { hasText: '测试上游' }).click();
    await waitText(page, '上游网易一卡通 10 元');
    await page
      .getByRole('row', { name: /上游网易一卡通/ })
      .getByRole('checkbox')
      .check();
    await page.getByRole('button', { name: /导入所选/ }).click();
    const imp = page.getByRole('dialog');
    await imp.locator('.ant-select').click();
    const dirName = (
      (await callOk(server, `${A()}/catalog/dirs`, {}, admin)) as unknown as Array<{ id: number; name: string }>
    ).find((d) => String(d.id) === dirId)!.name;
    await page.locator('.ant-select-item-option', { hasText: dirName }).first().click();
    await shot(page, 'docking-admin-import');
    await imp.getByRole('button', { name: '导入' }).click();
    await waitText(page, '已导入 1 个商品');

    await page.getByRole('tab', { name: '对接商品' }).click();
    await waitText(page, '¥10.80');
    await shot(page, 'docking-admin-goods');
    await context.close();
  });

  it('a member buys the docked goods on the storefront and gets the upstream card; the admin sees the procurement', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await registerInBrowser(page, 'dockbuyer', 'dock12345x');
    const list = await call(server, `${A()}/members/list`, { keyword: 'dockbuyer' }, admin);
    const userId = String((list.data!.list as Array<{ id: number }>)[0].id);
    await callOk(server, `${A()}/funds/adjust`, { userId, amount: '50', reason: 'e2e 充值' }, admin);
    const goods = await call(server, '/inside/goods/getList', { keyword: '上游网易一卡通' });
    const goodsId = (goods.data!.list as Array<{ id: number }>)[0].id;
    await page.goto(`/inside/buyGoods?goodId=${goodsId}`);
    await waitText(page, '¥10.80');
    await page.getByRole('button', { name: '立即购买' }).click();
    await waitText(page, /订单号/);
    await page.goto('/inside/myOrder');
    await waitText(page, '上游网易一卡通 10 元');
    await page.getByRole('link', { name: '详情' }).first().click();
    await page.waitForURL(/\/inside\/showordermess\?orderNo=/);
    // Forwarded at once; the card shows once the upstream answered.
    await expect
      .poll(
        async () => {
          await page.reload();
          return page
            .getByText(/UP-K\d{8}-1/)
            .first()
            .isVisible()
            .catch(() => false);
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(true);
    await shot(page, 'docking-buyer-card');
    await context.close();

    const admin2 = await newPage(browser, server.baseUrl);
    await loginAsAdmin(admin2.page, server.adminPath, server.adminPassword);
    await admin2.page.goto(`${A()}/docking`);
    await admin2.page.getByRole('tab', { name: '采购单' }).click();
    await waitText(admin2.page, '已发货');
    await waitText(admin2.page, '¥9.00');
    await shot(admin2.page, 'docking-admin-procurements');
    expect(upstream.orders.size).toBe(1);
    await admin2.context.close();
  });
});
