import { randomBytes } from 'node:crypto';
import { adminLogin, registerMember, someLoopbackIp, type TestApp } from '../helper.js';

export interface GoodsOptions {
  type?: 'card' | 'recharge' | 'manual' | 'physical';
  price?: string;
  [key: string]: unknown;
}

/** Shop fixtures through the real admin API. */
export async function shop(t: TestApp) {
  const admin = await adminLogin(t);
  const A = `/${t.adminPath}`;
  const dir = await t.post(`${A}/catalog/saveDir`, { name: `目录${randomBytes(2).toString('hex')}` }, admin);
  if (dir.json.code !== 1000) throw new Error(`saveDir: ${dir.json.msg}`);
  const dirId = dir.json.data.id as number;

  return {
    admin,
    A,
    dirId,
    async goods(opts: GoodsOptions = {}): Promise<number> {
      const res = await t.post(
        `${A}/catalog/saveGoods`,
        { dirId, name: `商品${randomBytes(3).toString('hex')}`, type: 'card', faceValue: '10', price: '9.50', ...opts },
        admin,
      );
      if (res.json.code !== 1000) throw new Error(`saveGoods: ${res.json.msg} ${JSON.stringify(res.json.data)}`);
      return res.json.data.id as number;
    },
    async cards(goodsId: number, count: number, prefix = `C${randomBytes(3).toString('hex')}`) {
      const text = Array.from({ length: count }, (_, i) => `${prefix}-${i}----pw${i}`).join('\n');
      const res = await t.post(`${A}/stock/import`, { goodsId, text }, admin);
      if (res.json.code !== 1000) throw new Error(`import: ${res.json.msg}`);
      return res.json.data as { imported: number; duplicates: number };
    },
    /** A member with a balance, given through the admin adjustment (so the ledger is right). */
    async member(balanceYuan = '0') {
      const m = await registerMember(t);
      const me = await t.deps.db
        .selectFrom('users')
        .select('id')
        .where('login_name', '=', m.loginName)
        .executeTakeFirstOrThrow();
      if (balanceYuan !== '0') {
        const res = await t.post(
          `${A}/funds/adjust`,
          { userId: me.id, amount: balanceYuan, reason: '测试充值' },
          admin,
        );
        if (res.json.code !== 1000) throw new Error(`adjust: ${res.json.msg}`);
      }
      return { ...m, id: me.id };
    },
  };
}

export async function balanceOf(t: TestApp, userId: number) {
  const u = await t.deps.db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow();
  const sum = await t.deps.db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.sum<number>('amount').as('s'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { balance: Number(u.balance), ledgerSum: Number(sum?.s ?? 0) };
}

export function visitorBuy(t: TestApp, goodsId: number, extra: Record<string, unknown> = {}) {
  return t.post(
    '/inside/order/create',
    { goodsId, quantity: 1, contact: 'buyer@example.com', queryPassword: 'look123456', ...extra },
    undefined,
    someLoopbackIp(),
  );
}
