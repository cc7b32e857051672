// Temporary perf harness (not committed): QUICK=list,lookup,checkout,import
import { randomBytes } from 'node:crypto';
import { call, startServer } from '../../e2e/support/server.js';
import { load, rssMb } from '../support.js';
import { ShopSetup } from '../suites/commerce-setup.js';
import autocannon from 'autocannon';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const parts = (process.env.QUICK ?? 'list,lookup,checkout').split(',');
const dur = Number(process.env.DUR ?? 5);
const server = await startServer({ TRUST_PROXY: 'true', ...(process.env.PROF ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=/tmp/prof` } : {}) });
try {
  const setup = new ShopSetup(server);
  await setup.openRegistration();
  const dirId = await setup.directory('压测目录');
  if (parts.includes('list')) {
    for (let i = 0; i < 20; i++) {
      const id = await setup.goods(dirId, `压测商品 ${i + 1}`, `${10 + i}.00`);
      await setup.cards(id, 20, `G${i}-${randomBytes(2).toString('hex')}-`);
    }
    const member = await setup.member('benchbuyer', '1000');
    const r = await load('list', { url: `${server.baseUrl}/inside/goods/getList`, method: 'POST', duration: dur, headers: { ...FORM, authorization: member }, body: `dirId=${dirId}&page=1&pageSize=20` });
    console.log(JSON.stringify(r));
  }
  if (parts.includes('lookup')) {
    const goodsId = await setup.goods(dirId, '查单测试商品', '0.00');
    const count = 1000;
    await setup.cards(goodsId, count, `LOOKUP${randomBytes(3).toString('hex')}-`);
    const orders: string[] = [];
    const t0 = Date.now();
    for (let i = 0; i < count; i += 50) {
      const batch = await Promise.all(Array.from({ length: Math.min(50, count - i) }, (_, j) => call(server, '/inside/order/create', { goodsId: String(goodsId), quantity: '1', contact: `buyer${i + j}@example.com`, queryPassword: 'look123456' })));
      for (const b of batch) orders.push(String(b.data?.orderNo));
    }
    console.log('visitor create 1000 zero-amount orders', Date.now() - t0, 'ms');
    let n = 0;
    const r = await load('lookup', { url: `${server.baseUrl}/visitor/order/lookup`, duration: dur, requests: [{ method: 'POST', setupRequest: (req) => { const i = n++; return { ...req, headers: { ...FORM, 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` }, body: `orderNo=${orders[i % orders.length]}&queryPassword=look123456` }; } }] });
    console.log(JSON.stringify(r));
  }
  if (parts.includes('checkout')) {
    const goodsId = await setup.goods(dirId, '下单压测商品', '1.00');
    await setup.cards(goodsId, 20_000, `CK${randomBytes(3).toString('hex')}-`);
    const tokens = await Promise.all(Array.from({ length: 50 }, (_, i) => setup.member(`buyer${i}`, '100000')));
    let next = 0; let delivered = 0;
    const result = await autocannon({ url: server.baseUrl, connections: 50, duration: dur, requests: [
      { method: 'POST', path: '/inside/order/create', setupRequest: (req, ctx) => { ctx.token = tokens[next++ % tokens.length]; return { ...req, headers: { ...FORM, authorization: String(ctx.token) }, body: `goodsId=${goodsId}&quantity=1` }; }, onResponse: (_s, body, ctx) => { ctx.orderNo = (JSON.parse(body) as { data?: { orderNo?: string } }).data?.orderNo ?? ''; } },
      { method: 'POST', path: '/inside/order/payByBalance', setupRequest: (req, ctx) => ({ ...req, headers: { ...FORM, authorization: String(ctx.token) }, body: `orderNo=${String(ctx.orderNo)}` }), onResponse: (_s, body) => { const d = JSON.parse(body) as { code: number; data?: { cards?: unknown[] } }; if (d.code === 1000 && (d.data?.cards?.length ?? 0) > 0) delivered++; } },
    ] });
    console.log(JSON.stringify({ name: 'checkout', rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx, orders: Math.round(delivered / (result.duration || dur)) }));
  }
  if (parts.includes('import')) {
    const goodsId = await setup.goods(dirId, '百万卡密商品', '1.00');
    const n = Number(process.env.IMPORT_N ?? 1_000_000);
    let peak = rssMb(server.pid);
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 100);
    const t = Date.now();
    await setup.cards(goodsId, n, `M${randomBytes(3).toString('hex')}-`);
    clearInterval(sampler);
    console.log(JSON.stringify({ name: 'import', n, seconds: (Date.now() - t) / 1000, peakMb: peak }));
  }
} finally {
  await server.stop();
}
