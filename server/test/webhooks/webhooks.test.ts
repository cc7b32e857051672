import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS, WEBHOOK_LIMIT_MEMBER } from '@kapu/contract';
import { isWanted } from '../../src/core/events.js';
import { TIMEOUT_SETTING } from '../../src/modules/webhooks/index.js';
import { publishEvent } from '../../src/core/events.js';
import { purgeOldDeliveries } from '../../src/modules/webhooks/index.js';
import { shop } from '../commerce/commerce-helper.js';
import { member as siteMember, openSite, siteOf, version } from '../sites/sites-helper.js';
import { startWebhookReceiver } from '../fakes/webhook-receiver.js';
import { buildTestApp, dialects, type TestApp } from '../helper.js';

type Shop = Awaited<ReturnType<typeof shop>>;
type Member = Awaited<ReturnType<Shop['member']>>;

/** Runs due jobs (retries included: the clock is moved `aheadMs` on) until none is left. */
async function runJobs(t: TestApp, aheadMs = 0, rounds = 20) {
  for (let i = 0; i < rounds; i++) if ((await t.deps.jobs.runDue(Date.now() + aheadMs)) === 0) return;
}

describe.each(dialects())('webhooks, on %s', (dialect) => {
  let t: TestApp;
  let s: Shop;
  let goodsId: number;
  let rx: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { outboundHosts: 'any' });
    s = await shop(t);
    goodsId = await s.goods({ price: '1.00' });
    await s.cards(goodsId, 60, 'WHCARD');
    rx = await startWebhookReceiver();
    // A short deadline, so hanging receivers cost the test seconds, not the default 10 s.
    await t.deps.settings.set(TIMEOUT_SETTING, '1500');
  });
  afterAll(async () => {
    // The consumers' switches are per process (core/events.ts): leave none on for the next suite.
    await t.deps.db.deleteFrom('webhook_subscriptions').execute();
    await t.deps.caches.changed('webhook-events');
    await rx.close();
    await t.dispose();
  });

  async function subscribe(m: { token: string }, path: string, events: string[], extra: Record<string, unknown> = {}) {
    const res = await t.post('/inside/webhook/save', { url: rx.url(path), events, enabled: 1, ...extra }, m.token);
    expect(res.json.code, res.json.msg).toBe(1000);
    rx.trust(path, res.json.data.secret as string);
    return res.json.data as { webhook: { id: number }; secret: string };
  }

  async function buy(m: Member) {
    const order = await t.post('/inside/order/create', { goodsId, quantity: 1 }, m.token);
    expect(order.json.code, order.json.msg).toBe(1000);
    const paid = await t.post('/inside/order/payByBalance', { orderNo: order.json.data.orderNo }, m.token);
    expect(paid.json.code, paid.json.msg).toBe(1000);
    return order.json.data.orderNo as string;
  }

  async function deliveries(m: { token: string }, subscriptionId?: number) {
    const res = await t.post('/inside/webhook/deliveries', { subscriptionId, pageSize: 100 }, m.token);
    expect(res.json.code, res.json.msg).toBe(1000);
    return res.json.data.list as Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
  }

  it('costs nothing while nobody subscribed: the consumer is switched on by the first enabled subscription', async () => {
    // The events no other consumer listens to are written already dispatched until someone subscribes.
    const quiet = WEBHOOK_EVENTS.filter((e) => !isWanted(e));
    expect(quiet.length).toBeGreaterThan(0);
    const saved = await t.post(`${s.A}/webhooks/save`, { url: rx.url('/switch'), events: quiet, enabled: 1 }, s.admin);
    expect(saved.json.code, saved.json.msg).toBe(1000);
    const id = saved.json.data.webhook.id as number;
    for (const e of quiet) expect(isWanted(e), e).toBe(true);
    expect((await t.post(`${s.A}/webhooks/toggle`, { id, enabled: 0 }, s.admin)).json.code).toBe(1000);
    for (const e of quiet) expect(isWanted(e), e).toBe(false);
    expect((await t.post(`${s.A}/webhooks/delete`, { id }, s.admin)).json.code).toBe(1000);
  });

  it('a paid order reaches the buyer’s subscription, signed; the secret is shown once and sealed at rest', async () => {
    const m = await s.member('50');
    const sub = await subscribe(m, '/a', ['order.paid', 'order.delivered']);
    expect(sub.secret).toMatch(/^whsec_[0-9a-f]{40}$/);
    const row = await t.deps.db
      .selectFrom('webhook_subscriptions')
      .selectAll()
      .where('id', '=', sub.webhook.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_enc).not.toContain(sub.secret.slice(6));
    const listed = await t.post('/inside/webhook/list', {}, m.token);
    expect(JSON.stringify(listed.json.data)).not.toContain(sub.secret);
    expect(listed.json.data.list[0].secretHint).toBe(sub.secret.slice(-4));

    const orderNo = await buy(m);
    await runJobs(t);
    const got = rx.for('/a');
    expect(got.map((r) => r.headers['x-kapu-event']).sort()).toEqual(['order.delivered', 'order.paid']);
    for (const r of got) {
      expect(r.verified).toBe(true);
      const body = JSON.parse(r.body) as { id: string; type: string; createdAt: string; data: { orderNo: string } };
      expect(body.id).toBe(r.headers['x-kapu-delivery']);
      expect(body.type).toBe(r.headers['x-kapu-event']);
      expect(body.data.orderNo).toBe(orderNo);
      expect(Number(r.headers['x-kapu-timestamp'])).toBeGreaterThan(Date.now() / 1000 - 120);
      expect(r.body).not.toContain('WHCARD'); // card contents never go out
    }
    const log = await deliveries(m, sub.webhook.id);
    expect(log).toHaveLength(2);
    for (const d of log) {
      expect(d).toMatchObject({ status: 'delivered', httpStatus: 200, attempts: 1 });
      expect(d.excerpt).toContain('received');
    }
  });

  it('a member never receives another member’s events, nor sees or touches their subscriptions', async () => {
    const a = await s.member('50');
    const b = await s.member('50');
    const subA = await subscribe(a, '/own-a', ['order.paid']);
    await subscribe(b, '/own-b', ['order.paid']);
    await buy(a);
    await runJobs(t);
    expect(rx.for('/own-a')).toHaveLength(1);
    expect(rx.for('/own-b')).toHaveLength(0);
    expect(await deliveries(b)).toHaveLength(0);
    const [dA] = await deliveries(a);
    expect((await t.post('/inside/webhook/delivery', { id: dA!.id }, b.token)).json.code).toBe(8406);
    expect((await t.post('/inside/webhook/replay', { id: dA!.id }, b.token)).json.code).toBe(8406);
    for (const call of ['toggle', 'rotate', 'delete', 'test'])
      expect((await t.post(`/inside/webhook/${call}`, { id: subA.webhook.id, enabled: 0 }, b.token)).json.code).toBe(
        8400,
      );
    const edit = await t.post(
      '/inside/webhook/save',
      { id: subA.webhook.id, url: rx.url('/stolen'), events: ['order.paid'], enabled: 1 },
      b.token,
    );
    expect(edit.json.code).toBe(8400);
    expect(
      (await t.post('/inside/webhook/deliveries', { subscriptionId: subA.webhook.id }, b.token)).json.data.total,
    ).toBe(0);
  });

  it('a site owner receives the orders of their site; other members do not', async () => {
    const v = await version(t, s.admin);
    const owner = await siteMember(t, 100_00);
    expect((await openSite(t, owner, v.id)).code).toBe(1000);
    const site = (await siteOf(t, owner.id))!;
    const buyer = await s.member();
    const other = await s.member();
    await subscribe(owner, '/site-owner', ['order.paid']);
    await subscribe(other, '/site-other', ['order.paid']);
    await subscribe(buyer, '/site-buyer', ['order.paid']);
    const buyerId = Number(buyer.id);
    const orderNo = `SITE${Date.now()}`;
    await t.deps.db.transaction().execute((trx) =>
      publishEvent(trx, 'order.paid', {
        orderId: 999_001,
        orderNo,
        siteId: Number(site.id),
        userId: buyerId,
        goodsId: goodsId,
        quantity: 1,
        amount: 100,
        method: 'balance',
      }),
    );
    await runJobs(t);
    expect(rx.for('/site-owner').filter((r) => r.body.includes(orderNo))).toHaveLength(1);
    expect(rx.for('/site-buyer').filter((r) => r.body.includes(orderNo))).toHaveLength(1);
    expect(rx.for('/site-other')).toHaveLength(0);
  });

  it('a receiver failing twice then answering 200: three attempts logged, delivered', async () => {
    const m = await s.member('50');
    const sub = await subscribe(m, '/flaky', ['order.paid']);
    rx.next('/flaky', 'fail', 'fail');
    await buy(m);
    await runJobs(t);
    let [d] = await deliveries(m, sub.webhook.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 1, httpStatus: 500 });
    expect(d!.nextRetryAt).not.toBe('');
    await runJobs(t, 15_000); // the 10 s retry
    [d] = await deliveries(m, sub.webhook.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 2, httpStatus: 500 });
    await runJobs(t, 65_000); // the 1 min retry
    [d] = await deliveries(m, sub.webhook.id);
    expect(d).toMatchObject({ status: 'delivered', attempts: 3, httpStatus: 200, nextRetryAt: '' });
    const detail = (await t.post('/inside/webhook/delivery', { id: d!.id }, m.token)).json.data;
    expect(detail.attempts.map((a: { httpStatus: number }) => a.httpStatus)).toEqual([500, 500, 200]);
    expect(detail.attempts[0].excerpt).toBe('internal error, try later');
    const bodies = new Set(rx.for('/flaky').map((r) => r.body));
    expect(bodies.size).toBe(1); // the same body every time
    expect(rx.for('/flaky').every((r) => r.verified)).toBe(true);
  });

  it('a hanging and a trickling receiver time out, are logged and retried', async () => {
    const m = await s.member('50');
    const sub = await subscribe(m, '/slow', ['order.paid']);
    rx.next('/slow', 'hang', 'trickle');
    await buy(m);
    await runJobs(t);
    await runJobs(t, 15_000);
    await runJobs(t, 65_000);
    const [d] = await deliveries(m, sub.webhook.id);
    expect(d).toMatchObject({ status: 'delivered', attempts: 3, httpStatus: 200 });
    const detail = (await t.post('/inside/webhook/delivery', { id: d!.id }, m.token)).json.data;
    expect(detail.attempts).toHaveLength(3);
    for (const a of detail.attempts.slice(0, 2)) {
      expect(a.httpStatus).toBeNull();
      expect(a.error).toContain('毫秒内未完成应答');
      expect(a.durationMs).toBeGreaterThanOrEqual(1400);
      expect(a.durationMs).toBeLessThan(10_000);
    }
  });

  it('HTML and garbage answers are logged as cut, cleaned text', async () => {
    const m = await s.member('50');
    const sub = await subscribe(m, '/odd', ['order.paid']);
    rx.next('/odd', 'html', 'garbage');
    await buy(m);
    await runJobs(t);
    await runJobs(t, 15_000);
    const [d] = await deliveries(m, sub.webhook.id);
    expect(d).toMatchObject({ status: 'delivered', attempts: 2, httpStatus: 200 });
    const detail = (await t.post('/inside/webhook/delivery', { id: d!.id }, m.token)).json.data;
    const [html, garbage] = detail.attempts as Array<{ httpStatus: number; excerpt: string }>;
    expect(html!.httpStatus).toBe(502);
    expect(html!.excerpt.startsWith('<html><body><h1>502 Bad Gateway</h1>')).toBe(true);
    expect(html!.excerpt.length).toBe(500);
    // eslint-disable-next-line no-control-regex
    for (const a of [html!, garbage!]) expect(a.excerpt).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
  });

  it('replay re-sends a past delivery: same id and body, a fresh signature; the test button sends a test event', async () => {
    const m = await s.member('50');
    const sub = await subscribe(m, '/replay', ['order.paid']);
    await buy(m);
    await runJobs(t);
    const [d] = await deliveries(m, sub.webhook.id);
    expect(d!.status).toBe('delivered');
    expect((await t.post('/inside/webhook/replay', { id: d!.id }, m.token)).json.code).toBe(1000);
    // A second replay before the first went out is refused.
    expect((await t.post('/inside/webhook/replay', { id: d!.id }, m.token)).json.code).toBe(8407);
    await runJobs(t);
    const got = rx.for('/replay');
    expect(got).toHaveLength(2);
    expect(got[1]!.body).toBe(got[0]!.body);
    expect(got[1]!.headers['x-kapu-delivery']).toBe(got[0]!.headers['x-kapu-delivery']);
    expect(got[1]!.verified).toBe(true);
    const [again] = await deliveries(m, sub.webhook.id);
    expect(again).toMatchObject({ status: 'delivered', attempts: 2 });

    // Rotating the secret: the next delivery is signed with the new one only.
    const rotated = (await t.post('/inside/webhook/rotate', { id: sub.webhook.id }, m.token)).json.data;
    expect(rotated.secret).not.toBe(sub.secret);
    rx.trust('/replay', rotated.secret);
    expect((await t.post('/inside/webhook/test', { id: sub.webhook.id }, m.token)).json.code).toBe(1000);
    await runJobs(t);
    const test = rx.for('/replay').at(-1)!;
    expect(test.headers['x-kapu-event']).toBe('webhook.test');
    expect(test.verified).toBe(true);
  });

  it('bad input: each refused with a clear message, nothing written', async () => {
    const m = await s.member();
    const count = async () =>
      Number(
        (
          await t.deps.db
            .selectFrom('webhook_subscriptions')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const save = (body: Record<string, unknown>) =>
      t.post('/inside/webhook/save', { url: rx.url('/bad'), events: ['order.paid'], enabled: 1, ...body }, m.token);
    const cases: Array<[Record<string, unknown>, number, RegExp]> = [
      [{ url: 'ftp://example.com/hook' }, 8401, /http:\/\/ 或 https:\/\//],
      [{ url: 'not a url' }, 8401, /http:\/\/ 或 https:\/\//],
      [{ url: 'http://user:pw@example.com/' }, 8401, /用户名或密码/],
      [{ events: ['order.nope'] }, 1001, /没有这种事件类型/],
      [{ events: [] }, 1001, /请至少选择一种事件/],
      [{ events: ['stock.low'] }, 8405, /不能订阅/],
    ];
    for (const [body, code, msg] of cases) {
      const res = await save(body);
      expect(res.json.code, JSON.stringify(body)).toBe(code);
      expect(res.json.msg).toMatch(msg);
    }
    expect(await count()).toBe(before);

    // A private address when people's addresses must be public.
    const pub = await buildTestApp(dialect);
    try {
      const p = await shop(pub);
      const pm = await p.member();
      for (const url of ['http://127.0.0.1:9/x', 'http://10.1.2.3/x', 'http://localhost/x', 'http://[::1]/x']) {
        const res = await pub.post('/inside/webhook/save', { url, events: ['order.paid'], enabled: 1 }, pm.token);
        expect(res.json.code, url).toBe(8402);
        expect(res.json.msg).toContain('内网');
      }
      expect(await pub.deps.db.selectFrom('webhook_subscriptions').select('id').execute()).toHaveLength(0);
      // Staff may name a private address (trusted).
      const staff = await pub.post(
        `${p.A}/webhooks/save`,
        { url: 'http://127.0.0.1:9/x', events: ['stock.low'], enabled: 1 },
        p.admin,
      );
      expect(staff.json.code, staff.json.msg).toBe(1000);
      await pub.deps.db.deleteFrom('webhook_subscriptions').execute();
      await pub.deps.caches.changed('webhook-events');
    } finally {
      await pub.dispose();
    }

    // Too many.
    for (let i = 0; i < WEBHOOK_LIMIT_MEMBER; i++) expect((await save({ name: `第${i}个` })).json.code).toBe(1000);
    const over = await save({ name: '多余' });
    expect(over.json.code).toBe(8404);
    expect(over.json.msg).toContain(String(WEBHOOK_LIMIT_MEMBER));
    expect(await count()).toBe(before + WEBHOOK_LIMIT_MEMBER);
    const mine = (await t.post('/inside/webhook/list', {}, m.token)).json.data.list as Array<{ id: number }>;
    for (const w of mine) await t.post('/inside/webhook/delete', { id: w.id }, m.token);
  });

  it('finished logs older than 30 days are purged by a daily job', async () => {
    const m = await s.member('50');
    const sub = await subscribe(m, '/purge', ['order.paid']);
    await buy(m);
    await runJobs(t);
    const [d] = await deliveries(m, sub.webhook.id);
    expect(d!.status).toBe('delivered');
    await t.deps.db
      .updateTable('webhook_deliveries')
      .set({ created_at: Date.now() - 31 * 24 * 3_600_000 })
      .where('id', '=', d!.id)
      .execute();
    expect(await purgeOldDeliveries(t.deps.db)).toBeGreaterThanOrEqual(1);
    expect(await deliveries(m, sub.webhook.id)).toHaveLength(0);
    expect(
      await t.deps.db.selectFrom('webhook_attempts').select('id').where('delivery_id', '=', d!.id).execute(),
    ).toHaveLength(0);
    // The daily job is scheduled.
    const job = await t.deps.db
      .selectFrom('jobs')
      .select('id')
      .where('name', '=', 'webhooks.purge')
      .where('status', '=', 'pending')
      .execute();
    expect(job.length).toBeGreaterThan(0);
  });

  it('the platform’s subscription receives every member’s events; staff see all deliveries', async () => {
    const res = await t.post(
      `${s.A}/webhooks/save`,
      { url: rx.url('/platform'), events: ['order.paid'], enabled: 1 },
      s.admin,
    );
    expect(res.json.code, res.json.msg).toBe(1000);
    rx.trust('/platform', res.json.data.secret);
    const m = await s.member('50');
    await subscribe(m, '/platform-member', ['order.paid']);
    const orderNo = await buy(m);
    await runJobs(t);
    const got = rx.for('/platform').find((r) => r.body.includes(orderNo));
    expect(got?.verified).toBe(true);
    const all = (await t.post(`${s.A}/webhooks/deliveries`, { pageSize: 100 }, s.admin)).json.data;
    expect(all.total).toBeGreaterThan(1);
    expect(all.list.some((d: { owner: string }) => d.owner === '平台')).toBe(true);
    expect(all.list.some((d: { owner: string }) => d.owner !== '平台')).toBe(true);
    // Members cannot reach the admin calls.
    expect((await t.post(`${s.A}/webhooks/list`, {}, m.token)).json.code).not.toBe(1000);
    const audit = await t.deps.db
      .selectFrom('audit_logs')
      .select('action')
      .where('action', '=', 'webhooks.save')
      .execute();
    expect(audit.length).toBe(2); // this one and the switch test's
    await t.post(`${s.A}/webhooks/delete`, { id: res.json.data.webhook.id }, s.admin);
  });
});
