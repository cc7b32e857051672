import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, shot } from '../support/browser.js';
import { adminToken, call, startServer, type RunningServer } from '../support/server.js';

// Account center and security flows against a real server in Chromium (issue 3).
let server: RunningServer;
let browser: Browser;
const XSS = '<img src=x onerror=alert(1)>';
// The nickname allows 20 characters (contract): a payload that fits and would fire on injection.
const XSS_NICK = '<svg onload=alert()>';
const MEMBER = { name: 'e2ebob', password: 'bob12345678' };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const token = await adminToken(server);
  const saved = await call(
    server,
    `/${server.adminPath}/settings/security`,
    { captchaAfter: '3', lockAfter: '10', lockMinutes: '15', registerCaptcha: '0' },
    token,
  );
  expect(saved.code).toBe(1000);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('accounts in the browser', () => {
  it('registers, edits the profile with an XSS payload shown as text, sets a sale password, opens the API, and is logged out when the admin disables it', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });

    // Register with the captcha switched off by the admin: no captcha field.
    await page.goto('/register');
    await page.getByLabel('登录名').fill(MEMBER.name);
    await page.getByLabel('密码', { exact: true }).fill(MEMBER.password);
    await page.getByLabel('确认密码').fill(MEMBER.password);
    expect(await page.getByLabel('图形验证码').count()).toBe(0);
    await page
      .locator('form')
      .getByRole('button', { name: /注\s*册/ })
      .click();
    await page.waitForURL('**/inside/index');

    // Profile: the nickname is stored and shown as text.
    await page.goto('/inside/inter/myaccount');
    await page.getByLabel('昵称').fill(XSS_NICK);
    await page.getByLabel('QQ').fill('12345678');
    await page.getByLabel('联系方式').fill(XSS);
    await page.getByRole('button', { name: /保存资料/ }).click();
    await expect.poll(() => page.getByTestId('account-nickname').innerText()).toBe(XSS_NICK);
    await expect.poll(() => page.locator('.ant-descriptions').getByText(XSS, { exact: true }).isVisible()).toBe(true);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.locator('.ant-descriptions svg[onload]').count()).toBe(0);
    expect(dialogs).toEqual([]);
    await shot(page, 'account-profile-xss');

    // Sale password: set it (first time turns it on).
    await page.getByRole('tab', { name: '交易密码' }).click();
    await page.getByLabel('登录密码').fill(MEMBER.password);
    await page.getByLabel('新交易密码').fill('135790');
    await page.getByRole('button', { name: /设置交易密码/ }).click();
    await expect.poll(() => page.getByText('交易密码已设置并开启').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('需要交易密码的操作').first().isVisible()).toBe(true);
    await shot(page, 'account-sale-password');

    // Open API: the secret is shown once, with the warning.
    await page.getByRole('tab', { name: '开放接口' }).click();
    await page.getByRole('button', { name: /开通开放接口/ }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '请保存您的接口密钥' });
    await expect.poll(() => modal.isVisible()).toBe(true);
    const secret = await page.getByTestId('open-api-secret').innerText();
    expect(secret.length).toBeGreaterThan(20);
    expect(await modal.innerText()).toContain('密钥只显示这一次');
    await shot(page, 'account-open-api-secret');
    await modal.getByRole('button', { name: /我已妥善保存/ }).click();
    await expect.poll(() => modal.isVisible()).toBe(false);
    expect(await page.getByText(secret).count()).toBe(0);
    await expect.poll(() => page.getByText('已生成（不再显示）').isVisible()).toBe(true);

    // Login log and sessions sections show IP and 地址.
    await page.getByRole('tab', { name: '登录日志' }).click();
    await expect
      .poll(() => page.locator('.ant-table-thead').filter({ hasText: '地址' }).first().isVisible())
      .toBe(true);

    // The admin disables the member in 会员管理.
    const admin = await newPage(browser, server.baseUrl);
    await admin.page.goto(`/${server.adminPath}/index`);
    await admin.page.getByLabel('用户名').fill('admin');
    await admin.page.getByLabel('密码').fill(server.adminPassword);
    await admin.page
      .locator('form')
      .getByRole('button', { name: /登\s*录/ })
      .click();
    await admin.page.waitForURL(`**/${server.adminPath}/dashboard`);
    await admin.page.getByRole('menuitem', { name: /会员管理/ }).click();
    await admin.page.waitForURL(`**/${server.adminPath}/members`);
    await admin.page.getByLabel('搜索会员').fill(MEMBER.name);
    await admin.page.getByRole('button', { name: /搜\s*索/ }).click();
    const row = admin.page.locator('.ant-table-row').filter({ hasText: MEMBER.name });
    await expect.poll(() => row.count()).toBe(1);
    await shot(admin.page, 'admin-members');
    await row.getByRole('button', { name: /禁\s*用/ }).click();
    await admin.page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect.poll(() => row.innerText()).toContain('已禁用');
    await admin.context.close();

    // The member's next call ends in the 账户退出提示 dialog: a click, or the header bell's own polling
    // for unread messages, whichever comes first (the dialog then covers the page, so no click is needed).
    const ended = page.locator('.ant-modal').filter({ hasText: '账户退出提示' });
    if (!(await ended.isVisible()))
      await page
        .getByRole('tab', { name: '登录设备' })
        .click({ timeout: 10_000 })
        .catch(() => undefined);
    await expect.poll(() => ended.isVisible()).toBe(true);
    await shot(page, 'account-disabled-logout');
    await ended.getByRole('button', { name: '重新登录' }).click();
    await page.waitForURL('**/login');
    await context.close();
  }, 120_000);

  it('shows the captcha after 3 wrong passwords, and the popup announcement once', async () => {
    const token = await adminToken(server);
    await call(
      server,
      `/${server.adminPath}/announcements/save`,
      {
        title: '新春活动',
        content: '<p>全场 <b>九折</b></p><script>alert(3)</script>',
        pinned: '1',
        popup: '1',
        status: 'published',
      },
      token,
    );
    await call(server, '/user/register', { loginName: 'e2ecarol', password: 'carol12345' });
    const { context, page } = await newPage(browser, server.baseUrl);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto('/login');
    for (let i = 0; i < 3; i += 1) {
      await page.getByLabel('账号').fill('e2ecarol');
      await page.getByLabel('密码').fill('wrong12345');
      await page
        .locator('form')
        .getByRole('button', { name: /登\s*录/ })
        .click();
      await expect.poll(() => page.getByText('账号或密码错误').first().isVisible()).toBe(true);
    }
    await expect.poll(() => page.getByLabel('图形验证码').isVisible()).toBe(true);
    await expect.poll(() => page.locator('img[alt="图形验证码"]').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await shot(page, 'login-captcha');

    await page.goto('/');
    const popup = page.locator('.ant-modal').filter({ hasText: '新春活动' });
    await expect.poll(() => popup.isVisible()).toBe(true);
    expect(await popup.innerText()).toContain('九折');
    await popup.getByRole('button', { name: /我知道了/ }).click();
    // Closed, and remembered by this browser before the page is loaded again.
    await expect.poll(() => popup.isVisible()).toBe(false);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('popupAnnouncementSeen'))).not.toBeNull();
    await page.reload();
    // The home page has fetched what it shows (the popup's announcement too), and the popup stays closed.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    expect(await popup.isVisible()).toBe(false);
    await page.goto('/announcement');
    await page.getByRole('link', { name: '新春活动' }).click();
    await expect.poll(() => page.locator('.rich-text b').innerText()).toBe('九折');
    expect(await page.locator('.rich-text script').count()).toBe(0);
    expect(dialogs).toEqual([]);
    await shot(page, 'announcement-detail');
    await context.close();
  }, 90_000);
});
