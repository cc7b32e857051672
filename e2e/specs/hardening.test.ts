import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAsAdmin, newPage, shot, waitText } from '../support/browser.js';
import { adminToken, call, startServer, type RunningServer } from '../support/server.js';

// Issue 10's defects a merchant meets first, in the browser: the way back to the shop, visitors
// on the certification pages, goods that ask the buyer for information (labels, not keys).
let server: RunningServer;
let browser: Browser;
let admin: string;
const A = () => `/${server.adminPath}`;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await adminToken(server);
  expect(
    (
      await call(
        server,
        `${A()}/settings/security`,
        { captchaAfter: '3', lockAfter: '10', lockMinutes: '15', registerCaptcha: '0' },
        admin,
      )
    ).code,
  ).toBe(1000);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('hardening defects in the browser', () => {
  it('the member centre leads back to the shop', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto('/register');
    await page.getByLabel('登录名').fill('e2eshopback');
    await page.getByLabel('密码', { exact: true }).fill('back12345');
    await page.getByLabel('确认密码').fill('back12345');
    await page
      .locator('form')
      .getByRole('button', { name: /注\s*册/ })
      .click();
    await page.waitForURL('**/inside/index');
    await expect.poll(() => page.getByRole('button', { name: '返回商城' }).isVisible()).toBe(true);
    await shot(page, 'member-home-shop-link');
    await page.getByRole('button', { name: '返回商城' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });

  it('a visitor on a certification result page is asked to log in, not told a login expired', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto('/certify/alipayFaceResult?certifyId=abc123');
    await waitText(page, '请登录后查看认证结果');
    expect(await page.getByText('账户退出提示').count()).toBe(0);
    await shot(page, 'certify-visitor');
    await page.getByRole('button', { name: '去登录' }).click();
    await page.waitForURL(/\/login\?redirect=/);
    await context.close();
  });

  it('a manual goods asks the buyer for information; the order shows the field labels', async () => {
    const dirs = await call(server, `${A()}/catalog/dirs`, {}, admin);
    const dirId = String(
      (dirs.data as unknown as Array<{ id: number; parentId: number | null }>).find((d) => d.parentId !== null)!.id,
    );
    const template = JSON.stringify([{ key: 'role', label: '游戏角色名', type: 'text', required: true }]);
    const saved = await call(
      server,
      `${A()}/catalog/saveGoods`,
      {
        dirId,
        name: '代练服务',
        type: 'manual',
        price: '0',
        faceValue: '0',
        visitorAllowed: '1',
        rechargeTemplate: template,
      },
      admin,
    );
    expect(saved.code).toBe(1000);
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto(`/inside/buyGoods?goodId=${saved.data!.id}`);
    await waitText(page, '代练服务');
    await page.getByLabel('游戏角色名').fill('剑圣无双');
    await page.getByLabel('联系方式').fill('13812345678');
    await page.getByLabel('查询密码').fill('query123');
    await page.getByRole('button', { name: '立即购买' }).click();
    await waitText(page, '下单信息');
    await waitText(page, '剑圣无双');
    expect(await page.getByText('role').count()).toBe(0);
    await shot(page, 'manual-goods-inputs');
    await context.close();
  });

  it('staff adjust a balance by the member number, confirm it, and an unknown member is a toast', async () => {
    const members = await call(server, `${A()}/members/list`, { keyword: 'e2eshopback' }, admin);
    const userNo = String((members.data!.list as Array<{ userNo: string }>)[0].userNo);
    const { context, page } = await newPage(browser, server.baseUrl);
    await loginAsAdmin(page, server.adminPath, server.adminPassword);
    await page.goto(`${A()}/funds`);
    await page.getByLabel('会员', { exact: true }).fill('99999999');
    await page.getByLabel('调整金额（元）').fill('5');
    await page.getByLabel('调整原因').fill('测试不存在的会员');
    await page.getByRole('button', { name: '提交调整' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await waitText(page, '会员不存在');
    await page.getByLabel('会员', { exact: true }).fill(userNo);
    await page.getByRole('button', { name: '提交调整' }).click();
    await waitText(page, `会员 ${userNo} 增加 ¥5`);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await waitText(page, '已调整，会员当前余额 ¥5.00');
    await waitText(page, `${userNo}（e2eshopback）`);
    expect(await page.getByText(/会员 #\d/).count()).toBe(0);
    await shot(page, 'admin-funds-member-number');
    await context.close();
  });

  it('a refund asks for confirmation with the amount, where it goes and the reason', async () => {
    const list = await call(server, '/inside/goods/getList', { keyword: 'Steam 钱包充值卡 50' });
    const goodsId = String((list.data!.list as Array<{ id: number }>)[0].id);
    const members = await call(server, `${A()}/members/list`, { keyword: 'e2eshopback' }, admin);
    const userNo = String((members.data!.list as Array<{ userNo: string }>)[0].userNo);
    expect(
      (await call(server, `${A()}/funds/adjust`, { member: userNo, amount: '100', reason: '退款测试' }, admin)).code,
    ).toBe(1000);
    const login = await call(server, '/user/login', { account: 'e2eshopback', password: 'back12345' });
    const order = await call(
      server,
      '/inside/order/create',
      { goodsId, quantity: '1', payBy: 'balance' },
      String(login.data!.authCode),
    );
    expect(order.code).toBe(1000);
    const orderNo = String(order.data!.orderNo);

    const { context, page } = await newPage(browser, server.baseUrl);
    await loginAsAdmin(page, server.adminPath, server.adminPassword);
    await page.goto(`${A()}/orders`);
    await page.getByRole('button', { name: orderNo }).click();
    await page.getByPlaceholder('退款原因').fill('买家申请退款');
    await page.getByRole('button', { name: /^退款 ¥/ }).click();
    const dialog = page.locator('.ant-modal-confirm');
    await expect.poll(() => dialog.innerText()).toContain('买家申请退款');
    const text = await dialog.innerText();
    expect(text).toContain('¥48.50');
    expect(text).toContain(`退回会员 ${userNo}（e2eshopback）的余额`);
    await page.waitForTimeout(400); // the dialog's opening animation, for the screenshot only
    await shot(page, 'admin-refund-confirm');
    // Nothing happened yet: cancel keeps the order as it was.
    await dialog.getByRole('button', { name: /取\s*消|Cancel/ }).click();
    expect((await call(server, `${A()}/orders/detail`, { orderNo }, admin)).data!.status).toBe('delivered');
    await page.getByRole('button', { name: /^退款 ¥/ }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '确认退款' }).click();
    await waitText(page, '已退款');
    expect((await call(server, `${A()}/orders/detail`, { orderNo }, admin)).data!.status).toBe('refunded');
    await context.close();
  });

  it('a partial refund asks for the amount, confirms it, and leaves the order standing', async () => {
    const list = await call(server, '/inside/goods/getList', { keyword: 'Steam 钱包充值卡 50' });
    const goodsId = String((list.data!.list as Array<{ id: number }>)[0].id);
    expect(
      (
        await call(
          server,
          `${A()}/funds/adjust`,
          { member: 'e2eshopback', amount: '100', reason: '部分退款测试' },
          admin,
        )
      ).code,
    ).toBe(1000);
    const login = await call(server, '/user/login', { account: 'e2eshopback', password: 'back12345' });
    const order = await call(
      server,
      '/inside/order/create',
      { goodsId, quantity: '1', payBy: 'balance' },
      String(login.data!.authCode),
    );
    const orderNo = String(order.data!.orderNo);

    const { context, page } = await newPage(browser, server.baseUrl);
    await loginAsAdmin(page, server.adminPath, server.adminPassword);
    await page.goto(`${A()}/orders`);
    await page.getByRole('button', { name: orderNo }).click();
    await page.getByLabel('部分退款').check();
    await page.getByLabel('退款金额（元）').fill('10');
    await page.getByPlaceholder('退款原因').fill('补差价');
    await page.getByRole('button', { name: '退款 ¥10.00' }).click();
    const dialog = page.locator('.ant-modal-confirm');
    await expect.poll(() => dialog.innerText()).toContain('确认部分退款');
    expect(await dialog.innerText()).toContain('¥10.00（可退 ¥48.50，退后订单保持原状态）');
    await page.waitForTimeout(400); // the dialog's opening animation, for the screenshot only
    await shot(page, 'admin-partial-refund-confirm');
    await dialog.getByRole('button', { name: '确认退款' }).click();
    await waitText(page, '已退款 ¥10.00');
    expect((await call(server, `${A()}/orders/detail`, { orderNo }, admin)).data).toMatchObject({
      status: 'delivered',
      refundAmount: 1000,
    });
    // What is left is offered next.
    await expect.poll(() => page.getByText('全额退款（¥38.50）').isVisible()).toBe(true);
    await context.close();
  });

  it('staff land on the first page their role opens, see only those menu entries, and admin tabs open and stay', async () => {
    const role = await call(server, `${A()}/roles/save`, { name: '会员客服', permissions: 'members.view' }, admin);
    expect(role.code).toBe(1000);
    expect(
      (
        await call(
          server,
          `${A()}/staff/save`,
          { username: 'kefu01', password: 'kefu-pass-01', roleId: String(role.data!.id) },
          admin,
        )
      ).code,
    ).toBe(1000);
    const staff = await newPage(browser, server.baseUrl);
    await staff.page.goto(`${A()}/index`);
    await staff.page.getByLabel('用户名').fill('kefu01');
    await staff.page.getByLabel('密码').fill('kefu-pass-01');
    await staff.page
      .locator('form')
      .getByRole('button', { name: /登\s*录/ })
      .click();
    await staff.page.waitForURL((u) => u.pathname === `${A()}/members`);
    await waitText(staff.page, '会员管理');
    expect(await staff.page.locator('.shell-sider').getByText('控制台').count()).toBe(0);
    await shot(staff.page, 'admin-limited-role-landing');
    await staff.context.close();

    const { context, page } = await newPage(browser, server.baseUrl);
    await loginAsAdmin(page, server.adminPath, server.adminPassword);
    await page.goto(`${A()}/members`);
    await waitText(page, '会员管理');
    await page.goto(`${A()}/orders`);
    await waitText(page, '订单管理');
    const tabs = page.locator('.shell-tabs');
    await expect.poll(() => tabs.innerText()).toContain('会员管理');
    await expect.poll(() => tabs.innerText()).toContain('订单管理');
    await page.reload();
    await expect.poll(() => tabs.innerText()).toContain('会员管理');
    await tabs.getByText('会员管理').click();
    await page.waitForURL((u) => u.pathname === `${A()}/members`);
    await shot(page, 'admin-tabs');
    await context.close();
  });

  // Last in this file: it changes the super admin's password and ends its other sessions.
  it('the super admin changes the one-time password from the header menu', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await loginAsAdmin(page, server.adminPath, server.adminPassword);
    await page.getByRole('button', { name: /超级管理员|admin/ }).click();
    await page.getByText('账户设置').click();
    await page.getByRole('tab', { name: '修改密码' }).click();
    await page.getByLabel('当前密码').fill('wrong-password-1');
    await page.getByLabel('新密码', { exact: true }).fill('Changed-Pass-2027');
    await page.getByLabel('确认新密码').fill('Changed-Pass-2027');
    await page.getByRole('dialog').getByRole('button', { name: '修改密码' }).click();
    await waitText(page, '当前密码错误');
    await page.getByLabel('当前密码').fill(server.adminPassword);
    await shot(page, 'admin-own-password');
    await page.getByRole('dialog').getByRole('button', { name: '修改密码' }).click();
    await waitText(page, /密码已修改/);
    expect((await call(server, `${A()}/auth/login`, { username: 'admin', password: 'Changed-Pass-2027' })).code).toBe(
      1000,
    );
    expect(
      (await call(server, `${A()}/auth/login`, { username: 'admin', password: server.adminPassword })).code,
    ).not.toBe(1000);
    await context.close();
  });
});
