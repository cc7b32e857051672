import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryJob } from '../../src/core/events.js';
import { DELIVERY_MAIL_CONSUMER, renderDeliveryMail } from '../../src/modules/orders/delivery-mail.js';
import { MAIL_SETTING, secretBoxFor } from '../../src/modules/verification/index.js';
import { decodeBody, startSmtpServer } from '../fakes/smtp.js';
import { buildTestApp, dialects, drainJobs, someLoopbackIp, type TestApp } from '../helper.js';
import { shop } from './commerce-helper.js';

/** Each part of a multipart mail, decoded (content type → body). */
function mailParts(raw: string): Record<string, string> {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  if (!boundary) return { 'text/plain': decodeBody(raw) };
  const out: Record<string, string> = {};
  for (const part of raw.split(`--${boundary}`).slice(1)) {
    const type = /content-type:\s*([\w/-]+)/i.exec(part)?.[1]?.toLowerCase();
    if (type) out[type] = decodeBody(part.replace(/^\r?\n/, '').replace(/\r?\n--\s*$/, ''));
  }
  return out;
}

describe.each(dialects())('commerce: delivery email for card orders on %s', (dialect) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof shop>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const smtpSetting = (port: number) =>
    JSON.stringify({
      host: '127.0.0.1',
      port,
      secure: false,
      user: 'mailer',
      passEnc: secretBoxFor(t.config.dataDir).seal('mail-pass-1'),
      from: '卡铺 <noreply@kapu.test>',
    });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    s = await shop(t);
    smtp = await startSmtpServer();
    await t.deps.settings.set(MAIL_SETTING, smtpSetting(smtp.port));
  });
  afterAll(async () => {
    await t.dispose();
    await smtp.close();
  });

  /** The order.delivered events of an order (written with the delivery; the mail consumes them). */
  const deliveredEvents = async (orderId: number) =>
    (
      await t.deps.db
        .selectFrom('domain_events')
        .select(['id', 'payload'])
        .where('type', '=', 'order.delivered')
        .execute()
    ).filter((e) => (JSON.parse(e.payload) as { orderId: number }).orderId === orderId);
  /** The mail consumer's delivery jobs for an order (queued when the runner dispatches its event; one job per batch). */
  const jobsOf = async (orderId: number) => {
    const ids = new Set((await deliveredEvents(orderId)).map((e) => Number(e.id)));
    if (ids.size === 0) return [];
    const jobs = await t.deps.db
      .selectFrom('jobs')
      .selectAll()
      .where('name', '=', deliveryJob('order.delivered', DELIVERY_MAIL_CONSUMER))
      .execute();
    return jobs.filter((j) => (JSON.parse(j.payload) as { eventIds: number[] }).eventIds.some((id) => ids.has(id)));
  };
  const mailsTo = (to: string) => smtp.mails.filter((m) => m.to.includes(to));

  async function buy(contact: string, quantity = 2) {
    const goodsId = await s.goods({ price: '3' });
    const prefix = `ML${randomBytes(3).toString('hex')}`;
    await s.cards(goodsId, quantity + 1, prefix);
    const m = await s.member('50');
    const o = await t.post('/inside/order/create', { goodsId, quantity, contact }, m.token, someLoopbackIp());
    expect(o.json.code, o.json.msg).toBe(1000);
    const orderNo = o.json.data.orderNo as string;
    const paid = await t.post('/inside/order/payByBalance', { orderNo }, m.token);
    expect(paid.json.code, paid.json.msg).toBe(1000);
    const order = await t.deps.db
      .selectFrom('orders')
      .selectAll()
      .where('order_no', '=', orderNo)
      .executeTakeFirstOrThrow();
    const detail = await t.post('/inside/order/getDetail', { orderNo }, m.token);
    return { m, orderNo, order, prefix, cards: detail.json.data.cards as { card: string; password: string }[] };
  }

  it('a member paying by balance while ordering gets the same mail, its event written with the purchase', async () => {
    const goodsId = await s.goods({ price: '3' });
    const prefix = `MO${randomBytes(3).toString('hex')}`;
    await s.cards(goodsId, 2, prefix);
    const m = await s.member('50');
    const to = `one-${randomBytes(3).toString('hex')}@example.com`;
    const bought = await t.post(
      '/inside/order/create',
      { goodsId, quantity: 1, contact: to, payBy: 'balance' },
      m.token,
    );
    expect(bought.json.data).toMatchObject({ status: 'delivered', cards: [{ card: `${prefix}-0` }] });
    const order = await t.deps.db
      .selectFrom('orders')
      .selectAll()
      .where('order_no', '=', bought.json.data.orderNo)
      .executeTakeFirstOrThrow();
    expect(await deliveredEvents(order.id)).toHaveLength(1);
    await drainJobs(t);
    const mail = smtp.mails.find((x) => x.to.includes(to));
    expect(mailParts(mail!.raw)['text/plain']).toContain(`${prefix}-0----pw0`);
    // No mail wanted (no email contact): the event is consumed, nothing is sent.
    const sent = smtp.mails.length;
    const plain = await t.post('/inside/order/create', { goodsId, quantity: 1, payBy: 'balance' }, m.token);
    const row = await t.deps.db
      .selectFrom('orders')
      .select('id')
      .where('order_no', '=', plain.json.data.orderNo)
      .executeTakeFirstOrThrow();
    await drainJobs(t);
    expect((await jobsOf(row.id)).map((j) => j.status)).toEqual(['done']);
    expect(smtp.mails.length).toBe(sent);
  });

  it('writes one event in the delivering transaction and mails the cards after commit (text + HTML)', async () => {
    const to = `buyer-${randomBytes(3).toString('hex')}@example.com`;
    const { orderNo, order, prefix, cards } = await buy(to);
    expect(await deliveredEvents(order.id)).toHaveLength(1);
    // A replayed confirmation neither delivers nor writes the event again.
    expect((await t.post('/inside/order/payByBalance', { orderNo }, (await s.member()).token)).json.code).not.toBe(
      1000,
    );
    await drainJobs(t);
    const mail = smtp.mails.find((m) => m.to.includes(to));
    expect(mail, 'mail received').toBeDefined();
    expect(mail!.raw).toMatch(/multipart\/alternative/i);
    const parts = mailParts(mail!.raw);
    expect(cards).toHaveLength(2);
    for (const c of cards) {
      expect(c.card.startsWith(prefix)).toBe(true);
      expect(parts['text/plain']).toContain(`${c.card}----${c.password}`);
      expect(parts['text/html']).toContain(c.card);
      expect(parts['text/html']).toContain(c.password);
    }
    for (const body of [parts['text/plain'], parts['text/html']]) {
      expect(body).toContain(orderNo);
      expect(body).toContain(order.goods_name);
    }
    expect(await deliveredEvents(order.id)).toHaveLength(1);
    expect((await jobsOf(order.id)).map((j) => j.status)).toEqual(['done']);
    await t.deps.jobs.runDue(Date.now() + 60 * 60_000);
    expect(mailsTo(to)).toHaveLength(1);
  });

  it('sends no mail when the contact is not an email address, or no mail server is set', async () => {
    const { order } = await buy('13800138000', 1);
    await drainJobs(t);
    expect((await jobsOf(order.id)).map((j) => j.status)).toEqual(['done']);
    expect(mailsTo('13800138000')).toHaveLength(0);
    // Mail switched off (through the settings store, which the consumer reads when it runs).
    await t.deps.settings.set(MAIL_SETTING, '');
    const unset = await buy('nosmtp@example.com', 1);
    await drainJobs(t);
    // Without a mail server nothing is queued for the mail consumer.
    expect(await jobsOf(unset.order.id)).toEqual([]);
    // Set up later, the mail server does not send for a delivery it was not there for.
    await t.deps.settings.set(MAIL_SETTING, smtpSetting(smtp.port));
    await t.deps.jobs.runDue(Date.now() + 60 * 60_000);
    expect(mailsTo('nosmtp@example.com')).toHaveLength(0);
  });

  it('retries a failed send with backoff, then delivers once SMTP answers', async () => {
    const closed = await startSmtpServer();
    const deadPort = closed.port;
    await closed.close();
    await t.deps.settings.set(MAIL_SETTING, smtpSetting(deadPort));
    const to = `retry-${randomBytes(3).toString('hex')}@example.com`;
    const { order } = await buy(to, 1);
    await drainJobs(t);
    const failed = (await jobsOf(order.id))[0];
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.last_error).toBeTruthy();
    expect(Number(failed.run_at)).toBeGreaterThan(Date.now());
    expect(smtp.mails.some((m) => m.to.includes(to))).toBe(false);

    await t.deps.settings.set(MAIL_SETTING, smtpSetting(smtp.port));
    await t.deps.jobs.runDue(Date.now() + 60 * 60_000);
    expect((await jobsOf(order.id))[0]).toMatchObject({ status: 'done', attempts: 2 });
    expect(smtp.mails.filter((m) => m.to.includes(to))).toHaveLength(1);
  });

  it('escapes markup in the HTML part', () => {
    const m = renderDeliveryMail({
      siteTitle: '<b>店</b>',
      orderNo: 'N1',
      goodsName: '<script>x</script>',
      quantity: 1,
      deliveredAt: '',
      cards: [
        {
          id: 1,
          card: 'a<b',
          password: '"p"',
          status: 'sold',
          repealStatus: 'none',
          repealReason: null,
          repealNote: null,
        },
      ],
    });
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('&lt;script&gt;');
    expect(m.html).toContain('a&lt;b');
    expect(m.text).toContain('a<b----"p"');
  });
});
