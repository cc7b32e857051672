import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { call, startServer, type RunningServer } from '../../e2e/support/server.js';
import { benchSync, cpuMs, load, postgresCpuMs, rssMb, table, withFreshPostgres, type LoadResult } from '../support.js';
import { ShopSetup } from './commerce-setup.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** One request per order: the member pays by balance while ordering (the buy page's 余额支付). */
function oneStepRequests(
  goodsId: number,
  tokens: string[],
  counted: () => void,
  prefix = '',
): NonNullable<Parameters<typeof autocannon>[0]['requests']> {
  let next = 0;
  return [
    {
      method: 'POST',
      path: `${prefix}/inside/order/create`,
      setupRequest: (req) => ({
        ...req,
        headers: { ...FORM, authorization: tokens[next++ % tokens.length] },
        body: `goodsId=${goodsId}&quantity=1&payBy=balance`,
      }),
      onResponse: (_status, body) => {
        const data = JSON.parse(body) as { code: number; data?: { cards?: unknown[] } };
        if (data.code === 1000 && (data.data?.cards?.length ?? 0) > 0) counted();
      },
    },
  ];
}

/**
 * create + pay by balance + deliver, members round-robin: in one request (`oneStep`), or as
 * the two-request chain of an order created first and paid on its result page.
 */
export async function checkoutLoad(
  name: string,
  baseUrl: string,
  goodsId: number,
  tokens: string[],
  connections: number,
  oneStep = true,
  /** A sub-site's path (`/{path}`): the same load on that site. */
  prefix = '',
  /** The server's pid: its CPU time per delivered order is reported (`cpuUs`). */
  serverPid?: number,
): Promise<LoadResult & { orders: number; delivered: number; postgresMs: number }> {
  let next = 0;
  let delivered = 0;
  const counted = () => delivered++;
  await benchSync();
  // Warm-up (JIT), not counted.
  await autocannon({
    url: baseUrl,
    connections,
    duration: 2,
    requests: oneStepRequests(goodsId, tokens, () => undefined, prefix),
  });
  const cpuBefore = serverPid ? cpuMs(serverPid) : 0;
  const postgresBefore = postgresCpuMs();
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: 10,
    // A fixed rate (requests/s of this load) instead of as fast as it goes: CPU per order without saturation.
    ...(process.env.BENCH_RATE ? { overallRate: Number(process.env.BENCH_RATE) } : {}),
    requests: oneStep
      ? oneStepRequests(goodsId, tokens, counted, prefix)
      : [
          {
            method: 'POST',
            path: '/inside/order/create',
            setupRequest: (req, ctx) => {
              ctx.token = tokens[next++ % tokens.length];
              return {
                ...req,
                headers: { ...FORM, authorization: String(ctx.token) },
                body: `goodsId=${goodsId}&quantity=1`,
              };
            },
            onResponse: (_status, body, ctx) => {
              ctx.orderNo = (JSON.parse(body) as { data?: { orderNo?: string } }).data?.orderNo ?? '';
            },
          },
          {
            method: 'POST',
            path: '/inside/order/payByBalance',
            setupRequest: (req, ctx) => ({
              ...req,
              headers: { ...FORM, authorization: String(ctx.token) },
              body: `orderNo=${String(ctx.orderNo)}`,
            }),
            onResponse: (_status, body) => {
              const data = JSON.parse(body) as { code: number; data?: { cards?: unknown[] } };
              if (data.code === 1000 && (data.data?.cards?.length ?? 0) > 0) counted();
            },
          },
        ],
  });
  const cpuUs = serverPid && delivered ? ((cpuMs(serverPid) - cpuBefore) * 1000) / delivered : undefined;
  const postgresMs = postgresCpuMs() - postgresBefore;
  return {
    delivered,
    postgresMs,
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    orders: Math.round(delivered / (result.duration || 10)),
    ...(cpuUs === undefined ? {} : { cpuUs: Math.round(cpuUs) }),
  };
}

/** 30 cards, 50 buyers at once: exactly 30 delivered, 20 refused with 库存不足 and not charged. */
async function sellOut(setup: ShopSetup, server: RunningServer, dirId: number): Promise<string> {
  const goodsId = await setup.goods(dirId, '售罄测试商品', '5.00');
  await setup.cards(goodsId, 30, `SELLOUT${randomBytes(3).toString('hex')}-`);
  const buyers = await Promise.all(
    Array.from({ length: 50 }, (_, i) => setup.member(`sell${i}${randomBytes(2).toString('hex')}`, '100')),
  );
  const outcomes = await Promise.all(
    buyers.map(async (token) => {
      const created = await call(server, '/inside/order/create', { goodsId: String(goodsId), quantity: '1' }, token);
      if (created.code !== 1000) return created.msg;
      const paid = await call(server, '/inside/order/payByBalance', { orderNo: String(created.data?.orderNo) }, token);
      return paid.code === 1000 ? 'delivered' : paid.msg;
    }),
  );
  const balances = await Promise.all(
    buyers.map(async (t) => Number((await call(server, '/inside/inter/getAccount', {}, t)).data?.balance)),
  );
  const delivered = outcomes.filter((o) => o === 'delivered').length;
  const refused = outcomes.filter((o) => o === '库存不足').length;
  const charged = balances.filter((b) => b !== 10000).length;
  return `- Sell-out (30 cards, 50 concurrent buyers): **${delivered} delivered, ${refused} refused with 库存不足, ${charged} buyers charged** (expected 30 / 20 / 30).`;
}

async function lookupLoad(setup: ShopSetup, server: RunningServer, dirId: number): Promise<LoadResult> {
  const goodsId = await setup.goods(dirId, '查单测试商品', '0.00');
  // Enough orders that no order is looked up more than its limit (10 per 10 minutes) allows.
  const count = 6000;
  await setup.cards(goodsId, count, `LOOKUP${randomBytes(3).toString('hex')}-`);
  const orders: string[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, (_, j) =>
        call(server, '/inside/order/create', {
          goodsId: String(goodsId),
          quantity: '1',
          contact: `buyer${i + j}@example.com`,
          queryPassword: 'look123456',
        }),
      ),
    );
    for (const b of batch) orders.push(String(b.data?.orderNo));
  }
  let n = 0;
  return load(
    'POST /visitor/order/lookup (number + password)',
    {
      url: `${server.baseUrl}/visitor/order/lookup`,
      // Longer with BENCH_LOOKUP_SECONDS (at a fixed rate, say): each order may be looked up 10 times in 10 minutes.
      duration: Number(process.env.BENCH_LOOKUP_SECONDS ?? 5),
      requests: [
        {
          method: 'POST',
          // Many visitors, each looking up their own order: spread over orders and client IPs
          // (the server trusts X-Forwarded-For from the proxy), inside the per-IP/per-order limits.
          setupRequest: (req) => {
            const i = n++;
            return {
              ...req,
              headers: { ...FORM, 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
              body: `orderNo=${orders[i % orders.length]}&queryPassword=look123456`,
            };
          },
        },
      ],
    },
    server.pid,
  );
}

async function importMillion(setup: ShopSetup, server: RunningServer, dirId: number): Promise<string> {
  const goodsId = await setup.goods(dirId, '百万卡密商品', '1.00');
  let peak = rssMb(server.pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 100);
  const started = Date.now();
  await setup.cards(goodsId, 1_000_000, `M${randomBytes(3).toString('hex')}-`);
  const seconds = (Date.now() - started) / 1000;
  clearInterval(sampler);
  return `- Import 1,000,000 cards into one goods (10 API batches of 100,000): **${seconds.toFixed(1)} s**, peak server RSS **${peak} MB** (targets ≤ 30 s, ≤ 500 MB).`;
}

/** `BENCH_PARTS=list,lookup` runs only those parts (while profiling one load); default: all. */
const parts = new Set((process.env.BENCH_PARTS ?? 'list,lookup,checkout,sellout,import').split(','));

export async function runCommerceSqlite(): Promise<string> {
  const server = await startServer({ TRUST_PROXY: 'true' });
  try {
    const setup = new ShopSetup(server);
    await setup.openRegistration();
    const dirId = await setup.directory('压测目录');
    for (let i = 0; i < 20; i++) {
      const id = await setup.goods(dirId, `压测商品 ${i + 1}`, `${10 + i}.00`);
      await setup.cards(id, 20, `G${i}-${randomBytes(2).toString('hex')}-`);
    }
    const member = await setup.member('benchbuyer', '1000');
    const rows: LoadResult[] = [];
    const lines: string[] = [];
    if (parts.has('list')) {
      rows.push(
        await load(
          'POST /inside/goods/getList (20 goods, level prices, stock)',
          {
            url: `${server.baseUrl}/inside/goods/getList`,
            method: 'POST',
            headers: { ...FORM, authorization: member },
            body: `dirId=${dirId}&page=1&pageSize=20`,
          },
          server.pid,
        ),
      );
    }
    if (parts.has('lookup')) rows.push(await lookupLoad(setup, server, dirId));
    if (parts.has('checkout')) {
      const checkoutGoods = await setup.goods(dirId, '下单压测商品', '1.00');
      await setup.cards(checkoutGoods, 60_000, `CK${randomBytes(3).toString('hex')}-`);
      const buyers = await Promise.all(Array.from({ length: 50 }, (_, i) => setup.member(`buyer${i}`, '100000')));
      const checkout = await checkoutLoad(
        'checkout: create + pay by balance + deliver (one request)',
        server.baseUrl,
        checkoutGoods,
        buyers,
        50,
        true,
        '',
        server.pid,
      );
      const chain = await checkoutLoad(
        'checkout as two requests (create, then pay on the result page)',
        server.baseUrl,
        checkoutGoods,
        buyers,
        50,
        false,
        '',
        server.pid,
      );
      rows.push(checkout, chain);
      lines.push(
        `- Checkout: **${checkout.orders} orders/s** delivered in one request (target ≥ 1,000 orders/s); ${chain.orders} orders/s as two requests. Server CPU per delivered order: ${checkout.cpuUs} µs in one request, ${chain.cpuUs} µs as two.`,
      );
    }
    if (parts.has('sellout')) lines.push(await sellOut(setup, server, dirId));
    if (parts.has('import')) lines.push(await importMillion(setup, server, dirId));
    return ['### Commerce on SQLite (one process)', table(rows), '', ...lines].join('\n');
  } finally {
    await server.stop();
  }
}

/** Two app processes on one PostgreSQL database, each loaded by its own autocannon. */
export const runCommercePostgres = () =>
  withFreshPostgres(async (url) => {
    const a = await startServer({ DATABASE_URL: url, TRUST_PROXY: 'true' });
    // The second instance shares the first one's DATA_DIR (keys, uploads), as on a shared volume.
    const b = await startServer({ DATABASE_URL: url, TRUST_PROXY: 'true' }, { dataDir: a.dataDir }).catch(
      async (err: unknown) => {
        await a.stop();
        throw err;
      },
    );
    try {
      const setup = new ShopSetup({ ...b, adminPath: a.adminPath, adminPassword: a.adminPassword });
      await setup.openRegistration();
      const dirId = await setup.directory('压测目录');
      const goodsId = await setup.goods(dirId, '下单压测商品', '1.00');
      await setup.cards(goodsId, 30_000, `PG${randomBytes(3).toString('hex')}-`);
      const buyers = await Promise.all(Array.from({ length: 50 }, (_, i) => setup.member(`pgbuyer${i}`, '100000')));
      const [ra, rb] = await Promise.all([
        checkoutLoad(
          'checkout on process A (one request per order)',
          a.baseUrl,
          goodsId,
          buyers.slice(0, 25),
          25,
          true,
          '',
          a.pid,
        ),
        checkoutLoad(
          'checkout on process B (one request per order)',
          b.baseUrl,
          goodsId,
          buyers.slice(25),
          25,
          true,
          '',
          b.pid,
        ),
      ]);
      // Both loads measure the same ten seconds of the one database: its CPU is shared by their orders.
      const postgresUs = Math.round(
        ((ra.postgresMs + rb.postgresMs) / 2 / Math.max(1, ra.delivered + rb.delivered)) * 1000,
      );
      return [
        '### Commerce on PostgreSQL (two app processes, one database)',
        table([ra, rb]),
        '',
        `- Checkout: **${ra.orders + rb.orders} orders/s** delivered in total (target ≥ 500 orders/s).`,
        `- CPU per delivered order: app ${ra.cpuUs ?? '–'} µs (A) and ${rb.cpuUs ?? '–'} µs (B); PostgreSQL ${postgresUs} µs (all its processes on this machine).`,
      ].join('\n');
    } finally {
      await b.stop({ keepData: true });
      await a.stop();
    }
  });
