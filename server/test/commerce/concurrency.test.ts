import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/core/crypto.js';
import { openSession } from '../../src/core/sessions.js';
import { creditBalance } from '../../src/modules/funds/index.js';
import { buildSecondInstance, buildTestApp, dialects, type TestApp } from '../helper.js';
import { shop } from './commerce-helper.js';

let passwordHash: string | undefined;

/** Many members at once: rows and sessions written directly (registration's scrypt would dominate). */
async function members(t: TestApp, count: number, balance: number, tag: string) {
  passwordHash ??= await hashPassword('abc12345');
  const level = await t.deps.db
    .selectFrom('member_levels')
    .select('id')
    .where('is_default', '=', 1)
    .executeTakeFirstOrThrow();
  const out: Array<{ id: number; token: string }> = [];
  for (let i = 0; i < count; i++) {
    const now = Date.now();
    const row = await t.deps.db
      .insertInto('users')
      .values({
        user_no: `${tag}${i}`.slice(0, 20),
        site_id: 1,
        login_name: `${tag}${i}`,
        password_hash: passwordHash,
        nickname: '',
        avatar: '',
        email: null,
        mobile: null,
        qq: '',
        contact: '',
        level_id: level.id,
        sale_pwd_hash: null,
        inviter_id: null,
        invite_code: null,
        status: 'active',
        created_at: now,
        updated_at: now,
        last_login_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (balance > 0)
      await t.deps.db
        .transaction()
        .execute((trx) => creditBalance(trx, { userId: row.id, amount: balance, type: 'admin_adjust', memo: '测试' }));
    const s = await openSession(t.deps.db, 'user', row.id, { ip: '127.0.0.1', userAgent: 'test' });
    out.push({ id: row.id, token: s.token });
  }
  return out;
}

async function call(t: TestApp, url: string, body: Record<string, unknown>, token: string) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { authorization: token },
    remoteAddress: '127.0.0.1',
  });
  return res.json() as {
    code: number;
    msg: string;
    data: { orderNo: string; status: string; cards: Array<{ card: string }> };
  };
}

async function ledgerMatches(t: TestApp, userIds: number[]) {
  const users = await t.deps.db.selectFrom('users').select(['id', 'balance']).where('id', 'in', userIds).execute();
  const sums = await t.deps.db
    .selectFrom('ledger_entries')
    .select(['user_id', (eb) => eb.fn.sum<number>('amount').as('s')])
    .where('user_id', 'in', userIds)
    .groupBy('user_id')
    .execute();
  const byUser = new Map(sums.map((r) => [r.user_id, Number(r.s)]));
  return users.every((u) => Number(u.balance) === (byUser.get(u.id) ?? 0) && Number(u.balance) >= 0);
}

describe.each(dialects())('concurrent buyers on %s', (dialect) => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await buildTestApp(dialect);
    // PostgreSQL: two app instances (own pools, own job runners) share the database, as scale-out runs them.
    b = dialect === 'postgres' ? await buildSecondInstance(a) : a;
  });
  afterAll(async () => {
    if (b !== a) await b.close();
    await a.close();
    // pg-pool resolves end() before its sockets finish closing; let them go before the
    // database is dropped WITH (FORCE), or the server's goodbye surfaces as an unhandled error.
    await new Promise((r) => setTimeout(r, 500));
    await a.dispose();
  });

  async function rush(buyers: number, cards: number, tag: string, oneStep = false) {
    const s = await shop(a);
    const goodsId = await s.goods({ price: '1.00' });
    await s.cards(goodsId, cards, tag);
    const people = await members(a, buyers, 500, tag);
    const results = await Promise.all(
      people.map(async (p, i) => {
        const app = i % 2 === 0 ? a : b;
        // One step: the member pays from the balance while ordering (create + pay + deliver).
        if (oneStep) {
          const bought = await call(app, '/inside/order/create', { goodsId, quantity: 1, payBy: 'balance' }, p.token);
          return { p, created: bought, paid: bought.code === 1000 ? bought : null };
        }
        const created = await call(app, '/inside/order/create', { goodsId, quantity: 1 }, p.token);
        if (created.code !== 1000) return { p, created, paid: null };
        const paid = await call(app, '/inside/order/payByBalance', { orderNo: created.data.orderNo }, p.token);
        return { p, created, paid };
      }),
    );
    const winners = results.filter((r) => r.paid?.code === 1000);
    const losers = results.filter((r) => r.created.code !== 1000);
    expect(winners).toHaveLength(cards);
    expect(losers).toHaveLength(buyers - cards);
    for (const l of losers) expect(l.created).toMatchObject({ code: 3001, msg: '库存不足' });
    const delivered = winners.map((w) => w.paid!.data.cards[0].card);
    expect(new Set(delivered).size).toBe(cards);
    const sold = await a.deps.db
      .selectFrom('cards')
      .select('id')
      .where('goods_id', '=', goodsId)
      .where('status', '=', 'sold')
      .execute();
    expect(sold).toHaveLength(cards);
    const links = await a.deps.db
      .selectFrom('order_cards')
      .innerJoin('cards', 'cards.id', 'order_cards.card_id')
      .select('cards.id')
      .where('cards.goods_id', '=', goodsId)
      .execute();
    expect(new Set(links.map((l) => l.id)).size).toBe(links.length);
    const loserRows = await a.deps.db
      .selectFrom('users')
      .select('balance')
      .where(
        'id',
        'in',
        losers.map((l) => l.p.id),
      )
      .execute();
    expect(loserRows.every((u) => Number(u.balance) === 500)).toBe(true);
    expect(
      await ledgerMatches(
        a,
        people.map((p) => p.id),
      ),
    ).toBe(true);
    // A refused buyer leaves nothing behind: no order, no reservation.
    const orders = await a.deps.db
      .selectFrom('orders')
      .select(['status', 'user_id'])
      .where('goods_id', '=', goodsId)
      .execute();
    if (oneStep) expect(orders.map((o) => o.status).sort()).toEqual(Array(cards).fill('delivered'));
    expect(
      await a.deps.db
        .selectFrom('cards')
        .select('id')
        .where('goods_id', '=', goodsId)
        .where('status', '=', 'reserved')
        .execute(),
    ).toHaveLength(0);
  }

  it('200 buyers, 50 cards: exactly 50 sold, none twice, losers told 库存不足 and not charged', async () => {
    await rush(200, 50, `r${dialect[0]}a`);
  }, 120_000);

  it('200 buyers paying by balance in one step, 50 cards: exactly 50 sold, losers refused with nothing written', async () => {
    await rush(200, 50, `r${dialect[0]}c`, true);
  }, 120_000);

  it('sell-out: 30 cards, 50 buyers → 30 delivered, 20 refused and not charged', async () => {
    await rush(50, 30, `r${dialect[0]}b`);
  }, 60_000);

  it('100 concurrent balance payments of one member never overdraw; ledger equals balance', async () => {
    const s = await shop(a);
    const goodsId = await s.goods({ price: '1.00', maxQuantity: 1 });
    await s.cards(goodsId, 101, `p${dialect}`);
    const [p] = await members(a, 1, 6000, `one${dialect[0]}`);
    const orders: string[] = [];
    for (let i = 0; i < 100; i++)
      orders.push((await call(a, '/inside/order/create', { goodsId }, p.token)).data.orderNo);
    const paid = await Promise.all(
      orders.map((orderNo, i) => call(i % 2 ? a : b, '/inside/order/payByBalance', { orderNo }, p.token)),
    );
    expect(paid.filter((r) => r.code === 1000)).toHaveLength(60);
    expect(paid.filter((r) => r.code === 5001)).toHaveLength(40);
    const u = await a.deps.db.selectFrom('users').select('balance').where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(Number(u.balance)).toBe(0);
    expect(await ledgerMatches(a, [p.id])).toBe(true);
    const sold = await a.deps.db
      .selectFrom('cards')
      .select('id')
      .where('goods_id', '=', goodsId)
      .where('status', '=', 'sold')
      .execute();
    expect(sold).toHaveLength(60);
    // The same order paid twice at once: one charge.
    const again = await call(a, '/inside/order/create', { goodsId }, p.token);
    await a.deps.db
      .transaction()
      .execute((trx) => creditBalance(trx, { userId: p.id, amount: 300, type: 'admin_adjust' }));
    const twice = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call(i % 2 ? a : b, '/inside/order/payByBalance', { orderNo: again.data.orderNo }, p.token),
      ),
    );
    expect(twice.filter((r) => r.code === 1000)).toHaveLength(1);
    const after = await a.deps.db
      .selectFrom('users')
      .select('balance')
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(Number(after.balance)).toBe(200);
  }, 60_000);

  it('a per-user limit holds under concurrency: one member, one visitor contact, 10 orders each at once', async () => {
    const s = await shop(a);
    const goodsId = await s.goods({ price: '1.00', perUserLimit: 1, visitorAllowed: 1 });
    await s.cards(goodsId, 30, `lim${dialect}`);
    const [p] = await members(a, 1, 100, `lim${dialect[0]}`);
    const member = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(i % 2 ? a : b, '/inside/order/create', i % 3 ? { goodsId, payBy: 'balance' } : { goodsId }, p.token),
      ),
    );
    expect(member.filter((r) => r.code === 1000)).toHaveLength(1);
    expect(member.filter((r) => r.code !== 1000).every((r) => r.msg.startsWith('该商品每人限购 1 件'))).toBe(true);
    const visitor = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? a : b).app.inject({
          method: 'POST',
          url: '/inside/order/create',
          payload: { goodsId, contact: 'limit@example.com', queryPassword: 'look123456' },
          remoteAddress: `127.0.0.${i + 2}`,
        }),
      ),
    );
    expect(visitor.filter((r) => r.json().code === 1000)).toHaveLength(1);
    const held = await a.deps.db.selectFrom('orders').select('id').where('goods_id', '=', goodsId).execute();
    expect(held).toHaveLength(2);
  }, 60_000);

  it('100 concurrent one-step balance purchases of one member never overdraw', async () => {
    const s = await shop(a);
    const goodsId = await s.goods({ price: '1.00', maxQuantity: 1 });
    await s.cards(goodsId, 101, `q${dialect}`);
    const [p] = await members(a, 1, 4000, `two${dialect[0]}`);
    const bought = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call(i % 2 ? a : b, '/inside/order/create', { goodsId, payBy: 'balance' }, p.token),
      ),
    );
    expect(bought.filter((r) => r.code === 1000)).toHaveLength(40);
    expect(bought.filter((r) => r.code === 5001)).toHaveLength(60);
    const u = await a.deps.db.selectFrom('users').select('balance').where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(Number(u.balance)).toBe(0);
    expect(await ledgerMatches(a, [p.id])).toBe(true);
    expect(await a.deps.db.selectFrom('orders').select('id').where('goods_id', '=', goodsId).execute()).toHaveLength(
      40,
    );
    expect(
      await a.deps.db
        .selectFrom('cards')
        .select('id')
        .where('goods_id', '=', goodsId)
        .where('status', '=', 'available')
        .execute(),
    ).toHaveLength(61);
  }, 60_000);
});
