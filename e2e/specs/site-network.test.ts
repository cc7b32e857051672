import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, launchBrowser, newPage, shot, watchPageErrors, waitText } from '../support/browser.js';
import { adminToken, call, callOk, demoSubDirId, startServer, type RunningServer } from '../support/server.js';

// The reseller network end to end, every step through the real calls and pages (issue #12): three
// members open sites under each other (a → b → c), each sets its markup, a buyer on the level-3
// site buys in the browser by its path, all three owners are credited, the first owner sees the
// order and the profit on /vip/vipOrder, the site answers on its subdomain (Host header), and a
// published decoration shows on its storefront.
let server: RunningServer;
let browser: Browser;
let hostBrowser: Browser;
let admin: string;
let goodsId = '';
const A = () => `/${server.adminPath}`;
const PASSWORD = 'net12345';
const owners: Array<{ loginName: string; token: string; id: number; path: string }> = [];

/** Registers a member on a site (its path prefix: '' for the platform) and gives them a balance. */
async function member(prefix: string, loginName: string, yuan: string) {
  const reg = await callOk(server, `${prefix}/user/register`, { loginName, password: PASSWORD });
  const list = await callOk(server, `${A()}/members/list`, { keyword: loginName }, admin);
  const id = (list.list as Array<{ id: number; loginName: string }>).find((m) => m.loginName === loginName)!.id;
  if (yuan !== '0')
    await callOk(server, `${A()}/funds/adjust`, { userId: String(id), amount: yuan, reason: 'e2e' }, admin);
  return { loginName, token: String(reg.authCode), id };
}

async function login(page: Page, prefix: string, loginName: string, then: string) {
  await page.goto(`${prefix}/login?redirect=${encodeURIComponent(then)}`);
  await page
    .getByLabel(/账号|登录名/)
    .first()
    .fill(loginName);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page
    .locator('form')
    .getByRole('button', { name: /登\s*录/ })
    .click();
  await page.waitForURL(`**${prefix}${then}`);
}

const balanceOf = async (token: string) =>
  Number((await callOk(server, '/inside/inter/getAccount', {}, token)).balance);

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  // A second browser that resolves *.kapu.test to this machine: the site by its host name.
  hostBrowser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--host-resolver-rules=MAP *.kapu.test 127.0.0.1',
    ],
  });
  admin = await adminToken(server);
  await callOk(
    server,
    `${A()}/settings/security`,
    { captchaAfter: '3', lockAfter: '10', lockMinutes: '15', registerCaptcha: '0' },
    admin,
  );
  const levels = (await callOk(server, `${A()}/catalog/levels`, {}, admin)) as unknown as Array<{ id: number }>;
  await callOk(
    server,
    `${A()}/sites/versions/save`,
    {
      name: '网络版',
      priceMonth: '10',
      levelId: String(levels[0]!.id),
      maxChildren: '10',
      subdomain: '1',
      decoration: '1',
      sort: '1',
    },
    admin,
  );
  await callOk(
    server,
    `${A()}/sites/settings/save`,
    { platformDomains: 'kapu.test', freezeDays: '7', graceDays: '3' },
    admin,
  );
  const saved = await callOk(
    server,
    `${A()}/catalog/saveGoods`,
    {
      dirId: await demoSubDirId(server, server.adminPath, admin),
      name: '网络测试卡',
      type: 'card',
      price: '10.00',
      faceValue: '10',
      visitorAllowed: '1',
    },
    admin,
  );
  goodsId = String(saved.id);
  await callOk(
    server,
    `${A()}/stock/import`,
    { goodsId, text: Array.from({ length: 10 }, (_, i) => `NET-${i}----pw${i}`).join('\n') },
    admin,
  );
});
afterAll(async () => {
  await browser?.close();
  await hostBrowser?.close();
  await server?.stop();
});

describe('the reseller network, three levels deep', () => {
  it('three members open sites under each other and each sets a markup', async () => {
    const versions = (await call(server, '/inside/site/options', {}, undefined)).data;
    expect(versions).toBeNull(); // needs a member
    let prefix = '';
    for (const [i, path] of ['net-a', 'net-b', 'net-c'].entries()) {
      const m = await member(prefix, `netowner${i}`, '100');
      const options = await callOk(server, `${prefix}/inside/site/options`, {}, m.token);
      const version = (options.versions as Array<{ id: number }>)[0]!;
      await callOk(
        server,
        `${prefix}/inside/site/open`,
        { versionId: String(version.id), period: 'month', title: `网络分站${i + 1}`, path, markupPercent: '0' },
        m.token,
      );
      owners.push({ ...m, path });
      prefix = `/${path}`;
      // a sells the version to its child sites at 15.00 a month (10.00 to it): b's opening earns a 5.00.
      if (i === 0)
        await callOk(
          server,
          '/vip/site/saveVersionPrice',
          { versionId: String(version.id), priceMonth: '15' },
          m.token,
        );
    }
    // a: children pay +1.00; b: children pay +0.50; c: its buyers pay +20 %.
    await callOk(
      server,
      '/vip/priceRule/save',
      { audience: 'child', scope: 'global', kind: 'fixed', value: '1' },
      owners[0]!.token,
    );
    await callOk(
      server,
      '/vip/priceRule/save',
      { audience: 'child', scope: 'global', kind: 'fixed', value: '0.5' },
      owners[1]!.token,
    );
    await callOk(
      server,
      '/vip/priceRule/save',
      { audience: 'buyer', scope: 'global', kind: 'percent', value: '20' },
      owners[2]!.token,
    );
    const list = await callOk(server, '/net-c/inside/goods/getList', { keyword: '网络测试卡' });
    // 10.00 → a sells to b at 11.00 → b to c at 11.50 → c to buyers at 13.80.
    expect((list.list as Array<{ price: number }>)[0]!.price).toBe(1380);
  });

  it('a buyer on the level-3 site buys in the browser by its path, and all three owners are credited', async () => {
    const buyer = await member('/net-c', 'netbuyer', '50');
    const { context, page } = await newPage(browser, server.baseUrl);
    await login(page, '/net-c', buyer.loginName, '/inside/index');
    await page.goto(`/net-c/inside/buyGoods?goodId=${goodsId}`);
    await waitText(page, '网络测试卡');
    await waitText(page, '13.80');
    await waitText(page, '网络分站3');
    await shot(page, 'network-buy-on-level-3');
    await page.getByRole('button', { name: '立即购买' }).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: '立即购买' }).click();
    await waitText(page, /NET-\d/);
    await shot(page, 'network-bought');
    await context.close();
    expect(await balanceOf(buyer.token)).toBe(5000 - 1380);

    // Each owner's margin, frozen until the freeze days pass: a 1.00, b 0.50, c 2.30; a also earned
    // 5.00 on each of the versions b and c bought (a sells it at 15.00 and pays 10.00; b passes it on).
    const margins: number[] = [];
    for (const o of owners) {
      const orders = await callOk(server, '/vip/office/orders', { page: '1', pageSize: '10' }, o.token);
      const desk = await callOk(server, '/vip/office/desktop', {}, o.token);
      margins.push(Number((desk.profit as { frozen: number }).frozen));
      if (o.path === 'net-c') expect((orders.list as unknown[]).length).toBe(1);
    }
    expect(margins).toEqual([100 + 1000, 50, 230]);
  });

  it('the level-3 owner sees the order and its margin on /vip/vipOrder and the desktop; the first sees its child sites', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await login(page, '', owners[2]!.loginName, '/vip/vipOrder');
    await shot(page, 'network-owner-orders');
    await waitText(page, '网络测试卡');
    await waitText(page, '¥2.30');
    await shot(page, 'network-owner-orders');
    await page.goto('/vip/desktop');
    await waitText(page, '分站概况');
    await shot(page, 'network-owner-desktop');
    await waitText(page, /2\.30/);
    await context.close();
    const { context: c1, page: p1 } = await newPage(browser, server.baseUrl);
    await login(p1, '', owners[0]!.loginName, '/vip/vipChild');
    await waitText(p1, '网络分站2');
    await waitText(p1, '¥11.00'); // the versions of b and c below it (5.00 each) and the sale on c (1.00)
    await shot(p1, 'network-children');
    await c1.close();
  });

  it('a member with no balance opens a site under a by paying online; it opens when the money arrives', async () => {
    const payer = await member('/net-a', 'netpayer', '0');
    const { context, page } = await newPage(browser, server.baseUrl);
    await login(page, '/net-a', payer.loginName, '/inside/selfCreatVip');
    await waitText(page, '网络版');
    await page.getByLabel('分站名称').fill('在线付款的店');
    await page.getByLabel('访问路径').fill('net-pay');
    await waitText(page, '还差 ¥15.00');
    await shot(page, 'network-open-online-form');
    await page.getByRole('button', { name: '在线支付 ¥15.00 并开通' }).click();
    await page.waitForURL(/\/net-a\/pay\/recharge\?amount=15\.00/);
    await page.getByText('模拟支付').first().click();
    await page.getByRole('button', { name: /立即充值/ }).click();
    await waitText(page, '模拟收银台');
    await page.getByRole('button', { name: '确认支付' }).click();
    await waitText(page, '支付成功');
    await page.getByRole('button', { name: '查看支付结果' }).click();
    await waitText(page, '充值金额已存入您的余额');
    await shot(page, 'network-open-online-paid');
    await page.getByText('继续', { exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/net-a/inside/selfCreatVip');
    await waitText(page, '我的分站');
    await waitText(page, '在线付款的店');
    await shot(page, 'network-opened-online');
    await context.close();
    expect(await balanceOf(payer.token)).toBe(0);
    const site = await callOk(server, `${A()}/sites/list`, { keyword: 'netpayer' }, admin);
    expect(site.list).toMatchObject([{ path: 'net-pay', status: 'active' }]);
  });

  it('answers on its subdomain by the Host header: a visitor buys there, pays online, gets the card; a is credited', async () => {
    await callOk(server, '/vip/site/addSubdomain', { label: 'neta', platformDomain: 'kapu.test' }, owners[0]!.token);
    // a's own buyers pay +5 % (10.00 → 10.50).
    await callOk(
      server,
      '/vip/priceRule/save',
      { audience: 'buyer', scope: 'global', kind: 'percent', value: '5' },
      owners[0]!.token,
    );
    const frozenOfA = async () =>
      Number(((await callOk(server, '/vip/office/desktop', {}, owners[0]!.token)).profit as { frozen: number }).frozen);
    const before = await frozenOfA();
    const port = new URL(server.baseUrl).port;
    const context: BrowserContext = await hostBrowser.newContext({
      locale: 'zh-CN',
      viewport: { width: 1366, height: 800 },
    });
    watchPageErrors(context);
    const page = await context.newPage();
    await page.goto(`http://neta.kapu.test:${port}/inside/goodsList`);
    await waitText(page, '网络分站1');
    await waitText(page, '10.50');
    await shot(page, 'network-by-host');
    await page.goto(`http://neta.kapu.test:${port}/inside/buyGoods?goodId=${goodsId}`);
    await waitText(page, '网络测试卡');
    await page.getByLabel('联系方式').fill('host-visitor@example.com');
    await page.getByLabel('查询密码').fill('query123');
    await page.getByRole('button', { name: '立即购买' }).click();
    await page.getByRole('link', { name: /去支付/ }).click();
    await page.waitForURL((u) => u.pathname === '/pay/payonline');
    await waitText(page, '¥10.50');
    await page.getByText('模拟支付').first().click();
    await page.getByRole('button', { name: /立即支付/ }).click();
    await waitText(page, '模拟收银台');
    await page.getByRole('button', { name: '确认支付' }).click();
    await waitText(page, '支付成功');
    await page.getByRole('button', { name: '查看订单' }).click();
    await waitText(page, /NET-\d/);
    expect(new URL(page.url()).host).toBe(`neta.kapu.test:${port}`);
    await shot(page, 'network-by-host-visitor-bought');
    await context.close();
    // a's margin on its own buyer: 0.50, frozen with the delivery.
    await expect.poll(frozenOfA).toBe(before + 50);
  });

  it('a published decoration shows on the site’s storefront', async () => {
    const state = await callOk(server, '/vip/decorate/get', { path: 'net-a' }, owners[0]!.token);
    const blocks = JSON.stringify([{ type: 'notice', key: 'n1', text: '网络分站开业大吉，全场九折', link: '' }]);
    const revision = String((state.draft as { revision: number }).revision);
    await callOk(server, '/vip/decorate/publish', { path: 'net-a', blocks, revision }, owners[0]!.token);
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto('/net-a/');
    await waitText(page, '网络分站开业大吉，全场九折');
    await shot(page, 'network-decorated-home');
    await context.close();
  });
});
