import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAsAdmin, newPage, shot, waitText } from '../support/browser.js';
import { adminToken, call, startServer, type RunningServer } from '../support/server.js';

// The admin rich-text editor (goods descriptions, announcements): what it formats reaches the
// storefront, and hostile HTML typed into its source view is stripped by the server on save.
let server: RunningServer;
let browser: Browser;
let admin: string;
let goodsId = 0;
const A = () => `/${server.adminPath}`;
const HOSTILE = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
const LINK = 'https://example.com/help';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await adminToken(server);
  const dirs = await call(server, `${A()}/catalog/dirs`, {}, admin);
  const dirId = String(
    (dirs.data as unknown as Array<{ id: number; parentId: number | null }>).find((d) => d.parentId !== null)!.id,
  );
  const saved = await call(
    server,
    `${A()}/catalog/saveGoods`,
    {
      dirId,
      name: '富文本说明商品',
      type: 'card',
      price: '1',
      faceValue: '1',
      visitorAllowed: '1',
      description: '<p>旧的说明</p>',
    },
    admin,
  );
  expect(saved.code).toBe(1000);
  goodsId = Number(saved.data!.id);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Types bold text and a link with the toolbar, then appends the hostile HTML in the source view. */
async function writeWithEditor(page: Page, editorName: string, bold: string) {
  const editor = page.getByRole('textbox', { name: editorName });
  await expect.poll(() => editor.isVisible()).toBe(true);
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.getByRole('button', { name: '加粗' }).click();
  await page.keyboard.type(bold);
  await page.getByRole('button', { name: '加粗' }).click();
  await page.keyboard.type('，普通文字。');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: '链接', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '插入链接' });
  await dialog.getByLabel('链接地址').fill(LINK);
  await dialog.getByLabel('链接文字').fill('使用说明');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect.poll(() => editor.locator(`a[href="${LINK}"]`).textContent()).toBe('使用说明');
  expect(await editor.locator('strong').textContent()).toBe(bold);

  await page.getByRole('button', { name: /源\s*码/ }).click();
  const source = page.getByRole('textbox', { name: 'HTML 源码' });
  const html = await source.inputValue();
  expect(html).toContain(`<strong>${bold}</strong>`);
  expect(html).toContain(`href="${LINK}"`);
  await source.fill(html + HOSTILE);
}

/** The storefront page shows the formatting, and nothing of the hostile HTML ran or survived. */
async function expectSafeRichText(page: Page, container: string, bold: string) {
  await expect.poll(() => page.locator(`${container} strong`).first().textContent()).toBe(bold);
  expect(await page.locator(`${container} a[href="${LINK}"]`).textContent()).toBe('使用说明');
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator(`${container} script`).count()).toBe(0);
  expect(await page.locator('[onerror]').count()).toBe(0);
  expect(await page.locator(container).innerHTML()).not.toMatch(/onerror|__xss/);
}

/** Records every script the page fetches: the editor chunk belongs to the admin pages only. */
function recordScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') urls.push(r.url());
  });
  return urls;
}

describe('rich-text editor in the browser', () => {
  it('formats a goods description; the storefront shows it without the injected script', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    const adminScripts = recordScripts(page);
    await loginAsAdmin(page, server.adminPath, server.adminPassword);
    await page.goto(`${A()}/goods`);
    await page.getByPlaceholder('商品名称').fill('富文本说明商品');
    await page.getByPlaceholder('商品名称').press('Enter');
    await waitText(page, '富文本说明商品');
    await page.getByRole('button', { name: '编辑' }).first().click();
    await writeWithEditor(page, '商品描述', '限时加粗文字');
    await shot(page, 'rich-text-goods-source');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await waitText(page, '商品已保存');
    expect(adminScripts.some((u) => /\/tiptap-editor-[^/]*\.js$/.test(u))).toBe(true);

    const saved = await call(server, '/inside/goods/getDetail', { goodsId: String(goodsId) });
    expect(saved.data!.description).not.toMatch(/script|onerror/);

    const visitor = await newPage(browser, server.baseUrl);
    const storeScripts = recordScripts(visitor.page);
    await visitor.page.goto(`/inside/buyGoods?goodId=${goodsId}`);
    await expectSafeRichText(visitor.page, '.description-html', '限时加粗文字');
    await shot(visitor.page, 'rich-text-goods-storefront');
    expect(storeScripts.filter((u) => /tiptap-editor/.test(u))).toEqual([]);
    await visitor.context.close();
    await context.close();
  });

  it('writes an announcement with a live preview; the storefront shows it without the injected script', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await loginAsAdmin(page, server.adminPath, server.adminPassword);
    await page.goto(`${A()}/announcements`);
    await page.getByRole('button', { name: '发布公告' }).click();
    await page.getByLabel('标题').fill('富文本公告');
    await writeWithEditor(page, '公告正文', '公告加粗文字');
    // The unsaved draft is previewed in a sandboxed frame: formatting shows, its script cannot run.
    const preview = page.frameLocator('iframe[title="公告预览"]');
    await expect.poll(() => preview.locator('strong').first().textContent()).toBe('公告加粗文字');
    await shot(page, 'rich-text-announcement-source');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await page
      .getByRole('dialog', { name: '发布公告' })
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await waitText(page, '公告已保存');

    const list = await call(server, '/content/announcements', { page: '1' });
    const id = (list.data!.list as Array<{ id: number; title: string }>).find((a) => a.title === '富文本公告')!.id;
    const visitor = await newPage(browser, server.baseUrl);
    await visitor.page.goto(`/viewAnnouncementInfo?id=${id}`);
    await expectSafeRichText(visitor.page, '.rich-text', '公告加粗文字');
    await shot(visitor.page, 'rich-text-announcement-storefront');
    await visitor.context.close();
    await context.close();
  });
});
