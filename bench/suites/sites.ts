import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { startServer, type RunningServer } from '../../e2e/support/server.js';
import { load, memoryWatch, table, type LoadResult } from '../support.js';
import { checkoutLoad } from './commerce.js';
import { ShopSetup } from './commerce-setup.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const FILLER_SITES = 9_997;

/**
 * Sub-sites written straight into the server's SQLite file (a running server reads them on first
 * use, and we tell it nothing: the paths are new, so its caches have not seen them). The chain is
 * platform → a (+10 %, children +0.30) → b (+0.20 to children) → c (+5 %); the fillers are
 * first-level sites with a markup each, as 10,000 resellers would have.
 */
export function seedSites(
  server: RunningServer,
  ownerIds: number[],
  fillers: number,
  withChain: boolean,
): { chain: string[] } {
  const db = new Database(path.join(server.dataDir, 'kapu.sqlite'));
  db.pragma('busy_timeout = 10000');
  const now = Date.now();
  const level = db.prepare('select id from member_levels where site_id = 1 order by is_default desc limit 1').get() as {
    id: number;
  };
  const version = db
    .prepare(
      "insert into site_versions (name, level_id, price_month, max_children, created_at, updated_at) values ('专业版', ?, 1000, 100, ?, ?)",
    )
    .run(level.id, now, now).lastInsertRowid;
  const insertSite = db.prepare(
    `insert into sites (parent_id, owner_user_id, title, subtitle, path, status, depth, version_id, period, expires_at, created_at)
     values (?, ?, ?, '', ?, 'active', ?, ?, 'month', ?, ?)`,
  );
  const setChain = db.prepare('update sites set chain = ? where id = ?');
  const rule = db.prepare(
    'insert into site_price_rules (site_id, audience, scope, kind, value, created_at) values (?, ?, ?, ?, ?, ?)',
  );
  const chainText: Record<number, string> = { 1: '1' };
  const open = (parent: number, depth: number, owner: number | null, sitePath: string) => {
    const id = Number(
      insertSite.run(parent, owner, `分站 ${sitePath}`, sitePath, depth, version, now + 30 * 86_400_000, now)
        .lastInsertRowid,
    );
    chainText[id] = `${chainText[parent]}/${id}`;
    setChain.run(chainText[id], id);
    return id;
  };
  const chain: string[] = [];
  db.transaction(() => {
    if (withChain) {
      const a = open(1, 1, ownerIds[0]!, 'bench-a');
      rule.run(a, 'buyer', 'global', 'percent', 1000, now);
      rule.run(a, 'child', 'global', 'fixed', 30, now);
      const b = open(a, 2, ownerIds[1]!, 'bench-b');
      rule.run(b, 'child', 'global', 'fixed', 20, now);
      const c = open(b, 3, ownerIds[2]!, 'bench-c');
      rule.run(c, 'buyer', 'global', 'percent', 500, now);
      chain.push('bench-a', 'bench-b', 'bench-c');
    }
    for (let i = 0; i < fillers; i++) {
      // A member owns one site at most (0014): the fillers stand without an owner.
      const id = open(1, 1, null, `fill-${i}`);
      // 20 markups among the fillers (5 %–24 %), as resellers mostly keep a round one: sites that price alike
      // share their answers. BENCH_SITE_RULES=distinct gives every site its own (5.00 %, 5.01 %, …).
      const bp = process.env.BENCH_SITE_RULES === 'distinct' ? 500 + i : 500 + (i % 20) * 100;
      rule.run(id, 'buyer', 'global', 'percent', bp, now);
    }
  })();
  db.close();
  return { chain };
}

export async function memberId(setup: ShopSetup, loginName: string): Promise<number> {
  const found = (await setup.admin('/members/list', { keyword: loginName, page: '1', pageSize: '10' })) as {
    list: Array<{ id: number; loginName: string }>;
  };
  return found.list.find((m) => m.loginName === loginName)!.id;
}

const listLoad = (name: string, server: RunningServer, token: string, dirId: number, paths: (i: number) => string) => {
  let n = 0;
  return load(
    name,
    {
      url: server.baseUrl,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => ({
            ...req,
            path: `${paths(n++)}/inside/goods/getList`,
            headers: { ...FORM, authorization: token },
            body: `dirId=${dirId}&page=1&pageSize=20`,
          }),
        },
      ],
    },
    server.pid,
  );
};

/**
 * The sub-site loads' shop: open registration, a directory of 20 goods with 20 cards each, and three
 * members who will own the chain of sites (seedSites).
 */
export async function shopWithSiteOwners(
  server: RunningServer,
  name: string,
): Promise<{ setup: ShopSetup; dirId: number; owners: number[] }> {
  const setup = new ShopSetup(server);
  await setup.openRegistration();
  const dirId = await setup.directory(`${name}目录`);
  for (let i = 0; i < 20; i++) {
    const id = await setup.goods(dirId, `${name}商品 ${i + 1}`, `${10 + i}.00`);
    await setup.cards(id, 20, `S${i}-${randomBytes(2).toString('hex')}-`);
  }
  const owners: number[] = [];
  for (let i = 0; i < 3; i++) {
    const login = `owner${i}${randomBytes(2).toString('hex')}`;
    await setup.member(login, '0');
    owners.push(await memberId(setup, login));
  }
  return { setup, dirId, owners };
}

/**
 * Issue #12's figures: the goods list and checkout on a level-3 child site against the platform's
 * in the same run (target ≥ 80 %), then the same with 10,000 sites: resolution must add no
 * measurable cost, and the process must stay under 200 MB RSS while requests visit every site.
 */
export async function runSites(): Promise<string> {
  const server = await startServer({ TRUST_PROXY: 'true' });
  try {
    const { setup, dirId, owners } = await shopWithSiteOwners(server, '分站压测');
    const member = await setup.member('sitebuyer', '1000');
    const { chain } = seedSites(server, owners, 0, true);
    const child = `/${chain[2]}`;

    const memory = memoryWatch(server.pid, server.baseUrl);
    await memory.mark('idle after setup');
    const rows: LoadResult[] = [];
    const platformList = await listLoad('goods list, platform', server, member, dirId, () => '');
    const childList = await listLoad(`goods list, level-3 site ${child}`, server, member, dirId, () => child);
    rows.push(platformList, childList);
    await memory.mark('the lists');

    const goodsPlatform = await setup.goods(dirId, '平台下单压测', '1.00');
    const goodsChild = await setup.goods(dirId, '分站下单压测', '1.00');
    await setup.cards(goodsPlatform, 40_000, `BP${randomBytes(3).toString('hex')}-`);
    await setup.cards(goodsChild, 40_000, `BC${randomBytes(3).toString('hex')}-`);
    const buyers = await Promise.all(Array.from({ length: 50 }, (_, i) => setup.member(`sbuyer${i}`, '100000')));
    await memory.mark('80,000 cards imported, 50 members registered');
    const platformCheckout = await checkoutLoad(
      'checkout, platform',
      server.baseUrl,
      goodsPlatform,
      buyers,
      50,
      true,
      '',
      server.pid,
    );
    const childCheckout = await checkoutLoad(
      `checkout, level-3 site ${child} (3 profit shares per order)`,
      server.baseUrl,
      goodsChild,
      buyers,
      50,
      true,
      child,
      server.pid,
    );
    rows.push(platformCheckout, childCheckout);
    await memory.mark('the checkouts');

    const seeded = Date.now();
    seedSites(server, owners, FILLER_SITES, false);
    const seedSeconds = (Date.now() - seeded) / 1000;
    const platformList10k = await listLoad('goods list, platform, 10,000 sites', server, member, dirId, () => '');
    const childList10k = await listLoad(`goods list, ${child}, 10,000 sites`, server, member, dirId, () => child);
    await memory.mark('the lists with 10,000 sites');
    const spread = await listLoad('goods list, each request on another of 10,000 sites', server, member, dirId, (i) =>
      i % (FILLER_SITES + 1) === FILLER_SITES ? child : `/fill-${i % (FILLER_SITES + 1)}`,
    );
    const end = await memory.mark('the spread over 10,000 sites');
    memory.stop();
    rows.push(platformList10k, childList10k, spread);

    const pct = (a: number, b: number) => `${Math.round((a / b) * 100)} %`;
    return [
      '### Sub-sites (SQLite, one process)',
      table(rows),
      '',
      `- Goods list on the level-3 site: **${pct(childList.rps, platformList.rps)}** of the platform's (target ≥ 80 %).`,
      `- Checkout on the level-3 site: **${childCheckout.orders} orders/s** against ${platformCheckout.orders} on the platform, **${pct(childCheckout.orders, platformCheckout.orders)}** (target ≥ 80 %).`,
      `- With 10,000 sites (seeded in ${seedSeconds.toFixed(1)} s): platform list ${pct(platformList10k.rps, platformList.rps)} of before, level-3 site list ${pct(childList10k.rps, childList.rps)} of before; requests spread over all 10,000 sites ${pct(spread.rps, childList10k.rps)} of one site's.`,
      `- Server RSS after the loads that visited every site: **${end.rss} MB**, highest during the run **${memory.highest} MB** (target < 200 MB); after each phase (MB, with its peak): ${memory.text()}.`,
    ].join('\n');
  } finally {
    await server.stop();
    // While profiling (KAPU_SERVER_NODE_ARGS="--trace-gc" …): what the server printed.
    if (process.env.BENCH_SERVER_LOG) writeFileSync(process.env.BENCH_SERVER_LOG, server.output());
  }
}
