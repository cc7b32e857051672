import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { REPO_ROOT } from './server.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
export const SHOTS_DIR = path.join(REPO_ROOT, 'e2e/screenshots');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
}

export const DESKTOP = { width: 1366, height: 800 };
export const MOBILE = { width: 390, height: 844 };

/** Uncaught errors of any page the suite opened; e2e/support/page-errors.ts fails the test that caused them. */
const pageErrors: string[] = [];

export function takePageErrors(): string[] {
  return pageErrors.splice(0, pageErrors.length);
}

/** Every page of the context, popups included, reports its uncaught errors. */
export function watchPageErrors(context: BrowserContext): void {
  const watch = (page: Page) => page.on('pageerror', (err) => pageErrors.push(`${page.url()}: ${err.message}`));
  context.pages().forEach(watch);
  context.on('page', watch);
}

export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  watchPageErrors(context);
  const page = await context.newPage();
  return { context, page };
}

/** Saves a screenshot under e2e/screenshots/ to look at after the run. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: false });
}

/** Logs the super admin in through the admin login page and waits for the dashboard. */
export async function loginAsAdmin(page: Page, adminPath: string, password: string): Promise<void> {
  await page.goto(`/${adminPath}/index`);
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill(password);
  await page
    .locator('form')
    .getByRole('button', { name: /登\s*录/ })
    .click();
  await page.waitForURL((u) => u.pathname === `/${adminPath}/dashboard`);
}

/** Registers a member through the register page (the shop's register captcha switched off) and waits for 会员中心. */
export async function registerInBrowser(page: Page, loginName: string, password: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('登录名').fill(loginName);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('确认密码').fill(password);
  await page
    .locator('form')
    .getByRole('button', { name: /注\s*册/ })
    .click();
  await page.waitForURL('**/inside/index');
}

/**
 * Reloads `page` until `target` shows: for what a background job writes a moment after the action
 * (a message, a commission, a supplier's task, an upstream's card). After each reload the page gets
 * `settle` ms to fetch and render before it is judged, so a loaded machine is not mistaken for absence.
 */
export async function reloadUntilVisible(page: Page, target: Locator, timeout = 45_000, settle = 5_000): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await target.first().isVisible()) return true;
        await page.reload();
        return target
          .first()
          .waitFor({ timeout: settle })
          .then(
            () => true,
            () => false,
          );
      },
      { timeout, interval: 500 },
    )
    .toBe(true);
}

/**
 * How long a page may take to show what a step waits for. Generous: the whole suite runs on two
 * cores beside the server and the browser, and a lazily loaded page can take many seconds there;
 * what never shows still fails.
 */
export const UI_WAIT_MS = 30_000;

/**
 * Waits until `text` shows on the page: any match that is visible (the first match in the document
 * may be a hidden copy, e.g. a menu entry of a folded group or a closed tooltip's text).
 */
export async function waitText(page: Page, text: string | RegExp, timeout = UI_WAIT_MS): Promise<void> {
  await expect.poll(() => page.getByText(text).filter({ visible: true }).count(), { timeout }).toBeGreaterThan(0);
}
