import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, launchBrowser, loginAsAdmin, newPage, reloadUntilVisible, shot } from '../support/browser.js';
import {
  adminToken,
  call,
  callOk,
  demoSubDirId,
  registerWithoutCaptcha,
  startServer,
  type RunningServer,
} from '../support/server.js';

// Messages in the browser: an order's refund shows up as a message; the bell's count and the tab
// title "(N条消息)" follow without a reload (the bell polls); mark all read; 到货提醒 on a sold-out
// goods; the notification settings; the admin's 消息通知.
let server: RunningServer;
let browser: Browser;
let admin: string;
let member: { context: BrowserContext; page: Page };
const A = () => `/${server.adminPath}`;
const LOGIN = 'e2emsg';
const PASSWORD = 'msg12345678';
/** The bell polls every 10 s: a change shows within one poll (and a little rendering). */
const POLL = { timeout: 25_000, intervals: [500] };
/** Anything else the page shows after a click or a load (the machine is shared: give it time). */
const SOON = { timeout: 30_000 };

async function memberToken(page: Page): Promise<string> {
  return page.evaluate(
    () => (JSON.parse(localStorage.getItem('token') ?? '{}') as { authCode?: string }).authCode ?? '',
  );
}
const bellCount = (page: Page) =>
  page
    .getByRole('button', { name: /^通知/ })
    .getAttribute('aria-label')
    .then((label) => Number(/(\d+) 条未读/.exec(label ?? '')?.[1] ?? 0));

beforeAll(async () => {
  server = await startServer();
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
  const userId = String((members.list as Array<{ id: number }>)[0].id);
  await callOk(server, `${A()}/funds/adjust`, { userId, amount: '100', reason: 'e2e 站内信测试' }, admin);
}, 60_000);
afterAll(async () => {
  await member?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('messages in the browser', () => {
  it('a refund shows up as a message; the bell and the tab title follow without a reload; mark all read', async () => {
    const { page } = member;
    const dirId = await demoSubDirId(server, server.adminPath, admin);
    const goods = await callOk(
      server,
      `${A()}/catalog/saveGoods`,
      { dirId, name: '站内信测试卡', type: 'card', faceValue: '10', price: '6.50' },
      admin,
    );
    const goodsId = String(goods.id);
    await callOk(server, `${A()}/stock/import`, { goodsId, text: 'MSG-1----p1\nMSG-2----p2' }, admin);

    await page.goto('/inside/myOrder');
    await expect.poll(() => page.title(), SOON).toMatch(/^我的订单/);
    expect(await bellCount(page)).toBe(0);

    // The member buys twice (each order paid and delivered at once: one message each, 卡密已发放), staff
    // refund the first (a third).
    const token = await memberToken(page);
    const order = await callOk(server, '/inside/order/create', { goodsId, quantity: '1' }, token);
    const orderNo = String(order.orderNo);
    await callOk(server, '/inside/order/payByBalance', { orderNo }, token);
    await expect.poll(() => bellCount(page), POLL).toBe(1);
    const second = await callOk(server, '/inside/order/create', { goodsId, quantity: '1' }, token);
    await callOk(server, '/inside/order/payByBalance', { orderNo: String(second.orderNo) }, token);
    await expect.poll(() => bellCount(page), POLL).toBe(2);
    await expect.poll(() => page.title(), POLL).toMatch(/^\(2条消息\)我的订单/);
    const refund = await call(server, `${A()}/orders/refund`, { orderNo, reason: '缺货退款' }, admin);
    expect(refund.code, refund.msg).toBe(1000);
    await expect.poll(() => bellCount(page), POLL).toBe(3);
    await expect.poll(() => page.title(), POLL).toMatch(/^\(3条消息\)我的订单/);

    // The bell shows the newest: the refund on top.
    await page.getByRole('button', { name: /^通知/ }).click();
    const popover = page.locator('.ant-popover').filter({ hasText: '查看全部消息' });
    await expect.poll(() => popover.getByText('订单已退款').first().isVisible(), SOON).toBe(true);
    await page.waitForTimeout(500); // animations settle, for the screenshot only
    await shot(page, 'messages-bell');
    await popover.getByRole('button', { name: '查看全部消息' }).click();
    await page.waitForURL('**/inside/message');
    // A navigation keeps the count in the new title.
    await expect.poll(() => page.title(), SOON).toMatch(/^\(3条消息\)站内信/);
    const refundItem = page.locator('.shell-content .ant-list-item').filter({ hasText: '订单已退款' });
    await expect.poll(() => refundItem.isVisible(), SOON).toBe(true);
    expect(await refundItem.innerText()).toContain(orderNo);
    expect(await refundItem.innerText()).toContain('6.50 元');
    await page.waitForTimeout(500); // animations settle, for the screenshot only
    await shot(page, 'messages-list');

    // Filters: 未读 shows the three; the 资金 kind none, and says why.
    await page.getByRole('combobox').first().click();
    await page.locator('.ant-select-item-option').filter({ hasText: '资金' }).click();
    await expect.poll(() => page.getByText('没有符合筛选条件的消息').isVisible(), SOON).toBe(true);
    await page.locator('.ant-select-clear').first().click();
    await expect.poll(() => page.locator('.shell-content .ant-list-item').count(), SOON).toBe(3);

    await page.getByRole('button', { name: '全部标为已读' }).click();
    await expect.poll(() => page.getByText('已将 3 条消息标为已读').isVisible(), SOON).toBe(true);
    await expect.poll(() => bellCount(page), SOON).toBe(0);
    await expect.poll(() => page.title(), SOON).toMatch(/^站内信/);
    await page.getByText('已读', { exact: true }).click();
    await expect.poll(() => page.locator('.shell-content .ant-list-item').count(), SOON).toBe(3);
    await page.getByText('未读', { exact: true }).click();
    await expect.poll(() => page.getByText('没有符合筛选条件的消息').isVisible(), SOON).toBe(true);
    await page.waitForTimeout(500); // animations settle, for the screenshot only
    await shot(page, 'messages-all-read');

    // 通知设置: the kinds with their channels; neither e-mail nor Telegram is set up on this shop, and it says so.
    await page.getByRole('tab', { name: '通知设置' }).click();
    await expect.poll(() => page.getByText('站点尚未配置邮件服务器').isVisible(), SOON).toBe(true);
    await expect.poll(() => page.getByText('站点尚未配置 Telegram 机器人').isVisible(), SOON).toBe(true);
    await expect.poll(() => page.getByRole('cell', { name: '订单退款', exact: true }).isVisible(), SOON).toBe(true);
    await page.waitForTimeout(500); // animations settle, for the screenshot only
    await shot(page, 'messages-settings');
  }, 120_000);

  it('到货提醒: a sold-out goods offers it; the restock arrives as a message', async () => {
    const { page } = member;
    const dirId = await demoSubDirId(server, server.adminPath, admin);
    const goods = await callOk(
      server,
      `${A()}/catalog/saveGoods`,
      { dirId, name: '到货提醒测试卡', type: 'card', faceValue: '10', price: '3' },
      admin,
    );
    await page.goto(`/inside/buyGoods?goodId=${goods.id}`);
    await expect.poll(() => page.getByRole('button', { name: '已售罄' }).isVisible(), SOON).toBe(true);
    await page.getByRole('button', { name: '到货提醒' }).click();
    await expect.poll(() => page.getByText('已订阅，到货后会通过站内信通知您').isVisible(), SOON).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: /已订阅到货提醒/ }).isVisible(), SOON).toBe(true);
    await page.waitForTimeout(500); // animations settle, for the screenshot only
    await shot(page, 'messages-restock-button');
    await callOk(server, `${A()}/stock/import`, { goodsId: String(goods.id), text: 'BACK-1----p' }, admin);
    await page.goto('/inside/message');
    const item = page.locator('.shell-content .ant-list-item').filter({ hasText: '您关注的商品到货了' });
    // The message is written by a job a moment after the import: look again until it is there.
    await reloadUntilVisible(page, item);
    expect(await item.innerText()).toContain('到货提醒测试卡');
  }, 60_000);

  it('on a phone: the message list and the bell are usable', async () => {
    const phone = await newPage(browser, server.baseUrl, MOBILE);
    await phone.page.goto('/login?redirect=/inside/message');
    await phone.page.getByLabel('账号').fill(LOGIN);
    await phone.page.getByLabel('密码').fill(PASSWORD);
    await phone.page
      .locator('form')
      .getByRole('button', { name: /登\s*录/ })
      .click();
    await phone.page.waitForURL((u) => u.pathname === '/inside/message');
    await expect.poll(() => phone.page.locator('.shell-content .ant-list-item').count(), SOON).toBeGreaterThan(0);
    await phone.page.waitForTimeout(500); // animations settle, for the screenshot only
    await shot(phone.page, 'messages-mobile');
    await phone.context.close();
  }, 60_000);

  it('admin 消息通知: broadcast to all members, robots, the Telegram bot, the delivery log', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await loginAsAdmin(page, server.adminPath, server.adminPassword);
    await page.goto(`${A()}/messages`);
    await page.getByLabel('标题').fill('系统维护通知');
    await page.getByLabel('内容').fill('本周日凌晨 2 点至 4 点系统维护，届时暂停下单。');
    await page.getByRole('button', { name: /发\s*送/ }).click();
    await expect.poll(() => page.getByText(/已创建群发，将发送给 \d+ 位会员/).isVisible(), SOON).toBe(true);
    await expect
      .poll(() => page.locator('.ant-table-row').filter({ hasText: '系统维护通知' }).innerText(), POLL)
      .toContain('已完成');
    await page.waitForTimeout(500); // animations settle, for the screenshot only
    await shot(page, 'messages-admin-broadcast');
    await page.getByRole('tab', { name: '群机器人' }).click();
    await expect.poll(() => page.getByText('还没有群机器人').isVisible(), SOON).toBe(true);
    await page.getByRole('button', { name: '添加群机器人' }).click();
    await page.getByLabel('名称').fill('运营群');
    await page.getByLabel('Webhook 地址').fill('https://example.com/not-a-hook');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect
      .poll(() =>
        page
          .getByText(/机器人地址不正确/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await page.waitForTimeout(500); // animations settle, for the screenshot only
    await shot(page, 'messages-admin-robot');
    await page.getByRole('button', { name: /取\s*消/ }).click();
    await page.getByRole('tab', { name: 'Telegram 机器人' }).click();
    await expect.poll(() => page.getByText('尚未设置 Telegram 机器人').isVisible(), SOON).toBe(true);
    await page.waitForTimeout(500); // animations settle, for the screenshot only
    await shot(page, 'messages-admin-telegram');
    await page.getByRole('tab', { name: '投递记录' }).click();
    await expect
      .poll(() => page.getByText('还没有通过邮件、Telegram 或群机器人发出的通知').isVisible(), SOON)
      .toBe(true);
    await context.close();

    // The member has it, without a reload.
    await member.page.goto('/inside/message');
    const item = member.page.locator('.shell-content .ant-list-item').filter({ hasText: '系统维护通知' });
    await expect.poll(() => item.isVisible(), POLL).toBe(true);
  }, 90_000);
});
