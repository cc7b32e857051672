import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, launchBrowser, loginAsAdmin, newPage, shot, waitText } from '../support/browser.js';
import { adminToken, call, registerWithoutCaptcha, startServer, type RunningServer } from '../support/server.js';

// Site decoration (装修) in the browser: a sub-site owner builds and publishes their home in the
// editor (another site's path is refused), staff decorate the platform and the storefront shows it.
let server: RunningServer;
let browser: Browser;
let admin: string;
const A = () => `/${server.adminPath}`;
const OWNER = 'e2edecor';
const PASSWORD = 'decor12345';
/** A real PNG (a blue gradient): uploads are sniffed from their bytes. */
function bannerPng(width = 240, height = 80): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) rows.set([40 + (x >> 1), 100 + y, 230], y * (width * 3 + 1) + 1 + x * 3);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Waits for transitions (a drawer sliding in) to end before a screenshot; endless ones (a pulsing badge) never do. */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * The owner's sub-site as rows, until the opening flow exists (the lead switches this to the real
 * open call): a version with decoration and a site on the path `decorshop`.
 */
function seedSite(ownerId: number) {
  const db = new Database(path.join(server.dataDir, 'kapu.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const now = Date.now();
    const level = db.prepare('select id from member_levels order by id limit 1').get() as { id: number };
    const version = db
      .prepare(
        `insert into site_versions (name, description, price_month, level_id, decoration, created_at, updated_at)
         values ('专业版', '', 1000, ?, 1, ?, ?)`,
      )
      .run(level.id, now, now);
    const site = db
      .prepare(
        `insert into sites (parent_id, owner_user_id, title, subtitle, path, status, created_at, depth, chain, version_id)
         values (1, ?, '小王的卡铺', '', 'decorshop', 'active', ?, 1, '1', ?)`,
      )
      .run(ownerId, now, version.lastInsertRowid);
    db.prepare('update sites set chain = ? where id = ?').run(`1/${site.lastInsertRowid}`, site.lastInsertRowid);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await adminToken(server);
  await registerWithoutCaptcha(server, server.adminPath, admin);
  const registered = await call(server, '/user/register', { loginName: OWNER, password: PASSWORD });
  expect(registered.code).toBe(1000);
  const members = await call(server, `${A()}/members/list`, { keyword: OWNER }, admin);
  seedSite((members.data!.list as Array<{ id: number }>)[0]!.id);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function memberPage(to: string) {
  const session = await newPage(browser, server.baseUrl);
  await session.page.goto(`/login?redirect=${encodeURIComponent(to)}`);
  await session.page.getByLabel('账号').fill(OWNER);
  await session.page.getByLabel('密码').fill(PASSWORD);
  await session.page
    .locator('form')
    .getByRole('button', { name: /登\s*录/ })
    .click();
  await session.page.waitForURL((u) => u.pathname === to);
  return session;
}

describe('site decoration in the browser', () => {
  it('another site’s path is refused', async () => {
    const { context, page } = await memberPage('/othershop/decorate/desktop');
    await waitText(page, '无权装修此站点');
    await shot(page, 'decor-not-owner');
    await context.close();
  });

  it('the owner adds, edits and reorders blocks with a live preview, saves and publishes', async () => {
    const { context, page } = await memberPage('/decorshop/decorate/desktop');
    await waitText(page, '小王的卡铺');
    await waitText(page, '页面还是空的');

    await page.getByRole('button', { name: '公告栏' }).click();
    const notice = page.getByLabel('公告内容');
    await notice.fill('小王的店：新人下单立减');
    // The live preview draws the block with the storefront's component as it is typed.
    await expect.poll(() => page.locator('.decor-canvas .decor-notice').textContent()).toContain('新人下单立减');

    await page.getByRole('button', { name: '商品橱窗' }).click();
    await page.getByLabel('标题').fill('本店推荐');
    await expect.poll(() => page.locator('.decor-canvas .goods-tile').count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: '图文' }).click();
    await page.getByRole('button', { name: '页脚' }).click();

    // A bad link is flagged at once and refused on save with the block named.
    await page.locator('.decor-block-item').filter({ hasText: '公告栏' }).click();
    await page.getByLabel('链接').fill('javascript:alert(1)');
    await waitText(page, '链接只能是 http:// 或 https:// 开头的网址');
    await page.getByRole('button', { name: '保存草稿' }).click();
    await waitText(page, '「公告栏」链接只能是');
    await page.getByLabel('链接').fill('/chadan');

    // Reorder: the footer goes up one with its arrow, then back down by dragging.
    const order = () => page.locator('.decor-block-item .decor-block-name strong').allInnerTexts();
    expect(await order()).toEqual(['公告栏', '商品橱窗', '图文', '页脚']);
    await page.getByRole('button', { name: '上移页脚' }).click();
    expect(await order()).toEqual(['公告栏', '商品橱窗', '页脚', '图文']);
    await page
      .locator('.decor-block-item')
      .filter({ hasText: '页脚' })
      .dragTo(page.locator('.decor-block-item').filter({ hasText: '图文' }));
    expect(await order()).toEqual(['公告栏', '商品橱窗', '图文', '页脚']);

    await page.getByRole('button', { name: '保存草稿' }).click();
    await waitText(page, '草稿已保存');
    await waitText(page, '草稿未发布');
    await shot(page, 'decor-editor-desktop');

    await page.getByText('手机', { exact: true }).click();
    await expect.poll(() => page.locator('.decor-canvas-mobile').isVisible()).toBe(true);
    await shot(page, 'decor-editor-mobile');

    await page
      .getByRole('button', { name: /^发\s*布$/ })
      .first()
      .click();
    await page
      .getByRole('tooltip')
      .getByRole('button', { name: /^发\s*布$/ })
      .click();
    await waitText(page, '已发布为第 1 版');
    await waitText(page, '已发布 · 第 1 版');

    const owner = await call(server, '/user/login', { account: OWNER, password: PASSWORD });
    const token = String(owner.data!.authCode);
    const mine = await call(server, '/vip/decorate/get', { path: 'decorshop' }, token);
    expect(mine.data).toMatchObject({ live: { number: 1 }, unpublished: false });
    const blocks = (mine.data as unknown as { draft: { blocks: Array<{ type: string; link?: string }> } }).draft.blocks;
    expect(blocks.map((b) => b.type)).toEqual(['notice', 'goods', 'richText', 'footer']);
    expect(blocks[0]!.link).toBe('/chadan');

    // The version list restores: loading version 1 into the draft keeps the storefront as it is.
    await page.getByRole('button', { name: '版本记录' }).click();
    await waitText(page, '恢复发布');
    await settled(page);
    await shot(page, 'decor-versions');
    await context.close();
  });

  it('staff decorate the platform home and the storefront shows it, on desktop and phone', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await loginAsAdmin(page, server.adminPath, server.adminPassword);
    await page.goto(`${A()}/decorate`);
    await waitText(page, '首页装修');
    await page.getByRole('button', { name: '轮播图' }).click();
    await page.getByRole('button', { name: /添加图片/ }).click();
    await page.locator('.decor-editor-panel input[type=file]').setInputFiles({
      name: 'banner.png',
      mimeType: 'image/png',
      buffer: bannerPng(),
    });
    await expect.poll(() => page.locator('.decor-editor-panel img.decor-panel-thumb').count()).toBe(1);
    await page.getByLabel('图片标题').fill('双十一 全场九折');
    await page.getByRole('button', { name: '公告栏' }).click();
    await page.getByLabel('公告内容').fill('平台公告：充值卡 24 小时自动发货');
    await page.getByRole('button', { name: '分类导航' }).click();
    await page.getByRole('button', { name: '商品橱窗' }).click();
    await page.getByRole('button', { name: '联系方式' }).click();
    await page.getByLabel('联系方式', { exact: true }).fill('800800');
    await page
      .getByRole('button', { name: /^发\s*布$/ })
      .first()
      .click();
    await page
      .getByRole('tooltip')
      .getByRole('button', { name: /^发\s*布$/ })
      .click();
    // The editor's state, not the three-second toast: a loaded machine may render the toast late and briefly.
    await waitText(page, '已发布 · 第 1 版');
    await shot(page, 'decor-admin-editor');
    await context.close();

    const visitor = await newPage(browser, server.baseUrl);
    await visitor.page.goto('/');
    await waitText(visitor.page, '平台公告：充值卡 24 小时自动发货');
    await waitText(visitor.page, '双十一 全场九折');
    await expect.poll(() => visitor.page.locator('.decor-page .goods-tile').count()).toBeGreaterThan(0);
    // The default home's hero is gone: the published layout is the home now.
    expect(await visitor.page.locator('.store-hero').count()).toBe(0);
    await shot(visitor.page, 'decor-storefront-desktop');
    await visitor.context.close();

    const phone = await newPage(browser, server.baseUrl, MOBILE);
    await phone.page.goto('/');
    await waitText(phone.page, '平台公告：充值卡 24 小时自动发货');
    await shot(phone.page, 'decor-storefront-mobile');
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(MOBILE.width);
    await phone.context.close();
  });
});
