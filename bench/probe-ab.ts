// Paired A/B of two server configurations on a shared machine: both servers set up alike, then the
// same short loads alternate between them, so drift in the machine's speed hits both equally.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { startServer, type RunningServer } from '../e2e/support/server.js';
import { cpuMs, rssMb } from './support.js';
import { seedSites, shopWithSiteOwners } from './suites/sites.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
/**
 * PROBE_CONFIGS="name:node args:ENV=v,ENV=v;…" — by default the defaults against the settings before
 * issue #12's memory work (young generation 2 × 16 MB, V8's own heap growth, a 64 MB SQLite cache).
 */
const configs = (
  process.env.PROBE_CONFIGS ??
  'new::;old:--max-semi-space-size=16 --heap-growing-percent=0:SQLITE_CACHE_MB=64,MALLOC_ARENA_MAX=16'
)
  .split(';')
  .map((c) => {
    const [name = '', args = '', env = ''] = c.split(':');
    return {
      name,
      args,
      env: Object.fromEntries(
        env
          .split(',')
          .filter(Boolean)
          .map((kv) => kv.split('=')),
      ),
    };
  });
const kinds = (process.env.PROBE_LOADS ?? 'list,child,spread,checkout').split(',');

interface Shop {
  server: RunningServer;
  token: string;
  dirId: number;
  goods: number;
  buyers: string[];
}

async function prepare(args: string, env: Record<string, string>): Promise<Shop> {
  process.env.KAPU_SERVER_NODE_ARGS = args;
  const server = await startServer({ TRUST_PROXY: 'true', ...env });
  const { setup, dirId, owners } = await shopWithSiteOwners(server, '');
  const token = await setup.member('buyer', '1000');
  seedSites(server, owners, 0, true);
  seedSites(server, owners, 9_997, false);
  const goods = await setup.goods(dirId, '下单', '1.00');
  await setup.cards(goods, 60_000, `B${randomBytes(3).toString('hex')}-`);
  const buyers = await Promise.all(Array.from({ length: 50 }, (_, i) => setup.member(`abbuyer${i}`, '100000')));
  return { server, token, dirId, goods, buyers };
}

async function run(shop: Shop, kind: string, seconds: number) {
  let n = 0;
  const path = (i: number) =>
    kind === 'list' ? '' : kind === 'child' ? '/bench-c' : i % 9_998 === 9_997 ? '/bench-c' : `/fill-${i % 9_998}`;
  const requests: NonNullable<Parameters<typeof autocannon>[0]['requests']> =
    kind === 'checkout'
      ? [
          {
            method: 'POST',
            path: '/inside/order/create',
            setupRequest: (req) => ({
              ...req,
              headers: { ...FORM, authorization: shop.buyers[n++ % shop.buyers.length] },
              body: `goodsId=${shop.goods}&quantity=1&payBy=balance`,
            }),
          },
        ]
      : [
          {
            method: 'POST',
            setupRequest: (req) => ({
              ...req,
              path: `${path(n++)}/inside/goods/getList`,
              headers: { ...FORM, authorization: shop.token },
              body: `dirId=${shop.dirId}&page=1&pageSize=20`,
            }),
          },
        ];
  await autocannon({ url: shop.server.baseUrl, connections: 50, duration: 1, requests });
  const cpu = cpuMs(shop.server.pid);
  const r = await autocannon({ url: shop.server.baseUrl, connections: 50, duration: seconds, requests });
  return { rps: r.requests.average, cpuUs: ((cpuMs(shop.server.pid) - cpu) * 1000) / r.requests.total };
}

const shops: Shop[] = [];
for (const c of configs) shops.push(await prepare(c.args, c.env));
const totals = new Map<string, { rps: number[]; cpu: number[] }>();
const rounds = Number(process.env.ROUNDS ?? 4);
for (let round = 0; round < rounds; round++) {
  for (const kind of kinds) {
    const order = configs.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) {
      const r = await run(shops[i]!, kind, 5);
      const key = `${kind} ${configs[i]!.name}`;
      const t = totals.get(key) ?? { rps: [], cpu: [] };
      t.rps.push(r.rps);
      t.cpu.push(r.cpuUs);
      totals.set(key, t);
      process.stdout.write(`${round} ${key}: ${Math.round(r.rps)} req/s, ${Math.round(r.cpuUs)} µs/req\n`);
    }
  }
}
const avg = (a: number[]) => a.reduce((x, y) => x + y, 0) / a.length;
for (const [key, t] of totals)
  process.stdout.write(`${key}: mean ${Math.round(avg(t.rps))} req/s, ${Math.round(avg(t.cpu))} µs/req\n`);
for (const [i, s] of shops.entries())
  process.stdout.write(`${configs[i]!.name} RSS at the end ${rssMb(s.server.pid)} MB\n`);
for (const s of shops) await s.server.stop();
