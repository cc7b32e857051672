import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MOBILE,
  launchBrowser,
  loginAsAdmin,
  newPage,
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

// Promotion in the browser: the admin sets the rates; a member shares their link and downloads the
// poster; a friend registers by the link and buys; the inviter sees the commission frozen, then (the
// freeze days set to 0: time moved by a setting) collects it to the balance.
let server: RunningServer;
let browser: Browser;
let admin: string;
let goodsId: number;
let inviter: { context: BrowserContext; page: Page };
const A = () => `/${server.adminPath}`;

async function register(page: Page, loginName: string, password: string, path = '/register') {
  await page.goto(path);
  await page.getByLabel('登录名').fill(loginName);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('确认密码').fill(password);
  await page
    .locator('form')
    .getByRole('button', { name: /注\s*册/ })
    .click();
  await page.waitForURL('**/inside/index');
}

async function memberId(loginName: string): Promise<string> {
  const members = await callOk(server, `${A()}/members/list`, { keyword: loginName }, admin);
  return String((members.list as Array<{ id: number }>)[0].id);
}
async function balanceOf(loginName: string): Promise<number> {
  const members = await callOk(server, `${A()}/members/list`, { keyword: loginName }, admin);
  return Number((members.list as Array<{ balance: number }>)[0].balance);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await adminToken(server);
  await registerWithoutCaptcha(server, server.adminPath, admin);
  const dirId = await demoSubDirId(server, server.adminPath, admin);
  const saved = await callOk(
    server,
    `${A()}/catalog/saveGoods`,
    { dirId, name: '推广测试卡 50 元', type: 'card', price: '50', faceValue: '50' },
    admin,
  );
  goodsId = Number(saved.id);
  await callOk(
    server,
    `${A()}/stock/import`,
    { goodsId: String(goodsId), text: 'PROMO-0001----p1\nPROMO-0002----p2' },
    admin,
  );
  inviter = await newPage(browser, server.baseUrl);
});
afterAll(async () => {
  await inviter?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('promotion in the browser', () => {
  it('the admin sets three-level rates (every browser here shares 127.0.0.1, so the same-IP rule is off)', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await loginAsAdmin(page, server.adminPath, server.adminPassword);
    await page.goto(`${A()}/promotion`);
    await waitText(page, '还没有佣金：被邀请的会员的订单发货后产生');
    await page.getByRole('tab', { name: '推广设置' }).click();
    await page.getByLabel('一级（直接邀请人）').fill('10');
    await page.getByLabel('二级').fill('3');
    await page.getByLabel('三级').fill('1');
    await page.getByLabel('佣金冻结天数').fill('7');
    await page.getByLabel('下单会员与推广人注册 IP 相同时不发放').click();
    await shot(page, 'promotion-admin-settings');
    await page.getByRole('button', { name: '保存设置' }).click();
    await waitText(page, '推广设置已保存');
    const s = await callOk(server, `${A()}/promotion/settings`, {}, admin);
    expect(s).toMatchObject({ enabled: true, rates: [1000, 300, 100], freezeDays: 7, blockSameIp: false });
    await context.close();
  });

  it('a member shares the invite link and downloads the poster (a PNG)', async () => {
    const { page } = inviter;
    await register(page, 'e2epromoa', 'promoa12345');
    await page.goto('/inside/inter/inviteFriends');
    await waitText(page, '还没有好友通过你的链接注册，把邀请链接或海报分享出去吧');
    const code = await page.getByTestId('invite-code').innerText();
    expect(code).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(await page.getByLabel('邀请链接').inputValue()).toBe(`${server.baseUrl}/register?inv=${code}`);
    await page.getByRole('button', { name: '生成推广海报' }).click();
    await expect.poll(() => page.getByTestId('poster-image').isVisible()).toBe(true);
    await shot(page, 'promotion-invite-friends');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '下载海报' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`推广海报-${code}.png`);
    const png = readFileSync(await download.path());
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.length).toBeGreaterThan(10_000);
  });

  it('a friend registers by the link and buys; the inviter sees the commission frozen, then collects it', async () => {
    const link = await inviter.page.getByLabel('邀请链接').inputValue();
    const friend = await newPage(browser, server.baseUrl);
    await friend.page.goto(link);
    const inviteField = friend.page.getByLabel('邀请码');
    await expect.poll(() => inviteField.inputValue()).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(await inviteField.isDisabled()).toBe(true);
    await register(friend.page, 'e2epromob', 'promob12345', new URL(link).pathname + new URL(link).search);
    await callOk(
      server,
      `${A()}/funds/adjust`,
      { userId: await memberId('e2epromob'), amount: '80', reason: 'e2e' },
      admin,
    );
    await friend.page.goto(`/inside/buyGoods?goodId=${goodsId}`);
    await waitText(friend.page, '当前余额 ¥80.00');
    await friend.page.getByRole('button', { name: '立即购买' }).click();
    await waitText(friend.page, '购买成功，已发货');
    await friend.context.close();

    // The commission is written by the order.delivered consumer (the job runner, within a second or two).
    const { page } = inviter;
    await page.goto('/inside/inter/promotion');
    // The commission is written by a job after the delivery: reload until its amount is there.
    await reloadUntilVisible(page, page.getByText('¥5.00'));
    await expect.poll(() => page.getByText('冻结中').first().isVisible()).toBe(true);
    await waitText(page, /可领取$/);
    expect(await page.getByRole('button', { name: '领取到余额' }).isDisabled()).toBe(true);
    await waitText(page, '佣金在订单发货后冻结 7 天');
    await shot(page, 'promotion-frozen');

    // Time moves by the setting: no freeze days left, the commission is collectable now.
    await callOk(
      server,
      `${A()}/promotion/settings/save`,
      {
        enabled: '1',
        level1: '10',
        level2: '3',
        level3: '1',
        freezeDays: '0',
        dailyCap: '0',
        blockSameIp: '0',
        blockSameSubnet: '0',
      },
      admin,
    );
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: '领取到余额' }).isEnabled()).toBe(true);
    await waitText(page, '最多可领取 ¥5.00；留空则全部领取。');
    await page.getByLabel('领取金额').fill('6');
    await page.getByRole('button', { name: '领取到余额' }).click();
    await waitText(page, '领取金额超过可领取的佣金（最多 ¥5.00）');
    await page.getByLabel('领取金额').fill('');
    await page.getByRole('button', { name: '领取到余额' }).click();
    await waitText(page, '已领取 ¥5.00 到余额');
    await shot(page, 'promotion-collected');
    expect(await balanceOf('e2epromoa')).toBe(500);
    await page.getByRole('tab', { name: '领取记录' }).click();
    await waitText(page, '领取到余额');
    await shot(page, 'promotion-collect-history');

    // The invitee shows as having bought, with what they brought me.
    await page.goto('/inside/inter/inviteFriends');
    await waitText(page, '已消费');
    await waitText(page, 'e2***ob');
    await shot(page, 'promotion-invitees');

    // The admin's list has it, and the mobile layout stays usable.
    const list = await call(server, `${A()}/promotion/commissions`, { keyword: 'e2epromoa' }, admin);
    expect(list.data).toMatchObject({ total: 1, sums: { collected: 500 } });
    const staff = await newPage(browser, server.baseUrl);
    await loginAsAdmin(staff.page, server.adminPath, server.adminPassword);
    await staff.page.goto(`${A()}/promotion`);
    await waitText(staff.page, /e2epromoa/);
    await shot(staff.page, 'promotion-admin-commissions');
    await staff.context.close();
    const mobile = await newPage(browser, server.baseUrl, MOBILE);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await mobile.page.goto('/');
    await mobile.page.evaluate((t) => localStorage.setItem('token', t ?? ''), token);
    await mobile.page.goto('/inside/inter/promotion');
    await waitText(mobile.page, '已领取');
    await shot(mobile.page, 'promotion-mobile');
    await mobile.context.close();
  });
});
