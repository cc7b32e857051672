import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '../../src/core/jobs.js';
import { TELEGRAM_POLL_JOB, writeMessages } from '../../src/modules/messages/index.js';
import { runBroadcast } from '../../src/modules/messages/broadcasts.js';
import { MAIL_SETTING, secretBoxFor } from '../../src/modules/verification/index.js';
import { shop } from '../commerce/commerce-helper.js';
import { startGroupRobots } from '../fakes/group-robots.js';
import { smtpSettingFor, startSmtpServer } from '../fakes/smtp.js';
import { startTelegramBot } from '../fakes/telegram-bot.js';
import { drainJobs, dialects, registerMember, type TestApp, buildTestApp } from '../helper.js';

const BOT_TOKEN = '123456789:AAHk-test-token-0123456789abcdefXYZ';

/**
 * Messages and notification channels through the real app: every message comes from a domain
 * event the shop published; channels beyond the app go to fake providers on loopback that speak
 * the real HTTP APIs (Telegram Bot API, 企业微信 and 钉钉 robots) and a real SMTP server.
 */
describe.each(dialects())('messages and notifications on %s', (dialect) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof shop>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let bot: Awaited<ReturnType<typeof startTelegramBot>>;
  let robots: Awaited<ReturnType<typeof startGroupRobots>>;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    s = await shop(t);
    smtp = await startSmtpServer();
    bot = await startTelegramBot(BOT_TOKEN);
    robots = await startGroupRobots({
      wecomKey: 'wk-1234567890',
      dingToken: 'dt-abcdef123456',
      dingSecret: 'SECd1ngSecret',
    });
  });
  afterAll(async () => {
    await t.dispose();
    await smtp.close();
    await bot.close();
    await robots.close();
  });

  const messagesOf = async (token: string, filter: Record<string, unknown> = {}) =>
    (await t.post('/inside/message/list', { pageSize: 50, ...filter }, token)).json.data as {
      list: Array<{
        id: number;
        topic: string;
        category: string;
        title: string;
        body: string;
        link: string;
        read: boolean;
      }>;
      total: number;
    };
  const unread = async (token: string) =>
    (await t.post('/inside/message/unread', {}, token)).json.data.unread as number;
  /** Runs jobs until none is due, letting backoffs pass by moving the clock ahead. */
  const runJobs = async (aheadMs = 0) => {
    for (let i = 0; i < 30; i++) if ((await t.deps.jobs.runDue(Date.now() + 1000 + aheadMs)) === 0) return;
  };
  const buyCard = async (m: { token: string }, goodsId: number) => {
    const order = await t.post('/inside/order/create', { goodsId, quantity: 1 }, m.token);
    expect(order.json.code, order.json.msg).toBe(1000);
    const paid = await t.post('/inside/order/payByBalance', { orderNo: order.json.data.orderNo }, m.token);
    expect(paid.json.code, paid.json.msg).toBe(1000);
    return order.json.data.orderNo as string;
  };

  it('a paid, delivered and refunded order writes its messages; the bell counts them; read, unread, read all, delete', async () => {
    const goodsId = await s.goods({ price: '3' });
    await s.cards(goodsId, 3);
    const m = await s.member('20');
    const orderNo = await buyCard(m, goodsId);
    await drainJobs(t);
    let mine = await messagesOf(m.token);
    // Paid and delivered in one go: the buyer hears once, from the delivery.
    expect(mine.list.map((x) => x.topic)).toEqual(['order.delivered']);
    expect(mine.list[0].body).toContain(`${orderNo}`);
    expect(mine.list[0].body).toContain('卡密已发放');
    expect(mine.list[0].link).toBe(`/inside/showordermess?orderNo=${orderNo}`);
    // An order that waits after payment (hand-delivered goods) is told as paid, with the amount.
    const manualId = await s.goods({ price: '3', type: 'manual' });
    const waiting = await buyCard(m, manualId);
    await drainJobs(t);
    mine = await messagesOf(m.token);
    const paidNote = mine.list.find((x) => x.topic === 'order.paid')!;
    expect(paidNote.body).toContain(waiting);
    expect(paidNote.body).toContain('3.00 元');
    expect(await unread(m.token)).toBe(2);

    const refund = await t.post(`${s.A}/orders/refund`, { orderNo, reason: '测试退款' }, s.admin);
    expect(refund.json.code, refund.json.msg).toBe(1000);
    await drainJobs(t);
    mine = await messagesOf(m.token);
    const refunded = mine.list.find((x) => x.topic === 'order.refunded')!;
    expect(refunded).toMatchObject({ title: '订单已退款', category: 'order', read: false });
    expect(refunded.body).toContain('3.00 元');
    expect(refunded.body).toContain('已退回您的账户余额');
    expect(await unread(m.token)).toBe(3);
    // Handing the same events over again changes nothing (one message per event).
    await t.deps.jobs.runDue(Date.now() + 3_600_000);
    expect((await messagesOf(m.token)).total).toBe(3);

    // Someone else's messages are not theirs to read or delete.
    const other = await registerMember(t);
    expect((await t.post('/inside/message/read', { ids: refunded.id, read: 1 }, other.token)).json.data.unread).toBe(0);
    expect((await t.post('/inside/message/delete', { ids: refunded.id }, other.token)).json.data.unread).toBe(0);
    expect((await messagesOf(other.token)).total).toBe(0);

    expect((await t.post('/inside/message/read', { ids: refunded.id, read: 1 }, m.token)).json.data.unread).toBe(2);
    // Marking it read again changes nothing.
    expect((await t.post('/inside/message/read', { ids: refunded.id, read: 1 }, m.token)).json.data.unread).toBe(2);
    expect((await messagesOf(m.token, { read: 'read' })).list.map((x) => x.id)).toEqual([refunded.id]);
    expect((await messagesOf(m.token, { read: 'unread' })).total).toBe(2);
    expect((await messagesOf(m.token, { category: 'funds' })).total).toBe(0);
    expect((await t.post('/inside/message/read', { ids: refunded.id, read: 0 }, m.token)).json.data.unread).toBe(3);

    const latest = await t.post('/inside/message/latest', {}, m.token);
    expect(latest.json.data.unread).toBe(3);
    expect(latest.json.data.list[0].id).toBe(refunded.id);

    expect((await t.post('/inside/message/readAll', {}, m.token)).json.data).toEqual({ changed: 3, unread: 0 });
    expect(await unread(m.token)).toBe(0);
    expect((await t.post('/inside/message/readAll', {}, m.token)).json.data.changed).toBe(0);

    // Deleting an unread message takes it off the count; a read one does not.
    await t.post('/inside/message/read', { ids: refunded.id, read: 0 }, m.token);
    const del = await t.post('/inside/message/delete', { ids: mine.list.map((x) => x.id).join(',') }, m.token);
    expect(del.json.data.unread).toBe(0);
    expect((await messagesOf(m.token)).total).toBe(0);

    expect((await t.post('/inside/message/list', { category: 'nope' }, m.token)).json.code).toBe(1001);
    expect((await t.post('/inside/message/unread', {})).json.code).toBe(-2);
  });

  it('an order’s message names the goods as bought, though staff renamed it before the message was written', async () => {
    const goodsId = await s.goods({ price: '2', name: '旧名点卡' });
    await s.cards(goodsId, 2);
    const m = await s.member('10');
    // Bought in one request (PostgreSQL: the one-statement purchase), then created and paid in two.
    const once = await t.post('/inside/order/create', { goodsId, quantity: 1, payBy: 'balance' }, m.token);
    expect(once.json.code, once.json.msg).toBe(1000);
    const twice = await buyCard(m, goodsId);
    const renamed = await t.post(
      `${s.A}/catalog/saveGoods`,
      { id: goodsId, dirId: s.dirId, name: '新名点卡', type: 'card', faceValue: '10', price: '2' },
      s.admin,
    );
    expect(renamed.json.code, renamed.json.msg).toBe(1000);
    await drainJobs(t);
    const bodies = (await messagesOf(m.token)).list.map((x) => x.body);
    expect(bodies).toHaveLength(2);
    for (const orderNo of [once.json.data.orderNo as string, twice])
      expect(bodies.find((b) => b.includes(orderNo))).toContain(`（旧名点卡 × 1）卡密已发放`);
  });

  it('a shipped physical order and a level set by staff: a message for each', async () => {
    const goodsId = await s.goods({ type: 'physical', price: '2', stock: 3 });
    const m = await s.member('10');
    const o = await t.post(
      '/inside/order/create',
      { goodsId, shipName: '张三', shipPhone: '13800000000', shipAddress: '北京市朝阳区' },
      m.token,
    );
    await t.post('/inside/order/payByBalance', { orderNo: o.json.data.orderNo }, m.token);
    const shipped = await t.post(
      `${s.A}/orders/deliver`,
      { orderNo: o.json.data.orderNo, carrier: '顺丰', trackingNo: 'SF1234567890' },
      s.admin,
    );
    expect(shipped.json.data.status).toBe('shipped');
    const levels = (await t.post(`${s.A}/members/levelOptions`, {}, s.admin)).json.data as Array<{
      id: number;
      name: string;
    }>;
    const vip = levels.at(-1)!;
    expect((await t.post(`${s.A}/members/setLevel`, { id: m.id, levelId: vip.id }, s.admin)).json.code).toBe(1000);
    await drainJobs(t);
    const mine = await messagesOf(m.token);
    const ship = mine.list.find((x) => x.topic === 'order.shipped')!;
    expect(ship.body).toContain('顺丰');
    expect(ship.body).toContain('SF1234567890');
    const level = mine.list.find((x) => x.topic === 'account.levelChanged')!;
    expect(level).toMatchObject({ category: 'account', title: '会员等级已变更' });
    expect(level.body).toContain(vip.name);
  });

  it('到货提醒: a member subscribes to a sold-out goods and is told once when cards arrive', async () => {
    const goodsId = await s.goods({ price: '1' });
    const m = await s.member('0');
    const inStock = await s.goods({ price: '1' });
    await s.cards(inStock, 1);
    expect((await t.post('/inside/restock/subscribe', { goodsId: inStock }, m.token)).json.code).toBe(8020);
    expect((await t.post('/inside/restock/subscribe', { goodsId: 999999 }, m.token)).json.code).toBe(8021);
    expect((await t.post('/inside/restock/subscribe', { goodsId }, m.token)).json.data).toEqual({ subscribed: true });
    expect((await t.post('/inside/restock/subscribe', { goodsId }, m.token)).json.data).toEqual({ subscribed: true });
    expect((await t.post('/inside/restock/state', { goodsId }, m.token)).json.data).toEqual({ subscribed: true });
    await s.cards(goodsId, 4);
    await drainJobs(t);
    const told = (await messagesOf(m.token, { category: 'restock' })).list;
    expect(told).toHaveLength(1);
    expect(told[0].body).toContain('现有库存 4');
    expect(told[0].link).toBe(`/inside/buyGoods?goodId=${goodsId}`);
    expect((await t.post('/inside/restock/state', { goodsId }, m.token)).json.data).toEqual({ subscribed: false });
    // More cards on a goods in stock: not a crossing from 0, nobody told again.
    await s.cards(goodsId, 2);
    await drainJobs(t);
    expect((await messagesOf(m.token, { category: 'restock' })).total).toBe(1);
  });

  it('the unread counter stays exact under concurrent writes, reads and read-alls', async () => {
    const m = await s.member('0');
    const userId = Number(m.id);
    const write = () =>
      t.deps.db.transaction().execute((trx) =>
        writeMessages(trx, [
          { userId, topic: 'broadcast', category: 'system', title: '并发', body: '并发写入' },
          { userId, topic: 'broadcast', category: 'system', title: '并发', body: '并发写入' },
        ]),
      );
    await Promise.all(Array.from({ length: 10 }, write));
    const firstIds = (await messagesOf(m.token)).list.slice(0, 6).map((x) => x.id);
    await Promise.all([
      ...Array.from({ length: 15 }, write),
      t.post('/inside/message/readAll', {}, m.token),
      t.post('/inside/message/read', { ids: firstIds.join(','), read: 1 }, m.token),
      t.post('/inside/message/readAll', {}, m.token),
      t.post('/inside/message/read', { ids: firstIds.slice(0, 3).join(','), read: 0 }, m.token),
      t.post('/inside/message/delete', { ids: firstIds.slice(3).join(',') }, m.token),
    ]);
    const actual = await t.deps.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(await unread(m.token)).toBe(Number(actual.n));
    expect(Number(actual.n)).toBeGreaterThan(0);
    // The list's totals come from the same counters: all, unread, read.
    const all = await t.deps.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect((await messagesOf(m.token)).total).toBe(Number(all.n));
    expect((await messagesOf(m.token, { read: 'unread' })).total).toBe(Number(actual.n));
    expect((await messagesOf(m.token, { read: 'read' })).total).toBe(Number(all.n) - Number(actual.n));
    expect((await messagesOf(m.token, { category: 'system' })).total).toBe(Number(all.n));
  });

  it('admin broadcasts to one level: each member of it once, in batches, audited; nobody else', async () => {
    const levels = (await t.post(`${s.A}/members/levelOptions`, {}, s.admin)).json.data as Array<{ id: number }>;
    const level = levels[1];
    const inLevel = [await s.member('0'), await s.member('0'), await s.member('0')];
    const outside = await s.member('0');
    for (const m of inLevel) await t.post(`${s.A}/members/setLevel`, { id: m.id, levelId: level.id }, s.admin);
    await drainJobs(t);
    const bad = await t.post(`${s.A}/messages/broadcast`, { audience: 'level', title: '通知', body: '内容' }, s.admin);
    expect(bad.json).toMatchObject({ code: 1001, msg: '请选择会员等级' });
    const res = await t.post(
      `${s.A}/messages/broadcast`,
      { audience: 'level', levelId: level.id, title: '会员日活动', body: '本周六全场九折' },
      s.admin,
    );
    expect(res.json.code, res.json.msg).toBe(1000);
    // Not written by the request: queued for the job.
    expect((await messagesOf(inLevel[0].token, { category: 'system' })).total).toBe(0);
    await drainJobs(t);
    for (const m of inLevel) {
      const got = (await messagesOf(m.token, { category: 'system' })).list;
      expect(got.map((x) => [x.title, x.body])).toEqual([['会员日活动', '本周六全场九折']]);
    }
    expect((await messagesOf(outside.token, { category: 'system' })).total).toBe(0);
    const list = (await t.post(`${s.A}/messages/broadcasts`, {}, s.admin)).json.data;
    expect(list.list[0]).toMatchObject({ id: res.json.data.id, status: 'done', sent: res.json.data.audienceSize });
    expect(res.json.data.audienceSize).toBeGreaterThanOrEqual(3);
    const audit = await t.deps.db
      .selectFrom('audit_logs')
      .select('target')
      .where('action', '=', 'messages.broadcast')
      .execute();
    expect(audit.map((a) => a.target)).toContain(`messages:${res.json.data.id}`);
    const nobody = await t.post(
      `${s.A}/messages/broadcast`,
      { audience: 'site', siteId: 99999, title: '空', body: '空' },
      s.admin,
    );
    expect(nobody.json.code).toBe(8030);
  });

  it('a broadcast to every member walks them in batches, each batch with its cursor; run again, it writes nothing', async () => {
    for (let i = 0; i < 3; i++) await s.member('0');
    const res = await t.post(
      `${s.A}/messages/broadcast`,
      { audience: 'all', title: '分批', body: '分批群发' },
      s.admin,
    );
    const id = res.json.data.id as number;
    const size = res.json.data.audienceSize as number;
    expect(size).toBeGreaterThanOrEqual(5);
    // The job's work, in batches of 2 (the job itself uses 500), then handed over again.
    await runBroadcast(t.deps.db, id, 2);
    await runBroadcast(t.deps.db, id, 2);
    await drainJobs(t);
    const rows = await t.deps.db.selectFrom('messages').select('user_id').where('broadcast_id', '=', id).execute();
    expect(rows).toHaveLength(size);
    expect(new Set(rows.map((r) => Number(r.user_id))).size).toBe(size);
    const b = await t.deps.db
      .selectFrom('message_broadcasts')
      .select(['status', 'sent'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect([b.status, Number(b.sent)]).toEqual(['done', size]);
  });

  it('e-mail per topic: refused without an address or a mail server, then mailed once per event', async () => {
    const m = await s.member('10');
    const pref = { topic: 'order.refunded', channel: 'email', on: 1 };
    expect((await t.post('/inside/message/savePref', pref, m.token)).json.code).toBe(8003);
    await t.deps.settings.set(
      MAIL_SETTING,
      smtpSettingFor(smtp.port, (p) => secretBoxFor(t.config.dataDir).seal(p)),
    );
    expect((await t.post('/inside/message/savePref', pref, m.token)).json.code).toBe(8004);
    const email = `notify-${m.id}@example.com`;
    await t.deps.db.updateTable('users').set({ email }).where('id', '=', m.id).execute();
    expect((await t.post('/inside/message/savePref', pref, m.token)).json.code).toBe(1000);
    expect((await t.post('/inside/message/savePref', { ...pref, topic: 'nope' }, m.token)).json.code).toBe(8002);
    const settings = (await t.post('/inside/message/settings', {}, m.token)).json.data;
    expect(settings.email).toMatchObject({ available: true });
    expect(settings.email.address).not.toBe(email);
    expect(settings.topics.find((x: { topic: string }) => x.topic === 'order.refunded')).toMatchObject({ email: true });
    expect(settings.topics.find((x: { topic: string }) => x.topic === 'order.paid')).toMatchObject({ email: false });

    const goodsId = await s.goods({ price: '2' });
    await s.cards(goodsId, 1);
    const orderNo = await buyCard(m, goodsId);
    await t.post(`${s.A}/orders/refund`, { orderNo, reason: '测试' }, s.admin);
    await runJobs();
    await runJobs(3_600_000);
    const mails = smtp.mails.filter((x) => x.to.includes(email));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(orderNo);
    expect(mails[0].text).toContain('已退回您的账户余额');
    const log = (await t.post(`${s.A}/messages/deliveries`, { channel: 'email' }, s.admin)).json.data;
    const row = log.list.find((d: { target: string }) => d.target === m.loginName);
    expect(row).toMatchObject({ status: 'sent', statusText: '已送达', subject: '订单已退款', attempts: 1 });
    // The log names the member, never their address.
    expect(JSON.stringify(log)).not.toContain(email);
  });

  it('Telegram: admin sets the bot, a member binds with a one-time code; stale and used codes are refused; messages go out with retries', async () => {
    const m = await s.member('10');
    expect((await t.post('/inside/message/telegramCode', {}, m.token)).json.code).toBe(8010);
    const wrong = await t.post(
      `${s.A}/messages/saveTelegram`,
      { botToken: '987654321:AAwrong-token-000000000000000', apiBase: bot.apiBase, enabled: 1 },
      s.admin,
    );
    expect(wrong.json.code).toBe(8012);
    expect((await t.post(`${s.A}/messages/saveTelegram`, { botToken: 'nope', enabled: 1 }, s.admin)).json.code).toBe(
      1001,
    );
    const saved = await t.post(
      `${s.A}/messages/saveTelegram`,
      { botToken: BOT_TOKEN, apiBase: bot.apiBase, enabled: 1 },
      s.admin,
    );
    expect(saved.json.data).toEqual({ enabled: true, hasToken: true, botName: 'kapu_test_bot', apiBase: bot.apiBase });
    expect(
      JSON.stringify(
        await t.deps.db
          .selectFrom('audit_logs')
          .select('after_json' as never)
          .execute(),
      ),
    ).not.toContain(BOT_TOKEN);

    const stale = (await t.post('/inside/message/telegramCode', {}, m.token)).json.data;
    expect(stale.link).toBe(`https://t.me/kapu_test_bot?start=${stale.code}`);
    // The code expires: the bind is refused, and the bot says why.
    await t.deps.db
      .updateTable('message_bind_codes')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    const poll = async () => {
      await enqueueJob(t.deps.db, TELEGRAM_POLL_JOB, {}, { uniqueKey: TELEGRAM_POLL_JOB });
      await t.deps.jobs.runDue(Date.now() + 1000);
    };
    bot.say(5001, `/start ${stale.code}`);
    await poll();
    expect(bot.sent.at(-1)).toEqual({ chatId: '5001', text: expect.stringContaining('已过期或已使用') });
    expect(await t.deps.db.selectFrom('message_chats').select('id').where('user_id', '=', m.id).execute()).toEqual([]);
    expect(
      (await t.post('/inside/message/savePref', { topic: 'order.refunded', channel: 'telegram', on: 1 }, m.token)).json
        .code,
    ).toBe(8005);

    const fresh = (await t.post('/inside/message/telegramCode', {}, m.token)).json.data;
    bot.say(5001, `/start ${fresh.code}`, 'buyer_m');
    await poll();
    expect(bot.sent.at(-1)).toEqual({ chatId: '5001', text: expect.stringContaining('绑定成功') });
    // The same code from another chat: used, refused.
    bot.say(6002, `/start ${fresh.code}`);
    bot.say(6002, '/start');
    await poll();
    expect(bot.sent.slice(-2).map((x) => x.chatId)).toEqual(['6002', '6002']);
    expect(bot.sent.at(-2)!.text).toContain('已过期或已使用');
    expect(bot.sent.at(-1)!.text).toContain('获取绑定码');
    // The next round confirms what was handled (a higher offset): Telegram forgets it, nothing is answered twice.
    const answered = bot.sent.length;
    await poll();
    expect(bot.pending()).toBe(0);
    expect(bot.sent.length).toBe(answered);
    const chats = await t.deps.db
      .selectFrom('message_chats')
      .select(['chat_id', 'chat_name'])
      .where('user_id', '=', m.id)
      .execute();
    expect(chats).toEqual([{ chat_id: '5001', chat_name: '@buyer_m' }]);
    expect((await t.post('/inside/message/settings', {}, m.token)).json.data.telegram).toMatchObject({
      available: true,
      bound: true,
      chatName: '@buyer_m',
    });

    // Telegram is on for every topic once bound; the member turns it off for paid orders.
    expect(
      (await t.post('/inside/message/savePref', { topic: 'order.paid', channel: 'telegram', on: 0 }, m.token)).json
        .code,
    ).toBe(1000);
    const goodsId = await s.goods({ price: '2' });
    await s.cards(goodsId, 1);
    bot.failNext(2);
    const before = bot.sent.length;
    const orderNo = await buyCard(m, goodsId);
    await runJobs();
    // Failed twice (502): retried after its backoff, then delivered, once.
    await runJobs(60_000);
    await runJobs(3_600_000);
    const toChat = bot.sent.slice(before).filter((x) => x.chatId === '5001');
    expect(toChat).toHaveLength(1);
    expect(toChat[0].text).toContain('订单已发货');
    expect(toChat[0].text).toContain(orderNo);
    const log = (await t.post(`${s.A}/messages/deliveries`, { channel: 'telegram' }, s.admin)).json.data.list[0];
    expect(log).toMatchObject({ status: 'sent', attempts: 3, topic: 'order.delivered' });

    expect((await t.post('/inside/message/telegramUnbind', {}, m.token)).json.code).toBe(1000);
    expect((await t.post('/inside/message/settings', {}, m.token)).json.data.telegram.bound).toBe(false);
  });

  it('staff robots: 企业微信, 钉钉 (signed) and a Telegram group hear of a new manual order once; card orders are not pending work', async () => {
    const save = (body: Record<string, unknown>) => t.post(`${s.A}/messages/saveRobot`, body, s.admin);
    expect(
      (await save({ name: '错', kind: 'wecom', url: 'https://example.com/hook', topics: 'order.paid', enabled: 1 }))
        .json.code,
    ).toBe(8041);
    expect(
      (await save({ name: '错', kind: 'wecom', url: robots.wecomUrl(), topics: 'nope', enabled: 1 })).json.code,
    ).toBe(8002);
    const wecom = await save({
      name: '运营群',
      kind: 'wecom',
      url: robots.wecomUrl(),
      topics: 'order.paid,stock.low',
      enabled: 1,
    });
    expect(wecom.json.code, wecom.json.msg).toBe(1000);
    const ding = await save({
      name: '钉钉值班',
      kind: 'dingtalk',
      url: robots.dingUrl(),
      secret: 'SECd1ngSecret',
      topics: 'order.paid',
      enabled: 1,
    });
    expect(ding.json.code).toBe(1000);
    const tg = await save({
      name: 'TG 群',
      kind: 'telegram',
      chatId: '-1001234567890',
      topics: 'order.paid',
      enabled: 1,
    });
    expect(tg.json.code).toBe(1000);
    const badSign = await save({
      name: '钉钉错签',
      kind: 'dingtalk',
      url: robots.dingUrl(),
      secret: 'SECwrong',
      topics: 'order.paid',
      enabled: 1,
    });
    const listed = (await t.post(`${s.A}/messages/robots`, {}, s.admin)).json.data;
    expect(listed.robots.find((r: { id: number }) => r.id === wecom.json.data.id).urlMasked).not.toContain(
      'wk-1234567890',
    );
    expect(listed.topics.map((x: { topic: string }) => x.topic)).toContain('withdrawal.requested');
    expect((await t.post(`${s.A}/messages/testRobot`, { id: ding.json.data.id }, s.admin)).json.code).toBe(1000);
    const test = await t.post(`${s.A}/messages/testRobot`, { id: badSign.json.data.id }, s.admin);
    expect(test.json).toMatchObject({ code: 8042 });
    expect(test.json.msg).toContain('310000');
    robots.posts.length = 0;

    const manual = await s.goods({ type: 'manual', price: '5' });
    const card = await s.goods({ price: '1' });
    await s.cards(card, 5);
    const m = await s.member('20');
    const manualOrder = await t.post('/inside/order/create', { goodsId: manual, quantity: 1 }, m.token);
    await t.post('/inside/order/payByBalance', { orderNo: manualOrder.json.data.orderNo }, m.token);
    await buyCard(m, card);
    const tgBefore = bot.sent.length;
    await runJobs();
    await runJobs(3_600_000);
    expect(robots.posts.map((p) => p.kind).sort()).toEqual(['dingtalk', 'wecom']);
    for (const p of robots.posts) expect(p.text).toContain(manualOrder.json.data.orderNo);
    const group = bot.sent.slice(tgBefore).filter((x) => x.chatId === '-1001234567890');
    expect(group).toHaveLength(1);
    expect(group[0].text).toContain('待发货');
    // The wrong signature is refused by 钉钉: failed in the log at once (retrying cannot help), with its words.
    const failed = (await t.post(`${s.A}/messages/deliveries`, { status: 'failed' }, s.admin)).json.data.list;
    expect(failed).toEqual([expect.objectContaining({ channel: 'robot', target: '钉钉错签', attempts: 1 })]);
    expect(failed[0].lastError).toContain('310000');
    // Fixed, and sent again by staff.
    await save({
      id: badSign.json.data.id,
      name: '钉钉错签',
      kind: 'dingtalk',
      secret: 'SECd1ngSecret',
      topics: 'order.paid',
      enabled: 1,
    });
    expect((await t.post(`${s.A}/messages/retryDelivery`, { id: failed[0].id }, s.admin)).json.code).toBe(1000);
    expect((await t.post(`${s.A}/messages/retryDelivery`, { id: failed[0].id }, s.admin)).json.code).toBe(1007);
    await runJobs();
    expect(robots.posts.filter((p) => p.kind === 'dingtalk')).toHaveLength(2);
    expect((await t.post(`${s.A}/messages/deleteRobot`, { id: badSign.json.data.id }, s.admin)).json.code).toBe(1000);
    // Members cannot reach the admin's calls.
    expect((await t.post(`${s.A}/messages/robots`, {}, m.token)).json.code).toBe(-1);
  });
});
