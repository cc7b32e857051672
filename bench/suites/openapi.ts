import { createHash, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { call, startServer } from '../../e2e/support/server.js';
import { table, type LoadResult } from '../support.js';
import { ShopSetup } from './commerce-setup.js';
import { checkoutLoad } from './commerce.js';

/**
 * Open API order/create (decision 0014) against the storefront checkout on the same server and
 * goods: 50 members, each with their own key, order one card each per request, paid from the
 * balance and delivered in the answer. Every request is signed afresh (its own outer number, so
 * its own signature: replays are refused). Target: the API at ≥ 50 % of the checkout's orders/s.
 */
async function apiLoad(baseUrl: string, goodsId: number, keys: Array<{ appId: string; appSecret: string }>) {
  let next = 0;
  let delivered = 0;
  const requests = (count: boolean): NonNullable<Parameters<typeof autocannon>[0]['requests']> => [
    {
      method: 'POST',
      path: '/openapi/order/create',
      setupRequest: (req) => {
        const n = next++;
        const key = keys[n % keys.length]!;
        const body = JSON.stringify({ goodsId, count: 1, outerNumber: `B${n}-${randomBytes(3).toString('hex')}` });
        const ts = String(Math.floor(Date.now() / 1000));
        return {
          ...req,
          headers: {
            'content-type': 'application/json',
            'x-app-id': key.appId,
            'x-version': '3.0',
            'x-timestamp': ts,
            'x-signature': createHash('md5').update(`${key.appId}${key.appSecret}3.0${ts}${body}`).digest('hex'),
          },
          body,
        };
      },
      onResponse: (_status, body) => {
        const data = JSON.parse(body) as { code: number; data?: { cards?: unknown[] } };
        if (count && data.code === 1000 && (data.data?.cards?.length ?? 0) > 0) delivered++;
      },
    },
  ];
  await autocannon({ url: baseUrl, connections: 50, duration: 2, requests: requests(false) });
  const r = await autocannon({ url: baseUrl, connections: 50, duration: 10, requests: requests(true) });
  const result: LoadResult & { orders: number } = {
    name: 'open API order/create (signed JSON, balance, cards in the answer)',
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    orders: Math.round(delivered / (r.duration || 10)),
  };
  return result;
}

export async function runOpenApi(): Promise<string> {
  const server = await startServer({ TRUST_PROXY: 'true' });
  try {
    const setup = new ShopSetup(server);
    await setup.openRegistration();
    const dirId = await setup.directory('接口压测目录');
    const goodsId = await setup.goods(dirId, '接口压测商品', '1.00');
    await setup.cards(goodsId, 60_000, `OA${randomBytes(3).toString('hex')}-`);
    const buyers = await Promise.all(Array.from({ length: 50 }, (_, i) => setup.member(`oapi${i}`, '100000')));
    const keys = await Promise.all(
      buyers.map(async (token) => {
        const made = await call(server, '/inside/openapi/createKey', { name: '压测', scopes: 'goods,orders' }, token);
        if (made.code !== 1000) throw new Error(`createKey: ${made.code} ${made.msg}`);
        return made.data as { appId: string; appSecret: string };
      }),
    );
    const checkout = await checkoutLoad(
      'storefront checkout: create + pay by balance + deliver (one request)',
      server.baseUrl,
      goodsId,
      buyers,
      50,
    );
    const api = await apiLoad(server.baseUrl, goodsId, keys);
    const share = checkout.orders ? Math.round((api.orders / checkout.orders) * 100) : 0;
    return [
      '### Open API order/create vs the storefront checkout (`npm run bench -- openapi`, SQLite)',
      table([checkout, api]),
      '',
      `- Storefront checkout **${checkout.orders} orders/s**; open API **${api.orders} orders/s** (${share} %; target ≥ 50 %).`,
    ].join('\n');
  } finally {
    await server.stop();
  }
}
