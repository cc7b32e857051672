import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, registerInBrowser, shot, waitText } from '../support/browser.js';
import {
  adminToken,
  callOk,
  demoSubDirId,
  registerWithoutCaptcha,
  startServer,
  type RunningServer,
} from '../support/server.js';
import { acgFakaClient, cloneItem } from '../../server/test/fakes/acg-faka-client.js';

// acg-faka 共享店铺 (decision 0015), as a merchant does it: a member opens the open API in the member
// center and copies the AppID and secret; an acg-faka shop (the fake client, which signs and calls
// like acg-faka 3.x's SharedService) adds the Kapu shop with them, imports the goods and sells one;
// the member then sees the order, paid from the balance, in 我的订单.
let server: RunningServer;
let browser: Browser;
let admin: string;
const A = () => `/${server.adminPath}`;
const MEMBER = { name: 'acgdock01', password: 'abc12345' };

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

describe('an acg-faka shop docks to Kapu', () => {
  it('the member opens the API, the acg-faka shop imports and buys, the member sees the order', async () => {
    const dirId = await demoSubDirId(server, server.adminPath, admin);
    const goods = await callOk(
      server,
      `${A()}/catalog/saveGoods`,
      { dirId, name: '异次元对接测试卡', type: 'card', faceValue: '10', price: '8.80' },
      admin,
    );
    const goodsId = String(goods.id);
    await callOk(
      server,
      `${A()}/stock/import`,
      { goodsId, text: 'ACGE2E-1----p1\nACGE2E-2----p2\nACGE2E-3----p3' },
      admin,
    );

    const { context, page } = await newPage(browser, server.baseUrl);
    await registerInBrowser(page, MEMBER.name, MEMBER.password);
    await callOk(server, `${A()}/funds/adjust`, { member: MEMBER.name, amount: '50', reason: '对接测试充值' }, admin);
    await page.goto('/inside/inter/myaccount');
    await page.getByRole('tab', { name: '开放接口' }).click();
    await page.getByRole('button', { name: /开通开放接口/ }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '请保存您的接口密钥' });
    await expect.poll(() => modal.isVisible()).toBe(true);
    const appSecret = await page.getByTestId('open-api-secret').innerText();
    const appId = (await modal.locator('.ant-descriptions-item-content').first().innerText()).trim();
    expect(appId).toMatch(/^kp[0-9a-f]{16}$/);
    await modal.getByRole('button', { name: /我已妥善保存/ }).click();

    // The acg-faka admin: 共享店铺 → 新增 (connect), then 拉取商品 and 克隆 (items, addItem).
    const shared = { domain: server.baseUrl, app_id: appId, app_key: appSecret };
    const connect = await acgFakaClient.connect(shared.domain, appId, appSecret);
    expect(connect.balance).toBe('50.00');
    const items = await acgFakaClient.items(shared);
    const item = items.flatMap((c) => c.children as Array<Record<string, unknown>>).find((c) => c.code === goodsId)!;
    expect(item.name).toBe('异次元对接测试卡');
    const local = cloneItem(shared, item, 2);
    expect(local.factory_price).toBe(8.8);

    // An acg-faka buyer orders 2: inventoryState, then trade with the downstream's own order number.
    expect(await acgFakaClient.inventoryState(shared, local.shared_code, 0, 2, '')).toBe(true);
    const secret = await acgFakaClient.trade(shared, local.shared_code, '-', 2, 0, 0, '', '', null, 'ACGE2E0001');
    expect(secret.split('\n')).toEqual(['ACGE2E-1----p1', 'ACGE2E-2----p2']);
    expect((await acgFakaClient.connect(shared.domain, appId, appSecret)).balance).toBe('32.40');

    await page.goto('/inside/myOrder');
    await waitText(page, '异次元对接测试卡');
    await waitText(page, '已完成');
    await shot(page, 'acg-faka-member-orders');
    await context.close();
  });
});
