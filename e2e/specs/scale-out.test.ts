import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShopSetup } from '../../bench/suites/commerce-setup.js';
import { call, startServer, type RunningServer } from '../support/server.js';

// The README's scale-out: several real server processes on one PostgreSQL database.
const adminUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
let reachable = true;
const dbName = `kapu_scale_${randomBytes(4).toString('hex')}`;
let dbUrl = '';
let a: RunningServer;
let b: RunningServer;

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (err) {
    if (process.env.CI) throw err;
    reachable = false;
    return;
  }
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  dbUrl = url.toString();
  a = await startServer({ DATABASE_URL: dbUrl, TRUST_PROXY: 'true' });
  // The second process shares the first one's DATA_DIR (keys, uploads), as on a shared volume.
  b = await startServer({ DATABASE_URL: dbUrl, TRUST_PROXY: 'true' }, { dataDir: a.dataDir });
});

afterAll(async () => {
  if (!reachable) return;
  await b?.stop({ keepData: true });
  await a?.stop();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
});

describe('two server processes on one PostgreSQL', () => {
  it('sells 50 cards to 200 concurrent buyers spread over both processes: exactly 50 sold, none twice, losers not charged', async () => {
    if (!reachable) return expect(process.env.CI).toBeUndefined();
    const setup = new ShopSetup({ ...a, baseUrl: a.baseUrl });
    await setup.openRegistration();
    const dirId = await setup.directory('并发目录');
    const goodsId = await setup.goods(dirId, '并发测试卡', '2.00');
    await setup.cards(goodsId, 50, `SCALE${randomBytes(3).toString('hex')}-`);
    const buyers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => setup.member(`scale${i}${randomBytes(2).toString('hex')}`, '10')),
    );

    const outcomes = await Promise.all(
      buyers.map(async (token, i) => {
        const server = i % 2 === 0 ? a : b;
        const created = await call(server, '/inside/order/create', { goodsId: String(goodsId), quantity: '1' }, token);
        if (created.code !== 1000) return { result: created.msg, cards: [] as string[] };
        const paid = await call(
          server,
          '/inside/order/payByBalance',
          { orderNo: String(created.data?.orderNo) },
          token,
        );
        const cards = ((paid.data?.cards as Array<{ card: string }> | undefined) ?? []).map((c) => c.card);
        return { result: paid.code === 1000 ? 'delivered' : paid.msg, cards };
      }),
    );
    const delivered = outcomes.filter((o) => o.result === 'delivered');
    expect(delivered).toHaveLength(50);
    expect(outcomes.filter((o) => o.result === '库存不足')).toHaveLength(150);
    const sold = delivered.flatMap((o) => o.cards);
    expect(sold).toHaveLength(50);
    expect(new Set(sold).size).toBe(50);

    const balances = await Promise.all(
      buyers.map(async (t) => Number((await call(a, '/inside/inter/getAccount', {}, t)).data?.balance)),
    );
    expect(balances.filter((x) => x === 800)).toHaveLength(50); // 10.00 − 2.00
    expect(balances.filter((x) => x === 1000)).toHaveLength(150); // never charged
  });

  it('refuses to start an instance whose keys differ from the database', async () => {
    if (!reachable) return expect(process.env.CI).toBeUndefined();
    const foreign = mkdtempSync(path.join(tmpdir(), 'kapu-foreign-'));
    try {
      await expect(startServer({ DATABASE_URL: dbUrl }, { dataDir: foreign })).rejects.toThrow(/密钥与数据库不匹配/);
    } finally {
      rmSync(foreign, { recursive: true, force: true });
    }
  });
});
