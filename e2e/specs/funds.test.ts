import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, launchBrowser, newPage, shot, registerInBrowser, waitText } from '../support/browser.js';
import { adminToken, call, startServer, type RunningServer } from '../support/server.js';

// Funds in the browser: transfer with the masked receiver, payee account, withdrawal, admin
// approval and reconciliation; recharge through the sandbox cashier once the payments API is up.
let server: RunningServer;
let browser: Browser;
let admin: string;
let alice: { context: BrowserContext; page: Page };
const A = () => `/${server.adminPath}`;

async function balanceOf(loginName: string): Promise<number> {
  const members = await call(server, `${A()}/members/list`, { keyword: loginName }, admin);
  return Number((members.data!.list as Array<{ balance: number }>)[0].balance);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await adminToken(server);
  const set = await call(
    server,
    `${A()}/settings/security`,
    { captchaAfter: '3', lockAfter: '10', lockMinutes: '15', registerCaptcha: '0' },
    admin,
  );
  expect(set.code).toBe(1000);
  alice = await newPage(browser, server.baseUrl);
  await registerInBrowser(alice.page, 'e2efunda', 'funda12345');
  const bob = await newPage(browser, server.baseUrl);
  await registerInBrowser(bob.page, 'e2efundb', 'fundb12345');
  await bob.context.close();
  const members = await call(server, `${A()}/members/list`, { keyword: 'e2efunda' }, admin);
  const userId = String((members.data!.list as Array<{ id: number }>)[0].id);
  const adjusted = await call(server, `${A()}/funds/adjust`, { userId, amount: '200', reason: 'e2e 资金测试' }, admin);
  expect(adjusted.code).toBe(1000);
});
afterAll(async () => {
  await alice?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('funds in the browser', () => {
  it('transfers to another member after confirming the masked name', async () => {
    const { page } = alice;
    await page.goto('/inside/transMoney');
    await waitText(page, '今日转账');
    await page.getByLabel('收款会员').fill('e2efundb');
    await page.getByRole('button', { name: '下一步' }).click();
    await waitText(page, '请核对收款人');
    const masked = await page.getByTestId('masked-name').innerText();
    expect(masked).toContain('*');
    expect(masked).not.toBe('e2efundb');
    await page.getByLabel('转账金额（元）').fill('12.5');
    await shot(page, 'funds-transfer-confirm');
    await page.getByRole('button', { name: '确认转账' }).click();
    await waitText(page, '转账成功');
    await waitText(page, /当前余额 ¥187\.50/);
    await shot(page, 'funds-transfer-done');
    await waitText(page, '-¥12.50');
    expect(await balanceOf('e2efundb')).toBe(1250);
  });

  it('a wrong sale password is a toast with the tries left (no uncaught page error), then the lock', async () => {
    const { page } = alice;
    const token = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('token') ?? '{}') as { authCode?: string }).authCode ?? '',
    );
    expect(
      (await call(server, '/inside/inter/setNewSalePwd', { password: 'funda12345', newSalePwd: '135790' }, token)).code,
    ).toBe(1000);
    expect(
      (await call(server, '/inside/inter/setSalePwdStatus', { enabled: '1', salePwd: '135790' }, token)).code,
    ).toBe(1000);
    await page.goto('/inside/transMoney');
    await page.getByLabel('收款会员').fill('e2efundb');
    await page.getByRole('button', { name: '下一步' }).click();
    await waitText(page, '请核对收款人');
    await page.getByLabel('转账金额（元）').fill('1');
    await page.getByLabel('交易密码').fill('000000');
    await page.getByRole('button', { name: '确认转账' }).click();
    await waitText(page, '交易密码错误，还可尝试 4 次');
    await shot(page, 'funds-sale-password-wrong');
    // The page-error guard (setupFiles) checks that no rejection escaped; the right password clears the count.
    expect(
      (await call(server, '/inside/inter/setSalePwdStatus', { enabled: '0', salePwd: '135790' }, token)).code,
    ).toBe(1000);
  });

  it('adds an Alipay payee account and asks for a withdrawal', async () => {
    const { page } = alice;
    await page.goto('/inside/payInfo');
    await page.getByRole('button', { name: /添加收款账户/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('真实姓名').fill('张三');
    await dialog.getByLabel('支付宝账号').fill('13800138000');
    await shot(page, 'funds-payee-editor');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await waitText(page, '收款账户已保存');
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    const row = await page.locator('.ant-table-row').first().innerText();
    expect(row).toContain('张三');
    expect(row).not.toContain('13800138000'); // masked
    await shot(page, 'funds-payee-list');

    await page.goto('/inside/collectMoney');
    await waitText(page, '提现规则');
    await page.getByLabel('收款账户').click();
    await page.locator('.ant-select-item-option').first().click();
    await page.getByLabel('提现金额（元）').fill('20');
    await waitText(page, '实际到账');
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await shot(page, 'funds-withdraw-form');
    await page.getByRole('button', { name: '提交提现申请' }).click();
    await waitText(page, '提现申请已提交');
    await expect.poll(() => page.locator('.ant-table-row').filter({ hasText: '待审核' }).count()).toBe(1);
    expect(await balanceOf('e2efunda')).toBe(16750);
  });

  it('shows the member funds pages on a phone', async () => {
    const phone = await newPage(browser, server.baseUrl, MOBILE);
    await phone.page.goto('/login?redirect=/inside/collectMoney');
    await phone.page.getByLabel('账号').fill('e2efunda');
    await phone.page.getByLabel('密码').fill('funda12345');
    await phone.page
      .locator('form')
      .getByRole('button', { name: /登\s*录/ })
      .click();
    await phone.page.waitForURL((u) => u.pathname === '/inside/collectMoney');
    await waitText(phone.page, '提现记录');
    await shot(phone.page, 'funds-withdraw-mobile');
    await phone.page.goto('/inside/transMoney');
    await waitText(phone.page, '今日转账');
    await shot(phone.page, 'funds-transfer-mobile');
    await phone.page.goto('/pay/recharge');
    await waitText(phone.page, '充值金额');
    await phone.page.getByLabel('充值金额（元）').fill('100');
    await expect.poll(() => phone.page.getByRole('button', { name: /立即充值 ¥100\.00/ }).isEnabled()).toBe(true);
    await shot(phone.page, 'funds-recharge-mobile');
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(MOBILE.width);
    await phone.context.close();
  });

  it('admin approves the withdrawal with a payout reference and sees a clean reconciliation', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto(`${A()}/index`);
    await page.getByLabel('用户名').fill('admin');
    await page.getByLabel('密码').fill(server.adminPassword);
    await page
      .locator('form')
      .getByRole('button', { name: /登\s*录/ })
      .click();
    await page.waitForURL((u) => u.pathname === `${A()}/dashboard`);
    await page.goto(`${A()}/withdrawals`);
    await waitText(page, 'e2efunda');
    await waitText(page, '13800138000'); // staff see the full account to pay out
    await shot(page, 'funds-admin-withdrawals');
    await page.getByRole('button', { name: '确认打款' }).first().click();
    await page.getByRole('dialog').getByLabel('打款流水号').fill('ALI-E2E-0001');
    await page.getByRole('dialog').getByRole('button', { name: '确认打款' }).click();
    // The dialog closes when the payout is recorded (its three-second toast can pass unseen on a busy machine);
    // the approved row below is what counts.
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.getByLabel('提现状态').click();
    await page.getByTitle('已打款').click();
    await waitText(page, '流水号：ALI-E2E-0001');
    await page.getByRole('tab', { name: '提现与转账设置' }).click();
    await waitText(page, '每日转账额度（元）');
    await shot(page, 'funds-admin-settings');

    await page.goto(`${A()}/reconcile`);
    await waitText(page, /对账一致/);
    await shot(page, 'funds-admin-reconcile');
    await page.goto(`${A()}/payments`);
    await waitText(page, '测试该账户');
    await shot(page, 'funds-admin-payments');
    await context.close();

    await alice.page.goto('/inside/collectMoney');
    await expect.poll(() => alice.page.locator('.ant-table-row').filter({ hasText: '已打款' }).count()).toBe(1);
  });

  it('recharges through the sandbox cashier', async (ctx) => {
    const probe = await fetch(`${server.baseUrl}/pay/recharge/config`, { method: 'POST' })
      .then((r) => r.json() as Promise<{ code: number }>)
      .catch(() => ({ code: 0 }));
    if (probe.code !== 1000) ctx.skip();
    const { page } = alice;
    const before = await balanceOf('e2efunda');
    await page.goto('/pay/recharge');
    await waitText(page, '支付方式');
    await page.getByLabel('充值金额（元）').fill('50');
    await page.getByText('模拟支付').first().click();
    await shot(page, 'funds-recharge');
    await page.getByRole('button', { name: /立即充值/ }).click();
    await page.waitForURL(/\/pay\/payInterface\?sandbox=/);
    await waitText(page, '模拟收银台');
    await shot(page, 'funds-sandbox-cashier');
    await page.getByRole('button', { name: '确认支付' }).click();
    await waitText(page, '支付成功');
    await page.getByRole('button', { name: '查看支付结果' }).click();
    await page.waitForURL(/\/pay\/return_epay\?paymentNo=/);
    await waitText(page, '充值金额已存入您的余额');
    await shot(page, 'funds-recharge-result');
    expect(await balanceOf('e2efunda')).toBe(before + 5000);
  });
});
