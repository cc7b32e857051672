import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptCallback } from '../../src/modules/openapi/index.js';
import {
  buildSecondInstance,
  buildTestApp,
  dialects,
  drainJobs,
  someLoopbackIp,
  type Envelope,
  type TestApp,
} from '../helper.js';
import { balanceOf, shop } from '../commerce/commerce-helper.js';
import { seedSite } from '../sites/sites-fixture.js';
import { startOpenApiReceiver } from '../fakes/openapi-receiver.js';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const now = () => String(Math.floor(Date.now() / 1000));

interface Key {
  appId: string;
  appSecret: string;
}

describe.each(dialects())('open API on %s', (dialect) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof shop>>;
  let goodsId: number;
  let member: Awaited<ReturnType<Awaited<ReturnType<typeof shop>>['member']>>;
  let key: Key & { id: number };
  let calls = 0;

  /** A signed call as a reseller's client makes it; `tamper` changes what is sent after signing. */
  async function api(
    k: Key,
    path: string,
    body: unknown = {},
    opts: { timestamp?: string; raw?: string; ip?: string; signature?: string; version?: string } = {},
  ): Promise<Envelope> {
    // Clients sign each request afresh: a per-call field keeps two identical calls within one second
    // from being one signature (which the server rightly refuses as a replay).
    const sent = body && typeof body === 'object' && !Array.isArray(body) ? { ...body, nonce: ++calls } : body;
    const raw = opts.raw ?? JSON.stringify(sent);
    const timestamp = opts.timestamp ?? now();
    const version = opts.version ?? '3.0';
    const res = await t.app.inject({
      method: 'POST',
      url: `/openapi/${path}`,
      headers: {
        'content-type': 'application/json',
        'x-app-id': k.appId,
        'x-version': version,
        'x-timestamp': timestamp,
        'x-signature': opts.signature ?? md5(`${k.appId}${k.appSecret}${version}${timestamp}${raw}`),
      },
      payload: raw,
      remoteAddress: opts.ip ?? '127.0.0.1',
    });
    expect(res.statusCode).toBe(200);
    return res.json() as Envelope;
  }
  const member$ = async (url: string, body: Record<string, unknown>, token = member.token) =>
    (await t.post(url, body, token, someLoopbackIp())).json;
  async function newKey(token: string, extra: Record<string, unknown> = {}): Promise<Key & { id: number }> {
    const made = await member$(
      '/inside/openapi/createKey',
      { name: '测试密钥', scopes: 'goods,orders,refunds,transfer', ...extra },
      token,
    );
    expect(made.code, made.msg).toBe(1000);
    return made.data;
  }

  beforeAll(async () => {
    t = await buildTestApp(dialect, { outboundHosts: 'any' });
    s = await shop(t);
    goodsId = await s.goods({ price: '10.00', allowRepeal: 1 });
    await s.cards(goodsId, 80);
    member = await s.member('1000');
    key = await newKey(member.token);
  });
  afterAll(() => t.dispose());

  it('a key is answered once with its secret; the list shows it without the secret, and the secret is sealed at rest', async () => {
    expect(key.appId).toMatch(/^kp[0-9a-f]{16}$/);
    expect(key.appSecret.length).toBeGreaterThanOrEqual(32);
    const list = await member$('/inside/openapi/keys', {});
    expect(list.code).toBe(1000);
    expect(JSON.stringify(list.data)).not.toContain(key.appSecret);
    expect(list.data.find((k: { appId: string }) => k.appId === key.appId)).toMatchObject({
      name: '测试密钥',
      enabled: true,
      scopes: ['goods', 'orders', 'refunds', 'transfer'],
    });
    const row = await t.deps.db
      .selectFrom('openapi_keys')
      .select('secret_enc')
      .where('app_id', '=', key.appId)
      .executeTakeFirstOrThrow();
    expect(row.secret_enc).not.toContain(key.appSecret);
  });

  it('user/getAccount answers the balance and level; the call is logged without body or secret', async () => {
    const got = await api(key, 'user/getAccount');
    expect(got.code, got.msg).toBe(1000);
    expect(got.data).toMatchObject({ loginName: member.loginName, balance: '1000.00' });
    // The log is written in batches (at most a second later).
    await expect
      .poll(async () => (await member$('/inside/openapi/calls', { appId: key.appId })).data.list[0], {
        timeout: 10_000,
      })
      .toMatchObject({ path: 'user/getAccount', code: 1000, appId: key.appId });
    const log = await member$('/inside/openapi/calls', { appId: key.appId });
    expect(JSON.stringify(log.data)).not.toContain(key.appSecret);
  });

  it('refuses a wrong signature, a replay, a skewed clock, bad JSON, an unknown path, a wrong version and missing headers', async () => {
    const wrong = await api(key, 'user/getAccount', {}, { signature: md5('nope') });
    expect([wrong.code, wrong.msg]).toEqual([2405, '签名错误，请检查 appId、密钥、版本、时间戳与请求体']);
    const timestamp = now();
    const first = await api(key, 'goods/getDirs', null, { timestamp, raw: '{"a":1}' });
    expect(first.code, first.msg).toBe(1000);
    const replay = await api(key, 'goods/getDirs', null, { timestamp, raw: '{"a":1}' });
    expect(replay.code).toBe(2406);
    const old = await api(key, 'user/getAccount', {}, { timestamp: String(Math.floor(Date.now() / 1000) - 301) });
    expect(old.code).toBe(2403);
    const future = await api(key, 'user/getAccount', {}, { timestamp: String(Math.floor(Date.now() / 1000) + 400) });
    expect(future.code).toBe(2403);
    const ms = await api(key, 'user/getAccount', {}, { timestamp: String(Date.now()) });
    expect(ms.code).toBe(2403);
    const bad = await api(key, 'user/getAccount', null, { raw: '{"goodsId": 1,' });
    expect([bad.code, bad.msg]).toEqual([2409, '请求体须为 UTF-8 编码的 JSON 对象']);
    const arr = await api(key, 'user/getAccount', [1, 2]);
    expect(arr.code).toBe(2409);
    expect((await api(key, 'user/nothing')).code).toBe(2410);
    expect((await api(key, 'user/getAccount', {}, { version: '2.0' })).code).toBe(2402);
    expect((await api({ appId: 'kp0000000000000000', appSecret: 'x' }, 'user/getAccount')).code).toBe(2401);
    const res = await t.app.inject({ method: 'POST', url: '/openapi/user/getAccount', payload: '{}' });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(2418);
    // A forged signature never reaches the replay table: the real one still works afterwards.
    const ts = now();
    const body = JSON.stringify({ x: 2 });
    expect((await api(key, 'user/getAccount', null, { timestamp: ts, raw: body, signature: md5('forged') })).code).toBe(
      2405,
    );
    expect((await api(key, 'user/getAccount', null, { timestamp: ts, raw: body })).code).toBe(1000);
  });

  it('a replay is refused by another instance on the same database', async () => {
    const second = await buildSecondInstance(t);
    try {
      const raw = JSON.stringify({ across: 1 });
      const timestamp = now();
      const signature = md5(`${key.appId}${key.appSecret}3.0${timestamp}${raw}`);
      const send = (app: TestApp) =>
        app.app.inject({
          method: 'POST',
          url: '/openapi/user/getAccount',
          headers: {
            'content-type': 'application/json',
            'x-app-id': key.appId,
            'x-version': '3.0',
            'x-timestamp': timestamp,
            'x-signature': signature,
          },
          payload: raw,
        });
      expect((await send(t)).json().code).toBe(1000);
      expect((await send(second)).json().code).toBe(2406);
    } finally {
      await second.close();
    }
  });

  it('goods/getDirs, goods/getList and goods/getDetail answer the goods at the caller’s price', async () => {
    const dirs = await api(key, 'goods/getDirs');
    expect(dirs.code).toBe(1000);
    expect(dirs.data.some((d: { dirId: number }) => d.dirId === s.dirId)).toBe(true);
    const list = await api(key, 'goods/getList', { page: 1, goodsType: 1, dirId: s.dirId });
    expect(list.code, list.msg).toBe(1000);
    expect(list.data).toMatchObject({ allCount: 1, allPage: 1 });
    expect(list.data.items[0]).toMatchObject({ goodsId, goodsType: 1, salesPrice: '10.00', status: 1, stockCount: 80 });
    const none = await api(key, 'goods/getList', { goodsType: 3, dirId: s.dirId });
    expect(none.data.allCount).toBe(0);
    const badType = await api(key, 'goods/getList', { goodsType: 2 });
    expect([badType.code, badType.msg]).toEqual([1001, '商品类型须为 1 或 3']);
    const detail = await api(key, 'goods/getDetail', { goodsId });
    expect(detail.data).toMatchObject({ goodsId, salesPrice: '10.00', faceValue: '10.00', minQuantity: 1 });
    expect((await api(key, 'goods/getDetail', { goodsId: 999999 })).code).toBe(2416);
  });

  it('order/create pays from the balance and answers the cards; the same outer number answers the same order', async () => {
    const before = await balanceOf(t, member.id);
    const made = await api(key, 'order/create', { goodsId, count: 2, outerNumber: 'A-1' });
    expect(made.code, made.msg).toBe(1000);
    expect(made.data).toMatchObject({ outerNumber: 'A-1', status: 3, count: 2, amount: '20.00' });
    expect(made.data.cards).toHaveLength(2);
    const again = await api(key, 'order/create', { goodsId, count: 2, outerNumber: 'A-1' });
    expect(again.data.orderNumber).toBe(made.data.orderNumber);
    expect(again.data.cards).toEqual(made.data.cards);
    const other = await api(key, 'order/create', { goodsId, count: 1, outerNumber: 'A-1' });
    expect(other.code).toBe(2412);
    const after = await balanceOf(t, member.id);
    expect(after.balance).toBe(before.balance - 2000);
    expect(after.ledgerSum).toBe(after.balance);
    // An ordinary order of the member: 我的订单 lists it.
    const mine = await member$('/inside/order/getList', {});
    expect(mine.data.list.map((o: { orderNo: string }) => o.orderNo)).toContain(made.data.orderNumber);
    // Looked up by either number; the cards and refunds views read the same order.
    const byOuter = await api(key, 'order/getDetail', { outerNumber: 'A-1' });
    expect(byOuter.data.orderNumber).toBe(made.data.orderNumber);
    const byNo = await api(key, 'order/getDetail', { orderNumber: made.data.orderNumber });
    expect(byNo.data.outerNumber).toBe('A-1');
    expect((await api(key, 'order/getDetail', { outerNumber: 'nope' })).code).toBe(2404);
    expect((await api(key, 'order/getDetail', { orderNumber: '20990101000000000000' })).code).toBe(2404);
    const cards = await api(key, 'card/getDetail', { orderNumber: made.data.orderNumber });
    expect(cards.data.cards).toEqual(made.data.cards);
    const voided = await api(key, 'card/void', {
      orderNumber: made.data.orderNumber,
      cardIds: [made.data.cards[0].cardId],
      reason: '卡密无法使用',
    });
    expect(voided.code, voided.msg).toBe(1000);
    const refunds = await api(key, 'order/refunds', { orderNumber: made.data.orderNumber });
    expect(refunds.data).toMatchObject({ status: 8, refundAmount: '0.00' });
    expect(refunds.data.voids).toHaveLength(1);
  });

  it('20 parallel creates with one outer number make one order and one debit', async () => {
    const before = await balanceOf(t, member.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api(key, 'order/create', { goodsId, count: 1, outerNumber: 'PAR-1' })),
    );
    for (const a of answers) expect([1000, 2411], a.msg).toContain(a.code);
    const numbers = new Set(answers.filter((a) => a.code === 1000).map((a) => a.data.orderNumber));
    expect(numbers.size).toBe(1);
    const after = await balanceOf(t, member.id);
    expect(after.balance).toBe(before.balance - 1000);
    const orders = await t.deps.db
      .selectFrom('openapi_requests')
      .select('ref_no')
      .where('outer_number', '=', 'PAR-1')
      .execute();
    expect(orders).toHaveLength(1);
  });

  it('refuses a price above the safe price and leaves nothing behind; a failed create frees its outer number', async () => {
    const before = await balanceOf(t, member.id);
    const refused = await api(key, 'order/create', { goodsId, count: 1, outerNumber: 'SAFE-1', safePrice: '9.99' });
    expect([refused.code, refused.msg]).toEqual([2400, '商品价格高于您设置的安全价']);
    expect((await balanceOf(t, member.id)).balance).toBe(before.balance);
    const ok = await api(key, 'order/create', { goodsId, count: 1, outerNumber: 'SAFE-1', safePrice: 10 });
    expect(ok.code, ok.msg).toBe(1000);
  });

  it('scopes and the IP allowlist are enforced per key', async () => {
    const goodsOnly = await newKey(member.token, { scopes: 'goods' });
    expect((await api(goodsOnly, 'goods/getList', {})).code).toBe(1000);
    const denied = await api(goodsOnly, 'order/create', { goodsId, outerNumber: 'SC-1' });
    expect([denied.code, denied.msg]).toEqual([2408, '该密钥没有调用此接口的权限']);
    expect((await api(goodsOnly, 'user/transfer', { toUserNo: 'x', money: 1, outerNumber: 'T' })).code).toBe(2408);
    const pinned = await newKey(member.token, { ipAllowlist: '10.9.8.7' });
    expect((await api(pinned, 'user/getAccount', {}, { ip: '127.0.0.1' })).code).toBe(2407);
    expect((await api(pinned, 'user/getAccount', {}, { ip: '10.9.8.7' })).code).toBe(1000);
    // Disabled, rotated and revoked keys.
    await member$('/inside/openapi/enableKey', { id: pinned.id, enabled: 0 });
    expect((await api(pinned, 'user/getAccount', {}, { ip: '10.9.8.7' })).code).toBe(2401);
    const rotated = await member$('/inside/openapi/rotateKey', { id: goodsOnly.id });
    expect(rotated.data.appSecret).not.toBe(goodsOnly.appSecret);
    expect((await api(goodsOnly, 'goods/getList', {})).code).toBe(2405);
    expect((await api({ ...goodsOnly, appSecret: rotated.data.appSecret }, 'goods/getList', {})).code).toBe(1000);
    await member$('/inside/openapi/revokeKey', { id: goodsOnly.id });
    expect((await api({ ...goodsOnly, appSecret: rotated.data.appSecret }, 'goods/getList', {})).code).toBe(2401);
    // Another member cannot touch these keys.
    const other = await s.member();
    expect((await member$('/inside/openapi/rotateKey', { id: key.id }, other.token)).code).toBe(2413);
    expect(
      (await member$('/inside/openapi/try', { appId: key.appId, path: 'user/getAccount' }, other.token)).code,
    ).toBe(2413);
  });

  it('the default key of the account settings signs calls too', async () => {
    const opened = await member$('/inside/inter/doOpenApi', { ipAllowlist: '' });
    expect(opened.code, opened.msg).toBe(1000);
    const def = { appId: opened.data.appId, appSecret: opened.data.appSecret };
    expect((await api(def, 'user/getAccount')).code).toBe(1000);
    const list = await member$('/inside/openapi/keys', {});
    expect(list.data[0]).toMatchObject({ id: 0, isDefault: true, appId: def.appId });
    await member$('/inside/inter/doOpenApiStatus', { enabled: 0 });
    expect((await api(def, 'user/getAccount')).code).toBe(2401);
  });

  it('the tester signs on the server for the member: the browser gets the answer, never the secret', async () => {
    const tried = await member$('/inside/openapi/try', { appId: key.appId, path: 'goods/getList', body: '{"page":1}' });
    expect(tried.code, tried.msg).toBe(1000);
    expect(tried.data.answer.code).toBe(1000);
    expect(tried.data.request.headers['x-signature']).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(tried.data)).not.toContain(key.appSecret);
  });

  it('user/transfer moves money once per outer number; complaint/create and cdkey/create reuse the shop', async () => {
    const friend = await s.member();
    const friendNo = (
      await t.deps.db.selectFrom('users').select('user_no').where('id', '=', friend.id).executeTakeFirstOrThrow()
    ).user_no;
    const before = await balanceOf(t, member.id);
    const sent = await api(key, 'user/transfer', { toUserNo: friendNo, money: '1.50', outerNumber: 'TR-1' });
    expect(sent.code, sent.msg).toBe(1000);
    expect(sent.data).toMatchObject({ outerNumber: 'TR-1', money: '1.50', repeated: false });
    const again = await api(key, 'user/transfer', { toUserNo: friendNo, money: '1.50', outerNumber: 'TR-1' });
    expect(again.data).toMatchObject({ transferNo: sent.data.transferNo, repeated: true });
    expect((await balanceOf(t, friend.id)).balance).toBe(150);
    expect((await balanceOf(t, member.id)).balance).toBe(before.balance - 150);
    const reused = await api(key, 'user/transfer', { toUserNo: friendNo, money: '2.00', outerNumber: 'TR-1' });
    expect(reused.code).toBe(2412);
    const order = await api(key, 'order/create', { goodsId, count: 1, outerNumber: 'CP-1' });
    const complaint = await api(key, 'complaint/create', {
      orderNumber: order.data.orderNumber,
      topic: '卡密无效',
      content: '充值时提示卡密已使用',
    });
    expect(complaint.code, complaint.msg).toBe(1000);
    expect(complaint.data.complaintId).toBeGreaterThan(0);
    const codes = await api(key, 'cdkey/create', { kind: 'goods', goodsId, count: 2 });
    expect(codes.code, codes.msg).toBe(1000);
    expect(codes.data.codes).toHaveLength(2);
    expect(codes.data.paid).toBe('20.00');
  });

  it('a member on a higher level sees and pays that level’s price', async () => {
    const levels = (await t.post(`${s.A}/members/levelOptions`, {}, s.admin)).json.data as Array<{
      id: number;
      isDefault: boolean;
    }>;
    const vip = levels.find((l) => !l.isDefault)!;
    expect(vip).toBeTruthy();
    const levelGoods = await s.goods({
      price: '10.00',
      levelPrices: JSON.stringify([{ levelId: vip.id, price: '8.00' }]),
    });
    await s.cards(levelGoods, 3);
    const buyer = await s.member('100');
    const set = await t.post(`${s.A}/members/setLevel`, { id: buyer.id, levelId: vip.id }, s.admin);
    expect(set.json.code, set.json.msg).toBe(1000);
    const buyerKey = await newKey(buyer.token);
    const detail = await api(buyerKey, 'goods/getDetail', { goodsId: levelGoods });
    expect(detail.data.salesPrice).toBe('8.00');
    const refused = await api(buyerKey, 'order/create', {
      goodsId: levelGoods,
      outerNumber: 'LV-0',
      safePrice: '7.99',
    });
    expect(refused.code).toBe(2400);
    const made = await api(buyerKey, 'order/create', { goodsId: levelGoods, outerNumber: 'LV-1', safePrice: '8.00' });
    expect(made.code, made.msg).toBe(1000);
    expect(made.data).toMatchObject({ price: '8.00', amount: '8.00' });
    expect((await balanceOf(t, buyer.id)).balance).toBe(9200);
  });

  it('a member registered on a sub-site buys at that site’s price', async () => {
    const owner = await s.member();
    await seedSite(t, { ownerId: owner.id, path: 'oapi', buyer: [{ value: 1000 }] });
    const reg = await t.post(
      '/oapi/user/register',
      {
        loginName: `sub${Date.now() % 100000}`,
        password: 'abc12345',
        ...(await import('../helper.js').then((h) => h.solvedCaptcha(t))),
      },
      undefined,
      someLoopbackIp(),
    );
    expect(reg.json.code, reg.json.msg).toBe(1000);
    const token = reg.json.data.authCode as string;
    const subKey = await newKey(token);
    const detail = await api(subKey, 'goods/getDetail', { goodsId });
    expect(detail.code, detail.msg).toBe(1000);
    expect(detail.data.salesPrice).toBe('11.00');
  });

  it('order callbacks: signed, retried after failures, cards encrypted with the secret', async () => {
    const receiver = await startOpenApiReceiver({ appId: key.appId, secret: key.appSecret, failFirst: 2 });
    try {
      const made = await api(key, 'order/create', {
        goodsId,
        count: 2,
        outerNumber: 'CB-1',
        notifyUrl: receiver.url('/cb'),
      });
      expect(made.code, made.msg).toBe(1000);
      // Each retry waits its time (15 s, 15 s …): the runner is asked as if that time had passed.
      const deadline = Date.now() + 30_000;
      let ahead = 0;
      while (receiver.posts.length === 0 && Date.now() < deadline) {
        ahead += 16_000;
        await t.deps.jobs.runDue(Date.now() + ahead);
      }
      expect(receiver.attempts()).toBe(3);
      const post = receiver.posts[0]!;
      expect(post.signatureValid).toBe(true);
      expect(post.body).toMatchObject({ orderNumber: made.data.orderNumber, outerNumber: 'CB-1', status: 3 });
      const cards = JSON.parse(decryptCallback(key.appSecret, post.body.cards as string)) as unknown[];
      expect(cards).toEqual(made.data.cards);
      const row = await t.deps.db
        .selectFrom('openapi_requests')
        .select('notify_state')
        .where('outer_number', '=', 'CB-1')
        .executeTakeFirstOrThrow();
      expect(row.notify_state).toBe('ok');
    } finally {
      await receiver.close();
    }
  });

  it('a direct recharge takes attach as its recharge fields; its later delivery is called back through the order events', async () => {
    const recharge = await s.goods({
      type: 'recharge',
      price: '5.00',
      stock: 10,
      rechargeTemplate: JSON.stringify([{ key: 'account', label: '充值账号', type: 'text', required: true }]),
    });
    const receiver = await startOpenApiReceiver({ appId: key.appId, secret: key.appSecret });
    try {
      const missing = await api(key, 'order/create', { goodsId: recharge, outerNumber: 'RC-0' });
      expect(missing.code).not.toBe(1000);
      const made = await api(key, 'order/create', {
        goodsId: recharge,
        outerNumber: 'RC-1',
        notifyUrl: receiver.url('/rc'),
        attach: [{ name: '充值账号', value: '13800000000' }],
      });
      expect(made.code, made.msg).toBe(1000);
      expect(made.data).toMatchObject({ goodsType: 3, status: 2, cards: [] });
      expect(made.data.attach).toEqual([{ name: '充值账号', value: '13800000000' }]);
      const deadline = Date.now() + 30_000;
      while (receiver.posts.length < 1 && Date.now() < deadline) await t.deps.jobs.runDue(Date.now() + 1_000);
      expect(receiver.posts[0]!.body).toMatchObject({ orderNumber: made.data.orderNumber, status: 2, cards: '' });
      // Staff deliver it later: order.delivered reaches the callback consumer, which sends the new state.
      const delivered = await t.post(
        `${s.A}/orders/deliver`,
        { orderNo: made.data.orderNumber, deliveryText: '已充值' },
        s.admin,
      );
      expect(delivered.json.code, delivered.json.msg).toBe(1000);
      while (receiver.posts.length < 2 && Date.now() < deadline + 30_000) await t.deps.jobs.runDue(Date.now() + 1_000);
      expect(receiver.posts[1]!.body).toMatchObject({
        orderNumber: made.data.orderNumber,
        status: 3,
        deliveryText: '已充值',
      });
      expect(receiver.posts[1]!.signatureValid).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it('goods push: a subscribed key gets one signed post per goods for a burst of changes', async () => {
    const receiver = await startOpenApiReceiver({ appId: key.appId, secret: key.appSecret });
    try {
      const set = await member$('/inside/openapi/updateKey', {
        id: key.id,
        name: '测试密钥',
        scopes: 'goods,orders,refunds,transfer',
        pushUrl: receiver.url('/goods'),
      });
      expect(set.code, set.msg).toBe(1000);
      await drainJobs(t);
      const edit = (price: string) =>
        t.post(
          `${s.A}/catalog/saveGoods`,
          { id: goodsId, dirId: s.dirId, name: '推送商品', type: 'card', faceValue: '10', price, allowRepeal: 1 },
          s.admin,
        );
      expect((await edit('10.50')).json.code).toBe(1000);
      expect((await edit('10.80')).json.code).toBe(1000);
      const deadline = Date.now() + 30_000;
      while (receiver.posts.length === 0 && Date.now() < deadline) {
        await t.deps.jobs.runDue(Date.now() + 5_000);
      }
      await t.deps.jobs.runDue(Date.now() + 10_000);
      expect(receiver.posts).toHaveLength(1);
      expect(receiver.posts[0]!.signatureValid).toBe(true);
      expect(receiver.posts[0]!.body).toMatchObject({ goodsId, price: '10.80', status: 1 });
    } finally {
      await receiver.close();
    }
  });
});
