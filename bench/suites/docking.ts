import { connectDatabase } from '../../server/src/core/db/connect.js';
import { FakeKayixinUpstream } from '../../server/test/fakes/kayixin-upstream.js';
import {
  adminToken,
  call,
  callOk,
  demoSubDirId,
  registerWithoutCaptcha,
  startServer,
} from '../../e2e/support/server.js';

const RATE = Number(process.env.DOCKING_RATE ?? 50);
const SECONDS = 10;
const SYNC_GOODS = 10_000;

/** A JSON POST (the import sends a list of refs, which a form of single values cannot). */
async function jsonOk(server: { baseUrl: string }, url: string, body: unknown, token: string) {
  const res = await fetch(server.baseUrl + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; msg: string; data: unknown };
  if (json.code !== 1000) throw new Error(`${url}: ${json.code} ${json.msg}`);
  return json.data;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Docking (decision 0016), against the built server and a fake 卡易信 upstream on loopback:
 * 1. one hop: members pay for a docked goods with their balance at 50 orders/s for 10 s; the time from
 *    payment to delivery of the upstream card is read from the orders (paid_at → delivered_at, both
 *    written by the server);
 * 2. pull sync of 10,000 upstream goods: all docked, every price changed upstream, one `syncNow`.
 */
export async function runDocking(): Promise<string> {
  const upstream = await new FakeKayixinUpstream().start();
  upstream.addGoods({ goodsId: 1, goodsName: '压测上游点卡', price: 100, stock: 1_000_000 });
  const server = await startServer({ OUTBOUND_HOSTS: 'any' });
  const out: string[] = ['### Docking (`npm run bench -- docking`)', ''];
  try {
    const admin = await adminToken(server);
    await registerWithoutCaptcha(server, server.adminPath, admin);
    const A = `/${server.adminPath}/docking`;
    const dirId = await demoSubDirId(server, server.adminPath, admin);
    const conn = (await callOk(
      server,
      `${A}/saveConnection`,
      {
        name: '压测上游',
        protocol: 'kapu',
        baseUrl: upstream.url,
        appId: upstream.appId,
        secret: upstream.secret,
        timeoutSec: '10',
      },
      admin,
    )) as unknown as { id: number };
    const imported = (await callOk(
      server,
      `${A}/import`,
      { connectionId: String(conn.id), refs: '1', dirId, markupKind: 'percent', markupPercent: '20' },
      admin,
    )) as unknown as { goodsIds: number[] };
    const goodsId = imported.goodsIds[0]!;

    // Buyers: a few members with balance (each order pays from the buyer's balance in the request).
    const buyers: string[] = [];
    for (let i = 0; i < 10; i++) {
      const reg = await call(server, '/user/register', { loginName: `dockbench${i}`, password: 'bench12345' });
      const list = await call(server, `/${server.adminPath}/members/list`, { keyword: `dockbench${i}` }, admin);
      const userId = String((list.data!.list as Array<{ id: number }>)[0]!.id);
      await callOk(server, `/${server.adminPath}/funds/adjust`, { userId, amount: '100000', reason: 'bench' }, admin);
      buyers.push(reg.data!.authCode as string);
    }
    const total = RATE * SECONDS;
    const orderNos: string[] = [];
    const started = Date.now();
    const sends: Array<Promise<void>> = [];
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / RATE;
      await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
      sends.push(
        call(
          server,
          '/inside/order/create',
          { goodsId: String(goodsId), payBy: 'balance' },
          buyers[i % buyers.length],
        ).then((r) => {
          if (r.code === 1000) orderNos.push(r.data!.orderNo as string);
        }),
      );
    }
    await Promise.all(sends);
    const handle = connectDatabase({ sqliteFile: `${server.dataDir}/kapu.sqlite` });
    try {
      const deadline = Date.now() + 60_000;
      let rows: Array<{ paid_at: number | null; delivered_at: number | null }> = [];
      for (;;) {
        rows = await handle.db
          .selectFrom('orders')
          .select(['paid_at', 'delivered_at'])
          .where('goods_id', '=', goodsId)
          .execute();
        if (rows.every((r) => r.delivered_at !== null) || Date.now() > deadline) break;
        await new Promise((r) => setTimeout(r, 500));
      }
      const lat = rows
        .filter((r) => r.paid_at !== null && r.delivered_at !== null)
        .map((r) => Number(r.delivered_at) - Number(r.paid_at))
        .sort((a, b) => a - b);
      out.push(
        `One hop: ${orderNos.length} orders paid from the balance at ${RATE}/s for ${SECONDS} s, forwarded to a fake 卡易信 upstream on loopback; paid → cards delivered (orders.paid_at → delivered_at). Upstream orders: ${upstream.orders.size}.`,
        '',
        '| orders | delivered | p50 ms | p99 ms | max ms | upstream orders |',
        '|---:|---:|---:|---:|---:|---:|',
        `| ${orderNos.length} | ${lat.length} | ${percentile(lat, 50)} | ${percentile(lat, 99)} | ${lat[lat.length - 1] ?? 0} | ${upstream.orders.size} |`,
        '',
      );
    } finally {
      await handle.close();
    }

    // Pull sync of 10,000 docked goods.
    process.stderr.write(`${out.join('\n')}\n`);
    for (let i = 0; i < SYNC_GOODS; i++) upstream.addGoods({ goodsId: 100_000 + i, price: 500 + (i % 300), stock: 50 });
    const refs = Array.from({ length: SYNC_GOODS }, (_, i) => String(100_000 + i));
    const importStarted = Date.now();
    for (let i = 0; i < refs.length; i += 1000)
      await jsonOk(
        server,
        `${A}/import`,
        {
          connectionId: conn.id,
          refs: refs.slice(i, i + 1000),
          dirId: Number(dirId),
          markupKind: 'percent',
          markupPercent: 20,
        },
        admin,
      );
    const importSeconds = (Date.now() - importStarted) / 1000;
    for (const g of upstream.goods.values()) if (g.goodsId >= 100_000) g.price += 7;
    const syncStarted = Date.now();
    const synced = (await callOk(server, `${A}/syncNow`, { id: String(conn.id) }, admin)) as unknown as {
      goods: number;
      changed: number;
    };
    const syncSeconds = (Date.now() - syncStarted) / 1000;
    const quietStarted = Date.now();
    const quiet = (await callOk(server, `${A}/syncNow`, { id: String(conn.id) }, admin)) as unknown as {
      changed: number;
    };
    const quietSeconds = (Date.now() - quietStarted) / 1000;
    out.push(
      `Pull sync: ${SYNC_GOODS.toLocaleString('en')} upstream goods docked (import ${importSeconds.toFixed(1)} s in calls of 1,000), every upstream price raised, one \`syncNow\` (list paged 100 a page, sources and goods updated, log written); then a second sync with nothing changed.`,
      '',
      '| sync | goods | changed | time |',
      '|---|---:|---:|---:|',
      `| all prices changed | ${synced.goods} | ${synced.changed} | ${syncSeconds.toFixed(2)} s |`,
      `| nothing changed | ${synced.goods} | ${quiet.changed} | ${quietSeconds.toFixed(2)} s |`,
    );
  } finally {
    await server.stop();
    await upstream.stop();
  }
  return out.join('\n');
}
