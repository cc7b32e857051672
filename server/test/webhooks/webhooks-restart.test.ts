import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVER_JOB } from '../../src/modules/webhooks/index.js';
import { shop } from '../commerce/commerce-helper.js';
import { startWebhookReceiver } from '../fakes/webhook-receiver.js';
import { buildSecondInstance, buildTestApp, dialects, type TestApp } from '../helper.js';

/**
 * An instance dies (kill -9 style: its jobs are left claimed under its lease, nothing marks them)
 * while deliveries are in hand; a second instance started on the same database delivers exactly the
 * pending ones, once each, and never again the ones delivered before.
 */
describe.each(dialects())('webhook deliveries survive a dead instance, on %s', (dialect) => {
  let a: TestApp;
  let b: TestApp | undefined;
  let rx: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    a = await buildTestApp(dialect, { outboundHosts: 'any' });
    rx = await startWebhookReceiver();
  });
  afterAll(async () => {
    const t = b ?? a;
    await t.deps.db.deleteFrom('webhook_subscriptions').execute();
    await t.deps.caches.changed('webhook-events');
    await b?.dispose();
    await a.dispose();
    await rx.close();
  });

  it('the pending ones are delivered once by the next instance', async () => {
    const s = await shop(a);
    const goodsId = await s.goods({ price: '1.00' });
    await s.cards(goodsId, 10);
    const m = await s.member('20');
    const saved = await a.post(
      '/inside/webhook/save',
      { url: rx.url('/k'), events: ['order.paid'], enabled: 1 },
      m.token,
    );
    expect(saved.json.code, saved.json.msg).toBe(1000);
    rx.trust('/k', saved.json.data.secret);
    const buy = async () => {
      const o = await a.post('/inside/order/create', { goodsId, quantity: 1 }, m.token);
      expect((await a.post('/inside/order/payByBalance', { orderNo: o.json.data.orderNo }, m.token)).json.code).toBe(
        1000,
      );
      return o.json.data.orderNo as string;
    };
    // One delivered before the crash.
    const early = await buy();
    for (let i = 0; i < 10; i++) if ((await a.deps.jobs.runDue()) === 0) break;
    expect(rx.for('/k').filter((r) => r.body.includes(early))).toHaveLength(1);

    // Three more: events consumed, deliveries written and queued, then the worker takes them and dies.
    const late = [await buy(), await buy(), await buy()];
    await a.deps.events.dispatch();
    const pendingJobs = () =>
      a.deps.db
        .selectFrom('jobs')
        .select('id')
        .where('name', '=', DELIVER_JOB)
        .where('status', '=', 'pending')
        .execute();
    // The consumers run at a fixed clock: the delivery jobs they queue are due just after it, so none is claimed yet.
    const at = Date.now();
    // A consumer running in the same millisecond as `at` would queue a delivery due at `at` itself.
    await new Promise((resolve) => setTimeout(resolve, 5));
    for (let i = 0; i < 20; i++) if ((await a.deps.jobs.runDue(at)) === 0) break;
    expect(await pendingJobs()).toHaveLength(3);
    await a.deps.db
      .updateTable('jobs')
      .set({ status: 'running', locked_by: 'dying-worker', locked_until: Date.now() + 2_000, attempts: 1 })
      .where('name', '=', DELIVER_JOB)
      .where('status', '=', 'pending')
      .execute();
    const pendingRows = await a.deps.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('status', '=', 'pending')
      .execute();
    expect(pendingRows).toHaveLength(3);
    await a.close(); // the process is gone; nothing of it runs any more

    b = await buildSecondInstance(a, { outboundHosts: 'any' });
    // Until the dead worker's lease runs out nothing goes; then each pending delivery goes once.
    for (let i = 0; i < 10; i++) if ((await b.deps.jobs.runDue()) === 0) break;
    for (const no of late) expect(rx.for('/k').filter((r) => r.body.includes(no))).toHaveLength(0);
    for (let i = 0; i < 10; i++) if ((await b.deps.jobs.runDue(Date.now() + 5_000)) === 0) break;
    for (const no of late) {
      const got = rx.for('/k').filter((r) => r.body.includes(no));
      expect(got, no).toHaveLength(1);
      expect(got[0]!.verified).toBe(true);
    }
    // Later rounds (replayed jobs, expired leases) send nothing twice; the early one never again.
    for (let i = 0; i < 10; i++) if ((await b.deps.jobs.runDue(Date.now() + 24 * 3_600_000)) === 0) break;
    expect(rx.for('/k')).toHaveLength(4);
    const statuses = await b.deps.db.selectFrom('webhook_deliveries').select(['status', 'attempts']).execute();
    expect(statuses.every((d) => d.status === 'delivered' && Number(d.attempts) === 1)).toBe(true);
  });
});
