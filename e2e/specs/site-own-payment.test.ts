import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../server/src/core/db/connect.js';
import { epayV1Notify } from '../../server/test/payments/fake-gateways.js';
import { startFakeEpay, type FakeEpay } from '../../server/test/payments/fake-epay.js';
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

// A sub-site with its own payment channel (decision 0010), in the browser: the owner adds their own
// 易支付 merchant on 分站店铺, a visitor buys on the site's path and pays that merchant (a fake that
// speaks the real protocol), gets the cards on the site, and the owner's prepaid balance paid the cost.
const OWNER_KEY = 'e2eOwnerMerchantKey';
const PATH = 'myshop';
let server: RunningServer;
let browser: Browser;
let epay: FakeEpay;
let admin: string;
let owner: { id: number; token: string };
let goodsId = 0;
const A = () => `/${server.adminPath}`;

/** The site as the opening flow leaves it, written into the server's database (the flow is another issue's). */
async function seedSite(loginName: string): Promise<number> {
  const { db, close } = connectDatabase({ sqliteFile: path.join(server.dataDir, 'kapu.sqlite') });
  try {
    const now = Date.now();
    const ownerId = (
      await db.selectFrom('users').select('id').where('login_name', '=', loginName).executeTakeFirstOrThrow()
    ).id;
    const level = await db
      .selectFrom('member_levels')
      .select('id')
      .where('site_id', '=', 1)
      .orderBy('is_default', 'desc')
      .executeTakeFirstOrThrow();
    const version = await db
      .insertInto('site_versions')
      .values({
        name: '专业版',
        level_id: level.id,
        price_month: 1000,
        own_payment: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const site = await db
      .insertInto('sites')
      .values({
        parent_id: 1,
        owner_user_id: ownerId,
        title: '小明的卡铺',
        subtitle: '',
        path: PATH,
        domain: null,
        status: 'active',
        depth: 1,
        version_id: version.id,
        period: 'month',
        expires_at: now + 30 * 86_400_000,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('sites')
      .set({ chain: `1/${site.id}` })
      .where('id', '=', site.id)
      .execute();
    await db
      .insertInto('site_price_rules')
      .values({
        site_id: site.id,
        audience: 'buyer',
        scope: 'global',
        target_id: null,
        range_min: null,
        range_max: null,
        kind: 'fixed',
        value: 200,
        created_at: now,
      })
      .execute();
    return ownerId;
  } finally {
    await close();
  }
}

beforeAll(async () => {
  epay = await startFakeEpay([{ pid: '8001', key: OWNER_KEY }]);
  server = await startServer({ OWNER_GATEWAY_HOSTS: 'any' });
  browser = await launchBrowser();
  admin = await adminToken(server);
  await registerWithoutCaptcha(server, server.adminPath, admin);
  const dirId = await demoSubDirId(server, server.adminPath, admin);
  const saved = await callOk(
    server,
    `${A()}/catalog/saveGoods`,
    { dirId, name: '分站自收款测试卡', type: 'card', price: '10.00', faceValue: '10.00', visitorAllowed: '1' },
    admin,
  );
  goodsId = Number(saved.id);
  await callOk(server, `${A()}/stock/import`, { goodsId: String(goodsId), text: 'OWN-CARD-01\nOWN-CARD-02' }, admin);
  const reg = await callOk(server, '/user/register', { loginName: 'xiaoming', password: 'abc12345' });
  owner = { id: await seedSite('xiaoming'), token: String(reg.authCode) };
  // The owner's prepaid balance (admin adjustment, as a recharge would).
  await callOk(server, `${A()}/funds/adjust`, { userId: String(owner.id), amount: '50', reason: '预存' }, admin);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await epay?.close();
});

describe('a sub-site’s own payment channel in the browser', () => {
  it('the owner adds their 易支付 on 分站店铺; a visitor pays it on the site and gets the cards; the cost comes off the owner’s balance', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('token', JSON.stringify({ authCode: t })), owner.token);
    await page.goto('/vip/shop');
    await waitText(page, '预存余额');
    await waitText(page, '¥50.00');
    await shot(page, 'own-pay-owner-empty');

    await page.getByRole('button', { name: '添加收款账户' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('账户名称').fill('我的易支付');
    await dialog.getByLabel('前台显示名称').fill('支付宝（站长收款）');
    await dialog.getByLabel('接口地址').fill(epay.url);
    await dialog.getByLabel('商户ID').fill('8001');
    await dialog.getByLabel('商户密钥').fill(OWNER_KEY);
    await dialog.getByRole('switch').click();
    await shot(page, 'own-pay-owner-editor');
    await dialog.getByRole('button', { name: '保存' }).click();
    await waitText(page, '收款账户已保存');
    await waitText(page, '买家直接付款给你');
    await waitText(page, '商户密钥：已设置');
    expect(await page.locator('body').innerText()).not.toContain(OWNER_KEY);
    await shot(page, 'own-pay-owner-account');
    await context.close();

    // A visitor on the site's path sees the owner's channel only, and pays the owner's merchant.
    const visitor = await newPage(browser, server.baseUrl);
    const v = visitor.page;
    await v.goto(`/${PATH}/inside/buyGoods?goodId=${goodsId}`);
    await waitText(v, '分站自收款测试卡');
    await v.getByLabel('联系方式').fill('buyer@example.com');
    await v.getByLabel('查询密码').fill('query123');
    await v.getByRole('button', { name: '立即购买' }).click();
    await v.getByRole('link', { name: /去支付/ }).click();
    await v.waitForURL((u) => u.pathname === `/${PATH}/pay/payonline`);
    await expect.poll(() => v.getByRole('radio', { name: /支付宝（站长收款）/ }).isVisible()).toBe(true);
    expect(await v.getByRole('radio').count()).toBe(1);
    await shot(v, 'own-pay-visitor-channels');
    await v.getByRole('radio', { name: /支付宝（站长收款）/ }).check();
    await v.getByRole('button', { name: /立即支付/ }).click();
    await v.waitForURL((u) => u.origin === epay.url && u.pathname === '/submit.php');
    await waitText(v, '易支付收银台');
    const order = [...epay.orders.values()].find((o) => o.pid === '8001')!;
    expect(order.money).toBe('12.00');
    await shot(v, 'own-pay-owner-merchant-cashier');
    expect(order.returnUrl).toContain(`/${PATH}/pay/return_epay?paymentNo=`);

    // The merchant tells Kapu (signed with the owner's key), then sends the payer back to the site.
    const notifyPath = new URL(order.notifyUrl).pathname;
    const params = epayV1Notify(OWNER_KEY, {
      pid: '8001',
      trade_no: order.tradeNo,
      out_trade_no: order.outTradeNo,
      money: order.money,
    });
    const answer = await fetch(`${server.baseUrl}${notifyPath}?${new URLSearchParams(params).toString()}`);
    expect(await answer.text()).toBe('success');
    await v.goto(order.returnUrl);
    await waitText(v, '支付成功');
    await v.getByRole('button', { name: '查看订单' }).click();
    await waitText(v, /OWN-CARD-0\d/);
    await shot(v, 'own-pay-visitor-cards');
    await visitor.context.close();

    // The owner paid the platform the cost (10.00) from the prepaid balance and kept the margin.
    const list = await call(server, '/vip/payAccount/getList', {}, owner.token);
    expect(list.data).toMatchObject({ balance: 4000, active: true });
    const again = await newPage(browser, server.baseUrl);
    await again.page.goto('/');
    await again.page.evaluate((t) => localStorage.setItem('token', JSON.stringify({ authCode: t })), owner.token);
    await again.page.goto('/vip/shop');
    await waitText(again.page, '¥40.00');
    await shot(again.page, 'own-pay-owner-after-sale');

    // Staff refund the order: the platform gives the cost back, the buyer's money is the owner's to return.
    const { db, close } = connectDatabase({ sqliteFile: path.join(server.dataDir, 'kapu.sqlite') });
    const orderNo = (
      await db
        .selectFrom('payments')
        .select('ref_no')
        .where('payment_no', '=', order.outTradeNo)
        .executeTakeFirstOrThrow()
    ).ref_no;
    await close();
    epay.markPaid(order.outTradeNo);
    const refunded = await callOk(server, `${A()}/orders/refund`, { orderNo, reason: '买家不要了' }, admin);
    expect(refunded.status).toBe('refund_due');
    await again.page.reload();
    await waitText(again.page, '¥50.00');
    await waitText(again.page, orderNo);
    await waitText(again.page, '买家不要了');
    await again.page.getByText(orderNo).scrollIntoViewIfNeeded();
    await shot(again.page, 'own-pay-owner-refund-due');
    await again.page.getByRole('button', { name: '原路退款' }).click();
    await again.page.getByRole('tooltip').getByRole('button', { name: '原路退款' }).click();
    await waitText(again.page, '已通过你的收款账户原路退款');
    await waitText(again.page, '没有待你退款的订单');
    expect(epay.refunds).toEqual([{ outTradeNo: order.outTradeNo, money: '12.00' }]);
    await again.context.close();
  });

  it('staff keep the platform’s accounts with the same editor; an owner’s account is not in their list', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await loginAsAdmin(page, server.adminPath, server.adminPassword);
    await page.goto(`${A()}/payments`);
    await waitText(page, '测试该账户');
    expect(await page.getByText('我的易支付').count()).toBe(0);
    await page.getByRole('button', { name: '添加支付账户' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('账户名称').fill('平台易支付');
    await dialog.getByLabel('接口地址').fill('https://pay.example.com/');
    await dialog.getByLabel('商户ID').fill('1001');
    await dialog.getByLabel('商户密钥').fill('platformKey2026');
    await dialog.getByRole('button', { name: '保存' }).click();
    await waitText(page, '支付账户已保存');
    const row = page.locator('.ant-table-row').filter({ hasText: '平台易支付' });
    await row.getByRole('button', { name: '编辑' }).click();
    await expect.poll(() => page.getByRole('dialog').getByLabel('账户名称').inputValue()).toBe('平台易支付');
    await expect.poll(() => page.getByRole('dialog').getByLabel('商户ID').inputValue()).toBe('1001');
    await shot(page, 'own-pay-admin-editor');
    await context.close();
  });
});
