import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, shot, waitText } from '../support/browser.js';
import { adminToken, call, startServer, type RunningServer } from '../support/server.js';

// Real-name verification in the browser: the member submits for manual review, the admin
// approves on the 实名审核 screen, the member sees 已认证 with the masked ID number.
let server: RunningServer;
let browser: Browser;
const A = () => `/${server.adminPath}`;
const ID = '11010519491231002X';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const admin = await adminToken(server);
  const set = await call(
    server,
    `${A()}/settings/security`,
    { captchaAfter: '3', lockAfter: '10', lockMinutes: '15', registerCaptcha: '0' },
    admin,
  );
  expect(set.code).toBe(1000);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('real-name verification in the browser', () => {
  it('member submits, admin approves, member sees 已认证', async () => {
    const member = await newPage(browser, server.baseUrl);
    const page = member.page;
    await page.goto('/register');
    await page.getByLabel('登录名').fill('e2ecert');
    await page.getByLabel('密码', { exact: true }).fill('cert12345');
    await page.getByLabel('确认密码').fill('cert12345');
    await page
      .locator('form')
      .getByRole('button', { name: /注\s*册/ })
      .click();
    await page.waitForURL('**/inside/index');

    await page.goto('/inside/verified');
    await waitText(page, '未认证');
    await page.getByLabel('真实姓名').fill('张三');
    await page.getByLabel('身份证号码').fill('110105194912310021');
    await page.getByRole('button', { name: '提交人工审核' }).click();
    await waitText(page, '身份证号码不正确');
    await page.getByLabel('身份证号码').fill(ID);
    await shot(page, 'certify-member-form');
    await page.getByRole('button', { name: '提交人工审核' }).click();
    await waitText(page, '您的实名认证正在审核中');
    await waitText(page, '1101**********002X');
    await shot(page, 'certify-member-reviewing');

    const adminPage = await newPage(browser, server.baseUrl);
    const ap = adminPage.page;
    await ap.goto(`${A()}/index`);
    await ap.getByLabel('用户名').fill('admin');
    await ap.getByLabel('密码').fill(server.adminPassword);
    await ap
      .locator('form')
      .getByRole('button', { name: /登\s*录/ })
      .click();
    await ap.waitForURL((u) => u.pathname === `${A()}/dashboard`);
    await ap.goto(`${A()}/certify`);
    await waitText(ap, 'e2ecert');
    expect(await ap.locator('.ant-table-row').first().innerText()).not.toContain(ID);
    await shot(ap, 'certify-admin-queue');
    await ap
      .locator('.ant-table-row')
      .first()
      .getByRole('button', { name: /通\s*过/ })
      .click();
    await ap
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /通\s*过/ })
      .click();
    await waitText(ap, '已通过实名认证');
    await ap.getByRole('tab', { name: '支付宝刷脸设置' }).click();
    await waitText(ap, '开启支付宝刷脸认证');
    await shot(ap, 'certify-admin-settings');
    await adminPage.context.close();

    await page.reload();
    await expect.poll(() => page.getByTestId('certify-status').innerText()).toBe('已认证');
    await waitText(page, '您已完成实名认证');
    await shot(page, 'certify-member-passed');

    await page.goto('/certify/alipayFaceNotify');
    await waitText(page, '实名认证已通过');
    await member.context.close();
  });
});
