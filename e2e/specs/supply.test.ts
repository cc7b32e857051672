import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAsAdmin, newPage, reloadUntilVisible, shot, waitText } from '../support/browser.js';
import { adminToken, callOk, registerWithoutCaptcha, startServer, type RunningServer } from '../support/server.js';

// Suppliers end to end (issue #13): a member applies on /supply, the admin approves them, the supplier
// adds a card goods with cards and a manual goods, the admin approves both goods at a price, a buyer buys
// the card goods (the supplier's entry appears frozen) and the manual goods, the supplier accepts and
// fulfils it on 手工发货, and the buyer sees the result.
let server: RunningServer;
let browser: Browser;
let admin: string;
let dirName = '';
const A = () => `/${server.adminPath}`;

// A real 1×1 PNG: the server sniffs the type from the bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function login(page: Page, account: string, password: string, to: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(to)}`);
  await page.getByLabel('账号').fill(account);
  await page.getByLabel('密码').fill(password);
  await page
    .locator('form')
    .getByRole('button', { name: /登\s*录/ })
    .click();
  await page.waitForURL((u) => u.pathname === to);
}

/** 发布商品 through the supplier's editor. */
async function addGoods(page: Page, type: string, name: string, cost: string) {
  await page.getByRole('button', { name: /发布商品/ }).click();
  const modal = page.locator('.ant-modal').filter({ hasText: '发布供货商品' });
  await expect.poll(() => modal.isVisible()).toBe(true);
  // One real click: Playwright waits until the select stands still and takes the pointer, so a click during the
  // modal's opening animation is not lost. (A forced click could land beside it, and clicking again to make up for
  // it closed, on a loaded machine, the dropdown that was still opening.)
  const pick = async (label: string, option: Locator) => {
    await modal
      .locator('.ant-form-item', { has: page.getByText(label, { exact: true }) })
      .locator('.ant-select')
      .click();
    await expect.poll(() => option.isVisible()).toBe(true);
    await option.click();
  };
  if (type !== '卡密')
    await pick(
      '商品类型',
      page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: type }),
    );
  await pick(
    '商品分类',
    page.locator('.ant-select-tree-node-content-wrapper:visible').filter({ hasText: dirName }).first(),
  );
  await modal.getByLabel('商品名称').fill(name);
  await modal.getByLabel('供货价（元）').fill(cost);
  await modal.getByRole('button', { name: /保\s*存/ }).click();
  await waitText(page, '已保存，等待平台审核后上架');
  await expect.poll(() => modal.isVisible()).toBe(false);
}

async function goodsIdByName(name: string): Promise<string> {
  const list = (await callOk(server, `${A()}/supply/reviews`, { status: 'pending' }, admin)) as {
    list: Array<{ goodsId: number; goodsName: string }>;
  };
  return String(list.list.find((r) => r.goodsName === name)!.goodsId);
}

beforeAll(async () => {
  server = await startServer();
  admin = await adminToken(server);
  await registerWithoutCaptcha(server, server.adminPath, admin);
  const dirs = (await callOk(server, `${A()}/catalog/dirs`, {}, admin)) as unknown as Array<{
    name: string;
    parentId: number | null;
  }>;
  dirName = dirs.find((d) => d.parentId !== null)!.name;
  for (const [loginName, password] of [
    ['e2esupplier', 'supplier12345'],
    ['e2ebuyer', 'buyer12345'],
  ])
    await callOk(server, '/user/register', { loginName, password });
  await callOk(server, `${A()}/funds/adjust`, { member: 'e2ebuyer', amount: '100', reason: '供货测试' }, admin);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('suppliers', () => {
  let cardGoodsId = '';
  let manualGoodsId = '';
  let manualOrderNo = '';

  it('a member applies on /supply, sees the pending state, and the admin approves them', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await login(page, 'e2esupplier', 'supplier12345', '/supply/supplyGoods');
    await waitText(page, '成为供货商');
    await shot(page, 'supply-apply');
    await page.getByRole('button', { name: /提交申请/ }).click();
    await waitText(page, '请阅读并同意《供货商协议》');
    await page.getByLabel('联系方式').fill('QQ 800123');
    await page.getByLabel('经营内容').fill('游戏点卡、话费代充，自有货源，当日发货');
    await page.getByLabel('我已阅读并同意《供货商协议》').check();
    await page.getByRole('button', { name: /提交申请/ }).click();
    await waitText(page, '供货商申请审核中');
    // Every /supply page shows the same state until approved.
    await page.goto('/supply/bookeddetail');
    await waitText(page, '供货商申请审核中');
    await shot(page, 'supply-pending');

    const adminPage = (await newPage(browser, server.baseUrl)).page;
    await loginAsAdmin(adminPage, server.adminPath, server.adminPassword);
    await adminPage.goto(`${A()}/suppliers`);
    const row = adminPage.locator('.ant-table-row').filter({ hasText: 'e2esupplier' });
    await expect.poll(() => row.count()).toBe(1);
    await shot(adminPage, 'admin-suppliers-pending');
    await row.getByRole('button', { name: /通\s*过/ }).click();
    const modal = adminPage.locator('.ant-modal').filter({ hasText: '通过申请' });
    await expect.poll(() => modal.isVisible()).toBe(true);
    await modal.getByLabel('平台佣金（%）').fill('10');
    await modal.getByLabel('结算周期 T+N（天）').fill('2');
    await modal.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect.poll(() => row.innerText()).toContain('供货中');
    expect(await row.innerText()).toContain('10% / T+2');
    await shot(adminPage, 'admin-suppliers');
    await adminPage.context().close();

    await page.goto('/supply/supplyGoods');
    await waitText(page, '你还没有发布供货商品');
    await context.close();
  });

  it('the supplier adds a card goods with cards and a manual goods; the admin approves both at a price', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await login(page, 'e2esupplier', 'supplier12345', '/supply/supplyGoods');
    await addGoods(page, '卡密', '供货测试点卡 10 元', '8.00');
    await addGoods(page, '人工', '代充服务（手工）', '5.00');
    await waitText(page, '审核中（新商品）');
    await shot(page, 'supply-goods-review');
    cardGoodsId = await goodsIdByName('供货测试点卡 10 元');
    manualGoodsId = await goodsIdByName('代充服务（手工）');

    await page.goto('/supply/cardstockmanage');
    await page.getByLabel('商品').first().click({ force: true });
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: '供货测试点卡' })
      .click();
    await page
      .getByRole('textbox', { name: '卡密' })
      .fill('SUP-E2E-0001 PW1\nSUP-E2E-0002 PW2\nSUP-E2E-0001 PW1\nSUP-E2E-0003 PW3');
    await page.getByRole('button', { name: /导\s*入/ }).click();
    await waitText(page, '导入 3 张，重复 1 张');
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(3);
    await shot(page, 'supply-card-stock');

    const adminPage = (await newPage(browser, server.baseUrl)).page;
    await loginAsAdmin(adminPage, server.adminPath, server.adminPassword);
    await adminPage.goto(`${A()}/supplyReviews`);
    for (const [name, price] of [
      ['供货测试点卡 10 元', '10.00'],
      ['代充服务（手工）', '6.00'],
    ]) {
      const row = adminPage.locator('.ant-table-row').filter({ hasText: name });
      await expect.poll(() => row.count()).toBe(1);
      if (name.startsWith('供货')) await shot(adminPage, 'admin-supply-reviews');
      await row.getByRole('button', { name: /通\s*过/ }).click();
      const modal = adminPage.locator('.ant-modal').filter({ hasText: `通过：${name}` });
      await modal.getByLabel('平台售价（元）').fill(price);
      await modal.getByRole('button', { name: /确\s*定|OK/ }).click();
      await expect.poll(() => row.count()).toBe(0);
    }
    await adminPage.context().close();
    await page.goto('/supply/supplyGoods');
    await expect.poll(() => page.locator('.ant-table-row').filter({ hasText: '在售' }).count()).toBe(2);
    await shot(page, 'supply-goods');
    await context.close();
  });

  it('a buyer buys the card goods (the supplier’s entry appears frozen) and the manual goods; the supplier fulfils it and the buyer sees the result', async () => {
    const buyer = await newPage(browser, server.baseUrl);
    await login(buyer.page, 'e2ebuyer', 'buyer12345', '/inside/index');
    await buyer.page.goto(`/inside/buyGoods?goodId=${cardGoodsId}`);
    await waitText(buyer.page, '当前余额 ¥100.00');
    await buyer.page.getByRole('button', { name: '立即购买' }).click();
    await waitText(buyer.page, '购买成功，已发货');
    await waitText(buyer.page, /SUP-E2E-000\d/);

    const { context, page } = await newPage(browser, server.baseUrl);
    await login(page, 'e2esupplier', 'supplier12345', '/supply/bookeddetail');
    const entry = page.locator('.ant-table-row').filter({ hasText: '供货测试点卡 10 元' });
    await expect.poll(() => entry.count()).toBe(1);
    const entryText = await entry.innerText();
    expect(entryText).toContain('¥7.20'); // 8.00 less 10 %
    expect(entryText).toContain('冻结中');
    await shot(page, 'supply-booked-detail');

    await buyer.page.goto(`/inside/buyGoods?goodId=${manualGoodsId}`);
    await waitText(buyer.page, '当前余额 ¥90.00');
    await buyer.page.getByRole('button', { name: '立即购买' }).click();
    const token = String(
      (await callOk(server, '/user/login', { account: 'e2ebuyer', password: 'buyer12345' })).authCode,
    );
    const manualOf = async () =>
      (
        (await callOk(server, '/inside/order/getList', {}, token)) as {
          list: Array<{ orderNo: string; goodsName: string; status: string }>;
        }
      ).list.find((o) => o.goodsName === '代充服务（手工）');
    await expect.poll(async () => (await manualOf())?.status).toBe('pending');
    const manualOrder = (await manualOf())!;
    expect(manualOrder.status).toBe('pending');
    manualOrderNo = manualOrder.orderNo;
    await shot(buyer.page, 'supply-buyer-paid-manual');

    await page.goto('/supply/handOrder');
    const task = page.locator('.ant-table-row').filter({ hasText: manualOrderNo });
    // The task follows order.paid within a job poll: look again until it is there.
    await reloadUntilVisible(page, task);
    await expect.poll(() => task.count()).toBe(1);
    await expect.poll(() => task.innerText()).toContain('待接单');
    await shot(page, 'supply-hand-order');
    await task.getByRole('button', { name: /接\s*单/ }).click();
    await expect.poll(() => task.innerText()).toContain('处理中');
    await task.getByRole('button', { name: /完成发货/ }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '完成发货' });
    await modal.getByLabel('发货结果').fill('已代充到账，流水号 SUP-778899');
    await shot(page, 'supply-hand-order-finish');
    await modal.getByRole('button', { name: /确认完成/ }).click();
    await expect.poll(() => task.innerText()).toContain('已完成');

    await page.goto('/supply/order');
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(2);
    expect(await page.locator('.ant-table').innerText()).not.toContain('e2ebuyer');
    await shot(page, 'supply-order');
    await page.goto('/supply/bookeddetail');
    await expect.poll(() => page.locator('.ant-table-row').filter({ hasText: '代充服务' }).count()).toBe(1);
    await shot(page, 'supply-booked-detail-two');
    await context.close();

    await buyer.page.goto(`/inside/showordermess?orderNo=${manualOrderNo}`);
    await waitText(buyer.page, '已代充到账，流水号 SUP-778899');
    await shot(buyer.page, 'supply-buyer-sees-result');
    await buyer.context.close();
  });

  it('a visitor buys the supplier’s card goods, pays at the cashier and gets the card; the supplier earns a frozen entry', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto(`/inside/buyGoods?goodId=${cardGoodsId}`);
    await waitText(page, '供货测试点卡 10 元');
    await page.getByLabel('联系方式').fill('supply-visitor@example.com');
    await page.getByLabel('查询密码').fill('query123');
    await page.getByRole('button', { name: '立即购买' }).click();
    await page.getByRole('link', { name: /去支付/ }).click();
    await page.waitForURL((u) => u.pathname === '/pay/payonline');
    await page.getByText('模拟支付').first().click();
    await page.getByRole('button', { name: /立即支付/ }).click();
    await waitText(page, '模拟收银台');
    await page.getByRole('button', { name: '确认支付' }).click();
    await waitText(page, '支付成功');
    await page.getByRole('button', { name: '查看订单' }).click();
    await waitText(page, /SUP-E2E-000\d/);
    await shot(page, 'supply-visitor-bought');
    await context.close();

    const supplier = await newPage(browser, server.baseUrl);
    await login(supplier.page, 'e2esupplier', 'supplier12345', '/supply/bookeddetail');
    await expect
      .poll(() => supplier.page.locator('.ant-table-row').filter({ hasText: '供货测试点卡 10 元' }).count())
      .toBe(2);
    // The supplier's order list shows the visitor's order without their contact.
    await supplier.page.goto('/supply/order');
    await expect.poll(() => supplier.page.locator('.ant-table-row').count()).toBe(3);
    expect(await supplier.page.locator('.ant-table').innerText()).not.toContain('supply-visitor@example.com');
    await supplier.context.close();
  });

  it('the buyer complains on the card order with an image, the supplier answers on 供货投诉, staff refund half at the desk; the entry and the ledger follow to the fen', async () => {
    const token = String(
      (await callOk(server, '/user/login', { account: 'e2ebuyer', password: 'buyer12345' })).authCode,
    );
    const orders = (await callOk(server, '/inside/order/getList', {}, token)) as {
      list: Array<{ orderNo: string; goodsName: string }>;
    };
    const cardOrderNo = orders.list.find((o) => o.goodsName === '供货测试点卡 10 元')!.orderNo;

    const buyer = await newPage(browser, server.baseUrl);
    await login(buyer.page, 'e2ebuyer', 'buyer12345', '/inside/index');
    await buyer.page.goto(`/inside/showordermess?orderNo=${cardOrderNo}`);
    await buyer.page.getByRole('button', { name: '投诉订单' }).click();
    await buyer.page.waitForURL(/\/inside\/orderComplain\?orderNo=/);
    await waitText(buyer.page, '投诉类型');
    await buyer.page.getByLabel('问题描述').fill('供货卡密无法使用，附截图');
    await buyer.page
      .locator('input[type=file]')
      .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => buyer.page.locator('.ant-upload-list-item-done').count()).toBe(1);
    await buyer.page.getByRole('button', { name: /提交投诉/ }).click();
    await buyer.page.waitForURL(/\/inside\/orderComplain\?id=\d+/);
    await waitText(buyer.page, '供货卡密无法使用，附截图');
    await shot(buyer.page, 'supply-complaint-buyer');

    // The supplier answers on 供货投诉: the buyer is only 买家 there, the evidence loads.
    const supplier = await newPage(browser, server.baseUrl);
    await login(supplier.page, 'e2esupplier', 'supplier12345', '/supply/complain');
    const row = supplier.page.locator('.ant-table-row').filter({ hasText: cardOrderNo });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: '处理' }).click();
    const drawer = supplier.page.locator('.ant-drawer');
    await expect.poll(() => drawer.getByText('供货卡密无法使用，附截图').isVisible()).toBe(true);
    expect(await drawer.innerText()).not.toContain('e2ebuyer');
    await drawer.getByPlaceholder('说明情况，可附截图等凭证（最多 5 张）').fill('该卡密已核实，同意退一半');
    await drawer.getByRole('button', { name: /发送回复/ }).click();
    await expect.poll(() => drawer.getByText('该卡密已核实，同意退一半').isVisible()).toBe(true);
    await shot(supplier.page, 'supply-complaint-supplier');

    // While the complaint is open, the entry is held (投诉冻结).
    await supplier.page.goto('/supply/bookeddetail');
    const entry = supplier.page.locator('.ant-table-row').filter({ hasText: cardOrderNo });
    await shot(supplier.page, 'supply-complaint-held');
    await expect.poll(() => entry.innerText()).toContain('投诉冻结');

    const balanceOf = async () =>
      ((await callOk(server, '/inside/inter/getAccount', {}, token)) as { balance: number }).balance;
    const before = await balanceOf();
    // Staff decide at the desk: half of 10.00 back to the buyer.
    const desk = await newPage(browser, server.baseUrl);
    await desk.page.goto('/other/service');
    await desk.page.getByLabel('用户名').fill('admin');
    await desk.page.getByLabel('密码').fill(server.adminPassword);
    await desk.page
      .locator('form')
      .getByRole('button', { name: /登\s*录/ })
      .click();
    await waitText(desk.page, '投诉处理');
    await desk.page
      .getByRole('tab', { name: /全部/ })
      .click()
      .catch(() => undefined);
    const deskRow = desk.page.locator('.ant-table-row').filter({ hasText: '供货测试点卡' }).first();
    await shot(desk.page, 'supply-complaint-desk-queue');
    await expect.poll(() => deskRow.isVisible()).toBe(true);
    await deskRow.getByRole('button', { name: '处理', exact: true }).click();
    const deskDrawer = desk.page.locator('.ant-drawer');
    await expect.poll(() => deskDrawer.getByText('该卡密已核实，同意退一半').isVisible()).toBe(true);
    await deskDrawer.getByRole('button', { name: /处理（退款/ }).click();
    const dialog = desk.page.locator('.ant-modal').filter({ hasText: '处理投诉' });
    await expect.poll(() => dialog.locator('input[id$=amount]').inputValue()).toBe('5.00');
    await shot(desk.page, 'supply-complaint-desk-decide');
    await dialog.getByLabel(/处理说明/).fill('供货商同意，退一半');
    await dialog.getByRole('button', { name: /确认处理/ }).click();
    await waitText(desk.page, '已退款 ¥5.00，投诉已结束');
    await shot(desk.page, 'supply-complaint-desk-decided');
    await desk.context.close();

    // The entry: 7.20 (8.00 less 10 %), of which floor(720 × 500 / 1000) = 3.60 reversed; frozen again, not held.
    await supplier.page.reload();
    await expect.poll(() => entry.innerText()).toContain('3.60');
    expect(await entry.innerText()).not.toContain('投诉冻结');
    await shot(supplier.page, 'supply-complaint-entry-after');
    await supplier.context.close();

    // The buyer got exactly the half back, on the balance and in the ledger.
    await buyer.page.goto('/inside/complain');
    await waitText(buyer.page, '已部分退款');
    expect(await balanceOf()).toBe(before + 500);
    const ledger = (await callOk(server, '/inside/funds/getLedger', { pageSize: '20' }, token)) as {
      list: Array<{ amount: number; balance: number }>;
    };
    expect(ledger.list[0]).toMatchObject({ amount: 500 });
    await buyer.context.close();
  }, 240_000);
});
