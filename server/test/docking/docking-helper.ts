import { expect } from 'vitest';
import { shop } from '../commerce/commerce-helper.js';
import { drainJobs, type TestApp } from '../helper.js';
import { FakeKayixinUpstream } from '../fakes/kayixin-upstream.js';

/** The admin's docking fixtures through the real API, against fake upstreams on loopback. */
export async function dockingShop(t: TestApp) {
  const s = await shop(t);
  const D = `${s.A}/docking`;
  const call = async (path: string, body: Record<string, unknown> = {}) => {
    const res = await t.post(`${D}/${path}`, body, s.admin);
    return res.json;
  };
  const ok = async (path: string, body: Record<string, unknown> = {}) => {
    const json = await call(path, body);
    if (json.code !== 1000) throw new Error(`${path}: ${json.code} ${json.msg} ${JSON.stringify(json.data)}`);
    return json.data;
  };
  return {
    ...s,
    D,
    call,
    ok,
    async upstream(
      goods: Array<{ goodsId: number; price?: number; stock?: number; goodsType?: 1 | 3 }> = [{ goodsId: 1 }],
    ) {
      const up = await new FakeKayixinUpstream().start();
      for (const g of goods) up.addGoods(g);
      return up;
    },
    async connect(up: FakeKayixinUpstream, name = '上游A', timeoutSec = 5): Promise<number> {
      const c = await ok('saveConnection', {
        name,
        protocol: 'kapu',
        baseUrl: up.url,
        appId: up.appId,
        secret: up.secret,
        timeoutSec,
      });
      return c.id as number;
    },
    async importOne(connectionId: number, ref: string, markupPercent = 20): Promise<number> {
      const r = await ok('import', { connectionId, refs: [ref], dirId: s.dirId, markupKind: 'percent', markupPercent });
      expect(r.imported).toBe(1);
      return r.goodsIds[0] as number;
    },
  };
}

export async function procurementOf(t: TestApp, orderNo: string) {
  return t.deps.db.selectFrom('docking_procurements').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
}

export async function orderRow(t: TestApp, orderNo: string) {
  return t.deps.db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
}

/** Runs jobs (events, the forwarding net) until `done` holds; `ahead` moves the job clock forward. */
export async function until<T>(t: TestApp, check: () => Promise<T | undefined | null | false>, ahead = 0, ms = 30_000) {
  const end = Date.now() + ms;
  for (;;) {
    await drainJobs(t);
    if (ahead) await t.deps.jobs.runDue(Date.now() + ahead);
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
