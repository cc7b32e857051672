import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, shot, waitText } from '../support/browser.js';
import { adminToken, call, freePort, startServer, type RunningServer } from '../support/server.js';

// A visitor pays an order through 易支付 V1 against a fake gateway on loopback that speaks the
// real protocol: signed page jump to submit.php, its own cashier page, a signed GET notify to
// Kapu, then the browser sent back to return_url. Kapu must deliver the cards.
const KEY = 'e2eEpayMerchantKey';
let server: RunningServer;
let browser: Browser;
let gateway: Server;
let gatewayUrl = '';
const notifies: string[] = [];

function sign(params: Record<string, string>): string {
  const text = Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHash('md5')
    .update(text + KEY)
    .digest('hex');
}

function readBody(req: import('node:http').IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => resolve(body));
  });
}

/** The fake 易支付: verifies the merchant's signature, shows a cashier, notifies, redirects back. */
async function startFakeGateway(): Promise<void> {
  const port = await freePort();
  gatewayUrl = `http://127.0.0.1:${port}`;
  gateway = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', gatewayUrl);
    const params = Object.fromEntries(
      req.method === 'POST' ? new URLSearchParams(await readBody(req)) : url.searchParams,
    );
    if (url.pathname === '/submit.php') {
      if (params.sign !== sign(params) || params.pid !== '1001') {
        res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' }).end('<h1>签名错误</h1>');
        return;
      }
      const hidden = Object.entries(params)
        .map(([k, v]) => `<input type="hidden" name="${k}" value="${String(v).replace(/"/g, '&quot;')}">`)
        .join('');
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><meta charset="utf-8"><title>易支付收银台</title><h1>易支付收银台</h1><p>订单 ${params.out_trade_no}</p><p>金额 ¥${params.money}</p><form method="post" action="/pay">${hidden}<button type="submit">确认付款</button></form>`,
        );
      return;
    }
    if (url.pathname === '/pay') {
      const result: Record<string, string> = {
        pid: params.pid,
        trade_no: `2026${Date.now()}`,
        out_trade_no: params.out_trade_no,
        type: params.type,
        name: params.name,
        money: params.money,
        trade_status: 'TRADE_SUCCESS',
      };
      const query = new URLSearchParams({ ...result, sign: sign(result), sign_type: 'MD5' }).toString();
      const answer = await (await fetch(`${params.notify_url}?${query}`)).text();
      notifies.push(answer);
      const back = params.return_url + (params.return_url.includes('?') ? '&' : '?') + query;
      res.writeHead(302, { location: back }).end();
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => gateway.listen(port, '127.0.0.1', resolve));
}

let goodsId = 0;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await startFakeGateway();
  const admin = await adminToken(server);
  const A = `/${server.adminPath}`;
  const account = await call(
    server,
    `${A}/payments/saveAccount`,
    {
      gateway: 'epay_v1',
      name: '易支付测试商户',
      displayName: '易支付',
      client: 'all',
      feeRate: '0',
      enabled: '1',
      config: JSON.stringify({ baseUrl: `${gatewayUrl}/submit.php`, pid: '1001', key: KEY, type: 'alipay' }),
    },
    admin,
  );
  expect(account.code, account.msg).toBe(1000);
  const dirs = await call(server, `${A}/catalog/dirs`, {}, admin);
  const dirId = String(
    (dirs.data as unknown as Array<{ id: number; parentId: number | null }>).find((d) => d.parentId !== null)!.id,
  );
  const saved = await call(
    server,
    `${A}/catalog/saveGoods`,
    { dirId, name: '易支付测试卡', type: 'card', price: '12.50', faceValue: '12.50', visitorAllowed: '1' },
    admin,
  );
  expect(saved.code, saved.msg).toBe(1000);
  goodsId = Number(saved.data!.id);
  const imported = await call(
    server,
    `${A}/stock/import`,
    { goodsId: String(goodsId), text: 'EPAY-CARD-0001----pw0001\nEPAY-CARD-0002----pw0002' },
    admin,
  );
  expect(imported.data).toMatchObject({ imported: 2 });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((r) => gateway?.close(r));
});

describe('paying an order through 易支付 in the browser', () => {
  it('visitor buys, pays at the fake 易支付 cashier, returns to Kapu and sees the card', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto(`/inside/buyGoods?goodId=${goodsId}`);
    await waitText(page, '易支付测试卡');
    await page.getByLabel('联系方式').fill('payer@example.com');
    await page.getByLabel('查询密码').fill('query123');
    await page.getByRole('button', { name: '立即购买' }).click();
    await shot(page, 'pay-order-created');
    await page.getByRole('link', { name: /去支付/ }).click();
    await page.waitForURL((u) => u.pathname === '/pay/payonline');
    await page.getByRole('radio', { name: /易支付/ }).check();
    await shot(page, 'pay-online-epay');
    await page.getByRole('button', { name: /立即支付/ }).click();

    // The browser is now on the gateway's own cashier (another origin).
    await page.waitForURL((u) => u.origin === gatewayUrl && u.pathname === '/submit.php');
    await waitText(page, '易支付收银台');
    await waitText(page, '¥12.50');
    await page.getByRole('button', { name: '确认付款' }).click();

    await page.waitForURL((u) => u.pathname === '/pay/return_epay');
    await waitText(page, '支付成功');
    expect(notifies).toEqual(['success']);
    await shot(page, 'pay-return-success');
    await page.getByRole('button', { name: '查看订单' }).click();
    await waitText(page, /EPAY-CARD-000\d/);
    await shot(page, 'pay-visitor-cards');
    await context.close();
  });

  it('the return page trusts the server, not the URL: a forged success link for an unpaid payment never says 支付成功', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    const order = await call(server, '/inside/order/create', {
      goodsId: String(goodsId),
      quantity: '1',
      contact: 'forger@example.com',
      queryPassword: 'query123',
    });
    expect(order.code, order.msg).toBe(1000);
    const channels = await call(server, '/pay/getChannels', { client: 'pc', purpose: 'order' });
    const epay = (channels.data as unknown as Array<{ id: number; gateway: string }>).find(
      (c) => c.gateway === 'epay_v1',
    )!;
    const created = await call(server, '/pay/create', {
      accountId: String(epay.id),
      orderNo: String(order.data!.orderNo),
      queryPassword: 'query123',
    });
    expect(created.code, created.msg).toBe(1000);
    await page.goto(
      `/pay/return_epay?paymentNo=${String(created.data!.paymentNo)}&trade_status=TRADE_SUCCESS&sign=forged`,
    );
    // Still inside its payment window, so the server's state is "not paid yet".
    await waitText(page, /支付处理中|未支付/);
    expect(await page.getByText('支付成功').count()).toBe(0);
    await context.close();
  });
});
