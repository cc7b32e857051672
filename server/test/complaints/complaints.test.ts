import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/core/crypto.js';
import { releaseDueShares } from '../../src/modules/profits/index.js';
import { ESCALATE_JOB } from '../../src/modules/complaints/index.js';
import { ADMIN_PASSWORD, buildTestApp, dialects, someLoopbackIp, solvedCaptcha, type TestApp } from '../helper.js';
import { balanceOf, shop, visitorBuy } from '../commerce/commerce-helper.js';
import { seedSite } from '../sites/sites-fixture.js';

// A real 1×1 PNG: the type is sniffed from these bytes, never from the name.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const DAY = 86_400_000;

function multipart(content: Buffer, filename = 'proof.png', type = 'image/png') {
  const boundary = '----kapu-complaint-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * Complaints (decision 0011): who may complain on what, the thread and its evidence, escalation by
 * time, decisions through the refund flow (shares reversed to the fen, held while open), the
 * exclusivity with card voids, the desk's access; consultations and pre-written answers.
 */
describe.each(dialects())('complaints and the service desk on %s', (dialect) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof shop>>;
  let goodsId: number;
  let desk: string;
  type Member = Awaited<ReturnType<typeof s.member>>;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    s = await shop(t);
    goodsId = await s.goods({ price: '10.00', allowRepeal: 1 });
    await s.cards(goodsId, 40);
    const login = await t.post('/other/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
    expect(login.json.code, login.json.msg).toBe(1000);
    desk = login.json.data.authCode;
  });
  afterAll(() => t.dispose());

  const call = async (url: string, body: Record<string, unknown>, token?: string) =>
    (await t.post(url, body, token, someLoopbackIp())).json;
  async function paidOrder(m: Member, prefix = '') {
    const res = await call(`${prefix}/inside/order/create`, { goodsId, quantity: 1, payBy: 'balance' }, m.token);
    expect(res.code, res.msg).toBe(1000);
    return res.data.orderNo as string;
  }
  async function firstCard(m: Member, orderNo: string) {
    const res = await call('/inside/order/getDetail', { orderNo }, m.token);
    expect(res.code, res.msg).toBe(1000);
    return res.data.cards[0].id as number;
  }
  async function upload(token: string | undefined, content: Buffer, url = '/inside/complaint/upload') {
    const body = multipart(content);
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...(token ? { authorization: token } : {}), 'x-forwarded-for': someLoopbackIp() },
    });
    return res.json() as { code: number; msg: string; data: { token: string; url: string } };
  }
  const open = (m: Member, orderNo: string, extra: Record<string, unknown> = {}) =>
    call('/inside/complaint/open', { orderNo, type: 'card_invalid', content: '卡密提示已被使用', ...extra }, m.token);
  const detailOf = async (id: number, token: string, url = '/inside/complaint/detail') => {
    const res = await call(url, { id }, token);
    expect(res.code, res.msg).toBe(1000);
    return res.data;
  };
  const eventsOf = async (type: string) =>
    (await t.deps.db.selectFrom('domain_events').select('payload').where('type', '=', type).execute()).map(
      (e) => JSON.parse(e.payload) as Record<string, unknown>,
    );

  it('refuses others’ orders, unpaid orders and a second complaint; opens one with an image only its parties see', async () => {
    const buyer = await s.member('50');
    const other = await s.member('50');
    const orderNo = await paidOrder(buyer);

    const unpaid = await call('/inside/order/create', { goodsId, quantity: 1 }, buyer.token);
    expect(unpaid.code).toBe(1000);
    expect(await open(buyer, unpaid.data.orderNo)).toMatchObject({
      code: 7102,
      msg: '只有已付款并已发货的订单才能投诉',
    });
    expect(await open(other, orderNo)).toMatchObject({ code: 7101, msg: '订单不存在或不属于你' });
    expect(await open(buyer, orderNo, { type: 'nonsense' })).toMatchObject({ code: 1001 });
    expect(await open(buyer, orderNo, { content: '   ' })).toMatchObject({ code: 1001, msg: '请填写投诉内容' });

    // Evidence: sniffed, size-limited, members only.
    expect((await upload(undefined, PNG)).code).toBe(-2);
    expect(await upload(buyer.token, Buffer.from('<script>alert(1)</script>'))).toMatchObject({
      code: 1302,
      msg: '只能上传图片（JPG、PNG、GIF、WEBP）',
    });
    const huge = await upload(buyer.token, Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]));
    expect(huge).toMatchObject({ code: 1303, msg: '图片不能超过 5 MB' });
    const image = await upload(buyer.token, PNG);
    expect(image.code, image.msg).toBe(1000);
    // Not in the public uploads: only a signed link.
    expect(image.data.url).toMatch(/^\/complaint-file\/\d+\?e=\d+&s=[\w-]+$/);
    const tooMany = Array.from({ length: 6 }, () => image.data.token).join(',');
    expect(await open(buyer, orderNo, { images: tooMany })).toMatchObject({ code: 1001, msg: '每次最多附 5 张图片' });
    // Someone else's upload cannot be sent.
    const othersImage = await upload(other.token, PNG);
    expect(await open(buyer, orderNo, { images: othersImage.data.token })).toMatchObject({ code: 7108 });
    expect(await t.deps.db.selectFrom('complaints').select('id').execute()).toEqual([]);

    const opened = await open(buyer, orderNo, { images: image.data.token });
    expect(opened.code, opened.msg).toBe(1000);
    const id = opened.data.id as number;
    expect(await open(buyer, orderNo)).toMatchObject({
      code: 7104,
      msg: '该订单已有处理中的投诉，请在原投诉中继续沟通',
    });
    // The same upload cannot go into a second message.
    expect(
      await call('/inside/complaint/reply', { id, content: '再看', images: image.data.token }, buyer.token),
    ).toMatchObject({ code: 7108 });

    expect(await call('/inside/complaint/eligibility', { orderNo }, buyer.token)).toMatchObject({
      code: 1000,
      data: { eligible: false, complaintId: id },
    });
    const list = await call('/inside/complaint/list', {}, buyer.token);
    expect(list.data).toMatchObject({
      total: 1,
      list: [{ id, orderNo, status: 'open', statusText: '待处理', typeText: '卡密无效' }],
    });
    expect((await call('/inside/complaint/list', {}, other.token)).data.total).toBe(0);

    const d = await detailOf(id, buyer.token);
    expect(d).toMatchObject({ as: 'buyer', seller: '平台自营', can: { reply: true, withdraw: true, decide: false } });
    expect(d.messages).toHaveLength(1);
    expect(d.messages[0]).toMatchObject({ role: 'buyer', body: '卡密提示已被使用', mine: true });
    const link: string = d.messages[0].images[0];
    const served = await t.app.inject({ url: link });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ url: link.replace(/s=[\w-]+/, 's=forged') })).statusCode).toBe(404);
    expect((await t.app.inject({ url: link.replace(/e=\d+/, `e=${Date.now() - 1000}`) })).statusCode).toBe(404);

    // Another member, another member's seller page, an unsigned-in caller: nothing.
    expect(await call('/inside/complaint/detail', { id }, other.token)).toMatchObject({ code: 7100 });
    expect(await call('/supply/complaint/detail', { id }, other.token)).toMatchObject({ code: 7100 });
    expect(await call('/inside/complaint/detail', { id })).toMatchObject({ code: -2 });
    expect(await eventsOf('complaint.opened')).toContainEqual(
      expect.objectContaining({ complaintId: id, orderNo, userId: buyer.id, sellerId: null, type: 'card_invalid' }),
    );
  });

  it('threads: the platform answers as seller, the buyer answers back, the seller’s time runs out into arbitration; closed threads take no replies', async () => {
    const buyer = await s.member('50');
    const orderNo = await paidOrder(buyer);
    const id = (await open(buyer, orderNo)).data.id as number;

    const answer = await call('/other/complaint/reply', { id, content: '请提供截图' }, desk);
    expect(answer).toMatchObject({ code: 1000, data: { status: 'awaiting_buyer' } });
    expect(await call('/other/complaint/reply', { id, content: '' }, desk)).toMatchObject({ code: 7114 });
    const back = await call('/inside/complaint/reply', { id, content: '截图如下' }, buyer.token);
    expect(back).toMatchObject({ code: 1000, data: { status: 'awaiting_seller' } });
    const waiting = await call('/other/complaint/list', { queue: 'waiting' }, desk);
    expect(waiting.data.list.map((r: { id: number }) => r.id)).toContain(id);

    // The seller's clock: moved into the past (time through timestamps), the durable job escalates.
    await t.deps.db
      .updateTable('complaints')
      .set({ seller_due_at: Date.now() - 1000 })
      .where('id', '=', id)
      .execute();
    expect(
      (await call('/other/complaint/list', { queue: 'overdue' }, desk)).data.list.map((r: { id: number }) => r.id),
    ).toContain(id);
    const job = await t.deps.db.selectFrom('jobs').select('id').where('name', '=', ESCALATE_JOB).execute();
    expect(job.length).toBeGreaterThan(0);
    await t.deps.jobs.runDue(Date.now() + 10 * 60_000);
    await t.deps.jobs.runDue(Date.now() + 20 * 60_000);
    const escalated = await detailOf(id, desk, '/other/complaint/detail');
    expect(escalated).toMatchObject({ status: 'arbitration', statusText: '平台介入中', as: 'staff' });
    expect(escalated.messages.at(-1)).toMatchObject({
      role: 'system',
      body: '卖家未在规定时间内回复，已转平台介入处理',
    });
    expect(escalated.messages[0].author).toMatch(/^买家 /);
    expect(await eventsOf('complaint.escalated')).toContainEqual(
      expect.objectContaining({ complaintId: id, cause: 'seller_timeout', userId: buyer.id }),
    );

    // The buyer withdraws a second complaint; its thread is closed to everyone.
    const orderNo2 = await paidOrder(buyer);
    const id2 = (await open(buyer, orderNo2, { type: 'other', content: '发错了' })).data.id as number;
    expect(await call('/inside/complaint/withdraw', { id: id2 }, buyer.token)).toMatchObject({ code: 1000 });
    const closed = await detailOf(id2, buyer.token);
    expect(closed).toMatchObject({
      status: 'closed',
      outcome: 'withdrawn',
      outcomeText: '买家已撤回',
      can: { reply: false },
    });
    for (const [url, token] of [
      ['/inside/complaint/reply', buyer.token],
      ['/other/complaint/reply', desk],
    ] as const)
      expect(await call(url, { id: id2, content: '还在吗' }, token)).toMatchObject({
        code: 7106,
        msg: '该投诉已结束，不能再回复或处理',
      });
    expect(await call('/other/complaint/decide', { id: id2, decision: 'reject', note: '已撤回' }, desk)).toMatchObject({
      code: 7106,
    });
    // Closed: a new complaint on the same order may be filed.
    expect((await open(buyer, orderNo2)).code).toBe(1000);
    expect(await eventsOf('complaint.closed')).toContainEqual(
      expect.objectContaining({ complaintId: id2, outcome: 'withdrawn', refunded: 0 }),
    );
  });

  it('a supplier sees and answers only complaints on their goods, without the buyer’s name', async () => {
    const supplier = await s.member();
    const supplied = await s.goods({ price: '6.00' });
    await s.cards(supplied, 3);
    // Test setup: the goods belong to the supplier (the supply module writes this in production).
    await t.deps.db.updateTable('goods').set({ owner_user_id: supplier.id }).where('id', '=', supplied).execute();
    const buyer = await s.member('20');
    const res = await call('/inside/order/create', { goodsId: supplied, quantity: 1, payBy: 'balance' }, buyer.token);
    expect(res.code, res.msg).toBe(1000);
    const id = (await open(buyer, res.data.orderNo, { type: 'wrong_goods' })).data.id as number;

    const list = await call('/supply/complaint/list', {}, supplier.token);
    expect(list.data.list).toEqual([expect.objectContaining({ id, buyer: '买家', typeText: '商品不符' })]);
    expect(JSON.stringify(list.data)).not.toContain(buyer.loginName);
    // The desk on a supplier's goods only adds to the thread; the supplier's answer moves it.
    expect((await call('/other/complaint/reply', { id, content: '已通知供货商' }, desk)).data.status).toBe('open');
    const image = await upload(supplier.token, PNG);
    const answer = await call(
      '/supply/complaint/reply',
      { id, content: '已补发', images: image.data.token },
      supplier.token,
    );
    expect(answer).toMatchObject({ code: 1000, data: { status: 'awaiting_buyer' } });
    const seen = await detailOf(id, buyer.token);
    expect(seen.messages.map((m: { role: string; author: string }) => [m.role, m.author])).toEqual([
      ['buyer', '买家'],
      ['staff', '平台客服'],
      ['seller', '卖家'],
    ]);
    expect(seen.messages[2].images).toHaveLength(1);
    // Neither party learns the other's member number or login name.
    expect(seen).toMatchObject({ seller: '供货商', assignee: '' });
    expect(JSON.stringify(seen)).not.toContain(supplier.loginName);
    const sellerView = await detailOf(id, supplier.token, '/supply/complaint/detail');
    expect(sellerView).toMatchObject({ buyer: '买家', as: 'seller' });
    expect(JSON.stringify(sellerView)).not.toContain(buyer.loginName);
    expect(await call('/inside/complaint/arbitrate', { id }, buyer.token)).toMatchObject({ code: 1000 });
    expect((await detailOf(id, supplier.token, '/supply/complaint/detail')).status).toBe('arbitration');
    expect(await call('/inside/complaint/arbitrate', { id }, buyer.token)).toMatchObject({ code: 7111 });
  });

  it('staff refund half: shares reversed to the fen, the complaint closed in the same transaction; the hold keeps the share frozen until then', async () => {
    const owner = await s.member();
    const path = `cp${randomBytes(3).toString('hex')}`;
    const siteId = await seedSite(t, { ownerId: owner.id, path, buyer: [{ value: 1000 }] }); // buyers +10 %
    const loginName = `c${randomBytes(4).toString('hex')}`;
    const reg = await t.post(
      `/${path}/user/register`,
      { loginName, password: 'abc12345', ...(await solvedCaptcha(t)) },
      undefined,
      someLoopbackIp(),
    );
    expect(reg.json.code, reg.json.msg).toBe(1000);
    const user = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('login_name', '=', loginName)
      .executeTakeFirstOrThrow();
    await call(`${s.A}/funds/adjust`, { userId: user.id, amount: '50', reason: '测试' }, s.admin);
    const buyer = { id: user.id, token: reg.json.data.authCode as string, loginName, password: 'abc12345' };
    const orderNo = await paidOrder(buyer, `/${path}`);
    const order = await t.deps.db
      .selectFrom('orders')
      .select(['id', 'paid_amount'])
      .where('order_no', '=', orderNo)
      .executeTakeFirstOrThrow();
    expect(Number(order.paid_amount)).toBe(1100);
    const share = () =>
      t.deps.db
        .selectFrom('profit_shares')
        .select(['status', 'amount', 'reversed_amount'])
        .where('order_id', '=', order.id)
        .where('ref_type', '=', 'order')
        .where('site_id', '=', siteId)
        .executeTakeFirstOrThrow();
    expect(await share()).toMatchObject({ status: 'frozen', amount: 100 });

    const id = (await open(buyer, orderNo)).data.id as number;
    // Due for release long ago, but held by the open complaint (the release job's own statement).
    const later = Date.now() + 30 * DAY;
    await releaseDueShares(t.deps.db, later, later, 500, t.deps.holds);
    expect(await share()).toMatchObject({ status: 'frozen', reversed_amount: 0 });

    const before = await balanceOf(t, buyer.id);
    for (const bad of [{ amount: '0' }, { amount: '11.01' }, {}])
      expect(
        await call('/other/complaint/decide', { id, decision: 'refund_part', note: '补偿', ...bad }, desk),
      ).toMatchObject({
        code: 7113,
      });
    const decided = await call(
      '/other/complaint/decide',
      { id, decision: 'refund_part', amount: '5.50', note: '卡密部分无效，退一半' },
      desk,
    );
    expect(decided).toMatchObject({ code: 1000, data: { status: 'closed', outcome: 'refunded_part', refunded: 550 } });
    expect(await balanceOf(t, buyer.id)).toEqual({ balance: before.balance + 550, ledgerSum: before.ledgerSum + 550 });
    // floor(100 × 550 / 1100) = 50 of the owner's share goes back; the rest is released now the hold is gone.
    expect(await share()).toMatchObject({ status: 'frozen', reversed_amount: 50 });
    const c = await detailOf(id, buyer.token);
    expect(c).toMatchObject({
      status: 'closed',
      outcome: 'refunded_part',
      refundAmount: 550,
      decisionNote: '卡密部分无效，退一半',
    });
    expect(c.order).toMatchObject({ paidAmount: 1100, refundedAmount: 550 });
    const ownerBefore = await balanceOf(t, owner.id);
    await releaseDueShares(t.deps.db, later, later, 500, t.deps.holds);
    expect(await share()).toMatchObject({ status: 'released', reversed_amount: 50 });
    expect((await balanceOf(t, owner.id)).balance).toBe(ownerBefore.balance + 50);
    // Audited in the refund's transaction: the order's refund and the complaint's decision.
    const audits = await t.deps.db
      .selectFrom('audit_logs')
      .select(['action', 'target'])
      .where('action', '=', 'complaints.decide')
      .execute();
    expect(audits.map((a) => a.target).sort()).toEqual([`complaints:${id}`, `orders:${orderNo}`].sort());
    expect(await eventsOf('order.refunded')).toContainEqual(
      expect.objectContaining({ orderNo, amount: 550, whole: false }),
    );
  });

  it('a refused refund leaves the complaint open; a full refund closes it refunded', async () => {
    const buyer = await s.member('30');
    const orderNo = await paidOrder(buyer);
    const id = (await open(buyer, orderNo, { type: 'not_received' })).data.id as number;
    const full = await call('/other/complaint/decide', { id, decision: 'refund_full', note: '全额退款' }, desk);
    expect(full).toMatchObject({ code: 1000, data: { outcome: 'refunded_full', refunded: 1000 } });
    expect(await balanceOf(t, buyer.id)).toMatchObject({ balance: 3000 });
    const order = await t.deps.db
      .selectFrom('orders')
      .select('status')
      .where('order_no', '=', orderNo)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('refunded');
    // Rejecting: no money moves.
    const orderNo2 = await paidOrder(buyer);
    const id2 = (await open(buyer, orderNo2)).data.id as number;
    expect(
      await call('/other/complaint/decide', { id: id2, decision: 'reject', note: '卡密已验证可用' }, desk),
    ).toMatchObject({
      code: 1000,
      data: { outcome: 'rejected', refunded: 0 },
    });
    expect(await balanceOf(t, buyer.id)).toMatchObject({ balance: 2000 });
  });

  it('a card void and a complaint exclude each other', async () => {
    const buyer = await s.member('30');
    const voided = await paidOrder(buyer);
    const cardId = await firstCard(buyer, voided);
    expect(
      await call('/inside/order/cardRepeal', { orderNo: voided, cardIds: cardId, reason: '无法使用' }, buyer.token),
    ).toMatchObject({
      code: 1000,
    });
    expect(await open(buyer, voided)).toMatchObject({ code: 7105 });
    expect(await call('/inside/complaint/eligibility', { orderNo: voided }, buyer.token)).toMatchObject({
      data: { eligible: false, reason: '该订单有卡密撤销申请，不能再投诉' },
    });

    const complained = await paidOrder(buyer);
    const otherCard = await firstCard(buyer, complained);
    expect((await open(buyer, complained)).code).toBe(1000);
    expect(
      await call(
        '/inside/order/cardRepeal',
        { orderNo: complained, cardIds: otherCard, reason: '无法使用' },
        buyer.token,
      ),
    ).toMatchObject({ code: 7109, msg: '该订单有处理中的投诉，不能申请撤销卡密' });
  });

  it('a card void and a complaint racing on one order: exactly one of them is taken, every time', async () => {
    const buyer = await s.member('100');
    for (let round = 0; round < 6; round++) {
      const orderNo = await paidOrder(buyer);
      const cardId = await firstCard(buyer, orderNo);
      const [complaint, repeal] = await Promise.all([
        open(buyer, orderNo),
        call('/inside/order/cardRepeal', { orderNo, cardIds: cardId, reason: '无法使用' }, buyer.token),
      ]);
      expect(
        [complaint.code, repeal.code].filter((c) => c === 1000),
        `round ${round}`,
      ).toHaveLength(1);
      expect([7105, 7109]).toContain(complaint.code === 1000 ? repeal.code : complaint.code);
    }
  });

  it('a visitor complains through the order’s query password', async () => {
    const order = await visitorBuy(t, goodsId);
    expect(order.json.code).toBe(1000);
    const orderNo = order.json.data.orderNo as string;
    const creds = { orderNo, queryPassword: 'look123456' };
    expect(await call('/visitor/complaint/open', { ...creds, type: 'other', content: '没收到' })).toMatchObject({
      code: 7102,
    });
    const account = await t.deps.db
      .selectFrom('payment_accounts')
      .select('id')
      .where('gateway', '=', 'sandbox')
      .where('enabled', '=', 1)
      .executeTakeFirstOrThrow();
    const pay = await call('/pay/create', { accountId: account.id, client: 'pc', ...creds });
    expect(pay.code, pay.msg).toBe(1000);
    const url = new URL(pay.data.handoff.url as string, 'http://x');
    expect(
      (
        await call('/pay/sandbox/confirm', {
          paymentNo: url.searchParams.get('sandbox'),
          token: url.searchParams.get('token'),
        })
      ).code,
    ).toBe(1000);

    expect(
      await call('/visitor/complaint/open', { ...creds, queryPassword: 'wrong-one', type: 'other', content: 'x' }),
    ).toMatchObject({
      code: 3012,
    });
    const image = await upload(undefined, PNG, '/visitor/complaint/upload');
    expect(image.code, image.msg).toBe(1000);
    const opened = await call('/visitor/complaint/open', {
      ...creds,
      type: 'card_invalid',
      content: '卡密无效',
      images: image.data.token,
    });
    expect(opened.code, opened.msg).toBe(1000);
    const got = await call('/visitor/complaint/get', creds);
    expect(got.data.complaint).toMatchObject({ id: opened.data.id, buyer: '游客', as: 'buyer' });
    expect(got.data.complaint.messages[0].images).toHaveLength(1);
    // The access token the browser got with the order proves it too (no password, no guessing budget).
    const token = order.json.data.accessToken as string;
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const byToken = await call('/visitor/complaint/get', { orderNo, accessToken: token });
    expect(byToken.data.complaint).toMatchObject({ id: opened.data.id });
    expect(await call('/visitor/complaint/get', { orderNo, accessToken: 'f'.repeat(64) })).toMatchObject({
      code: 3012,
    });
    expect(await call('/visitor/complaint/get', { orderNo })).toMatchObject({ code: 1001, msg: '请输入查询密码' });
    expect(await call('/visitor/complaint/reply', { orderNo, accessToken: token, content: '补充说明' })).toMatchObject({
      code: 1000,
    });
    expect(await call('/visitor/complaint/withdraw', creds)).toMatchObject({ code: 1000 });
    expect(await call('/visitor/complaint/reply', { ...creds, content: '再问' })).toMatchObject({ code: 7106 });
  });

  it('keeps staff without the desk permission out; settings are admin’s', async () => {
    const role = await t.deps.db
      .insertInto('roles')
      .values({
        name: `财务${randomBytes(2).toString('hex')}`,
        permissions: '["funds.manage"]',
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const username = `cw${randomBytes(3).toString('hex')}`;
    await t.deps.db
      .insertInto('staff')
      .values({
        username,
        password_hash: await hashPassword('caiwu-pass-1'),
        nickname: '',
        role_id: role.id,
        is_super: 0,
        status: 'active',
        totp_secret: null,
        created_at: Date.now(),
        last_login_at: null,
      })
      .execute();
    expect((await call('/other/auth/login', { username, password: 'caiwu-pass-1' })).code).toBe(1204);
    const admin = await call(`/${t.adminPath}/auth/login`, { username, password: 'caiwu-pass-1' });
    expect(admin.code).toBe(1000);
    expect(await call(`/${t.adminPath}/complaints/list`, {}, admin.data.authCode)).toMatchObject({ code: 403 });
    expect(await call('/other/complaint/list', {})).toMatchObject({ code: -3 });
    expect(await call('/other/complaint/list', {}, admin.data.authCode)).toMatchObject({ code: -3 });
    expect(await call('/other/consult/list', {})).toMatchObject({ code: -3 });

    // The platform admin sees every complaint; settings change the window and the seller's hours.
    const all = await call(`/${t.adminPath}/complaints/list`, { queue: 'all' }, s.admin);
    expect(all.data.total).toBeGreaterThan(3);
    expect(await call(`/${t.adminPath}/complaints/settings`, {}, s.admin)).toMatchObject({
      data: { windowDays: 7, sellerHours: 48 },
    });
    expect(
      await call(`/${t.adminPath}/complaints/saveSettings`, { windowDays: 0, sellerHours: 24 }, s.admin),
    ).toMatchObject({
      code: 1001,
    });
    expect(
      await call(`/${t.adminPath}/complaints/saveSettings`, { windowDays: 3, sellerHours: 24 }, s.admin),
    ).toMatchObject({
      code: 1000,
      data: { windowDays: 3, sellerHours: 24 },
    });
    // Past the window (delivered 4 days ago): refused with the deadline.
    const buyer = await s.member('20');
    const orderNo = await paidOrder(buyer);
    await t.deps.db
      .updateTable('orders')
      .set({ delivered_at: Date.now() - 4 * DAY })
      .where('order_no', '=', orderNo)
      .execute();
    expect(await open(buyer, orderNo)).toMatchObject({ code: 7103 });
    await call(`/${t.adminPath}/complaints/saveSettings`, { windowDays: 7, sellerHours: 48 }, s.admin);
  });

  it('consultations: a visitor asks, the desk answers with a pre-written reply, the visitor reads it by the link', async () => {
    const asked = await call('/visitor/consult/ask', { content: '请问卡密多久到账？\n急', contact: 'qq 10001' });
    expect(asked.code, asked.msg).toBe(1000);
    const { id, token } = asked.data as { id: number; token: string };
    expect(token).toMatch(/^[\w-]{20,64}$/);
    expect(await call('/visitor/consult/detail', { token: 'x'.repeat(32) })).toMatchObject({ code: 7200 });

    const saved = await call(
      '/other/replies/save',
      { title: '到账时间', body: '付款后自动发货，一般 1 分钟内到账。' },
      desk,
    );
    expect(saved.code, saved.msg).toBe(1000);
    const replies = await call('/other/replies/list', {}, desk);
    expect(replies.data).toContainEqual(expect.objectContaining({ id: saved.data.id, title: '到账时间' }));

    const waiting = await call('/other/consult/list', { queue: 'waiting' }, desk);
    expect(waiting.data.list).toContainEqual(
      expect.objectContaining({ id, asker: '游客', contact: 'qq 10001', preview: '请问卡密多久到账？' }),
    );
    expect(await call('/other/consult/reply', { id, content: replies.data[0].body }, desk)).toMatchObject({
      code: 1000,
      data: { status: 'answered' },
    });
    const seen = await call('/visitor/consult/detail', { token });
    expect(seen.data).toMatchObject({ status: 'answered', statusText: '已回复', canReply: true });
    expect(seen.data.messages.map((m: { author: string; body: string }) => m.author)).toEqual(['我', '客服']);
    expect(await call('/visitor/consult/reply', { token, content: '好的谢谢' })).toMatchObject({
      data: { status: 'waiting' },
    });
    expect(await call('/other/consult/close', { id }, desk)).toMatchObject({ code: 1000 });
    expect(await call('/visitor/consult/reply', { token, content: '还有' })).toMatchObject({ code: 7201 });
    expect(await eventsOf('consultation.answered')).toContainEqual(
      expect.objectContaining({ consultationId: id, userId: null }),
    );

    // A member asks about an order: only their own.
    const m = await s.member('20');
    const other = await s.member('20');
    const orderNo = await paidOrder(m);
    expect(await call('/inside/consult/ask', { content: '这个订单怎么用', orderNo }, other.token)).toMatchObject({
      code: 7202,
    });
    const mine = await call('/inside/consult/ask', { content: '这个订单怎么用', orderNo }, m.token);
    expect(mine).toMatchObject({ code: 1000, data: { token: '' } });
    expect((await call('/inside/consult/list', {}, m.token)).data.list).toEqual([
      expect.objectContaining({ id: mine.data.id, orderNo, status: 'waiting' }),
    ]);
    expect(await call('/inside/consult/detail', { id: mine.data.id }, other.token)).toMatchObject({ code: 7200 });
    expect(await call('/other/replies/delete', { id: saved.data.id }, desk)).toMatchObject({ code: 1000 });
    expect(await call('/other/replies/delete', { id: saved.data.id }, desk)).toMatchObject({ code: 7204 });
  });

  it('the desk looks up a member by number, name or contact, their orders, and an order with its payments and complaints', async () => {
    const m = await s.member('20');
    const orderNo = await paidOrder(m);
    await open(m, orderNo);
    const found = await call('/other/lookup/members', { keyword: m.loginName }, desk);
    expect(found.data).toEqual([expect.objectContaining({ id: m.id, loginName: m.loginName, balance: 1000 })]);
    expect(await call('/other/lookup/members', { keyword: 'nobody-here' }, desk)).toMatchObject({ code: 7206 });
    const orders = await call('/other/lookup/memberOrders', { userId: m.id }, desk);
    expect(orders.data.list.map((o: { orderNo: string }) => o.orderNo)).toEqual([orderNo]);
    const view = await call('/other/lookup/order', { orderNo }, desk);
    expect(view.code, view.msg).toBe(1000);
    expect(view.data.order).toMatchObject({ orderNo, member: { loginName: m.loginName } });
    expect(view.data.payments).toEqual([]); // paid from the balance: no gateway payment
    expect(view.data.complaints).toHaveLength(1);
    expect(view.data.history.map((h: { text: string }) => h.text)).toEqual(['下单', '付款（余额支付）', '交付完成']);
    expect(await call('/other/lookup/order', { orderNo: '12345678901234567890' }, desk)).toMatchObject({ code: 7205 });
    // Assign to a colleague that is not desk staff: refused; to me: fine.
    const id = view.data.complaints[0].id as number;
    expect(await call('/other/complaint/assign', { id, staffId: 99999 }, desk)).toMatchObject({ code: 7112 });
    expect(await call('/other/complaint/assign', { id }, desk)).toMatchObject({ code: 1000 });
    expect(
      (await call('/other/complaint/list', { queue: 'mine' }, desk)).data.list.map((r: { id: number }) => r.id),
    ).toContain(id);
  });
});
