import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { someLoopbackIp, type TestApp } from '../helper.js';
import { balanceOf, shop } from '../commerce/commerce-helper.js';
import { formFieldsOf } from './fake-epay.js';

/** Payment fixtures through the real admin and user APIs. */
export async function payShop(t: TestApp) {
  const s = await shop(t);
  return {
    ...s,
    async account(
      gateway: string,
      config: Record<string, string>,
      extra: Record<string, unknown> = {},
    ): Promise<number> {
      const res = await t.post(
        `${s.A}/payments/saveAccount`,
        {
          gateway,
          name: `${gateway}-${randomBytes(2).toString('hex')}`,
          enabled: 1,
          config: JSON.stringify(config),
          ...extra,
        },
        s.admin,
      );
      if (res.json.code !== 1000) throw new Error(`saveAccount: ${res.json.msg}`);
      return res.json.data.id as number;
    },
    /** A card goods with `stock` cards at `price` yuan. */
    async cardGoods(price = '9.50', stock = 5) {
      const goodsId = await s.goods({ price });
      if (stock > 0) await s.cards(goodsId, stock);
      return goodsId;
    },
    async memberOrder(token: string, goodsId: number) {
      const res = await t.post('/inside/order/create', { goodsId, quantity: 1 }, token, someLoopbackIp());
      if (res.json.code !== 1000) throw new Error(`order: ${res.json.msg}`);
      return res.json.data as { orderNo: string; amount: number; orderId?: number };
    },
    async pay(body: Record<string, unknown>, token?: string) {
      return t.post('/pay/create', body, token, someLoopbackIp());
    },
  };
}

export async function orderOf(t: TestApp, orderNo: string) {
  return t.deps.db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
}
export async function paymentOf(t: TestApp, paymentNo: string) {
  return t.deps.db.selectFrom('payments').selectAll().where('payment_no', '=', paymentNo).executeTakeFirstOrThrow();
}
export async function notifyLogs(t: TestApp, paymentNo: string) {
  return t.deps.db.selectFrom('notify_logs').selectAll().where('payment_no', '=', paymentNo).orderBy('id').execute();
}

/** Sends a notify like a gateway does: GET with a query string, or POST form/JSON. */
export async function sendNotify(
  t: TestApp,
  path: string,
  params: Record<string, string>,
  method: 'GET' | 'POST' = 'GET',
  asJson = false,
) {
  const qs = new URLSearchParams(params).toString();
  const res = await t.app.inject(
    method === 'GET'
      ? { method: 'GET', url: `${path}?${qs}`, remoteAddress: '10.1.2.3' }
      : {
          method: 'POST',
          url: path,
          payload: asJson ? JSON.stringify(params) : qs,
          headers: { 'content-type': asJson ? 'application/json' : 'application/x-www-form-urlencoded' },
          remoteAddress: '10.1.2.3',
        },
  );
  return { status: res.statusCode, body: res.body };
}

/** Invariant 4 after every test: each member's ledger sums to the balance. */
export async function expectLedgersBalanced(t: TestApp) {
  const users = await t.deps.db.selectFrom('users').select('id').execute();
  for (const u of users) {
    const b = await balanceOf(t, u.id);
    expect(b.ledgerSum, `ledger of user ${u.id}`).toBe(b.balance);
  }
}

/** Cards delivered to an order. */
export async function cardsOf(t: TestApp, orderId: number) {
  return t.deps.db.selectFrom('order_cards').select('card_id').where('order_id', '=', orderId).execute();
}

/**
 * The form a buyer's browser posts for a /pay/create answer: forms go through our hand-off page
 * (/pay/go), read here as the browser gets it.
 */
export async function handoffForm(t: TestApp, handoff: { kind: string; url?: string }) {
  if (handoff.kind !== 'redirect' || !handoff.url?.startsWith('/pay/go/'))
    throw new Error(`not a hand-off page: ${JSON.stringify(handoff)}`);
  const page = await t.app.inject({ method: 'GET', url: handoff.url });
  if (page.statusCode !== 200) throw new Error(`/pay/go answered ${page.statusCode}: ${page.body.slice(0, 200)}`);
  return formFieldsOf(page.body);
}
